// Wave list endpoints against docs/budgets.md "List endpoints", with 1,000,000 waves, on
// SQLite, and on PostgreSQL when DATABASE_URL or TEST_DATABASE_URL is set:
//  1. requests/s of the newest list against a bare Fastify sending the same bytes as a static
//     body (the honest limit; target ≥ 0.85), anonymous and signed in, and the newest list with
//     request ids and metrics turned off (what they cost), all measured in one run;
//  2. server time p50 and p99 of every list endpoint, signed in (targets ≤ 1 ms and ≤ 5 ms), as
//     elapsed time and as the process's CPU time per request (what a free core would give).
//
//   npx tsx bench/api-lists.ts [--waves=1000000] [--seconds=10] [--only=sqlite|postgres]
//                              [--port=N]
//
// The measured servers listen on free ports the system picks, or on N, N+1 and N+2 with --port
// (on a machine whose ports are shared out).
//
// The seeded SQLite database is built once into a folder under the system's temporary folder
// (BENCH_CACHE_DIR, default /tmp/waves-bench) and reused by later runs with the same number
// of waves. PostgreSQL gets a schema of its own, seeded for the run and dropped afterwards, or
// the schema BENCH_PG_SCHEMA, seeded once and kept.
import { fork, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../server/app.ts';
import { LIST_CACHE_MS } from '../server/services/wave-list-service.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase, type Db } from '../server/db/database.ts';
import type { DialectName } from '../server/db/dialect.ts';
import {
  TRENDING_AGE_SECONDS_PER_POINT,
  TRENDING_EPOCH_SECONDS,
  TRENDING_LIKE_WEIGHT,
} from '../server/services/trending.ts';

const self = fileURLToPath(import.meta.url);
const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

const WAVES = Number(arg('waves', '1000000'));
const SECONDS = Number(arg('seconds', '10'));
const ONLY = arg('only', '');
const PORT = Number(arg('port', '0'));
const USERS = 2000;
const CHANNELS = 40;
const FOLLOWED = 50;
const PG_URL = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const CACHE = path.join(
  process.env.BENCH_CACHE_DIR ?? path.join(tmpdir(), 'waves-bench'),
  'api-lists',
);
// BENCH_PG_SCHEMA names a schema that is kept between runs (seeded once, like the SQLite file).
const PG_KEEP = process.env.BENCH_PG_SCHEMA;
const PG_SCHEMA = PG_KEEP ?? `bench_lists_${process.pid}`;
const BASE_MS = Date.UTC(2025, 0, 1);

interface Target {
  dialect: DialectName;
  dataDir: string;
  databaseUrl?: string | undefined;
}

function configFor(target: Target) {
  return loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: target.dataDir,
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    PUBLIC_URL: 'http://localhost:8080',
    STATIC_DIR: path.join(target.dataDir, 'no-build'),
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    // The bench measures the server's own speed; a refusal of a lagging process (the seeding
    // runs in this process) would be counted as a fast reply.
    SHED_EVENT_LOOP_DELAY_MS: '0',
    // No background jobs in the measured process: the video backfill would try every seeded
    // wave (they have no audio) and spend the CPU the lists are measured by.
    JOBS_IN_PROCESS: 'false',
    WAVE_VIDEOS: 'false',
  });
}

function open(target: Target): Db {
  return openDatabase({
    dataDir: target.dataDir,
    databaseUrl: target.databaseUrl,
  });
}

// ---------------------------------------------------------------------------------------------
// Seeding: set-based SQL (a recursive CTE on SQLite, generate_series on PostgreSQL).

/** A schema of its own on the server of `url`, for this run (dropped by `dropSchema`). */
async function benchSchemaUrl(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`create schema ${PG_KEEP ? 'if not exists ' : ''}${PG_SCHEMA}`);
  await client.end();
  const bench = new URL(url);
  bench.searchParams.set('options', `-c search_path=${PG_SCHEMA}`);
  return bench.toString();
}

async function dropSchema(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`drop schema if exists ${PG_SCHEMA} cascade`);
  await client.end();
}

