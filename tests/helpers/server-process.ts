import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import pg from 'pg';
import type { DialectName } from '../../server/db/dialect.ts';
import type { NewWaveData } from '../../src/api/contract/recording.ts';

/**
 * Real server and worker processes for fault and production tests: the same entry points as
 * production (`server/main.ts`, `server/worker.ts`, run from the sources or from a compiled
 * build), a temporary DATA_DIR, a free port, and SQLite or a PostgreSQL schema of their own.
 * Each process leads its own process group, so `kill9` also takes the ffmpeg it was running, as
 * when a container or machine dies.
 */
export interface Installation {
  dataDir: string;
  databaseUrl: string | undefined;
  env: Record<string, string>;
  /** Drops the PostgreSQL schema and the data folder. */
  destroy(): Promise<void>;
}

export async function createInstallation(dialect: DialectName): Promise<Installation> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'waves-fault-'));
  let databaseUrl: string | undefined;
  let schema: string | undefined;
  const base = process.env.TEST_DATABASE_URL;
  if (dialect === 'postgres' && base) {
    schema = `fault_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
    const url = new URL(base);
    url.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = url.toString();
  }
  return {
    dataDir,
    databaseUrl,
    env: {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      STATIC_DIR: path.join(dataDir, 'no-build'),
      // Portrait videos cost seconds of CPU per wave: only the tests of videos turn them on.
      WAVE_VIDEOS: 'false',
      // A loaded test machine stalls event loops at random: only the load-shedding test sheds.
      SHED_EVENT_LOOP_DELAY_MS: '0',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    async destroy() {
      if (base && schema) {
        const client = new pg.Client({ connectionString: base });
        await client.connect();
        await client.query(`drop schema ${schema} cascade`);
        await client.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function listenOn(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.on('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : null;
      server.close(() => resolve(bound));
    });
  });
}

/** `WAVES_TEST_PORTS=4261-4269` keeps a run inside the ports it was given (a shared machine). */
const portRange = /^(\d+)-(\d+)$/.exec(process.env.WAVES_TEST_PORTS ?? '');
let nextInRange = 0;

/** A port nothing listens on: from WAVES_TEST_PORTS when set, else one the system picks. */
export async function freePort(): Promise<number> {
  if (!portRange) {
    const port = await listenOn(0);
    if (port === null) throw new Error('no free port');
    return port;
  }
  const first = Number(portRange[1]);
  const count = Number(portRange[2]) - first + 1;
  for (let tried = 0; tried < count; tried += 1) {
    const port = first + ((nextInRange + tried) % count);
    if ((await listenOn(port)) !== null) {
      nextInRange = (port - first + 1) % count;
      return port;
    }
  }
  throw new Error(`no free port in WAVES_TEST_PORTS=${process.env.WAVES_TEST_PORTS}`);
}

export interface RunningProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** What a process runs: node's arguments and the folder it starts in. */
export interface Program {
  args: string[];
  cwd: string;
}

/** `server/<role>.ts` of this checkout, through tsx. */
export function fromSources(role: 'main' | 'worker'): Program {
  return {
    args: ['--import', 'tsx', `server/${role}.ts`],
    cwd: path.resolve(import.meta.dirname, '../..'),
  };
}

/** `build/server/<role>.js` of an installation at `dir`, with plain node (`npm run build`). */
export function fromBuild(dir: string, role: 'main' | 'worker'): Program {
  return { args: ['--enable-source-maps', `build/server/${role}.js`], cwd: dir };
}

export function launch(program: Program, env: Record<string, string>): RunningProcess {
  // Only what the server needs from the test's environment (no TEST_*, NODE_OPTIONS or
  // unknown variables).
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => ['PATH', 'HOME', 'TMPDIR', 'LANG'].includes(key)),
  ) as Record<string, string>;
  const child = spawn(process.execPath, program.args, {
    cwd: program.cwd,
    env: { ...inherited, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

export interface ServerProcess extends RunningProcess {
  url: string;
}

/** Starts the server (from the sources unless told otherwise) and waits until it answers. */
export async function startServer(
  installation: Installation,
  env: Record<string, string> = {},
  program: Program = fromSources('main'),
): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const running = launch(program, {
    ...installation.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    ...env,
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (running.child.exitCode !== null) {
      throw new Error(`server exited early:\n${running.output()}`);
    }
    try {
      const reply = await fetch(`${url}/healthz`);
      if (reply.ok) return { ...running, url };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await kill9(running);
  throw new Error(`server did not start:\n${running.output()}`);
}

/** Starts the worker (`npm run worker`; from the sources unless told otherwise). */
export function startWorker(
  installation: Installation,
  env: Record<string, string> = {},
  program: Program = fromSources('worker'),
) {
  return launch(program, { ...installation.env, ...env });
}

/** kill -9 of the process and everything it started (its process group). */
export async function kill9(running: RunningProcess) {
  const pid = running.child.pid;
  if (pid === undefined || running.child.exitCode !== null || running.child.signalCode) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    running.child.kill('SIGKILL');
  }
  await running.exited;
}

/** Solves the server's captcha as the widget would (a guest's newwave needs one). */
export async function solveCaptchaAt(url: string): Promise<string> {
  let reply = await fetch(`${url}/api/v1/captcha/challenge`);
  // A server shedding load (bench/scale) says when to ask again, as the widget's retry does.
  for (let tries = 0; reply.status === 429 && tries < 30; tries++) {
    await new Promise((resolve) =>
      setTimeout(resolve, Number(reply.headers.get('retry-after') ?? 1) * 1000),
    );
    reply = await fetch(`${url}/api/v1/captcha/challenge`);
  }
  const challenge = (await reply.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** POST /wave/newwave as a guest (with a solved captcha) on a running server. */
export async function newGuestWaveAt(url: string, idempotencyKey: string): Promise<NewWaveData> {
  const reply = await fetch(`${url}/api/v1/wave/newwave`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      language_code_ui: 'en',
      channel_id: 1,
      captcha: await solveCaptchaAt(url),
      idempotency_key: idempotencyKey,
    }),
  });
  if (reply.status !== 200) throw new Error(`newwave: ${reply.status} ${await reply.text()}`);
  return ((await reply.json()) as { data: NewWaveData }).data;
}
