// Lighthouse (mobile settings, simulated throttling, Debian Chromium) on /newest, five runs:
// prints the median LCP, CLS and TBT, with TBT as a ratio to a bare React shell measured in the
// same run (DESIGN.md budgets: LCP ≤ 1.8 s, CLS ≤ 0.02).
// Run: npx tsx bench/lighthouse.ts [runs]
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { brotliCompressSync } from 'node:zlib';
import path from 'node:path';
import { chromium } from '@playwright/test';
import react from '@vitejs/plugin-react';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { build } from 'vite';
import { median, startSite } from './support/site.ts';

const runs = Number(process.argv[2] ?? 5);
const bareDir = path.resolve('.tmp/bench-bare-react');
await build({
  root: path.resolve('bench/bare-react'),
  configFile: false,
  logLevel: 'error',
  plugins: [react()],
  build: { outDir: bareDir, emptyOutDir: true },
});
const types: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
};
const bare = createServer(async (request, response) => {
  const pathname = new URL(request.url ?? '/', 'http://x').pathname;
  const file = path.join(bareDir, pathname === '/' ? 'index.html' : pathname);
  try {
    // Compressed like the real server's assets, so the comparison is about the page, not the wire.
    const body = brotliCompressSync(await readFile(file));
    response.writeHead(200, {
      'content-type': types[path.extname(file)] ?? 'application/octet-stream',
      'content-encoding': 'br',
    });
    response.end(body);
  } catch {
    response.writeHead(404).end();
  }
}).listen(4393, '127.0.0.1');

const site = await startSite({ port: 4392, outDir: path.resolve('.tmp/dist-bench-lighthouse') });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--no-first-run',
  ],
});

/** A returning visitor's settings (language, consent), with every cache of the origin cleared. */
async function prepareOrigin(origin: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const context = browser.contexts()[0]!;
  const page = await context.newPage();
  await page.goto(`${origin}/`);
  await page.evaluate(() => {
    localStorage.setItem('language_code_ui', 'en');
    localStorage.setItem('cookieConsent', 'accepted');
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', {
    origin,
    storageTypes: 'service_workers,cache_storage,indexeddb',
  });
  await page.close();
  await browser.close();
}

interface Figures {
  lcp: number;
  cls: number;
  tbt: number;
}

async function measure(url: string, origin: string): Promise<Figures> {
  await prepareOrigin(origin);
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset: true,
  });
  const audits = result!.lhr.audits;
  return {
    lcp: audits['largest-contentful-paint']!.numericValue ?? 0,
    cls: audits['cumulative-layout-shift']!.numericValue ?? 0,
    tbt: audits['total-blocking-time']!.numericValue ?? 0,
  };
}

const app: Figures[] = [];
const baseline: Figures[] = [];
try {
  for (let run = 0; run < runs; run++) {
    baseline.push(await measure('http://127.0.0.1:4393/', 'http://127.0.0.1:4393'));
    app.push(await measure(`${site.origin}/newest`, site.origin));
    console.error(
      `run ${run + 1}/${runs}: LCP ${app.at(-1)!.lcp.toFixed(0)} ms, TBT ${app.at(-1)!.tbt.toFixed(0)} ms`,
    );
  }
} finally {
  await chrome.kill();
  bare.close();
  await site.stop();
}

const pick = (list: Figures[], key: keyof Figures) => median(list.map((figures) => figures[key]));
const tbt = pick(app, 'tbt');
const tbtBase = pick(baseline, 'tbt');
console.log(
  `Lighthouse ${runs} runs, mobile (simulated Slow 4G, 4× CPU), /newest as a returning visitor:`,
);
console.log(
  `  LCP median ${pick(app, 'lcp').toFixed(0)} ms (budget 1800 ms; bare React shell ${pick(baseline, 'lcp').toFixed(0)} ms)`,
);
console.log(`  CLS median ${pick(app, 'cls').toFixed(3)} (budget 0.02)`);
// A bare shell often has no task over 50 ms at all (TBT 0): a ratio to 0 says nothing, so the
// difference is printed then.
const tbtComparison =
  tbtBase >= 10
    ? `ratio ${(tbt / tbtBase).toFixed(2)}`
    : `+${(tbt - tbtBase).toFixed(0)} ms (no ratio: the bare shell has no long task)`;
console.log(
  `  TBT median ${tbt.toFixed(0)} ms vs bare React shell ${tbtBase.toFixed(0)} ms → ${tbtComparison}`,
);
