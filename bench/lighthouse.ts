// Lighthouse (mobile settings, simulated throttling, Debian Chromium) on /newest, alternating with
// a bare React shell measured in the same run (docs/budgets.md "First screen (Lighthouse)"):
// prints every run, the medians, the TBT difference and the LCP ratio to the bare shell, and the
// longest tasks of the median run with what they were made of (bench/support/long-tasks.ts).
// Run: npx tsx bench/lighthouse.ts [runs] [--port=4392] [--bare-port=4393] [--server-nice=-10] [--no-profile]
//      [--save-traces=dir]
//      [--no-build | --dist=folder]
import { createHash } from 'node:crypto';
import { createServer, request as httpRequest } from 'node:http';
import { setPriority } from 'node:os';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { brotliCompressSync } from 'node:zlib';
import path from 'node:path';
import { chromium } from '@playwright/test';
import react from '@vitejs/plugin-react';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { build } from 'vite';
import {
  formatLongTasks,
  longTasks,
  PROFILER_CATEGORY,
  type LongTask,
  type TraceEvent,
} from './support/long-tasks.ts';
import { formatChain, simulatedMetrics, type SimulatedMetrics } from './support/lantern-chain.ts';
import { median, option, startFirstScreenSite } from './support/site.ts';

const runs = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 5);
const port = Number(option('port', '4392'));
const barePort = Number(option('bare-port', '4393'));
/** Where each run's trace is written (`--save-traces=dir`), for bench/trace-threads.ts. */
const saveTracesDir = option('save-traces', '');
if (saveTracesDir) await mkdir(saveTracesDir, { recursive: true });
let savedTraces = 0;
/** Lighthouse's mobile setting: the simulation multiplies every traced task by this. */
const CPU_SLOWDOWN = 4;
const LCP_BUDGET_MS = 1800;
const TBT_ALLOWANCE_MS = 100;
const LCP_RATIO_BUDGET = 1.1;

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
// Compressed once, like the real server's assets on the wire, so the comparison is about the
// page and not about compressing at quality 11 on every request (which inflated the bare
// shell's server time, and with it its simulated LCP).
const compressed = new Map<string, Buffer>();
const bare = createServer(async (request, response) => {
  const pathname = new URL(request.url ?? '/', 'http://x').pathname;
  if (pathname.startsWith('/api/')) {
    // The list comes from the real site on every request, its bytes and headers untouched, so
    // both pages wait for the same server (whose reply time the simulation keeps as observed).
    const upstream = httpRequest(`${site.origin}${request.url}`, {
      headers: { 'accept-encoding': request.headers['accept-encoding'] ?? '' },
    });
    upstream.on('response', (reply) => {
      response.writeHead(reply.statusCode ?? 502, reply.headers);
      reply.pipe(response);
    });
    upstream.on('error', () => response.writeHead(502).end());
    upstream.end();
    return;
  }
  const file = path.join(bareDir, pathname === '/' ? 'index.html' : pathname);
  try {
    let body = compressed.get(file);
    if (!body) {
      body = brotliCompressSync(await readFile(file));
      compressed.set(file, body);
    }
    // Cached as the real server's files are (server/http/static-plugin.ts): hashed assets
    // immutable, the page revalidated. A returning visitor of the bare shell then has its
    // script in the disk cache too, as /newest's visitor has its chunks; without this the
    // bare shell downloaded its 58 KB script on every run (about 300 ms simulated), which
    // made the baseline slower than the page it is the baseline for.
    const etag = `"${body.byteLength.toString(36)}-${createHash('sha1').update(body).digest('base64url')}"`;
    const headers = {
      'content-type': types[path.extname(file)] ?? 'application/octet-stream',
      'content-encoding': 'br',
      'cache-control': pathname.startsWith('/assets/')
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
      etag,
    };
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304, headers).end();
      return;
    }
    response.writeHead(200, headers);
    response.end(body);
  } catch {
    response.writeHead(404).end();
  }
}).listen(barePort, '127.0.0.1');

const outDir = '.tmp/dist-bench-lighthouse';
const site = await startFirstScreenSite(port, outDir);
// The site's server answers before Chromium's work when both want a core: Lantern takes each
// origin's server response time as observed, and on this 2-core machine a page's own busy
// renderer delayed its server's answers by up to 100 ms (docs/budgets.md "First screen
// (Lighthouse)"). A real server is another machine. (Chromium sets its processes' priorities
// itself, so lowering them at its start does not hold.)
setPriority(site.serverPid, Number(option('server-nice', '-10')));
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

/**
 * A returning visitor's settings (language, consent), with every cache of the origin cleared and
 * nothing else stored: the earlier run's local storage named saved queries (docs/architecture.md
 * "Persisted queries") that the cleared IndexedDB no longer held, so the page loaded their
 * restore for nothing.
 */
