// Prints the brotli size of the JavaScript that loading /newest fetches (docs/budgets.md
// "Initial JavaScript"): the initial part, requested before the first screen was shown (budget
// 110 KB), and what loads after it (the service worker's bridge, the upload queue, …). Builds
// the client, serves it with the real server, loads /newest in Chromium as a returning visitor.
// Run: npx tsx bench/bundle.ts [--no-build] [--port=4390]
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { chromiumArgs } from '../playwright.config.ts';
import { option } from './support/site.ts';

const BUDGET_KB = 110;
/** The user-timing mark the page sets when its first screen has been shown (src/lib/first-screen.ts). */
const FIRST_SCREEN_MARK = 'waves:first-screen-shown';
const port = Number(option('port', '4390'));
const outDir = path.resolve('.tmp/dist-bench');

/** Every script the page requested, and whether before its first screen was shown. */
async function scriptsOf(page: Page) {
  await page.waitForFunction(
    (mark) => performance.getEntriesByName(mark).length > 0,
    FIRST_SCREEN_MARK,
    { timeout: 30_000 },
  );
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  // From the page's own resource timing.
  return page.evaluate((mark) => {
    const shownAt = performance.getEntriesByName(mark)[0]!.startTime;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({
        pathname: new URL(entry.name).pathname,
        initial: entry.startTime < shownAt,
      }));
  }, FIRST_SCREEN_MARK);
}

const brotliSize = (pathname: string) =>
  brotliCompressSync(readFileSync(path.join(outDir, pathname)), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
  }).length;

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npx', ['vite', 'build', '--outDir', outDir], { stdio: 'ignore' });
  if (build.status !== 0) throw new Error('vite build failed');
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'waves-bench-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  detached: true,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: outDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
  },
  stdio: 'ignore',
});
try {
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.addInitScript(() => {
    localStorage.setItem('language_code_ui', 'en');
    localStorage.setItem('cookieConsent', 'accepted');
  });
  await page.goto(`http://127.0.0.1:${port}/newest`, { waitUntil: 'networkidle' });
  const requested = await scriptsOf(page);
  // A returning visitor whose queries are saved on the device (docs/architecture.md "Persisted
  // queries") also loads the restore before the first screen, from the worker's precache.
  await page.waitForFunction(() => localStorage.getItem('persisted-queries') !== null, undefined, {
    timeout: 30_000,
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
  await page.reload({ waitUntil: 'networkidle' });
  const withSavedQueries = await scriptsOf(page);
  await browser.close();

  const sizes = { initial: 0, later: 0 };
  const rows: [string, number, boolean][] = [];
  for (const { pathname, initial } of requested) {
    if (pathname === '/sw.js') continue; // the worker is not page JavaScript
    const bytes = brotliSize(pathname);
    sizes[initial ? 'initial' : 'later'] += bytes;
    rows.push([pathname, bytes, initial]);
  }
  rows.sort((a, b) => Number(b[2]) - Number(a[2]) || b[1] - a[1]);
  for (const [name, bytes, initial] of rows) {
    console.log(
      `${(bytes / 1024).toFixed(1).padStart(7)} KB  ${initial ? 'initial' : 'later  '}  ${name}`,
    );
  }
  const kb = sizes.initial / 1024;
  const initialFiles = rows.filter((row) => row[2]).length;
  console.log(
    `\nInitial JavaScript of /newest (requested before the first screen was shown): ${kb.toFixed(1)} KB brotli (${initialFiles} files); budget ${BUDGET_KB} KB → ${(kb / BUDGET_KB).toFixed(2)}× of budget`,
  );
  console.log(
    `Loaded after the first screen: ${(sizes.later / 1024).toFixed(1)} KB brotli (${rows.length - initialFiles} files); all of it ${((sizes.initial + sizes.later) / 1024).toFixed(1)} KB`,
  );
  const savedInitial = withSavedQueries.filter(
    (script) => script.initial && script.pathname !== '/sw.js',
  );
  const savedKb = savedInitial.reduce((sum, script) => sum + brotliSize(script.pathname), 0) / 1024;
  const extra = savedInitial
    .filter((script) => !rows.some((row) => row[2] && row[0] === script.pathname))
    .map((script) => `${script.pathname} ${(brotliSize(script.pathname) / 1024).toFixed(1)} KB`);
  console.log(
    `A returning visitor with saved queries, before the first screen: ${savedKb.toFixed(1)} KB brotli (${(savedKb / BUDGET_KB).toFixed(2)}× of budget; from the precache: ${extra.join(', ') || 'nothing more'})`,
  );
  process.exitCode = kb <= BUDGET_KB ? 0 : 1;
} finally {
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
}
