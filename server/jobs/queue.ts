import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Db } from '../db/database.ts';
import { jobsRepository, type JobRow } from '../db/repositories/jobs-repository.ts';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../kernel/clock.ts';

/**
 * A durable job queue on the `jobs` table, the same code on SQLite and PostgreSQL.
 *
 * - Durable: a job is a row, written in the same transaction as the change that needs it.
 * - At least once: a worker claims a job with a lease (`locked_until`) that it extends while
 *   the handler runs; when the worker dies (kill -9, a crash, a lost machine) the lease runs
 *   out and the next claim, in any process, takes the job over. Handlers must be idempotent.
 * - Retries with exponential backoff up to `maxAttempts`; an attempt is counted when the job is
 *   claimed, so a job that keeps killing its worker also ends. Then `onGiveUp` runs (e.g. the
 *   wave is marked failed with a reason) and the job stays `failed`.
 * - No double processing: a claim is one UPDATE of the oldest due row, which PostgreSQL picks
 *   with FOR UPDATE SKIP LOCKED (concurrent workers skip each other's rows) and SQLite runs
 *   with one writer at a time; completing requires still holding the lease.
 * - In the API process by default (JOBS_IN_PROCESS), or in `npm run worker` processes.
 * - Two lanes: each worker runs `concurrency` slots for the jobs people wait for, and one slot
 *   of its own for background kinds (docs/decisions.md "Jobs").
 * - Fair: one more slot per worker, the express slot, takes only jobs people wait for that are
 *   not known to be long; a job that outruns EXPRESS_BUDGET_MS there goes back to the queue
 *   marked long, for the ordinary slots. And an owner (a member) runs one job of a lane at a
 *   time, so one person's uploads never fill every slot.
 */
export interface JobContext {
  jobId: number;
  /** 1 for the first attempt. */
  attempt: number;
  /** Aborted when the worker stops or loses the job's lease: stop work (kill ffmpeg). */
  signal: AbortSignal;
}

export interface JobDefinition<P> {
  kind: string;
  /** Validates a stored payload (rows outlive code versions). */
  parse(payload: unknown): P;
  run(payload: P, context: JobContext): Promise<void>;
  /** Runs once when the last attempt failed: record the failure where users see it. */
  onGiveUp?(payload: P, error: string): Promise<void>;
  maxAttempts?: number;
  /** How long a claim lasts without a heartbeat (default 60 s; heartbeats every third). */
  leaseMs?: number;
  /** A periodic job: enqueued once per interval by whichever worker gets there first. */
  everyMs?: number;
  /**
   * Background work (the portrait videos): run by one extra slot of each worker, never in the
   * slots of the other jobs, so a long render never delays a transcode that someone waits for.
   */
  background?: boolean;
}

export interface EnqueueOptions {
  /** A second job with the same key is ignored (even after the first one finished). */
  dedupeKey?: string;
  delayMs?: number;
  maxAttempts?: number;
  /** Insert in this transaction, so the job exists exactly when the change that needs it does. */
  trx?: Kysely<Database>;
  /** Who the work is for: one running job per owner and lane (e.g. `user:12`). */
  owner?: string | null;
  /** Known to be long (a large file, a long declared duration): express slots skip it. */
  long?: boolean;
}

export interface WorkerOptions {
  /** Jobs run at once in this process (transcodes are CPU-bound: 1 per core at most). */
  concurrency?: number;
  /** How often an idle worker looks for jobs written by other processes. */
  pollMs?: number;
  /** Run the express slot (default true). */
  express?: boolean;
  /** How long a job may run in the express slot before it is handed back as long. */
  expressBudgetMs?: number;
  /**
   * The start of this worker's id: the process scratch's id (kernel/process-scratch.ts), so
   * that a process that finds this one dead can end its leases at once.
   */
  idPrefix?: string;
}

export interface RunningWorker {
  readonly id: string;
  /** Stops claiming, aborts running jobs and puts them back in the queue. */
  stop(): Promise<void>;
}

export interface JobLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

const DEFAULT_LEASE_MS = 60_000;
const DEFAULT_MAX_ATTEMPTS = 5;
const BACKOFF_BASE_MS = 5_000;
const BACKOFF_MAX_MS = 10 * 60_000;
const KEEP_FINISHED_MS = 7 * 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;
/**
 * What a job may take in the express slot: a short recording transcodes in well under a second,
 * a guest's 10 minutes in about five; longer work belongs to the ordinary slots.
 */
export const EXPRESS_BUDGET_MS = 10_000;

/** Delay before retry number `attempt` (1-based): 5 s, 10 s, 20 s … at most 10 min, ±20 %. */
export function backoffMs(attempt: number, random = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

class Shutdown extends Error {}
class LeaseLost extends Error {}
class Demoted extends Error {}

/** Which jobs a slot takes: ordinary, express (not known to be long) or background. */
type Lane = 'ordinary' | 'express' | 'background';

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 2000);
}

