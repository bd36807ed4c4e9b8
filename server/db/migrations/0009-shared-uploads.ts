import type { Kysely } from 'kysely';

/**
 * Resumable uploads shared by every API process (docs/decisions.md "Uploads across
 * processes"): a tus upload's state is a row, its bytes are parts in the media storage, and a
 * lease in `upload_locks` lets one request at a time, in any process, touch an upload.
 */
export const sharedUploads = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('tus_uploads')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('bytes_stored', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('parts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('metadata', 'text', (c) => c.notNull())
      .addColumn('received', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('tus_uploads_created')
      .on('tus_uploads')
      .column('created_at')
      .execute();
    await db.schema
      .createTable('upload_locks')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('holder', 'text', (c) => c.notNull())
      .addColumn('locked_until', 'bigint', (c) => c.notNull())
      .addColumn('release_requested', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