async function seed(target: Target) {
  const db = open(target);
  try {
    // Migrations and the required rows, as the server does at start.
    const { app } = await buildApp(configFor(target), { db, logger: false });
    await app.close();
    const k = db.kysely;
    const { count } = await k
      .selectFrom('waves')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    if (Number(count) === WAVES) {
      console.log(`  ${target.dialect}: reusing ${WAVES.toLocaleString('en')} seeded waves`);
      return;
    }
    const started = Date.now();
    await k.deleteFrom('waves').execute();
    await k.deleteFrom('team_subscriptions').execute();
    await k.deleteFrom('channels').where('channel_name_lower', 'like', 'bench-%').execute();
    await k.deleteFrom('users').where('username_lower', 'like', 'bench-%').execute();
    await k.deleteFrom('teams').where('team_name', 'like', 'bench-%').execute();

    const pgsql = target.dialect === 'postgres';
    const seq = (n: number) =>
      pgsql
        ? sql`select generate_series(1::bigint, ${sql.lit(n)}) as i`
        : sql`with recursive s(i) as (select 1 union all select i + 1 from s where i < ${sql.lit(n)}) select i from s`;
    const now = sql.lit(BASE_MS);

    await sql`insert into users (username, username_lower, displayname, created_at, updated_at)
      select 'bench-' || i, 'bench-' || i, 'Bench User ' || i, ${now}, ${now}
      from (${seq(USERS)}) as seq`.execute(k);
    await sql`insert into teams (team_name, owner_user_id, created_at)
      select username, id, ${now} from users where username_lower like 'bench-%'`.execute(k);
    await sql`update users set home_team_id =
      (select t.id from teams t where t.owner_user_id = users.id)
      where username_lower like 'bench-%'`.execute(k);
    await sql`insert into channels (channel_name, channel_name_lower, description, language_code_ui,
        channel_access_rule, created_at)
      select 'bench-' || i, 'bench-' || i, 'Bench channel', case when i % 4 = 0 then 'de' else 'en' end,
        'PUBLIC', ${now}
      from (${seq(CHANNELS)}) as seq`.execute(k);

    // Waves: user i % USERS, channel i % CHANNELS (a quarter German), 2% unlisted, a wave a
    // second, counts spread deterministically, the trending score by the formula of trending.ts.
    const likes = sql`((i * 7919) % 40)`;
    const views = sql`((i * 104729) % 500)`;
    const created = sql`(${now} + i * 1000)`;
    const log10 = pgsql ? sql`log` : sql`log10`;
    const greatest = pgsql ? sql`greatest` : sql`max`;
    const score = sql`${log10}(${greatest}(1, ${sql.lit(TRENDING_LIKE_WEIGHT)} * ${likes} + ${views}))
      + ((${created}) / 1000.0 - ${sql.lit(TRENDING_EPOCH_SECONDS)}) / ${sql.lit(TRENDING_AGE_SECONDS_PER_POINT)}.0`;
    const waveName = pgsql ? sql`'bw' || lpad(i::text, 9, '0')` : sql`printf('bw%09d', i)`;
    await sql`insert into waves (wave_name, user_id, channel_id, team_id, title, language_code_ui,
        status, listed, duration, created_at, created_epoch_day, published_at, views_count,
        likes_count, trending_score)
      select ${waveName}, u.id, c.id, u.home_team_id, 'Bench wave number ' || i, c.language_code_ui,
        'published', case when i % 50 = 0 then 0 else 1 end, 5 + i % 120, ${created},
        (${created}) / 86400000, ${created}, ${views}, ${likes}, ${score}
      from (${seq(WAVES)}) as seq
      join (select id, home_team_id, row_number() over (order by id) - 1 as n from users
            where username_lower like 'bench-%') u on u.n = i % ${sql.lit(USERS)}
      join (select id, language_code_ui, row_number() over (order by id) - 1 as n from channels
            where channel_name_lower like 'bench-%') c on c.n = i % ${sql.lit(CHANNELS)}`.execute(
      k,
    );
    // The viewer follows 50 users (their likes and listens: benchViewer).
    await sql`insert into team_subscriptions (team_id, user_id, created_at)
      select t.id, (select id from users where username_lower = 'bench-1'), ${now}
      from teams t where t.team_name like 'bench-%' and t.team_name <> 'bench-1'
      order by t.id limit ${sql.lit(FOLLOWED)}`.execute(k);
    // As autovacuum would: statistics, and the visibility map that index-only scans rely on.
    if (pgsql) await sql`vacuum analyze`.execute(k);
    else await sql`analyze`.execute(k);
    console.log(
      `  ${target.dialect}: seeded ${WAVES.toLocaleString('en')} waves in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await db.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Servers in a child process (so the load generator has its own core).

/**
 * `app-logged`: the app with its own logger (level warn, to /dev/null) as production runs it,
 * which gives every request a child logger; the others run without a logger
 * (bench/api-lists-instructions.ts measures it).
 */
type ServerKind = 'static' | 'app' | 'app-bare' | 'app-logged';

async function serve(kind: ServerKind, target: Target | null, bodyFile: string, port: number) {
  if (kind === 'static') {
    // The honest limit: bare Fastify sending the newest page's own bytes as a static body,
    // and (for context) the JSON hello-world.
    const app = Fastify({ logger: false });
    const body = readFileSync(bodyFile);
    app.get('/', async () => ({ hello: 'world' }));
    app.get('/static', async (_request, reply) =>
      reply.type('application/json; charset=utf-8').send(body),
    );
    await app.listen({ port, host: '127.0.0.1' });
    return app.server.address();
  }
  if (!target) throw new Error('no target');
  const db = open(target);
  const { app, services } = await buildApp(configFor(target), {
    db,
    ...(kind === 'app-logged'
      ? { logStream: createWriteStream('/dev/null') }
      : { logger: false as const }),
    instrumentation: kind !== 'app-bare',
  });
  // bench/api-lists-instructions.ts: under valgrind a second is ~50× fewer requests, so the
  // page cache's re-read once a second would weigh ~50× more per request than at full speed.
  if (process.env.BENCH_LIST_CACHE_MS) {
    services.waveLists.setCacheMs(Number(process.env.BENCH_LIST_CACHE_MS));
  }
  await app.listen({ port, host: '127.0.0.1' });
  return app.server.address();
}

interface Child {
  process: ChildProcess;
  port: number;
  /** The server process's CPU time so far, in microseconds (user + system). */
  cpu(): Promise<number>;
}

/** The port of each kind of server with --port (0: a free one). */
const portOf = (kind: ServerKind) =>
  PORT === 0 ? 0 : PORT + (['static', 'app', 'app-bare', 'app-logged'] as const).indexOf(kind);

function startChild(kind: ServerKind, target: Target | null, bodyFile = ''): Promise<Child> {
  return new Promise((resolve, reject) => {
    const args = ['--serve', kind, JSON.stringify(target), bodyFile, String(portOf(kind))];
    const child = fork(self, args, {
      stdio: 'inherit',
    });
    child.once('message', (message) =>
      resolve({
        process: child,
        port: (message as { port: number }).port,
        cpu: () =>
          new Promise((answer) => {
            child.once('message', (usage) => answer((usage as { cpu: number }).cpu));
            child.send('cpu');
          }),
      }),
    );
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

/**
 * One load run: requests/s, and the server's CPU time per request, which other work on a
 * shared machine disturbs far less than requests/s (it is what requests/s becomes once the
 * server has a core to itself).
 */
async function load(
  server: Child,
  url: string,
  seconds: number,
  headers: Record<string, string> = {},
) {
  const before = await server.cpu();
  const result = await autocannon({ url, connections: 10, duration: seconds, headers });
  const cpu = (await server.cpu()) - before;
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx replies, ${result.errors} errors`);
  }
  return { rps: result.requests.average, cpuUs: cpu / Math.max(1, result.requests.total) };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** A session of the seeded viewer `bench-1` (who follows 50 users). */
async function benchViewer(target: Target) {
  const db = open(target);
  try {
    const { app, services } = await buildApp(configFor(target), { db, logger: false });
    const viewer = await db.kysely
      .selectFrom('users')
      .select('id')
      .where('username_lower', '=', 'bench-1')
      .executeTakeFirstOrThrow();
    // Likes and listens of this viewer: a fifth and a third of the newest English waves, so
    // signed-in pages carry flags as a real listener's do.
    const recent = await db.kysely
      .selectFrom('waves')
      .select('id')
      .where('listed', '=', 1)
      .where('language_code_ui', '=', 'en')
      .orderBy('id', 'desc')
      .limit(3000)
      .execute();
    const key = `u:${viewer.id}`;
    await db.kysely.deleteFrom('wave_likes').where('user_id', '=', viewer.id).execute();
    await db.kysely.deleteFrom('wave_views').where('viewer_key', '=', key).execute();
    const likes = recent.filter((_, index) => index % 5 === 0);
    const views = recent.filter((_, index) => index % 3 === 0);
    for (let start = 0; start < 3000; start += 200) {
      const liked = likes.slice(start, start + 200);
      const viewed = views.slice(start, start + 200);
      if (liked.length > 0) {
        await db.kysely
          .insertInto('wave_likes')
          .values(liked.map(({ id }) => ({ wave_id: id, user_id: viewer.id, created_at: BASE_MS })))
          .execute();
      }
      if (viewed.length > 0) {
        await db.kysely
          .insertInto('wave_views')
          .values(viewed.map(({ id }) => ({ wave_id: id, viewer_key: key, epoch_day: 20000 })))
          .execute();
      }
    }
    // As autovacuum would after this many changed rows: without it the planner takes the
    // viewer's likes and views for a handful of rows and reads all of them for every page.
    if (target.dialect === 'postgres') await sql`analyze wave_likes, wave_views`.execute(db.kysely);
    const { token } = await services.sessions.create(viewer.id, 'bench');
    await app.close();
    return { id: viewer.id, auth: { authorization: `Bearer ${token}` } };
  } finally {
    await db.close();
  }
}

/**
 * The servers run at once in child processes (the load generator has its own core) and are
 * measured in alternation, three rounds each, so a burst of other work on the machine does
 * not favour one of them; the medians are compared.
 */
async function throughput(target: Target, auth: Record<string, string>) {
  const app = await startChild('app', target);
  const bare = await startChild('app-bare', target);
  const route = '/api/v1/wave/wavelistpublicnewest/en';
  const newestUrl = `http://127.0.0.1:${app.port}${route}`;
  const page = Buffer.from(await (await fetch(newestUrl)).arrayBuffer());
  const bodyFile = path.join(CACHE, `page-${process.pid}.json`);
  writeFileSync(bodyFile, page);
  const fixed = await startChild('static', null, bodyFile);
  const runs = {
    hello: { server: fixed, url: `http://127.0.0.1:${fixed.port}/`, headers: {} },
    static: { server: fixed, url: `http://127.0.0.1:${fixed.port}/static`, headers: {} },
    newest: { server: app, url: newestUrl, headers: {} },
    signedIn: { server: app, url: newestUrl, headers: auth },
    bare: { server: bare, url: `http://127.0.0.1:${bare.port}${route}`, headers: {} },
  };
  type Name = keyof typeof runs;
  const names = Object.keys(runs) as Name[];
  try {
    for (const name of names) await load(runs[name].server, runs[name].url, 2, runs[name].headers);
    const rounds = Object.fromEntries(
      names.map((name) => [name, [] as { rps: number; cpuUs: number }[]]),
    ) as Record<Name, { rps: number; cpuUs: number }[]>;
    const each = Math.max(2, Math.round(SECONDS / 3));
    for (let round = 0; round < 3; round += 1) {
      for (const name of names) {
        rounds[name].push(await load(runs[name].server, runs[name].url, each, runs[name].headers));
      }
    }
    const pick = (measure: 'rps' | 'cpuUs') =>
      Object.fromEntries(
        names.map((name) => [name, median(rounds[name].map((run) => run[measure]))]),
      ) as Record<Name, number>;
    return { rps: pick('rps'), cpuUs: pick('cpuUs'), pageBytes: page.byteLength };
  } finally {
    for (const child of [app, bare, fixed]) child.process.kill();
    rmSync(bodyFile, { force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Server time per endpoint, in process: Fastify's own elapsed time (onRequest → response sent),
// and the process's CPU time over the same span. On a busy machine the elapsed time also counts
// the moments the scheduler gave the core to someone else; the CPU time does not, and for
// SQLite, where a request waits on nothing, it is the elapsed time a free core would give.

const requestCpuStart = new WeakMap<object, NodeJS.CpuUsage>();

async function serverTimes(target: Target, viewer: { id: number; auth: Record<string, string> }) {
  const db = open(target);
  const { app, services } = await buildApp(configFor(target), { db, logger: false });
  const times: number[] = [];
  const cpuTimes: number[] = [];
  app.addHook('onRequest', (request, _reply, done) => {
    requestCpuStart.set(request, process.cpuUsage());
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const start = requestCpuStart.get(request);
    if (start) {
      const used = process.cpuUsage(start);
      cpuTimes.push((used.user + used.system) / 1000);
    }
    times.push(reply.elapsedTime);
    done();
  });
  await app.ready();
  const k = db.kysely;
  const { auth } = viewer;
  const middle = await k
    .selectFrom('waves')
    .select(['id', 'trending_score', 'wave_name'])
    .where('listed', '=', 1)
    .where('language_code_ui', '=', 'en')
    .where('id', '>=', Math.floor(WAVES / 2))
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  const deepId = middle.id.toString(36);
  const deepScore = `${middle.trending_score}~${middle.id.toString(36)}`;

  const endpoints: [string, string, Record<string, string>][] = [
    ['newest (anonymous)', '/api/v1/wave/wavelistpublicnewest/en', {}],
    ['newest', '/api/v1/wave/wavelistpublicnewest/en', auth],
    ['newest, page at 50%', `/api/v1/wave/wavelistpublicnewest/en?after=${deepId}`, auth],
    ['trending', '/api/v1/wave/wavelistpublictrending/en', auth],
    ['trending, page at 50%', `/api/v1/wave/wavelistpublictrending/en?after=${deepScore}`, auth],
    ['following (50 users)', `/api/v1/wave/wavelistpublicfollowing/${viewer.id}`, auth],
    ['by username', '/api/v1/wave/wavelistpublicbyusername/bench-7', auth],
    ['by channel name', '/api/v1/wave/wavelistpublicbychannelname/bench-5', auth],
    ['thread', `/api/v1/wave/thread/${middle.wave_name}`, auth],
  ];
  /**
   * One request, then a turn of the event loop, as a server gets between requests from the
   * network. Without it a loop of injects on SQLite (no I/O anywhere) never leaves the
   * microtask queue: every reply's setImmediate (one per injected socket) stays queued with
   * its request, the heap grows by ~10 KB a request, and the p99 became the mark-compact
   * pauses of a heap of hundreds of MB, which no served request meets.
   */
  const request = async (url: string, headers: Record<string, string>) => {
    const reply = await app.inject({ method: 'GET', url, headers });
    await new Promise((resolve) => setImmediate(resolve));
    return reply;
  };
  const measure = async (url: string, headers: Record<string, string>) => {
    const first = await request(url, headers);
    if (first.statusCode !== 200) throw new Error(`${url}: ${first.statusCode} ${first.body}`);
    for (let i = 0; i < 200; i += 1) await request(url, headers);
    times.length = 0;
    cpuTimes.length = 0;
    // On PostgreSQL each request is followed by a bare round trip (`select 1`) through the same
    // pool, timed alike: the floor of a request that waits on the database, in the same second
    // and at the same load as the request it follows.
    const trips: number[] = [];
    for (let i = 0; i < 1000; i += 1) {
      await request(url, headers);
      if (target.dialect !== 'postgres') continue;
      const started = performance.now();
      await sql`select 1`.execute(k);
      trips.push(performance.now() - started);
      await new Promise((resolve) => setImmediate(resolve));
    }
    const quantile = (values: number[], q: number) => {
      const sorted = [...values].sort((a, b) => a - b);
      return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    };
    return {
      p50: quantile(times, 0.5),
      p99: quantile(times, 0.99),
      cpuP50: quantile(cpuTimes, 0.5),
      cpuP99: quantile(cpuTimes, 0.99),
      tripP99: trips.length > 0 ? quantile(trips, 0.99) : null,
    };
  };
  type Times = Awaited<ReturnType<typeof measure>>;
  const rows: (Times & { name: string; uncached: Times })[] = [];
  for (const [name, url, headers] of endpoints) {
    services.waveLists.setCacheMs(LIST_CACHE_MS);
    const cached = await measure(url, headers);
    // Every request reads the database: the cost when pages change all the time.
    services.waveLists.setCacheMs(0);
    const uncached = await measure(url, headers);
    rows.push({ name, ...cached, uncached });
  }
  await app.close();
  await db.close();
  return rows;
}

// ---------------------------------------------------------------------------------------------

const ms = (value: number, width: number) => `${value.toFixed(3).padStart(width)} ms`;

async function main() {
  const targets: Target[] = [];
  if (ONLY !== 'postgres') {
    targets.push({ dialect: 'sqlite', dataDir: path.join(CACHE, `sqlite-${WAVES}`) });
  }
  if (PG_URL && ONLY !== 'sqlite') {
    targets.push({
      dialect: 'postgres',
      dataDir: path.join(CACHE, `pg-${process.pid}`),
      databaseUrl: await benchSchemaUrl(PG_URL),
    });
  } else if (!PG_URL) {
    console.log('PostgreSQL skipped: set DATABASE_URL or TEST_DATABASE_URL to include it.');
  }
  for (const target of targets) mkdirSync(target.dataDir, { recursive: true });

  console.log(`Wave list endpoints with ${WAVES.toLocaleString('en')} waves`);
  console.log(
    `load before: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} on ${cpus().length} cores`,
  );
  const report: string[] = [];
  try {
    for (const target of targets) {
      await seed(target);
      const viewer = await benchViewer(target);
      const { rps, cpuUs, pageBytes } = await throughput(target, viewer.auth);
      const times = await serverTimes(target, viewer);
      /** Requests/s ratio, and the same from CPU time per request (what a free core would give). */
      const vs = (name: keyof typeof rps, base: keyof typeof rps) =>
        `${(rps[name] / rps[base]).toFixed(2)}× by req/s, ${(cpuUs[base] / cpuUs[name]).toFixed(2)}× by CPU per request`;
      const line = (label: string, name: keyof typeof rps) =>
        `  ${label.padEnd(34)} ${rps[name].toFixed(0).padStart(6)} req/s, ${cpuUs[name].toFixed(0).padStart(4)} µs CPU per request`;
      const ratio = Math.max(rps.newest / rps.static, cpuUs.static / cpuUs.newest);
      report.push(
        '',
        `${target.dialect} (load ${loadavg()[0]!.toFixed(2)} on ${cpus().length} cores)`,
        line(`static body (${(pageBytes / 1024).toFixed(1)} KB, bare Fastify)`, 'static'),
        line('JSON hello-world (bare Fastify)', 'hello'),
        line('newest, anonymous', 'newest'),
        line('newest, signed in', 'signedIn'),
        line('newest, no request ids or metrics', 'bare'),
        `  newest ÷ static body: ${vs('newest', 'static')} (target ≥ 0.85) ${ratio >= 0.85 ? 'OK' : 'BELOW TARGET'}`,
        `  signed in ÷ static body: ${vs('signedIn', 'static')}`,
        `  with ÷ without request ids and metrics: ${vs('newest', 'bare')}`,
        '  server time per endpoint (30 items, signed in unless noted; targets p50 ≤ 1 ms, p99 ≤ 5 ms):',
        '                             page cache (as served)                            no page cache              select 1',
        '                             elapsed                  CPU time                 elapsed                  after each',
        '                                p50          p99         p50          p99         p50          p99          p99',
        ...times.map(
          (row) =>
            `    ${row.name.padEnd(24)} ${ms(row.p50, 7)} ${ms(row.p99, 9)} ${ms(row.cpuP50, 8)} ${ms(row.cpuP99, 9)} ${ms(row.uncached.p50, 8)} ${ms(row.uncached.p99, 9)}` +
            (row.tripP99 === null ? '' : ` ${ms(row.tripP99, 9)}`) +
            (row.p50 <= 1 && row.p99 <= 5
              ? ''
              : // On PostgreSQL a request also waits for the database's own process.
                target.dialect === 'sqlite' && row.cpuP50 <= 1 && row.cpuP99 <= 5
                ? '   met by CPU time'
                : '   ABOVE TARGET'),
        ),
      );
    }
  } finally {
    if (PG_URL && ONLY !== 'sqlite' && !PG_KEEP) await dropSchema(PG_URL);
    for (const target of targets) {
      if (target.dialect === 'postgres') rmSync(target.dataDir, { recursive: true, force: true });
    }
  }
  console.log(report.join('\n'));
}

if (process.argv[2] === '--serve') {
  const kind = process.argv[3] as ServerKind;
  const target = JSON.parse(process.argv[4] ?? 'null') as Target | null;
  const address = await serve(kind, target, process.argv[5] ?? '', Number(process.argv[6] ?? 0));
  process.on('message', () => {
    const usage = process.cpuUsage();
    process.send?.({ cpu: usage.user + usage.system });
  });
  if (address && typeof address === 'object') process.send?.({ port: address.port });
} else {
  await main();
}
