import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.ts';

export function rateLimitHitsRepository(db: Kysely<Database>) {
  return {
    /** Adds one hit to a bucket's window and returns the window's count, atomically. */
    async increment(bucket: string, windowStart: number): Promise<number> {
      const row = await db
        .insertInto('rate_limit_hits')
        .values({ bucket, window_start: windowStart, hits: 1 })
        .onConflict((conflict) =>
          conflict
            .columns(['bucket', 'window_start'])
            .doUpdateSet({ hits: sql<number>`rate_limit_hits.hits + 1` }),
        )
        .returning('hits')
        .executeTakeFirstOrThrow();
      return Number(row.hits);
    },
    async count(bucket: string, windowStart: number): Promise<number> {
      const row = await db
        .selectFrom('rate_limit_hits')
        .select('hits')
        .where('bucket', '=', bucket)
        .where('window_start', '=', windowStart)
        .executeTakeFirst();
      return row ? Number(row.hits) : 0;
    },
    deleteWindowsBefore(time: number) {
      return db.deleteFrom('rate_limit_hits').where('window_start', '<', time).execute();
    },
  };
}
