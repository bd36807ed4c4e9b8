// A Chromium performance trace of /newest with the CPU slowed down (default 4×, as Lighthouse's
// mobile setting), as a returning visitor with cleared caches: every long task with what it was
// made of (bench/support/long-tasks.ts), the total blocking time of the real slowed-down load,
// and the main thread's time by cause up to the list's paint. (docs/budgets.md "First screen
// (Lighthouse)") Run: npx tsx bench/trace.ts [--runs=3] [--cpu=4] [--no-build | --dist=folder]
// [--port=4171] [--save=file.json]
import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import * as constants from 'lighthouse/core/config/constants.js';
import { chromiumArgs } from '../playwright.config.ts';
import {
  cpuByCause,
  formatLongTasks,
  longTasks,
  LONG_TASK_CATEGORIES,
  type TraceEvent,
} from './support/long-tasks.ts';
import { median, option, startFirstScreenSite } from './support/site.ts';

const runs = Number(option('runs', '3'));
const cpu = Number(option('cpu', '4'));
const port = Number(option('port', '4171'));
const save = option('save', '');
const outDir = '.tmp/dist-bench-trace';

const site = await startFirstScreenSite(port, outDir);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: chromiumArgs,
});
const tbts: number[] = [];
const lcps: number[] = [];
const cpus: number[] = [];
const longestCpu: number[] = [];
try {
  for (let run = 0; run < runs; run++) {
    // The phone Lighthouse emulates (its user agent decides, e.g., SMS links instead of copy).
    const screen = constants.screenEmulationMetrics.mobile;
    const context = await browser.newContext({
      viewport: { width: screen.width, height: screen.height },
      deviceScaleFactor: screen.deviceScaleFactor,
      isMobile: true,
      hasTouch: true,
      userAgent: constants.userAgents.mobile,
    });
    await context.addInitScript(() => {
      localStorage.setItem('language_code_ui', 'en');
      localStorage.setItem('cookieConsent', 'accepted');
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    await page.goto('about:blank');
    await browser.startTracing(page, { categories: LONG_TASK_CATEGORIES });
    await page.goto(`${site.origin}/newest`);
    await page.waitForSelector('.wave-row');
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500);
    const lcp = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => resolve(list.getEntries().at(-1)!.startTime)).observe({
            type: 'largest-contentful-paint',
            buffered: true,
          });
        }),
    );
    const buffer = await browser.stopTracing();
    await context.close();
    if (save) writeFileSync(save.replace(/(\.json)?$/, `-${run + 1}.json`), buffer);
    const { traceEvents } = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] };
    const all = longTasks(traceEvents, { distDir: site.outDir, minMs: 0 });
    const tasks = all.filter((task) => task.duration >= 50);
    const tbt = tasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
    const cpuTotal = all.reduce((sum, task) => sum + task.cpu, 0);
    tbts.push(tbt);
    lcps.push(lcp);
    cpus.push(cpuTotal);
    longestCpu.push(Math.max(0, ...all.map((task) => task.cpu)));
    console.log(
      `\nrun ${run + 1}/${runs}: LCP ${lcp.toFixed(0)} ms; ${tasks.length} long tasks, blocking ${tbt.toFixed(0)} ms (CPU ${cpu}× slower, real); main thread CPU ${cpuTotal.toFixed(0)} ms, longest task's CPU ${longestCpu.at(-1)!.toFixed(0)} ms`,
    );
    for (const line of formatLongTasks(tasks, { limit: 8, minCauseMs: 3 })) console.log(line);
    console.log('  main thread CPU by cause, all tasks:');
    for (const [cause, ms] of cpuByCause(all).slice(0, 16)) {
      console.log(`    ${ms.toFixed(0).padStart(5)} ms  ${cause}`);
    }
  }
} finally {
  await browser.close();
  await site.stop();
}
console.log(
  `\n${runs} runs, CPU ${cpu}× slower: LCP median ${median(lcps).toFixed(0)} ms, blocking time median ${median(tbts).toFixed(0)} ms (range ${Math.min(...tbts).toFixed(0)}–${Math.max(...tbts).toFixed(0)}), main thread CPU median ${median(cpus).toFixed(0)} ms (range ${Math.min(...cpus).toFixed(0)}–${Math.max(...cpus).toFixed(0)}), longest task's CPU median ${median(longestCpu).toFixed(0)} ms (range ${Math.min(...longestCpu).toFixed(0)}–${Math.max(...longestCpu).toFixed(0)})`,
);
