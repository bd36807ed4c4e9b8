import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { recordingMessages } from '../../src/api/contract/recording-limits.ts';
import type { Db } from '../db/database.ts';
import { waveUploadsRepository } from '../db/repositories/wave-uploads-repository.ts';
import { wavesRepository } from '../db/repositories/waves-repository.ts';
import type { Database } from '../db/schema.ts';
import { Refusal } from '../kernel/refusal.ts';
import {
  AudioRefusal,
  DURATION_GRACE_SECONDS,
  checkTranscoded,
  maxDurationSeconds,
  transcodeUpload,
} from '../media/audio-upload.ts';
import type { Ffmpeg } from '../media/ffmpeg.ts';
import { receivedKey } from '../media/media-keys.ts';
import type { MediaStorage } from '../media/storage.ts';
import type { UploadPaths } from '../services/recording/upload-paths.ts';
import type { WavePublisher } from '../services/recording/wave-publisher.ts';
import type { JobDefinition, JobLog, JobQueue } from './queue.ts';

/**
 * A received upload → the product's mp3 (mono speech, loudness-normalised), duration checks,
 * publication. Enqueued by the upload intake (services/recording/upload-intake.ts) in the
 * transaction that marks the wave `processing`. Safe to run again at any point: a published
 * or failed wave only loses its leftovers.
 */

/** The kind stored in `jobs.kind` (rows outlive code: never rename it). */
export const TRANSCODE_WAVE_JOB = 'transcode-upload';

/** A dead worker's transcode is taken over after this long (heartbeats every third of it). */
const TRANSCODE_LEASE_MS = 20_000;

const payloadSchema = z.object({
  waveId: z.number().int(),
  /** Name under `uploads/received/` in the media storage. */
  file: z.string().regex(/^[A-Za-z0-9_-]+$/),
  demuxer: z.string().regex(/^[a-z0-9]+$/),
  declaredSeconds: z.number().nullable(),
});
export type TranscodeWavePayload = z.infer<typeof payloadSchema>;

/**
 * A transcode known to be long before it starts (docs/decisions.md "Jobs"): a declared length
 * over 5 minutes, or a file over 2 MB (2 minutes at a recorder's 128 kbit/s; a 70-minute file
 * is at least 4 MB even at mp3's lowest bitrate). A header can lie, so the express slot's time
 * budget catches the rest.
 */
export const LONG_TRANSCODE = { declaredSeconds: 5 * 60, bytes: 2 * 1024 * 1024 } as const;

/** Queues the transcode of a received upload, in the transaction that received it. */
export function enqueueTranscodeWave(
  jobs: JobQueue,
  payload: TranscodeWavePayload,
  trx: Kysely<Database>,
  facts: {
    /** The member it is for (one running transcode each); null for guests (the shared account). */
    ownerUserId: number | null;
    bytes: number;
  },
) {
  return jobs.enqueue(TRANSCODE_WAVE_JOB, payload, {
    dedupeKey: `transcode:${payload.waveId}`,
    trx,
    owner: facts.ownerUserId === null ? null : `user:${facts.ownerUserId}`,
    long:
      facts.bytes > LONG_TRANSCODE.bytes ||
      (payload.declaredSeconds ?? 0) > LONG_TRANSCODE.declaredSeconds,
  });
}

/** The received files that queued or running transcodes still need (the sweep keeps them). */
export async function filesOfOpenTranscodes(jobs: JobQueue): Promise<Set<string>> {
  const payloads = await jobs.openPayloads(TRANSCODE_WAVE_JOB);
  return new Set(
    payloads.map((text) => {
      try {
        return (JSON.parse(text) as { file?: string }).file ?? '';
      } catch {
        return '';
      }
    }),
  );
}

export function transcodeWaveJob(deps: {
  db: Db;
  paths: UploadPaths;
  storage: MediaStorage;
  ffmpeg: () => Promise<Ffmpeg>;
  publisher: WavePublisher;
  anonymousUserId: number;
  log?: JobLog | null;
}): JobDefinition<TranscodeWavePayload> {
  const { paths, storage } = deps;
  const waves = wavesRepository(deps.db.kysely, deps.db.dialect);
  const uploads = waveUploadsRepository(deps.db.kysely);

  /** Output of an earlier attempt whose worker died (its ffmpeg may still be writing). */
  async function clearWork(waveName: string) {
    const names = await readdir(paths.work).catch(() => [] as string[]);
    await Promise.all(
      names
        .filter((name) => name.startsWith(`${waveName}-`))
        .map((name) => rm(path.join(paths.work, name), { force: true })),
    );
  }

  /** The received file as a local file: the disk's own, or a copy from the bucket. */
  async function localSource(key: string, waveName: string) {
    const own = storage.localPath(key);
    if (own) return { file: own, copy: false };
    await mkdir(paths.work, { recursive: true });
    const file = path.join(paths.work, `${waveName}-${randomBytes(6).toString('hex')}.source`);
    await pipeline(storage.createReadStream(key), createWriteStream(file));
    return { file, copy: true };
  }

  async function run(payload: TranscodeWavePayload, signal: AbortSignal) {
    const key = receivedKey(payload.file);
    const wave = await waves.findById(payload.waveId);
    if (!wave || wave.status !== 'processing') {
      await storage.delete(key);
      return;
    }
    if (!(await storage.stat(key))) {
      // The received file is gone (the storage was wiped?): the audio cannot be recovered.
      await uploads.markFailed(wave.id, recordingMessages.uploadFailed);
      return;
    }
    const anonymous = wave.user_id === deps.anonymousUserId;
    const maxSeconds = maxDurationSeconds(anonymous);
    const ffmpeg = await deps.ffmpeg();
    await clearWork(wave.wave_name);
    await mkdir(paths.work, { recursive: true });
    const output = path.join(paths.work, `${wave.wave_name}-${randomBytes(6).toString('hex')}.mp3`);
    const source = await localSource(key, wave.wave_name);
    try {
      await transcodeUpload(ffmpeg, source.file, output, {
        demuxer: payload.demuxer,
        // A little past the limit, so an overlong file shows as such without costing more.
        maxSeconds: maxSeconds + DURATION_GRACE_SECONDS + 1,
        signal,
      });
      const seconds = await ffmpeg.probeDurationSeconds(output).catch(() => Number.NaN);
      checkTranscoded(seconds, payload, { maxSeconds, anonymous });
      await deps.publisher.publishFromFile(wave.id, output, {
        move: true,
        durationSeconds: seconds,
      });
      await storage.delete(key);
    } catch (error) {
      if (error instanceof AudioRefusal) {
        await uploads.markFailed(wave.id, error.message);
        await storage.delete(key);
        return;
      }
      if (error instanceof Refusal && error.kind === 'not-found') {
        // Deleted while it was being processed.
        await storage.delete(key);
        return;
      }
      throw error;
    } finally {
      await rm(output, { force: true });
      if (source.copy) await rm(source.file, { force: true });
    }
  }

  return {
    kind: TRANSCODE_WAVE_JOB,
    parse: (value) => payloadSchema.parse(value),
    run: (payload, context) => run(payload, context.signal),
    /** After the last attempt: the creator sees a failed wave, the file goes. */
    async onGiveUp(payload, error) {
      deps.log?.error({ waveId: payload.waveId, error }, 'transcoding failed for good');
      await uploads.markFailed(payload.waveId, recordingMessages.uploadFailed);
      await storage.delete(receivedKey(payload.file));
    },
    maxAttempts: 5,
    leaseMs: TRANSCODE_LEASE_MS,
  };
}
