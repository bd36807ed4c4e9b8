// Instructions a request of the anonymous newest list costs, against bare Fastify sending the
// same bytes as a static body (docs/budgets.md "List endpoints", target ≥ 0.85): each server of
// bench/api-lists.ts runs under valgrind's callgrind, is warmed up, and the instructions it
// executes (every thread: V8's compiler and GC threads too) are counted over a fixed number of
// requests. Unlike requests/s or CPU time, the count does not depend on what else the machine
// runs, so a step of a few per cent can be read on a busy machine.
//
//   npx tsx bench/api-lists-instructions.ts [--requests=10000] [--warmup=10000] [--repeat=3]
//                                           [--kinds=app,app-bare,app-logged,static] [--port=4610]
//                                           [--waves=1000000]
//
// Needs valgrind and the seeded SQLite database of bench/api-lists.ts (run it once with the
// same --waves). Under valgrind a server is 50–100× slower, so the time-driven work of a server
// weighs that much more per request than at full speed: the page cache's re-read of the newest
// page (once a second while it is asked for; the servers here keep a page for a day) and timers
// (taken off: the instructions of 20 idle seconds, per second of each round). Counted in user
// space only: the kernel's part (writev, the same call for both servers) is not in the figures.
// The main thread's count is the steadier one; the other threads (V8's GC and compiler) add
// 30–50 % more in bursts (a major GC lands in one round and not the next).
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const here = path.dirname(fileURLToPath(import.meta.url));
const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

const REQUESTS = Number(arg('requests', '10000'));
const WARMUP = Number(arg('warmup', '10000'));
const REPEAT = Number(arg('repeat', '3'));
const KINDS = arg('kinds', 'app,app-bare,static').split(',');
const PORT = Number(arg('port', '4610'));
const WAVES = Number(arg('waves', '1000000'));
const CACHE = path.join(
  process.env.BENCH_CACHE_DIR ?? path.join(tmpdir(), 'waves-bench'),
  'api-lists',
);
const ROUTE = '/api/v1/wave/wavelistpublicnewest/en';

