import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Comments point into the repository (CONTRIBUTING.md "Docs"): a document of docs/ and, in
 * quotes after it, one of its headings. They never cite a section of a specification or a
 * design file that is not in the repository, and a cited heading exists (a renamed heading
 * fails here instead of leaving its readers to search).
 */

const repo = path.resolve(import.meta.dirname, '../..');

/** The tracked text files that carry comments or documentation. */
const files = execFileSync(
  'git',
  ['ls-files', '--', 'src', 'server', 'sw', 'tests', 'bench', 'scripts', 'docs', '*.md', '*.ts'],
  { cwd: repo, encoding: 'utf8' },
)
  .split('\n')
  .filter((file) => /\.(ts|tsx|mjs|js|md|css)$/.test(file))
  .filter((file) => !file.startsWith('tests/lint/fixtures/'))
  .filter((file) => existsSync(path.join(repo, file)));

const read = (file: string) => readFileSync(path.join(repo, file), 'utf8');

/** Each line of `text` that matches `pattern`, as `file:line: text`. */
function linesMatching(file: string, text: string, pattern: RegExp): string[] {
  return text
    .split('\n')
    .flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : []));
}

const headingsOf = new Map<string, Set<string>>();
function headings(doc: string): Set<string> | undefined {
  if (!headingsOf.has(doc)) {
    if (!existsSync(path.join(repo, doc))) return undefined;
    const found = read(doc)
      .split('\n')
      .filter((line) => line.startsWith('#'))
      .map((line) => line.replace(/^#+\s*/, '').trim());
    headingsOf.set(doc, new Set(found));
  }
  return headingsOf.get(doc);
}

describe('references in comments and docs', () => {
  it('scans the repository (not vacuous)', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(files).toContain('server/app.ts');
    expect(files).toContain('docs/architecture.md');
  });

  it('no file cites a section of an outside specification (§) or a DESIGN.md', () => {
    // Standards are cited by their own name (RFC 9110 §14): they are public and stable.
    const outside = /(?<!(RFC|ISO|IEC) [\d-]+ )§|DESIGN\.md/;
    const found = files
      .filter((file) => file !== 'tests/lint/doc-references.test.ts')
      .flatMap((file) => linesMatching(file, read(file), outside));
    expect(found).toEqual([]);
  });

  it('every docs/… "Heading" reference names a document and a heading that exist', () => {
    const broken: string[] = [];
    for (const file of files) {
      for (const match of read(file).matchAll(/(docs\/[\w./-]+\.md)(?:\s*"([^"]+)")?/g)) {
        const [, doc, quoted] = match as unknown as [string, string, string | undefined];
        // A heading wrapped across comment lines reads as one line.
        const heading = quoted?.replace(/\s*\n\s*(\/\/|\*)?\s*/g, ' ');
        const known = headings(doc);
        if (!known) broken.push(`${file}: ${doc} does not exist`);
        else if (heading && !known.has(heading)) broken.push(`${file}: ${doc} has no "${heading}"`);
      }
    }
    expect(broken).toEqual([]);
  });
});