async function prepareOrigin(origin: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const context = browser.contexts()[0]!;
  const page = await context.newPage();
  await page.goto(`${origin}/`);
  await page.evaluate(() => {
    localStorage.clear();
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
  /** TBT as the simulation would count it from each task's CPU time instead of its wall time. */
  cpuTbt: number;
  /**
   * The same from every task, whatever the traced FCP: the simulation's FCP of a page that
   * paints from script comes before most of its tasks (its estimate leaves scripts out), so
   * this follows the simulated TBT more closely than `cpuTbt` does.
   */
  cpuBlocking: number;
  fcp: number;
  /** The FCP as traced (not simulated), for placing the traced tasks. */
  tracedFcp: number;
  /** The LCP as traced, and Lighthouse's label of its element. */
  tracedLcp: number;
  lcpElement: string;
  /** Lighthouse's LCP phases (time to first byte, load delay, load time, render delay), ms. */
  lcpPhases: string;
  /**
   * Lighthouse's own simulation recomputed from the trace as traced: the requests of the
   * simulated LCP's graph and the tasks its TBT counts (bench/support/lantern-chain.ts).
   */
  wallTime: SimulatedMetrics;
  /**
   * The simulated LCP again with each traced task's CPU time in place of its wall time: what
   * the page's own work gives, without the time other processes held the core.
   */
  cpuLcp: number;
  /** The simulated TBT from the same trace, and the tasks it counts. */
  cpuSimulatedTbt: number;
  cpuTime: SimulatedMetrics;
  tasks: LongTask[];
}

/**
 * The simulation multiplies each traced task's wall time, which on a busy shared machine
 * includes the time other processes held the CPU. The same sum from the main thread's own CPU
 * time (the tasks after the traced FCP, each × the slowdown, less 50 ms) leaves that out.
 */
function blockingFromCpuTime(tasks: LongTask[], fcp: number): number {
  let sum = 0;
  for (const task of tasks) {
    const end = task.start + task.duration;
    if (end <= fcp) continue;
    const afterFcp = Math.min(1, (end - fcp) / task.duration);
    sum += Math.max(0, task.cpu * CPU_SLOWDOWN - 50) * afterFcp;
  }
  return sum;
}

/**
 * One Lighthouse run, tried again once when its trace came back without a navigation start (seen
 * on the shared machine under heavy load: Lighthouse then throws "No navigationStart event").
 */
async function measure(url: string, origin: string, distDir: string): Promise<Figures> {
  try {
    return await measureOnce(url, origin, distDir);
  } catch (error) {
    console.log(`  (run failed, tried again: ${(error as Error).message})`);
    return measureOnce(url, origin, distDir);
  }
}

/** The LCP element's label as Lighthouse names it (its details: a list whose first table has the node). */
function lcpElementOf(details: unknown): string {
  const tables = (details as { items?: { items?: { node?: { nodeLabel?: string } }[] }[] })?.items;
  const label = tables?.[0]?.items?.[0]?.node?.nodeLabel ?? '?';
  return label.length > 40 ? `${label.slice(0, 40)}…` : label;
}

/** The LCP element's phases, from the second table of the same details. */
function lcpPhasesOf(details: unknown): string {
  const tables = (details as { items?: { items?: { phase?: string; timing?: number }[] }[] })
    ?.items;
  return (tables?.[1]?.items ?? [])
    .map((row) => `${row.phase ?? '?'} ${(row.timing ?? 0).toFixed(0)}`)
    .join(', ');
}

async function measureOnce(url: string, origin: string, distDir: string): Promise<Figures> {
  await prepareOrigin(origin);
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset: true,
    // The V8 sampling profile, for the long-task breakdown (both pages carry its cost).
    ...(process.argv.includes('--no-profile')
      ? {}
      : { additionalTraceCategories: PROFILER_CATEGORY }),
  });
  const audits = result!.lhr.audits;
  const trace = (result!.artifacts as unknown as { Trace: { traceEvents: TraceEvent[] } }).Trace;
  if (saveTracesDir) {
    const name = `${url.includes('/newest') ? 'newest' : 'bare'}-${++savedTraces}.json`;
    await writeFile(path.join(saveTracesDir, name), JSON.stringify(trace));
  }
  const observed =
    (
      audits['metrics']?.details as {
        items?: {
          observedFirstContentfulPaint?: number;
          observedLargestContentfulPaint?: number;
        }[];
      }
    )?.items?.[0] ?? {};
  // Tasks that the simulation turns into long ones (over 50 ms once slowed down).
  const tasks = longTasks(trace.traceEvents, { distDir, minMs: 50 / CPU_SLOWDOWN });
  return {
    lcp: audits['largest-contentful-paint']!.numericValue ?? 0,
    cls: audits['cumulative-layout-shift']!.numericValue ?? 0,
    tbt: audits['total-blocking-time']!.numericValue ?? 0,
    fcp: audits['first-contentful-paint']!.numericValue ?? 0,
    tasks,
    cpuTbt: blockingFromCpuTime(tasks, observed.observedFirstContentfulPaint ?? 0),
    cpuBlocking: blockingFromCpuTime(tasks, 0),
    tracedFcp: observed.observedFirstContentfulPaint ?? 0,
    tracedLcp: observed.observedLargestContentfulPaint ?? 0,
    lcpElement: lcpElementOf(audits['largest-contentful-paint-element']?.details),
    lcpPhases: lcpPhasesOf(audits['largest-contentful-paint-element']?.details),
    wallTime: await simulatedMetrics(result!, { threadTime: false }),
    ...(await simulatedMetrics(result!, { threadTime: true }).then((cpuTime) => ({
      cpuLcp: cpuTime.lcp,
      cpuSimulatedTbt: cpuTime.tbt,
      cpuTime,
    }))),
  };
}