const dataDir = path.join(CACHE, `sqlite-${WAVES}`);
if (!existsSync(dataDir)) {
  throw new Error(`${dataDir}: run bench/api-lists.ts --only=sqlite --waves=${WAVES} once first`);
}
const target = JSON.stringify({ dialect: 'sqlite', dataDir });
const work = mkdtempSync(path.join(tmpdir(), 'api-lists-instructions-'));
const bodyFile = path.join(work, 'page.json');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The instructions since the last zeroing, in all and on the main thread (callgrind writes a
 * file per thread, the main thread's first): the other threads are V8's GC and compiler.
 */
function dump(outFile: string, pid: number, count: number) {
  execFileSync('callgrind_control', ['--dump', String(pid)], { stdio: 'ignore' });
  const prefix = `${path.basename(outFile)}.${count}-`;
  const main = `${prefix}01`;
  for (let i = 0; i < 100 && !existsSync(path.join(work, main)); i += 1) {
    execFileSync('sleep', ['0.1']);
  }
  execFileSync('sleep', ['0.5']);
  let all = 0;
  let mainThread = 0;
  for (const name of readdirSync(work).filter((file) => file.startsWith(prefix))) {
    const totals = /^totals: (\d+)/m.exec(readFileSync(path.join(work, name), 'utf8'));
    if (!totals) continue; // a thread that ran nothing since the zeroing
    all += Number(totals[1]);
    if (name === main) mainThread = Number(totals[1]);
  }
  return { all, mainThread };
}

async function waitForServer(url: string, child: ChildProcess) {
  for (let i = 0; i < 1200; i += 1) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return Buffer.from(await response.arrayBuffer());
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  throw new Error(`${url} did not answer`);
}

async function requests(url: string, amount: number) {
  const started = performance.now();
  const result = await autocannon({ url, connections: 10, amount, timeout: 60 });
  if (result.non2xx > 0 || result.errors > 0 || result.requests.total < amount) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return { total: result.requests.total, ms: performance.now() - started };
}

interface Measured {
  /** Instructions a request, every thread. */
  all: number[];
  /** Instructions a request, the main thread. */
  main: number[];
  /** Instructions a second without requests (timers, the clock). */
  idle: number;
}

async function measure(kind: string, port: number): Promise<Measured> {
  const outFile = path.join(work, `callgrind.${kind}`);
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      '--smc-check=all-non-file',
      // Start and warm up without instrumentation (several times faster), then count.
      '--instr-atstart=no',
      '--separate-threads=yes',
      `--callgrind-out-file=${outFile}`,
      process.execPath,
      '--import',
      'tsx',
      path.join(here, 'api-lists.ts'),
      '--serve',
      kind,
      kind === 'static' ? 'null' : target,
      bodyFile,
      String(port),
    ],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
      // A page read once and kept: at full speed the cache re-reads it once in ~35,000
      // requests, under valgrind it would every ~100.
      env: { ...process.env, BENCH_LIST_CACHE_MS: String(24 * 3600 * 1000) },
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const url = `http://127.0.0.1:${port}${kind === 'static' ? '/static' : ROUTE}`;
  try {
    const page = await waitForServer(url, child);
    if (kind !== 'static') writeFileSync(bodyFile, page);
    await requests(url, WARMUP);
    const pid = child.pid!;
    execFileSync('callgrind_control', ['--instr=on', String(pid)], { stdio: 'ignore' });
    // Code translated again with instrumentation, and the compiler's last work.
    await requests(url, Math.max(1000, WARMUP / 5));
    // What time alone costs (timers: the event-loop delay monitor of the default metrics, the
    // clock of the page cache), per second of wall time: a round under valgrind lasts 50–200
    // s, as long as the machine's load makes it, so this is taken off each round by its length.
    const IDLE_MS = 20_000;
    let dumps = 0;
    execFileSync('callgrind_control', ['--zero', String(pid)], { stdio: 'ignore' });
    await sleep(IDLE_MS);
    const idle = dump(outFile, pid, (dumps += 1));
    const idlePerMs = { all: idle.all / IDLE_MS, main: idle.mainThread / IDLE_MS };
    const result: Measured = { all: [], main: [], idle: idlePerMs.all * 1000 };
    console.log(
      `  ${kind.padEnd(9)} idle: ${(idlePerMs.all * 1000).toFixed(0)} instructions a second ` +
        `(${(idlePerMs.main * 1000).toFixed(0)} on the main thread)`,
    );
    for (let round = 0; round < REPEAT; round += 1) {
      execFileSync('callgrind_control', ['--zero', String(pid)], { stdio: 'ignore' });
      const { total, ms } = await requests(url, REQUESTS);
      const counted = dump(outFile, pid, (dumps += 1));
      const all = (counted.all - idlePerMs.all * ms) / total;
      const main = (counted.mainThread - idlePerMs.main * ms) / total;
      result.all.push(all);
      result.main.push(main);
      console.log(
        `  ${kind.padEnd(9)} round ${round + 1}: ${all.toFixed(0)} instructions a request, ` +
          `${main.toFixed(0)} on the main thread, without the idle ones ` +
          `(${total} requests in ${(ms / 1000).toFixed(1)} s; with them ${(counted.all / total).toFixed(0)}, ${(counted.mainThread / total).toFixed(0)})`,
      );
    }
    return result;
  } catch (error) {
    console.error(stderr);
    throw error;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) =>
      child.exitCode !== null ? resolve(null) : child.once('exit', resolve),
    );
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

try {
  console.log(
    `Instructions a request under callgrind (${REQUESTS} requests after ${WARMUP} warm-up, ` +
      `10 connections; load ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')})`,
  );
  const order = ['app', 'app-bare', 'app-logged', 'static'].filter((kind) => KINDS.includes(kind));
  if (order.includes('static') && !order.some((kind) => kind !== 'static')) {
    throw new Error('static needs the page of app or app-bare first');
  }
  const results: Record<string, Measured> = {};
  for (const [index, kind] of order.entries()) results[kind] = await measure(kind, PORT + index);
  const all = (kind: string) => median(results[kind]!.all);
  const main = (kind: string) => median(results[kind]!.main);
  console.log('');
  for (const kind of order) {
    console.log(
      `  ${kind.padEnd(9)} ${all(kind).toFixed(0).padStart(8)} instructions a request (median), ` +
        `${main(kind).toFixed(0).padStart(8)} on the main thread (idle ones taken off: ${results[kind]!.idle.toFixed(0)} a second)`,
    );
  }
  if (results.static) {
    for (const kind of order.filter((name) => name !== 'static')) {
      console.log(
        `  static ÷ ${kind}: ${(all('static') / all(kind)).toFixed(3)} ` +
          `(main thread ${(main('static') / main(kind)).toFixed(3)}; target ≥ 0.85 for app)`,
      );
    }
  }
  console.log(
    `load after: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