export function jobQueue(deps: { db: Db; clock: Clock; log?: JobLog | null }) {
  const { db, clock } = deps;
  const log = deps.log ?? null;
  const jobs = jobsRepository(db.kysely, db.dialect);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry of differently typed definitions
  const definitions = new Map<string, JobDefinition<any>>();
  const sleepers = new Set<() => void>();

  const wake = () => {
    for (const resume of [...sleepers]) resume();
  };

  async function enqueue(kind: string, payload: unknown, options: EnqueueOptions = {}) {
    const now = clock.now();
    const repository = options.trx ? jobsRepository(options.trx, db.dialect) : jobs;
    const inserted = await repository.insert({
      kind,
      payload: JSON.stringify(payload),
      runAt: now + (options.delayMs ?? 0),
      maxAttempts:
        options.maxAttempts ?? definitions.get(kind)?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      dedupeKey: options.dedupeKey ?? null,
      ownerKey: options.owner ?? null,
      long: options.long ?? false,
      now,
    });
    // In a transaction the row is visible after the commit; the caller wakes the worker then.
    if (!options.trx) wake();
    return inserted;
  }

  /** Runs one claimed job to its end: done, retried later, given up, or handed back. */
  async function execute(
    job: JobRow,
    workerId: string,
    stopSignal: AbortSignal,
    expressBudgetMs: number | null = null,
  ) {
    const definition = definitions.get(job.kind);
    if (!definition) return;
    if (stopSignal.aborted) {
      // Claimed while the worker began to stop (a claim waiting its turn): hand it back unrun.
      await jobs.requeue(job.id, workerId, clock.now(), job.last_error, clock.now(), {
        refundAttempt: true,
      });
      return;
    }
    const leaseMs = definition.leaseMs ?? DEFAULT_LEASE_MS;

    let payload: unknown;
    try {
      payload = definition.parse(JSON.parse(job.payload));
    } catch (error) {
      log?.error({ err: error, jobId: job.id, kind: job.kind }, 'job payload is invalid');
      await jobs.finish(
        job.id,
        workerId,
        'failed',
        `invalid payload: ${messageOf(error)}`,
        clock.now(),
      );
      return;
    }

    const giveUp = async (reason: string) => {
      try {
        await definition.onGiveUp?.(payload, reason);
        await jobs.finish(job.id, workerId, 'failed', reason, clock.now());
        log?.error({ jobId: job.id, kind: job.kind, reason }, 'job failed for good');
      } catch (error) {
        // Could not even record the failure (database away?): try again later.
        await jobs
          .requeue(job.id, workerId, clock.now() + backoffMs(job.attempts), reason, clock.now())
          .catch(() => undefined);
        log?.error({ err: error, jobId: job.id }, 'recording a job failure failed');
      }
    };

    if (job.attempts > job.max_attempts) {
      // Its previous workers died while running it, as often as it may be tried.
      await giveUp(job.last_error ?? 'the worker running this job stopped responding');
      return;
    }

    const controller = new AbortController();
    const onStop = () => controller.abort(new Shutdown('worker stopping'));
    if (stopSignal.aborted) onStop();
    else stopSignal.addEventListener('abort', onStop, { once: true });
    const heartbeat = setInterval(
      () => {
        const now = clock.now();
        jobs
          .extendLease(job.id, workerId, now + leaseMs, now)
          .then((held) => {
            if (!held) controller.abort(new LeaseLost('the job was taken over'));
          })
          .catch((error: unknown) => log?.error({ err: error, jobId: job.id }, 'lease heartbeat'));
      },
      Math.max(50, Math.floor(leaseMs / 3)),
    );
    heartbeat.unref();
    const budget =
      expressBudgetMs === null
        ? undefined
        : setTimeout(
            () => controller.abort(new Demoted('too long for the express slot')),
            expressBudgetMs,
          );

    try {
      await definition.run(payload, {
        jobId: job.id,
        attempt: job.attempts,
        signal: controller.signal,
      });
      await jobs.finish(job.id, workerId, 'done', null, clock.now());
    } catch (error) {
      const reason = controller.signal.reason as unknown;
      if (reason instanceof Demoted) {
        // Not the job's fault either: the ordinary slots take it over, attempt refunded.
        await jobs.requeue(job.id, workerId, clock.now(), job.last_error, clock.now(), {
          refundAttempt: true,
          markLong: true,
        });
        log?.info({ jobId: job.id, kind: job.kind }, 'long job left the express slot');
      } else if (reason instanceof Shutdown) {
        // Not the job's fault: back to the queue at once, attempt refunded.
        await jobs.requeue(job.id, workerId, clock.now(), job.last_error, clock.now(), {
          refundAttempt: true,
        });
      } else if (reason instanceof LeaseLost) {
        log?.error({ jobId: job.id }, 'job lease lost; another worker has it');
      } else if (job.attempts >= job.max_attempts) {
        await giveUp(messageOf(error));
      } else {
        const retryAt = clock.now() + backoffMs(job.attempts);
        await jobs.requeue(job.id, workerId, retryAt, messageOf(error), clock.now());
        log?.error({ err: error, jobId: job.id, kind: job.kind }, 'job failed; retrying later');
      }
    } finally {
      clearInterval(heartbeat);
      clearTimeout(budget);
      stopSignal.removeEventListener('abort', onStop);
    }
  }

  /** The defined kinds of one lane. */
  const laneOf = (background: boolean) =>
    [...definitions.values()].filter((d) => (d.background === true) === background);

  async function claimNext(workerId: string, slot: Lane) {
    const lane = laneOf(slot === 'background');
    if (lane.length === 0) return undefined;
    const now = clock.now();
    // The shortest lease of the lane's kinds keeps the claim conservative.
    const leaseMs = Math.min(...lane.map((d) => d.leaseMs ?? DEFAULT_LEASE_MS), DEFAULT_LEASE_MS);
    return jobs.claim(
      lane.map((d) => d.kind),
      workerId,
      now,
      leaseMs,
      { expressOnly: slot === 'express' },
    );
  }

  const lastScheduled = new Map<string, number>();
  let lastPrune = Number.NEGATIVE_INFINITY;
  async function housekeeping() {
    const now = clock.now();
    for (const definition of definitions.values()) {
      if (!definition.everyMs) continue;
      const bucket = Math.floor(now / definition.everyMs);
      if (lastScheduled.get(definition.kind) === bucket) continue;
      lastScheduled.set(definition.kind, bucket);
      await enqueue(definition.kind, {}, { dedupeKey: `${definition.kind}:${bucket}` });
    }
    if (now - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = now;
      await jobs.deleteFinishedBefore(now - KEEP_FINISHED_MS);
    }
  }

  return {
    /** Registers a kind of job this process can run. */
    define<P>(definition: JobDefinition<P>) {
      definitions.set(definition.kind, definition);
    },

    enqueue,

    /** Tells idle workers of this process to look now (after a transaction that enqueued). */
    wake,

    /** The job row with this dedupe key (tests and diagnostics). */
    findByDedupeKey: (key: string) => jobs.findByDedupeKey(key),

    /** Jobs due and waiting per kind, with the oldest one's wait (the /metrics gauges). */
    async queueStats() {
      const now = clock.now();
      return (await jobs.dueByKind(now)).map((row) => ({
        kind: row.kind,
        due: row.due,
        oldestAgeSeconds: Math.max(0, (now - row.oldestRunAt) / 1000),
      }));
    },

    /**
     * Ends the leases of the jobs a dead process held (its workers' ids start with
     * `processId`): they run again at the next claim. Wakes this process's workers.
     */
    async releaseJobsOf(processId: string) {
      const released = await jobs.expireLeasesOf(`${processId}:`, clock.now());
      if (released > 0) wake();
      return released;
    },

    /** Payloads of queued or running jobs of a kind (cleanup keeps their files). */
    openPayloads: (kind: string) => jobs.openPayloads(kind),

    /**
     * Runs every job that is due now, one after the other, in this process (tests, one-off
     * scripts). Returns how many ran.
     */
    async runDue(workerId = `inline-${randomBytes(4).toString('hex')}`): Promise<number> {
      let count = 0;
      const never = new AbortController().signal;
      const next = async () =>
        (await claimNext(workerId, 'ordinary')) ?? (await claimNext(workerId, 'background'));
      for (let job = await next(); job; job = await next()) {
        await execute(job, workerId, never);
        count += 1;
      }
      return count;
    },

    /** Starts polling workers in this process. */
    start(options: WorkerOptions = {}): RunningWorker {
      const prefix = options.idPrefix ?? `${hostname()}:${process.pid}`;
      const id = `${prefix}:${randomBytes(4).toString('hex')}`;
      const pollMs = options.pollMs ?? 1000;
      const stopping = new AbortController();
      const sleep = () =>
        new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            sleepers.delete(done);
            stopping.signal.removeEventListener('abort', done);
            resolve();
          };
          const timer = setTimeout(done, pollMs);
          sleepers.add(done);
          stopping.signal.addEventListener('abort', done, { once: true });
        });

      const expressBudgetMs = options.expressBudgetMs ?? EXPRESS_BUDGET_MS;
      const loop = async (slot: number, lane: Lane = 'ordinary') => {
        while (!stopping.signal.aborted) {
          try {
            if (slot === 0) await housekeeping();
            const job = await claimNext(id, lane);
            if (job)
              await execute(job, id, stopping.signal, lane === 'express' ? expressBudgetMs : null);
            else await sleep();
          } catch (error) {
            if (stopping.signal.aborted) break;
            log?.error({ err: error }, 'job worker error');
            await sleep();
          }
        }
      };
      const loops = Array.from({ length: Math.max(1, options.concurrency ?? 1) }, (_, slot) =>
        loop(slot),
      );
      if (options.express !== false) loops.push(loop(-1, 'express'));
      if (laneOf(true).length > 0) loops.push(loop(-2, 'background'));
      log?.info({ workerId: id, kinds: [...definitions.keys()] }, 'job worker started');
      return {
        id,
        async stop() {
          stopping.abort();
          await Promise.allSettled(loops);
        },
      };
    },
  };
}

export type JobQueue = ReturnType<typeof jobQueue>;