const describe = (figures: Figures) =>
  `LCP ${figures.lcp.toFixed(0).padStart(5)} ms (CPU ${figures.cpuLcp.toFixed(0).padStart(5)}), TBT ${figures.tbt.toFixed(0).padStart(4)} ms (CPU ${figures.cpuSimulatedTbt.toFixed(0).padStart(4)}, after traced FCP ${figures.cpuTbt.toFixed(0).padStart(4)}, all tasks ${figures.cpuBlocking.toFixed(0).padStart(4)}), FCP ${figures.fcp.toFixed(0).padStart(5)} ms, CLS ${figures.cls.toFixed(3)}; traced FCP ${figures.tracedFcp.toFixed(0)} ms, LCP ${figures.tracedLcp.toFixed(0)} ms (${figures.lcpElement})`;

const app: Figures[] = [];
const baseline: Figures[] = [];
try {
  for (let run = 0; run < runs; run++) {
    // Alternating, so a busy moment of the shared machine falls on both pages alike.
    baseline.push(
      await measure(`http://127.0.0.1:${barePort}/`, `http://127.0.0.1:${barePort}`, bareDir),
    );
    app.push(await measure(`${site.origin}/newest`, site.origin, site.outDir));
    console.log(
      `run ${run + 1}/${runs}: /newest ${describe(app.at(-1)!)} | bare shell ${describe(baseline.at(-1)!)}`,
    );
  }
} finally {
  await chrome.kill();
  bare.close();
  await site.stop();
}

const pick = (
  list: Figures[],
  key: 'lcp' | 'cpuLcp' | 'cpuSimulatedTbt' | 'cls' | 'tbt' | 'cpuTbt' | 'cpuBlocking' | 'fcp',
) => median(list.map((figures) => figures[key]));
const lcp = pick(app, 'lcp');
const lcpBase = pick(baseline, 'lcp');
const tbt = pick(app, 'tbt');
const tbtBase = pick(baseline, 'tbt');
const cls = pick(app, 'cls');
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT MET');
console.log(
  `\nLighthouse ${runs} runs, mobile (simulated Slow 4G, ${CPU_SLOWDOWN}× CPU), /newest as a returning visitor, medians:`,
);
console.log(
  `  LCP ${lcp.toFixed(0)} ms vs bare React shell ${lcpBase.toFixed(0)} ms → ratio ${(lcp / lcpBase).toFixed(2)} (budget ≤ ${LCP_RATIO_BUDGET} and ≤ ${LCP_BUDGET_MS} ms: ${verdict(lcp <= LCP_RATIO_BUDGET * lcpBase && lcp <= LCP_BUDGET_MS)})`,
);
console.log(
  `  LCP from CPU time (each task's CPU time in place of its wall time, without the machine's other load): ${pick(app, 'cpuLcp').toFixed(0)} ms vs bare React shell ${pick(baseline, 'cpuLcp').toFixed(0)} ms → ratio ${(pick(app, 'cpuLcp') / pick(baseline, 'cpuLcp')).toFixed(2)}`,
);
// A difference, not a ratio: the bare shell often has no long task at all (TBT 0).
console.log(
  `  TBT ${tbt.toFixed(0)} ms vs bare React shell ${tbtBase.toFixed(0)} ms → +${(tbt - tbtBase).toFixed(0)} ms (budget ≤ +${TBT_ALLOWANCE_MS} ms: ${verdict(tbt - tbtBase <= TBT_ALLOWANCE_MS)})`,
);
console.log(
  `  TBT simulated from CPU time (each task's CPU time in place of its wall time): ${pick(app, 'cpuSimulatedTbt').toFixed(0)} ms vs bare React shell ${pick(baseline, 'cpuSimulatedTbt').toFixed(0)} ms → +${(pick(app, 'cpuSimulatedTbt') - pick(baseline, 'cpuSimulatedTbt')).toFixed(0)} ms`,
);
console.log(
  `  TBT from CPU time of the tasks after the traced FCP: ${pick(app, 'cpuTbt').toFixed(0)} ms vs bare React shell ${pick(baseline, 'cpuTbt').toFixed(0)} ms → +${(pick(app, 'cpuTbt') - pick(baseline, 'cpuTbt')).toFixed(0)} ms`,
);
console.log(
  `  blocking CPU of all tasks (each task's CPU × ${CPU_SLOWDOWN}, less 50 ms, FCP or not): ${pick(app, 'cpuBlocking').toFixed(0)} ms vs bare React shell ${pick(baseline, 'cpuBlocking').toFixed(0)} ms`,
);
console.log(`  CLS ${cls.toFixed(3)} (budget 0.02: ${verdict(cls <= 0.02)})`);
console.log(
  `  ranges over the runs: LCP ${Math.min(...app.map((f) => f.lcp)).toFixed(0)}–${Math.max(...app.map((f) => f.lcp)).toFixed(0)} ms, TBT ${Math.min(...app.map((f) => f.tbt)).toFixed(0)}–${Math.max(...app.map((f) => f.tbt)).toFixed(0)} ms`,
);

