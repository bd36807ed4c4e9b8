import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * The Content-Security-Policy sources (`'sha256-…'`) that allow the built index.html's inline
 * scripts and nothing else inline: the first screen's requests, which vite.config.ts inlines
 * (docs/decisions.md "The first screen"). Read from the build the server serves, at start, so
 * the policy always matches the file; none without a build.
 */
export function inlineScriptSources(staticDir: string): string[] {
  let html: string;
  try {
    html = readFileSync(path.join(staticDir, 'index.html'), 'utf8');
  } catch {
    return [];
  }
  return [...html.matchAll(INLINE_SCRIPT)].map(
    ([, code]) => `'sha256-${createHash('sha256').update(code!, 'utf8').digest('base64')}'`,
  );
}
