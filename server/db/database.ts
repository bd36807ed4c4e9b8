import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type Migration } from 'kysely';
import pg from 'pg';
import { initialSchema } from './migrations/0001-initial.ts';
import { accountsIndexes } from './migrations/0002-accounts-indexes.ts';
import { listeningIndexes } from './migrations/0003-listening.ts';
import { recordingColumns } from './migrations/0004-recording.ts';
import { waveVideoColumns } from './migrations/0006-wave-videos.ts';
import { treasureHunt } from './migrations/0007-treasure-hunt.ts';
import { chatGroups } from './migrations/0010-chat-groups.ts';
import { fairJobs } from './migrations/0011-fair-jobs.ts';
import { sharedUploads } from './migrations/0009-shared-uploads.ts';
import type { DialectName } from './dialect.ts';
import type { Database } from './schema.ts';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

// int8 (epoch milliseconds, counts) as numbers, so rows read the same on both dialects.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

function migrationsFor(dialect: DialectName): Record<string, Migration> {
  return {
    '0001-initial': initialSchema(dialect),
    '0002-accounts-indexes': accountsIndexes,
    '0003-listening': listeningIndexes,
    '0004-recording': recordingColumns,
    '0006-wave-videos': waveVideoColumns,
    '0007-treasure-hunt': treasureHunt(dialect),
    '0009-shared-uploads': sharedUploads,
    '0010-chat-groups': chatGroups,
    '0011-fair-jobs': fairJobs,
  };
}

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** PostgreSQL schema to use (tests isolate themselves in a schema of their own). */
  pgSchema?: string;
}

export function openDatabase(options: DatabaseOptions): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    pool.on('connect', useNamedStatements);
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new SQLite(path.join(options.dataDir, 'waves.sqlite'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}

/**
 * Kysely prepares every query it runs, and better-sqlite3 compiles the SQL on each prepare():
 * reuse the compiled statement per SQL text (docs/budgets.md "List endpoints"). Safe with
 * Kysely's single-connection mutex: a statement is never run twice at once.
 */
function withStatementCache(sqlite: SQLite.Database, max = 500): SQLite.Database {
  const statements = new Map<string, SQLite.Statement>();
  const prepare = (source: string) => {
    let statement = statements.get(source);
    if (!statement) {
      statement = sqlite.prepare(source);
      if (statements.size >= max) statements.delete(statements.keys().next().value ?? '');
      statements.set(source, statement);
    }
    return statement;
  };
  return new Proxy(sqlite, {
    get(target, property) {
      if (property === 'prepare') return prepare;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const statementNames = new Map<string, string>();

/**
 * pg sends unnamed statements, so PostgreSQL parses and analyses every query again. Named
 * statements are parsed once per connection (docs/budgets.md "List endpoints"). Their
 * plans are still made for each execution's values (`plan_cache_mode=force_custom_plan`):
 * a generic plan cannot tell a channel with ten waves from one with a million, and would walk
 * the primary key through the whole table for the small one. One name per SQL text,
 * process-wide; past a few thousand distinct texts, queries stay unnamed.
 */
function useNamedStatements(client: pg.PoolClient) {
  // Queued before any query of the pool's user; plans always for the actual values.
  client.query('set plan_cache_mode = force_custom_plan').catch(() => undefined);
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    if (args.length === 2 && typeof text === 'string' && Array.isArray(values)) {
      let name = statementNames.get(text);
      if (name === undefined && statementNames.size < 5000) {
        name = `waves_${statementNames.size + 1}`;
        statementNames.set(text, name);
      }
      if (name !== undefined) return query({ name, text, values });
    }
    return query(...args);
  };
}

/** Brings the schema up to date; runs at every start on both dialects. */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrations = migrationsFor(db.dialect);
  // Kysely looks for its bookkeeping tables in every schema unless told which: another
  // installation (or test) in the same PostgreSQL database must not be mistaken for ours.
  const schema =
    db.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely))
          .rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => migrations },
    // Features land in parallel and their migrations are numbered when they start, so an
    // installation may meet a lower number after a higher one; each migration stands alone.
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}`, {
      cause: error,
    });
  }
}
