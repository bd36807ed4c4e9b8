import { serverMessages } from '../../src/api/contract/envelope.ts';
import type { Db } from '../db/database.ts';
import { rateLimitHitsRepository } from '../db/repositories/rate-limit-hits-repository.ts';
import { Refusal } from '../kernel/refusal.ts';
import type { Clock } from '../kernel/clock.ts';

/** Windows older than this are deleted; no limit of ours looks back further. */
const KEEP_WINDOWS_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;

export const MINUTE = 60 * 1000;
export const HOUR = 60 * MINUTE;

/**
 * Fixed-window counters in the database (`rate_limit_hits`), so every API process of an
 * installation shares them. Buckets are plain strings such as `signin:ip:1.2.3.4`; give each
 * limit its own prefix (a bucket must always be used with the same window).
 *
 *   await services.rateLimiter.hit(`signup:ip:${request.ip}`, 5, 30 * MINUTE);
 *
 * A refusal is `rate-limited` ('too many requests, please try again later') with the seconds
 * until the window ends.
 */
export function rateLimiter(db: Db, clock: Clock) {
  const hits = rateLimitHitsRepository(db.kysely);
  let lastPrune = Number.NEGATIVE_INFINITY;

  const windowOf = (windowMs: number) => {
    const now = clock.now();
    const start = Math.floor(now / windowMs) * windowMs;
    return { now, start, retryAfterS: Math.max(1, Math.ceil((start + windowMs - now) / 1000)) };
  };

  const tooMany = (retryAfterS: number) =>
    new Refusal('rate-limited', serverMessages.tooManyRequests, { retryAfterSeconds: retryAfterS });

  async function pruneNowAndThen(now: number) {
    if (now - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = now;
    await hits.deleteWindowsBefore(now - KEEP_WINDOWS_MS);
  }

  return {
    /** Counts one hit; refuses (`rate-limited`) when the bucket is over `limit` in the current window. */
    async hit(bucket: string, limit: number, windowMs: number): Promise<void> {
      const { now, start, retryAfterS } = windowOf(windowMs);
      await pruneNowAndThen(now);
      const count = await hits.increment(bucket, start);
      if (count > limit) throw tooMany(retryAfterS);
    },

    /** Refuses (`rate-limited`) when the bucket already holds `limit` hits in this window; counts nothing. */
    async check(bucket: string, limit: number, windowMs: number): Promise<void> {
      const { start, retryAfterS } = windowOf(windowMs);
      if ((await hits.count(bucket, start)) >= limit) throw tooMany(retryAfterS);
    },

    /** The bucket's hits in the current window (for costs that grow with use). */
    async count(bucket: string, windowMs: number): Promise<number> {
      return hits.count(bucket, windowOf(windowMs).start);
    },

    /** Counts one hit without checking (for limits on failures: `check` first, `record` on failure). */
    async record(bucket: string, windowMs: number): Promise<void> {
      const { now, start } = windowOf(windowMs);
      await pruneNowAndThen(now);
      await hits.increment(bucket, start);
    },
  };
}

export type RateLimiter = ReturnType<typeof rateLimiter>;
