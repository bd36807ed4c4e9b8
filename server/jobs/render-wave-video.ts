import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { WaveMetadata } from '../../src/api/contract/wave.ts';
import { encodePeaks, STORED_PEAKS } from '../../src/lib/audiogram-card/waveform-peaks.ts';
import type { Db } from '../db/database.ts';
import { wavesRepository } from '../db/repositories/waves-repository.ts';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../kernel/clock.ts';
import type { Ffmpeg } from '../media/ffmpeg.ts';
import { audioKey, videoKey } from '../media/media-keys.ts';
import type { MediaStorage } from '../media/storage.ts';
import {
  renderWaveVideo,
  VIDEO_FPS,
  VIDEO_MAX_KBPS,
  VIDEO_MAX_SECONDS,
  wavePeaks,
} from '../media/wave-video.ts';
import type { AudiogramCards } from '../services/audiogram-cards.ts';
import { presentWaveMetadata } from '../services/wave-presenter.ts';
import type { JobDefinition, JobLog, JobQueue } from './queue.ts';

/**
 * The portrait video of a published wave (docs/product/listening.md "Portrait video"): the
 * audiogram card with a moving waveform and the wave's audio, stored beside the audio. Background
 * work: it runs in the workers' background slot, after the jobs people wait for, and a failure
 * never touches the wave itself.
 *
 * Idempotent: the video's version names what it shows (the card's content and the video's
 * encoding), so a repeated job finds the video it would make already stored and stops. The mp4
 * is rendered into a work folder of its own and stored through MediaStorage in one atomic move,
 * so a render killed at any point (kill -9 included) leaves no partial video where it is served;
 * the next attempt clears the folder and starts again.
 */

/** The kinds stored in `jobs.kind` (rows outlive code: never rename them). */
export const WAVE_VIDEO_JOB = 'wave-video';

/** A dead worker's render is taken over after this long (heartbeats every third of it). */
const VIDEO_LEASE_MS = 20_000;

/** Part of every video's version: a change of the encoding or the cap renders every video anew. */
const VIDEO_DESIGN = `video-1:${VIDEO_FPS}:${VIDEO_MAX_KBPS}:${VIDEO_MAX_SECONDS}`;

const payloadSchema = z.object({ waveId: z.number().int() });
export type WaveVideoPayload = z.infer<typeof payloadSchema>;

/**
 * Queues the video of a wave. `reason` makes the job distinct: one job per publication (a
 * repeat is ignored), a new one after each edit of what the card shows.
 */
export function enqueueWaveVideo(
  jobs: JobQueue,
  waveId: number,
  reason: { published: true } | { editedAt: number },
  trx?: Kysely<Database>,
) {
  const dedupeKey =
    'published' in reason ? `video:${waveId}` : `video:${waveId}:edit:${reason.editedAt}`;
  return jobs.enqueue(WAVE_VIDEO_JOB, { waveId }, { dedupeKey, ...(trx ? { trx } : {}) });
}

export function waveVideoJob(deps: {
  db: Db;
  storage: MediaStorage;
  ffmpeg: () => Promise<Ffmpeg>;
  cards: AudiogramCards;
  clock: Clock;
  /** A local folder for renders in progress (DATA_DIR/tmp). */
  workDir: string;
  /** Called when a wave's video changed (the list cache forgets its pages). */
  onVideoChanged?: () => void;
  log?: JobLog | null;
}): JobDefinition<WaveVideoPayload> {
  const { storage } = deps;
  const waves = wavesRepository(deps.db.kysely, deps.db.dialect);

  /** The wave as its card shows it now; null when it is gone or not published. */
  async function publishedMetadata(waveName: string): Promise<WaveMetadata | null> {
    const row = await waves.metadataByName(waveName);
    if (!row || row.status !== 'published') return null;
    return presentWaveMetadata(row, false);
  }

  const versionOf = (wave: WaveMetadata) =>
    createHash('sha256')
      .update(`${VIDEO_DESIGN}\n${deps.cards.versionOf(wave)}`)
      .digest('base64url')
      .slice(0, 16);

  async function run(payload: WaveVideoPayload, context: { jobId: number; signal: AbortSignal }) {
    const wave = await waves.findById(payload.waveId);
    if (!wave || wave.status !== 'published') return;
    const ffmpeg = await deps.ffmpeg();
    // One folder per job: a retry of this job clears what its killed attempt left.
    const work = path.join(deps.workDir, `wave-video-${context.jobId}`);
    await rm(work, { recursive: true, force: true });
    await mkdir(work, { recursive: true });
    try {
      const audioFile = path.join(work, 'audio.mp3');
      await pipeline(storage.createReadStream(audioKey(wave)), createWriteStream(audioFile));

      if (wave.waveform === null) {
        // The card page shows the waveform as soon as it is measured, before the video exists.
        const seconds = Math.min(await ffmpeg.probeDurationSeconds(audioFile), VIDEO_MAX_SECONDS);
        const peaks = await wavePeaks(ffmpeg, audioFile, seconds, STORED_PEAKS, work, {
          signal: context.signal,
        });
        await waves.setWaveform(wave.id, encodePeaks(peaks));
      }

      const metadata = await publishedMetadata(wave.wave_name);
      if (!metadata) return;
      const version = versionOf(metadata);
      if (wave.video_version === version && (await storage.stat(videoKey(wave)))) return;

      const output = path.join(work, 'video.mp4');
      const card = await deps.cards.propsOf(metadata, 'portrait');
      const result = await renderWaveVideo({
        ffmpeg,
        audioFile,
        output,
        card,
        waveform: metadata.waveform,
        signal: context.signal,
      });

      // Edited while rendering: the edit queued a job of its own, which renders what is current.
      const now = await publishedMetadata(wave.wave_name);
      if (!now || versionOf(now) !== version) return;
      const stored = await storage.putFile(videoKey(wave), output, { move: true });
      if (!(await waves.setVideo(wave.id, version, stored.size))) {
        // Deleted while rendering: its media folder is gone, and this file must go too.
        await storage.delete(videoKey(wave));
        return;
      }
      deps.onVideoChanged?.();
      deps.log?.info(
        {
          waveId: wave.id,
          seconds: result.videoSeconds,
          capped: result.capped,
          bytes: stored.size,
        },
        'wave video rendered',
      );
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  return {
    kind: WAVE_VIDEO_JOB,
    parse: (value) => payloadSchema.parse(value),
    run: (payload, context) => run(payload, context),
    /** The wave stays as it is, without a video; the backfill passes it over from now on. */
    async onGiveUp(payload, error) {
      deps.log?.error({ waveId: payload.waveId, error }, 'wave video failed for good');
      await waves.markVideoFailed(payload.waveId, deps.clock.now());
    },
    maxAttempts: 5,
    leaseMs: VIDEO_LEASE_MS,
    background: true,
  };
}
