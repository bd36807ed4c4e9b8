import { sql, type Kysely } from 'kysely';

/**
 * Portrait videos and audiogram cards (docs/product/listening.md "Portrait video"):
 * `video_version` names the wave's current video (null: none yet) and changes whenever the video
 * is rendered from different content, so its URL can be cached for ever; `video_bytes` is its
 * size; `video_failed_at` marks a wave whose video failed for good; `waveform` is the loudness per
 * bar the card and the video draw (encodePeaks of src/lib/audiogram-card/waveform-peaks.ts),
 * written by the video job before it renders. The partial index lists the published waves still
 * waiting for a video, for the backfill, without walking the others.
 */
export const waveVideoColumns = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
  async up(db: Kysely<any>) {
    await db.schema.alterTable('waves').addColumn('video_version', 'text').execute();
    await db.schema.alterTable('waves').addColumn('video_bytes', 'bigint').execute();
    await db.schema.alterTable('waves').addColumn('video_failed_at', 'bigint').execute();
    await db.schema.alterTable('waves').addColumn('waveform', 'text').execute();
    await db.schema
      .createIndex('waves_without_video')
      .on('waves')
      .column('id')
      .where(sql.ref('status'), '=', 'published')
      .where(sql.ref('video_version'), 'is', null)
      .where(sql.ref('video_failed_at'), 'is', null)
      .execute();
  },
};
