import type { Db } from '../db/database.ts';
import { wavesRepository } from '../db/repositories/waves-repository.ts';
import type { JobDefinition, JobQueue } from './queue.ts';
import { enqueueWaveVideo } from './render-wave-video.ts';

/** The kind stored in `jobs.kind` (rows outlive code: never rename it). */
export const WAVE_VIDEO_BACKFILL_JOB = 'wave-video-backfill';

/** Published waves without a video that one backfill run queues (newest first). */
const BACKFILL_BATCH = 200;
const BACKFILL_EVERY_MS = 60 * 60_000;

/**
 * Hourly: queues the video of published waves that have none (published before videos
 * existed, or while WAVE_VIDEOS was off). Each wave's job is queued once; one that failed for
 * good is skipped.
 */
export function waveVideoBackfillJob(deps: {
  db: Db;
  jobs: JobQueue;
  enabled: boolean;
}): JobDefinition<Record<string, never>> {
  const waves = wavesRepository(deps.db.kysely, deps.db.dialect);
  return {
    kind: WAVE_VIDEO_BACKFILL_JOB,
    parse: () => ({}),
    async run() {
      if (!deps.enabled) return;
      for (const waveId of await waves.withoutVideo(BACKFILL_BATCH)) {
        await enqueueWaveVideo(deps.jobs, waveId, { published: true });
      }
    },
    everyMs: BACKFILL_EVERY_MS,
    background: true,
  };
}
