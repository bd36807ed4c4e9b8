import { sql, type Kysely, type Selectable } from 'kysely';
import type { DialectName } from '../dialect.ts';
import type { Database, JobsTable } from '../schema.ts';

export type JobRow = Selectable<JobsTable>;

export interface NewJob {
  kind: string;
  payload: string;
  runAt: number;
  maxAttempts: number;
  /** At most one job ever exists per key (a second enqueue is ignored). */
  dedupeKey: string | null;
  /** One running job per owner and lane (docs/decisions.md "Jobs"). */
  ownerKey?: string | null;
  /** Known to be long: express slots never take it. */
  long?: boolean;
  now: number;
}

export interface ClaimOptions {
  /** An express slot: only jobs not known to be long. */
  expressOnly?: boolean;
}

/**
 * The durable job queue's table. A job is `queued` until a worker claims it (`running`, with a
 * lease in `locked_until` that the worker keeps extending), then `done` or `failed`. A running
 * job whose lease expired belongs to a worker that died: the next claim takes it over.
 */
export function jobsRepository(db: Kysely<Database>, dialect: DialectName) {
  return {
    /** True when the job was inserted, false when its dedupe key already exists. */
    async insert(job: NewJob): Promise<boolean> {
      const result = await db
        .insertInto('jobs')
        .values({
          kind: job.kind,
          payload: job.payload,
          state: 'queued',
          run_at: job.runAt,
          max_attempts: job.maxAttempts,
          dedupe_key: job.dedupeKey,
          owner_key: job.ownerKey ?? null,
          long_running: job.long ? 1 : 0,
          created_at: job.now,
          updated_at: job.now,
        })
        .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /**
     * Claims the next due job of these kinds in one statement: the oldest queued job whose
     * time has come, or a running job whose lease expired. PostgreSQL skips rows another worker
     * is claiming (FOR UPDATE SKIP LOCKED); SQLite runs one writer at a time. A job whose
     * owner already has a job of these kinds running (lease held) waits: one owner cannot fill
     * every slot. So that two claims at the same moment see each other's owners, claims on
     * PostgreSQL take turns on a transaction-scoped advisory lock (a claim takes milliseconds).
     */
    async claim(
      kinds: readonly string[],
      workerId: string,
      now: number,
      leaseMs: number,
      options: ClaimOptions = {},
    ): Promise<JobRow | undefined> {
      if (kinds.length === 0) return undefined;
      if (dialect === 'postgres') {
        return db.transaction().execute(async (trx) => {
          await sql`select pg_advisory_xact_lock(${CLAIM_LOCK})`.execute(trx);
          return claimStatement(
            trx,
            dialect,
            kinds,
            workerId,
            now,
            leaseMs,
            options,
          ).executeTakeFirst();
        });
      }
      return claimStatement(db, dialect, kinds, workerId, now, leaseMs, options).executeTakeFirst();
    },

    /** Extends a lease; false when the job is no longer this worker's (it was taken over). */
    async extendLease(id: number, workerId: string, lockedUntil: number, now: number) {
      const result = await db
        .updateTable('jobs')
        .set({ locked_until: lockedUntil, updated_at: now })
        .where('id', '=', id)
        .where('state', '=', 'running')
        .where('locked_by', '=', workerId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Finishes a claimed job (`done`, or `failed` for good); false when it was taken over. */
    async finish(
      id: number,
      workerId: string,
      state: 'done' | 'failed',
      lastError: string | null,
      now: number,
    ) {
      const result = await db
        .updateTable('jobs')
        .set({ state, locked_by: null, locked_until: null, last_error: lastError, updated_at: now })
        .where('id', '=', id)
        .where('locked_by', '=', workerId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Puts a claimed job back in the queue for `runAt` (a retry after backoff, or a release). */
    async requeue(
      id: number,
      workerId: string,
      runAt: number,
      lastError: string | null,
      now: number,
      options: { refundAttempt?: boolean; markLong?: boolean } = {},
    ) {
      const result = await db
        .updateTable('jobs')
        .set((eb) => ({
          state: 'queued',
          run_at: runAt,
          locked_by: null,
          locked_until: null,
          last_error: lastError,
          updated_at: now,
          ...(options.refundAttempt ? { attempts: eb('attempts', '-', 1) } : {}),
          ...(options.markLong ? { long_running: 1 } : {}),
        }))
        .where('id', '=', id)
        .where('locked_by', '=', workerId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Ends the leases of every running job of workers whose id starts with `workerIdPrefix`
     * (a process known to be dead): the next claim takes them over without waiting for the
     * lease to run out. Returns how many.
     */
    async expireLeasesOf(workerIdPrefix: string, now: number) {
      const result = await db
        .updateTable('jobs')
        .set({ locked_until: 0, updated_at: now })
        .where('state', '=', 'running')
        .where('locked_by', 'like', `${workerIdPrefix.replace(/[%_\\]/g, '_')}%`)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    findById(id: number) {
      return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findByDedupeKey(key: string) {
      return db.selectFrom('jobs').selectAll().where('dedupe_key', '=', key).executeTakeFirst();
    },

    /** Payloads of the jobs of a kind that may still run (queued or running). */
    async openPayloads(kind: string): Promise<string[]> {
      const rows = await db
        .selectFrom('jobs')
        .select('payload')
        .where('kind', '=', kind)
        .where('state', 'in', ['queued', 'running'])
        .execute();
      return rows.map((row) => row.payload);
    },

    /** Per kind: jobs due now and waiting, and when the oldest of them became due. */
    async dueByKind(now: number) {
      const rows = await db
        .selectFrom('jobs')
        .select((eb) => [
          'kind',
          eb.fn.countAll<number>().as('due'),
          eb.fn.min('run_at').as('oldest'),
        ])
        .where('state', '=', 'queued')
        .where('run_at', '<=', now)
        .groupBy('kind')
        .execute();
      return rows.map((row) => ({
        kind: row.kind,
        due: Number(row.due),
        oldestRunAt: Number(row.oldest),
      }));
    },

    /** Removes finished jobs last touched before `before`. */
    async deleteFinishedBefore(before: number) {
      await db
        .deleteFrom('jobs')
        .where('state', 'in', ['done', 'failed'])
        .where('updated_at', '<', before)
        .execute();
    },
  };
}

/** Any number: the advisory lock PostgreSQL claims take turns on. */
const CLAIM_LOCK = 7_310_020;

/** The claim's one UPDATE … RETURNING (see `claim`). */
function claimStatement(
  db: Kysely<Database>,
  dialect: DialectName,
  kinds: readonly string[],
  workerId: string,
  now: number,
  leaseMs: number,
  options: ClaimOptions,
) {
  return db
    .updateTable('jobs')
    .set((eb) => ({
      state: 'running',
      locked_by: workerId,
      locked_until: now + leaseMs,
      attempts: eb('attempts', '+', 1),
      updated_at: now,
    }))
    .where('id', '=', (eb) => {
      let next = eb
        .selectFrom('jobs')
        .select('id')
        .where('kind', 'in', [...kinds])
        .where((w) =>
          w.or([
            w.and([w('state', '=', 'queued'), w('run_at', '<=', now)]),
            w.and([w('state', '=', 'running'), w('locked_until', '<', now)]),
          ]),
        )
        .where((w) =>
          w.or([
            w('owner_key', 'is', null),
            w.not(
              w.exists(
                w
                  .selectFrom('jobs as busy')
                  .select('busy.id')
                  .whereRef('busy.owner_key', '=', 'jobs.owner_key')
                  .whereRef('busy.id', '!=', 'jobs.id')
                  .where('busy.kind', 'in', [...kinds])
                  .where('busy.state', '=', 'running')
                  .where('busy.locked_until', '>=', now),
              ),
            ),
          ]),
        );
      if (options.expressOnly) next = next.where('long_running', '=', 0);
      next = next.orderBy('run_at').orderBy('id').limit(1);
      if (dialect === 'postgres') next = next.forUpdate().skipLocked();
      return next;
    })
    .returningAll();
}
