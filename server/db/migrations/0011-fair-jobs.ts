import type { Kysely } from 'kysely';

/**
 * A fair job queue (docs/decisions.md "Jobs"): `owner_key` lets one owner (a member) run one
 * job of a lane at a time, and `long_running` marks a job known to be long (by its size or its
 * declared length, or because it outran the express slot), which express slots never take.
 */
export const fairJobs = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
  async up(db: Kysely<any>) {
    await db.schema.alterTable('jobs').addColumn('owner_key', 'text').execute();
    await db.schema
      .alterTable('jobs')
      .addColumn('long_running', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('jobs_owner_running')
      .on('jobs')
      .columns(['owner_key', 'state'])
      .execute();
  },
};
