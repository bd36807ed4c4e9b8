import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

/*
 * Every development dependency is used: imported or named by a source, test, benchmark, script
 * or config file, run by an npm script, or a peer another of our packages requires. A package
 * nothing uses any more is dropped instead of installed forever. (The production dependencies
 * are held to exactly what the compiled server imports by tests/server/production-install.test.ts.)
 */

const repo = path.resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  optionalDependencies?: Record<string, string>;
};

const sources = execFileSync('git', ['ls-files'], { cwd: repo, encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(ts|tsx|mjs|js|cjs|json|html)$/.test(file))
  .filter((file) => !['package.json', 'package-lock.json'].includes(file))
  .filter((file) => !file.startsWith('tests/lint/fixtures/'))
  // This file names packages (used and unused) in its own checks.
  .filter((file) => file !== 'tests/lint/dependencies.test.ts')
  .filter((file) => existsSync(path.join(repo, file)))
  .map((file) => readFileSync(path.join(repo, file), 'utf8'));

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** `@types/node` types `node`'s modules (`node:…`); `@types/x__y` types `@x/y`. */
function typedPackage(name: string): string {
  const typed = name.slice('@types/'.length);
  return typed.includes('__') ? `@${typed.replace('__', '/')}` : typed;
}

function isNamedInSources(name: string): boolean {
  const target = name.startsWith('@types/') ? typedPackage(name) : name;
  if (target === 'node') return sources.some((text) => /['"]node:/.test(text));
  const quoted = new RegExp(`['"\`]${escape(target)}(['"\`/])`);
  return sources.some((text) => quoted.test(text));
}

function isRunByAScript(name: string): boolean {
  const word = new RegExp(`(^|[\\s;&|])${escape(name.replace(/^@[^/]+\//, ''))}(\\s|$)`);
  return Object.values(manifest.scripts).some((script) => word.test(script));
}

/** The packages that list `name` as a required peer dependency. */
function peersRequiring(name: string): string[] {
  const ours = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
  return ours.filter((other) => {
    const file = path.join(repo, 'node_modules', other, 'package.json');
    if (other === name || !existsSync(file)) return false;
    const { peerDependencies = {}, peerDependenciesMeta = {} } = JSON.parse(
      readFileSync(file, 'utf8'),
    ) as {
      peerDependencies?: Record<string, string>;
      peerDependenciesMeta?: Record<string, { optional?: boolean }>;
    };
    return name in peerDependencies && !peerDependenciesMeta[name]?.optional;
  });
}

it('every development and optional dependency is used', () => {
  const unused = Object.keys({ ...manifest.devDependencies, ...manifest.optionalDependencies })
    .filter((name) => !isNamedInSources(name) && !isRunByAScript(name))
    .filter((name) => peersRequiring(name).length === 0);
  expect(unused).toEqual([]);
});

it('tells a used package from an unused one (the checks are not vacuous)', () => {
  expect(isNamedInSources('vitest')).toBe(true);
  expect(isNamedInSources('@types/better-sqlite3')).toBe(true);
  expect(isNamedInSources('left-pad')).toBe(false);
  expect(isRunByAScript('prettier')).toBe(true);
  expect(isRunByAScript('left-pad')).toBe(false);
  expect(peersRequiring('@testing-library/dom')).toContain('@testing-library/react');
  expect(peersRequiring('left-pad')).toEqual([]);
});
