// Wave list endpoints against docs/budgets.md "List endpoints", with 1,000,000 waves:
//  1. requests/s of the newest list as a ratio to a bare Fastify JSON hello-world, measured in
//     the same run with the same load generator (target ≥ 0.6);
//  2. p50 server time of every list endpoint (target ≤ 2 ms),
// on SQLite, and on PostgreSQL when DATABASE_URL or TEST_DATABASE_URL is set.
//
//   npx tsx bench/api-lists.ts [--waves=1000000] [--seconds=10] [--only=sqlite|postgres]
//
// The seeded databases are kept (bench/.out/, and a PostgreSQL database `waves_bench` beside
// the given one, so the tests' database stays clean) and reused by the next run when they
// hold the same number of waves.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
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
const USERS = 2000;
const CHANNELS = 40;
const FOLLOWED = 50;
const PG_DATABASE = 'waves_bench';
const PG_URL = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const OUT = path.resolve('bench/.out/api-lists');
const BASE_MS = Date.UTC(2025, 0, 1);

interface Target {
  dialect: DialectName;
  dataDir: string;
  databaseUrl?: string | undefined;
  pgSchema?: string | undefined;
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
  });
}

function open(target: Target): Db {
  return openDatabase({
    dataDir: target.dataDir,
    databaseUrl: target.databaseUrl,
    ...(target.pgSchema ? { pgSchema: target.pgSchema } : {}),
  });
}

// ---------------------------------------------------------------------------------------------
// Seeding: set-based SQL (a recursive CTE on SQLite, generate_series on PostgreSQL).

/** The bench's own database on the server of `url` (created when missing). */
async function benchDatabaseUrl(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [PG_DATABASE]);
  if (exists.rowCount === 0) await client.query(`create database ${PG_DATABASE}`);
  await client.end();
  const bench = new URL(url);
  bench.pathname = `/${PG_DATABASE}`;
  return bench.toString();
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
    // The viewer follows 50 users and has liked and listened to some waves.
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

