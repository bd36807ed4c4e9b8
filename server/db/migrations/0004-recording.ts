import type { Kysely } from 'kysely';

/**
 * Recording: what the server received for a wave (size and SHA-256 of the uploaded file,
 * before transcoding), which the uploader compares with what it sent before it deletes its
 * local copy. `audio_bytes`/`audio_sha256` describe the published mp3 instead.
 * Jobs: running jobs are found by their lease expiry when a worker died.
 */
export const recordingColumns = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
  async up(db: Kysely<any>) {
    await db.schema.alterTable('waves').addColumn('received_bytes', 'bigint').execute();
    await db.schema.alterTable('waves').addColumn('received_sha256', 'text').execute();
    await db.schema
      .createIndex('jobs_leases')
      .on('jobs')
      .columns(['state', 'locked_until'])
      .execute();
  },
};