// The run whose TBT is the median one (the lower middle for an even count).
const medianRun = [...app].sort((a, b) => a.tbt - b.tbt)[Math.floor((app.length - 1) / 2)]!;
console.log(
  `\nLongest tasks of the median run (TBT ${medianRun.tbt.toFixed(0)} ms), traced durations × ${CPU_SLOWDOWN} as the simulation counts them (only the time after FCP, about ${medianRun.fcp.toFixed(0)} ms simulated, adds to TBT):`,
);
for (const line of formatLongTasks(medianRun.tasks, {
  limit: 6,
  factor: CPU_SLOWDOWN,
  minCauseMs: 8,
  fcp: medianRun.tracedFcp,
})) {
  console.log(line);
}

// What the simulated TBT counts, for the run with its median of each page: by wall time, as
// Lighthouse's audit, and from CPU time.
for (const [name, list] of [
  ['/newest', app],
  ['bare shell', baseline],
] as const) {
  for (const [source, tbtOf, simulation] of [
    ['wall time', (figures: Figures) => figures.tbt, (figures: Figures) => figures.wallTime],
    [
      'CPU time',
      (figures: Figures) => figures.cpuSimulatedTbt,
      (figures: Figures) => figures.cpuTime,
    ],
  ] as const) {
    const run = [...list].sort((a, b) => tbtOf(a) - tbtOf(b))[Math.floor((list.length - 1) / 2)]!;
    const { fcp, blockingTasks } = simulation(run);
    console.log(
      `\nTasks of ${name}'s TBT simulated from ${source} (median run, ${tbtOf(run).toFixed(0)} ms; tasks after the optimistic FCP at ${fcp.toFixed(0)} ms count):`,
    );
    for (const task of blockingTasks) {
      console.log(
        `  ${task.duration.toFixed(0).padStart(4)} ms (CPU ${task.cpu.toFixed(1).padStart(5)} ms) at ${task.start.toFixed(0).padStart(5)}, blocks ~${task.blocking.toFixed(0).padStart(3)}: ${task.madeOf}`,
      );
    }
  }
}

// What the simulated LCP is made of, for the run with the median LCP of each page: the requests
// that ended before the traced LCP, replayed over simulated Slow 4G (bench/support/lantern-chain.ts).
for (const [name, list] of [
  ['/newest', app],
  ['bare shell', baseline],
] as const) {
  const run = [...list].sort((a, b) => a.lcp - b.lcp)[Math.floor((list.length - 1) / 2)]!;
  console.log(
    `\nSimulated LCP of ${name}'s median run (LCP ${run.lcp.toFixed(0)} ms, FCP ${run.fcp.toFixed(0)} ms; phases: ${run.lcpPhases || 'none'}):`,
  );
  for (const line of formatChain(run.wallTime.chain)) console.log(line);
  const cpuRun = [...list].sort((a, b) => a.cpuLcp - b.cpuLcp)[Math.floor((list.length - 1) / 2)]!;
  console.log(`  the same from CPU time (the run with the median LCP from CPU time):`);
  for (const line of formatChain(cpuRun.cpuTime.chain)) console.log(line);
}
