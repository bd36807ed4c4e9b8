// The compiled server (`npm run build`) against the TypeScript sources run through tsx, the way
// the server started before it was compiled:
//  1. the server build's wall time (scripts/build.mjs server);
//  2. start-up — from spawning node until /healthz answers — and the resident memory then, of
//     `node build/server/main.js` with and without --enable-source-maps, as ratios to
//     `node --import tsx server/main.ts` measured in the same run.
//
//   npx tsx bench/server-start.ts [--runs=7]
//
// Every run starts on the same migrated SQLite database (the first, untimed start creates it).
// Runs alternate the three ways so that load from elsewhere on the machine hits all alike;
// medians are shown.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import {
  createInstallation,
  freePort,
  fromBuild,
  fromSources,
  kill9,
  launch,
  type Program,
} from '../tests/helpers/server-process.ts';
import { median } from './support/site.ts';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const RUNS = Math.max(1, Number(arg('runs', '7')));
const OUT = path.resolve('bench/.out/server-start');

function buildServer(): number {
  rmSync(OUT, { recursive: true, force: true });
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    ['scripts/build.mjs', 'server', `--server-out=${path.join(OUT, 'build')}`],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`server build failed:\n${result.stderr}`);
  return performance.now() - started;
}

/** Resident memory of a process in MB (Linux /proc). */
function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

const installation = await createInstallation('sqlite');

async function startOnce(program: Program) {
  const port = await freePort();
  const started = performance.now();
  const running = launch(program, { ...installation.env, PORT: String(port), HOST: '127.0.0.1' });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (running.child.exitCode !== null) throw new Error(`exited early:\n${running.output()}`);
    const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (reply) => reply.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`did not start:\n${running.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const ms = performance.now() - started;
  const rss = rssMb(running.child.pid!);
  await kill9(running);
  return { ms, rss };
}

const ways: Record<string, Program> = {
  'tsx server/main.ts': fromSources('main'),
  'node build/server/main.js': { ...fromBuild(OUT, 'main'), args: ['build/server/main.js'] },
  'node --enable-source-maps build/…': fromBuild(OUT, 'main'),
};

console.log(`Building the server into ${path.relative(process.cwd(), OUT)}…`);
const buildMs = buildServer();
await startOnce(fromSources('main')); // creates and migrates the database

const results: Record<string, { ms: number[]; rss: number[] }> = Object.fromEntries(
  Object.keys(ways).map((name) => [name, { ms: [], rss: [] }]),
);
for (let run = 0; run < RUNS; run++) {
  for (const [name, program] of Object.entries(ways)) {
    const { ms, rss } = await startOnce(program);
    results[name]!.ms.push(ms);
    results[name]!.rss.push(rss);
  }
}
await installation.destroy();

const baseline = results['tsx server/main.ts']!;
console.log(`\nServer build (scripts/build.mjs server): ${(buildMs / 1000).toFixed(1)} s`);
console.log(
  `Start-up until /healthz answers, median of ${RUNS} (load ${loadavg()[0]!.toFixed(1)}):`,
);
for (const [name, { ms, rss }] of Object.entries(results)) {
  const time = median(ms);
  const memory = median(rss);
  console.log(
    `  ${name.padEnd(36)} ${time.toFixed(0).padStart(5)} ms (${(time / median(baseline.ms)).toFixed(2)}×)` +
      `  RSS ${memory.toFixed(0).padStart(4)} MB (${(memory / median(baseline.rss)).toFixed(2)}×)`,
  );
}