async function serve(kind: 'hello' | 'app', target: Target | null, staticBytes: number) {
  if (kind === 'hello') {
    // The bare hello-world, and (for context) a static body as large as the list page.
    const app = Fastify({ logger: false });
    const body = Buffer.from(JSON.stringify({ data: 'x'.repeat(Math.max(0, staticBytes - 11)) }));
    app.get('/', async () => ({ hello: 'world' }));
    app.get('/static', async (_request, reply) =>
      reply.type('application/json; charset=utf-8').send(body),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    return app.server.address();
  }
  if (!target) throw new Error('no target');
  const db = open(target);
  const { app } = await buildApp(configFor(target), { db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app.server.address();
}

function startChild(
  kind: 'hello' | 'app',
  target: Target | null,
  staticBytes = 0,
): Promise<[ChildProcess, number]> {
  return new Promise((resolve, reject) => {
    const child = fork(self, ['--serve', kind, JSON.stringify(target), String(staticBytes)], {
      stdio: 'inherit',
    });
    child.once('message', (message) => resolve([child, (message as { port: number }).port]));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

async function load(url: string, seconds: number) {
  const result = await autocannon({ url, connections: 10, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx replies, ${result.errors} errors`);
  }
  return result.requests.average;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * Both servers run at once in child processes (the load generator has its own core) and are
 * measured in alternation, three rounds each, so a burst of other work on the machine does
 * not favour one of them; the medians are compared.
 */
async function throughput(target: Target) {
  const [app, appPort] = await startChild('app', target);
  const newestUrl = `http://127.0.0.1:${appPort}/api/v1/wave/wavelistpublicnewest/en`;
  const pageBytes = (await (await fetch(newestUrl)).arrayBuffer()).byteLength;
  const [hello, helloPort] = await startChild('hello', null, pageBytes);
  const helloUrl = `http://127.0.0.1:${helloPort}/`;
  const staticUrl = `http://127.0.0.1:${helloPort}/static`;
  try {
    for (const url of [helloUrl, newestUrl, staticUrl]) await load(url, 2); // warm-up
    const rounds = { hello: [] as number[], newest: [] as number[], static: [] as number[] };
    const each = Math.max(2, Math.round(SECONDS / 3));
    for (let round = 0; round < 3; round += 1) {
      rounds.hello.push(await load(helloUrl, each));
      rounds.newest.push(await load(newestUrl, each));
      rounds.static.push(await load(staticUrl, each));
    }
    const result = {
      hello: median(rounds.hello),
      newest: median(rounds.newest),
      staticBody: median(rounds.static),
      pageBytes,
    };
    return { ...result, ratio: result.newest / result.hello };
  } finally {
    app.kill();
    hello.kill();
  }
}

// ---------------------------------------------------------------------------------------------
// Server time per endpoint: Fastify's own elapsed time (onRequest → response sent), in process.

async function serverTimes(target: Target) {
  const db = open(target);
  const { app, services } = await buildApp(configFor(target), { db, logger: false });
  const times: number[] = [];
  app.addHook('onResponse', async (_request, reply) => {
    times.push(reply.elapsedTime);
  });
  await app.ready();
  const k = db.kysely;
  const viewer = await k
    .selectFrom('users')
    .select('id')
    .where('username_lower', '=', 'bench-1')
    .executeTakeFirstOrThrow();
  const { token } = await services.sessions.create(viewer.id, 'bench');
  const auth = { authorization: `Bearer ${token}` };
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
  const measure = async (url: string, headers: Record<string, string>) => {
    const first = await app.inject({ method: 'GET', url, headers });
    if (first.statusCode !== 200) throw new Error(`${url}: ${first.statusCode} ${first.body}`);
    for (let i = 0; i < 200; i += 1) await app.inject({ method: 'GET', url, headers });
    times.length = 0;
    for (let i = 0; i < 1000; i += 1) await app.inject({ method: 'GET', url, headers });
    const sorted = [...times].sort((a, b) => a - b);
    const at = (q: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    return { p50: at(0.5), p99: at(0.99) };
  };
  const rows: { name: string; p50: number; p99: number; uncachedP50: number }[] = [];
  for (const [name, url, headers] of endpoints) {
    services.waveLists.setCacheMs(LIST_CACHE_MS);
    const cached = await measure(url, headers);
    // Every request reads the database: the cost when pages change all the time.
    services.waveLists.setCacheMs(0);
    const uncached = await measure(url, headers);
    rows.push({ name, ...cached, uncachedP50: uncached.p50 });
  }
  await app.close();
  await db.close();
  return rows;
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const targets: Target[] = [];
  if (ONLY !== 'postgres') {
    targets.push({ dialect: 'sqlite', dataDir: path.join(OUT, `sqlite-${WAVES}`) });
  }
  if (PG_URL && ONLY !== 'sqlite') {
    targets.push({
      dialect: 'postgres',
      dataDir: path.join(OUT, 'pg'),
      databaseUrl: await benchDatabaseUrl(PG_URL),
    });
  } else if (!PG_URL) {
    console.log('PostgreSQL skipped: set DATABASE_URL or TEST_DATABASE_URL to include it.');
  }
  for (const target of targets) mkdirSync(target.dataDir, { recursive: true });

  console.log(`Wave list endpoints with ${WAVES.toLocaleString('en')} waves`);
  const report: string[] = [];
  for (const target of targets) {
    await seed(target);
    const rps = await throughput(target);
    const times = await serverTimes(target);
    report.push(
      '',
      `${target.dialect}`,
      `  newest list ${rps.newest.toFixed(0)} req/s vs bare Fastify hello-world ${rps.hello.toFixed(0)} req/s` +
        ` → ratio ${rps.ratio.toFixed(2)} (target ≥ 0.60) ${rps.ratio >= 0.6 ? 'OK' : 'BELOW TARGET'}`,
      `  (context: bare Fastify sending a static ${(rps.pageBytes / 1024).toFixed(1)} KB body, the size of the` +
        ` page: ${rps.staticBody.toFixed(0)} req/s → newest is ${(rps.newest / rps.staticBody).toFixed(2)} of that)`,
      '  server time per endpoint (30 items, signed-in caller unless noted; target p50 ≤ 2 ms):',
      '                             p50 (page cache)  p99 (page cache)  p50 (no page cache)',
      ...times.map(
        (row) =>
          `    ${row.name.padEnd(24)} ${row.p50.toFixed(3).padStart(8)} ms ${row.p99.toFixed(3).padStart(14)} ms` +
          ` ${row.uncachedP50.toFixed(3).padStart(16)} ms` +
          `${Math.max(row.p50, row.uncachedP50) <= 2 ? '' : '   ABOVE TARGET'}`,
      ),
    );
  }
  console.log(report.join('\n'));
}

if (process.argv[2] === '--serve') {
  const kind = process.argv[3] as 'hello' | 'app';
  const target = JSON.parse(process.argv[4] ?? 'null') as Target | null;
  const address = await serve(kind, target, Number(process.argv[5] ?? 0));
  if (address && typeof address === 'object') process.send?.({ port: address.port });
} else {
  await main();
}
