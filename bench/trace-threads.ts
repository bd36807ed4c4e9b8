// Where the CPU went while a page loaded, thread by thread, from the traces that
// `bench/lighthouse.ts --save-traces=dir` wrote (docs/budgets.md "First screen (Lighthouse)").
// The simulation multiplies each main-thread task's wall time by 4; a task's wall time grows with
// what the other threads (the compositor, raster workers, the browser and GPU processes, the
// service worker) take of the machine's two cores meanwhile. This prints, per page, the median
// over its runs of each thread's CPU time from the navigation's start to the page's last
// main-thread task, the frames drawn, and the main thread's wall ÷ CPU time of its tasks.
// Run: npx tsx bench/trace-threads.ts dir
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';
import type { TraceEvent } from './support/long-tasks.ts';
import { median } from './support/site.ts';

const dir = process.argv[2];
if (!dir) throw new Error('usage: npx tsx bench/trace-threads.ts dir');

interface Threads {
  /** Each thread's CPU time (ms) in the load, keyed "process / thread". */
  cpu: Map<string, number>;
  mainWallPerCpu: number;
  frames: number;
}

/** What one trace says (undefined without a page navigation in it). */
function threadsOf(events: TraceEvent[]): Threads | undefined {
  const processNames = new Map<number, string>();
  const threadNames = new Map<string, string>();
  for (const event of events) {
    if (event.ph !== 'M') continue;
    const name = typeof event.args['name'] === 'string' ? event.args['name'] : '?';
    if (event.name === 'process_name') processNames.set(event.pid, name);
    if (event.name === 'thread_name') threadNames.set(`${event.pid}:${event.tid}`, name);
  }
  // The page's main thread and its navigation's start, found as bench/support/long-tasks.ts does.
  let navigation: { pid: number; tid: number; ts: number };
  try {
    const processed = TraceProcessor.processTrace({ traceEvents: events } as never);
    const { pid, tid } = processed.mainThreadEvents[0]!;
    navigation = { pid, tid, ts: processed.timeOriginEvt.ts };
  } catch {
    return undefined;
  }
  const mainThread = `${navigation.pid}:${navigation.tid}`;
  // Only the outermost complete events of each thread, so nested ones are not counted twice.
  const tasks = events
    .filter((event) => event.ph === 'X' && event.ts >= navigation.ts && event.tdur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  const end = Math.max(
    ...tasks
      .filter((event) => `${event.pid}:${event.tid}` === mainThread)
      .map((event) => event.ts + (event.dur ?? 0)),
  );
  const openUntil = new Map<string, number>();
  const cpu = new Map<string, number>();
  let mainWall = 0;
  let mainCpu = 0;
  for (const event of tasks) {
    if (event.ts > end) break;
    const thread = `${event.pid}:${event.tid}`;
    if ((openUntil.get(thread) ?? 0) > event.ts) continue;
    openUntil.set(thread, event.ts + (event.dur ?? 0));
    const name = `${processNames.get(event.pid) ?? event.pid} / ${threadNames.get(thread) ?? event.tid}`;
    cpu.set(name, (cpu.get(name) ?? 0) + (event.tdur ?? 0) / 1000);
    if (thread === mainThread && (event.dur ?? 0) >= 1000) {
      mainWall += (event.dur ?? 0) / 1000;
      mainCpu += (event.tdur ?? 0) / 1000;
    }
  }
  // Lighthouse captures a screenshot of every frame the compositor draws (in the GPU process).
  const frames = events.filter(
    (event) => event.name === 'Screenshot' && event.ts >= navigation.ts && event.ts <= end,
  ).length;
  return { cpu, mainWallPerCpu: mainCpu ? mainWall / mainCpu : 0, frames };
}

const files = (await readdir(dir)).filter((file) => file.endsWith('.json')).sort();
for (const page of ['newest', 'bare']) {
  const runs: Threads[] = [];
  for (const file of files.filter((name) => name.startsWith(`${page}-`))) {
    const trace = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as {
      traceEvents: TraceEvent[];
    };
    const threads = threadsOf(trace.traceEvents);
    // A run that Lighthouse tried again leaves a trace without a navigation.
    if (threads) runs.push(threads);
    else console.log(`(${file}: no navigation, left out)`);
  }
  if (runs.length === 0) continue;
  const names = new Set(runs.flatMap((run) => [...run.cpu.keys()]));
  const rows = [...names]
    .map((name) => ({ name, ms: median(runs.map((run) => run.cpu.get(name) ?? 0)) }))
    .filter((row) => row.ms >= 1)
    .sort((a, b) => b.ms - a.ms);
  console.log(
    `\n${page}: ${runs.length} runs, CPU time per thread from navigation to the last main-thread task (median ms):`,
  );
  for (const row of rows) console.log(`  ${row.ms.toFixed(1).padStart(8)}  ${row.name}`);
  console.log(`  frames drawn (screenshots): ${runs.map((run) => run.frames).join(', ')}`);
  console.log(
    `  main thread's tasks over 1 ms, wall ÷ CPU: ${runs.map((run) => run.mainWallPerCpu.toFixed(2)).join(', ')}`,
  );
}
