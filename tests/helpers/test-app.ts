import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import type { DialectName } from '../../server/db/dialect.ts';
import { manualClock } from '../../server/kernel/clock.ts';

export const dialects: DialectName[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

/** Runs a suite once per database the machine offers (SQLite always, PostgreSQL when set). */
export function describeEachDatabase(name: string, suite: (dialect: DialectName) => void) {
  for (const dialect of dialects) describe(`${name} [${dialect}]`, () => suite(dialect));
}

export interface TestAppOptions {
  env?: Record<string, string>;
  clockStart?: number;
  /** The app logs here (at LOG_LEVEL) instead of being silent. */
  logStream?: NodeJS.WritableStream;
  /** Extra routes registered before the app is ready (error-path probes). */
  register?: (app: Awaited<ReturnType<typeof buildApp>>['app']) => void;
}

/**
 * A real app on a fresh database: a temporary DATA_DIR for SQLite, or a schema of its own in
 * the PostgreSQL test database (dropped again by `close`).
 */
export async function createTestApp(dialect: DialectName, options: TestAppOptions = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'waves-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    PUBLIC_URL: 'http://localhost:8080',
    STATIC_DIR: path.join(dataDir, 'no-build'),
    // Portrait videos cost seconds of CPU per wave: only the tests of videos turn them on.
    WAVE_VIDEOS: 'false',
    // A loaded test machine stalls event loops at random: only the load-shedding test sheds.
    SHED_EVENT_LOOP_DELAY_MS: '0',
    ...options.env,
  });
  let pgSchema: string | undefined;
  const databaseUrl = dialect === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (databaseUrl) {
    pgSchema = `test_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`create schema ${pgSchema}`);
    await client.end();
  }
  const db = openDatabase({ dataDir, databaseUrl, ...(pgSchema ? { pgSchema } : {}) });
  const clock = manualClock(options.clockStart);
  const { app, services } = await buildApp(config, {
    db,
    clock,
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
  });
  options.register?.(app);
  await app.ready();

  return {
    app,
    services,
    db,
    clock,
    config,
    dataDir,
    async close() {
      await app.close();
      await db.close();
      if (databaseUrl && pgSchema) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query(`drop schema ${pgSchema} cascade`);
        await client.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
