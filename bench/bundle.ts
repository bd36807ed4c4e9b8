// Prints the brotli size of all JavaScript that loading /newest fetches (budget: 115 KB,
// DESIGN.md). Builds the client, serves it with the real server, loads /newest in Chromium as
// a returning visitor and sums the brotli-compressed bytes of every script it requested.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumArgs } from '../playwright.config.ts';

const BUDGET_KB = 115;
const port = 4390;
const outDir = path.resolve('.tmp/dist-bench');

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
  const scripts = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'script' || url.pathname.endsWith('.js'))
      scripts.add(url.pathname);
  });
  await page.goto(`http://127.0.0.1:${port}/newest`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  await browser.close();

  let total = 0;
  const rows: [string, number][] = [];
  for (const pathname of scripts) {
    if (pathname === '/sw.js') continue; // the worker is not page JavaScript
    const bytes = brotliCompressSync(readFileSync(path.join(outDir, pathname)), {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length;
    total += bytes;
    rows.push([pathname, bytes]);
  }
  rows.sort((a, b) => b[1] - a[1]);
  for (const [name, bytes] of rows)
    console.log(`${(bytes / 1024).toFixed(1).padStart(7)} KB  ${name}`);
  const kb = total / 1024;
  console.log(
    `\nJavaScript fetched by /newest: ${kb.toFixed(1)} KB brotli (${scripts.size} files); budget ${BUDGET_KB} KB → ${(kb / BUDGET_KB).toFixed(2)}× of budget`,
  );
  process.exitCode = kb <= BUDGET_KB ? 0 : 1;
} finally {
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
}
