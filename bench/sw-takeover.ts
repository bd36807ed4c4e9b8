// The main thread's work when the service worker takes control of a first visit
// (docs/architecture.md "Service worker caches", First visit), for two builds alternated in one
// run: a phone-sized Chromium with its CPU really slowed down 4×, a fresh profile per visit to
// /newest of the same site (demo data, a full page of rows), the 1.5 s after `controllerchange`.
// Prints each visit, the medians and their ratio, build ÷ baseline (docs/budgets.md "First
// screen (Lighthouse)").
// Run: npx tsx bench/sw-takeover.ts --baseline=dir --dist=dir [--runs=5] [--port=4600]
// (both folders are client builds, e.g. `npx vite build --outDir dir` of two commits).
import { chromium, type BrowserContext } from '@playwright/test';
import { median, option, startSite, type Site } from './support/site.ts';

const builds = { baseline: option('baseline', ''), build: option('dist', '') };
if (!builds.baseline || !builds.build) {
  throw new Error('usage: npx tsx bench/sw-takeover.ts --baseline=dir --dist=dir [--runs=5]');
}
const runs = Number(option('runs', '5'));
const port = Number(option('port', '4600'));
const WINDOW_MS = 1500;

interface Visit {
  /** Main-thread task and script time in the window (Chromium's own counters), ms. */
  taskMs: number;
  scriptMs: number;
  /** Σ (duration − 50 ms) of the long tasks that started in the window. */
  blockingMs: number;
}

async function visit(context: BrowserContext, site: Site): Promise<Visit> {
  await context.addInitScript(() => {
    localStorage.setItem('language_code_ui', 'en');
    localStorage.setItem('cookieConsent', 'accepted');
    const page = globalThis as unknown as { takeoverAt: number; longTasks: number[][] };
    page.takeoverAt = -1;
    page.longTasks = [];
    navigator.serviceWorker?.addEventListener('controllerchange', () => {
      page.takeoverAt = performance.now();
    });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) page.longTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
  });
  const page = await context.newPage();
  const devtools = await context.newCDPSession(page);
  await devtools.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await devtools.send('Performance.enable');
  const counters = async () =>
    Object.fromEntries(
      (await devtools.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]),
    );
  await page.goto(`${site.origin}/newest`);
  await page.waitForFunction(
    () => (globalThis as unknown as { takeoverAt: number }).takeoverAt > 0,
    undefined,
    { timeout: 60_000, polling: 20 },
  );
  const before = await counters();
  await page.waitForTimeout(WINDOW_MS);
  const after = await counters();
  const { takeoverAt, longTasks } = await page.evaluate(() => {
    const state = globalThis as unknown as { takeoverAt: number; longTasks: number[][] };
    return { takeoverAt: state.takeoverAt, longTasks: state.longTasks };
  });
  const spent = (name: string) => ((after[name] ?? 0) - (before[name] ?? 0)) * 1000;
  return {
    taskMs: spent('TaskDuration'),
    scriptMs: spent('ScriptDuration'),
    blockingMs: longTasks
      .filter(([start]) => start! >= takeoverAt - 5 && start! < takeoverAt + WINDOW_MS)
      .reduce((sum, [, duration]) => sum + Math.max(0, duration! - 50), 0),
  };
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking'],
});
const serve = (outDir: string, sitePort: number) =>
  startSite({
    port: sitePort,
    outDir,
    build: false,
    fullPage: true,
    env: { NODE_ENV: 'production' },
  });
const sites = {
  baseline: await serve(builds.baseline, port),
  build: await serve(builds.build, port + 3),
};
const visits: Record<keyof typeof sites, Visit[]> = { baseline: [], build: [] };
try {
  for (let run = 0; run < runs; run++) {
    // Alternating, so a busy moment of the shared machine falls on both builds alike.
    for (const name of ['baseline', 'build'] as const) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
      });
      const result = await visit(context, sites[name]);
      await context.close();
      visits[name].push(result);
      console.log(
        `run ${run + 1}/${runs} ${name.padEnd(8)}: tasks ${result.taskMs.toFixed(0).padStart(4)} ms, script ${result.scriptMs.toFixed(0).padStart(4)} ms, long-task blocking ${result.blockingMs.toFixed(0).padStart(4)} ms`,
      );
    }
  }
} finally {
  await browser.close();
  await sites.baseline.stop();
  await sites.build.stop();
}

console.log(`\nMain thread in the ${WINDOW_MS} ms after the worker takes control (medians):`);
for (const [label, key] of [
  ['tasks', 'taskMs'],
  ['script', 'scriptMs'],
  ['long-task blocking', 'blockingMs'],
] as const) {
  const baseline = median(visits.baseline.map((v) => v[key]));
  const build = median(visits.build.map((v) => v[key]));
  const ratio = baseline > 0 ? `${(build / baseline).toFixed(2)}×` : 'n/a (baseline 0)';
  console.log(
    `  ${label.padEnd(18)} ${build.toFixed(0).padStart(4)} ms vs baseline ${baseline.toFixed(0).padStart(4)} ms → ${ratio}`,
  );
}
process.exit(0);
