import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { captchaMessages } from '../../src/api/contract/captcha.ts';
import type {
  NewWaveData,
  UploadStatus,
  newWaveBodySchema,
} from '../../src/api/contract/recording.ts';
import {
  MAX_UPLOAD_BYTES,
  TUS_ENDPOINT,
  recordingMessages,
  waveStatuses,
  type WaveStatus,
} from '../../src/api/contract/recording-limits.ts';
import type { Db } from '../db/database.ts';
import { channelsRepository, type ChannelRow } from '../db/repositories/channels-repository.ts';
import { waveUploadsRepository } from '../db/repositories/wave-uploads-repository.ts';
import { wavesRepository, type WaveRow } from '../db/repositories/waves-repository.ts';
import { forbidden, invalid, notFound, Refusal } from '../kernel/refusal.ts';
import type { JobQueue } from '../jobs/queue.ts';
import {
  AudioRefusal,
  DURATION_GRACE_SECONDS,
  checkTranscoded,
  maxDurationSeconds,
  sniffAudio,
  transcodeUpload,
} from '../media/audio-upload.ts';
import type { Ffmpeg } from '../media/ffmpeg.ts';
import type { CaptchaProvider } from '../providers/captcha.ts';
import type { Clock } from '../kernel/clock.ts';
import { MINUTE, type RateLimiter } from './rate-limiter.ts';
import type { Viewer } from './session-service.ts';
import type { WaveAccess } from './wave-access.ts';
import { CANNOT_REPLY_TO_REPLY, type WavePublisher } from './wave-publisher.ts';

/**
 * Recording and publishing (spec content §4 "Upload flow", §5, §7 newwave/uploadaudio, §8).
 *
 * A wave is created first (`newWave`, idempotent per caller and key) in `pending_upload`; its
 * audio then arrives through tus (resumable) or the plain multipart upload. When the file is
 * complete, `receiveFile` records its size and SHA-256 (the uploader compares them before it
 * deletes its copy), sniffs the content, and in one transaction moves the wave to
 * `processing` and enqueues the transcode job. The job transcodes, checks the duration and
 * publishes through the wave publisher. Refused audio leaves the wave `failed` with the
 * reason its creator sees (the row stays so the uploader can show why); no file remains.
 */

export type NewWaveInput = z.output<typeof newWaveBodySchema>;

/** Where uploads live on disk (all on one file system, so moves are renames). */
export function uploadPaths(dataDir: string) {
  const root = path.join(dataDir, 'uploads');
  return {
    root,
    /** tus uploads in progress: `{id}` and `{id}.json` (@tus/file-store). */
    tus: path.join(root, 'tus'),
    /** Multipart uploads being received. */
    multipart: path.join(root, 'multipart'),
    /** Complete uploads waiting for (or in) their transcode job. */
    received: path.join(root, 'received'),
    /** Transcoder output before it is stored. */
    work: path.join(root, 'work'),
  };
}
export type UploadPaths = ReturnType<typeof uploadPaths>;

export const TRANSCODE_JOB = 'transcode-upload';
export const UPLOADS_CLEANUP_JOB = 'uploads-cleanup';

const transcodePayloadSchema = z.object({
  waveId: z.number().int(),
  /** File name under `received/`. */
  file: z.string().regex(/^[A-Za-z0-9_-]+$/),
  demuxer: z.string().regex(/^[a-z0-9]+$/),
  declaredSeconds: z.number().nullable(),
});
export type TranscodePayload = z.infer<typeof transcodePayloadSchema>;

/** Unfinished tus uploads are kept this long, then removed (the uploader starts over). */
export const UPLOAD_EXPIRY_MS = 7 * 24 * 60 * 60_000;
/** Files of the pipeline nobody refers to any more (a crash between two steps) go after this. */
const ORPHAN_AGE_MS = 24 * 60 * 60_000;

/** A dead worker's transcode is taken over after this long (heartbeats every third of it). */
export const TRANSCODE_LEASE_MS = 20_000;

/** Where refusals of the upload token report (the header, as a form field name). */
const UPLOAD_TOKEN_FIELD = 'upload_token';

/** New waves per address and 10 minutes (retries of the same idempotency key do not count). */
export const NEWWAVE_PER_IP_LIMIT = 30;

export function multipartUrlOf(waveName: string) {
  return `/api/v1/uploadaudio/${waveName}`;
}

async function hashFile(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 })) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

function isStatus(value: string): value is WaveStatus {
  return (waveStatuses as readonly string[]).includes(value);
}

export function recordingService(deps: {
  db: Db;
  clock: Clock;
  dataDir: string;
  captcha: CaptchaProvider;
  rateLimiter: RateLimiter;
  publisher: WavePublisher;
  access: WaveAccess;
  ffmpeg: () => Promise<Ffmpeg>;
  jobs: JobQueue;
  anonymousUserId: number;
  /** The server secret; upload tokens are keyed by it. */
  secret: Uint8Array;
  log?: { error(object: object, message: string): void } | null;
}) {
  const { db, jobs } = deps;
  const waves = wavesRepository(db.kysely, db.dialect);
  const uploads = waveUploadsRepository(db.kysely);
  const channels = channelsRepository(db.kysely);
  const paths = uploadPaths(deps.dataDir);
  const log = deps.log ?? null;

  /**
   * Upload tokens are derived, not stored: HMAC(server secret, wave id, name, creation time).
   * Nothing secret sits in the database, a retried newwave returns the same token, and a
   * token proves the holder created that one wave (the shared anonymous account cannot).
   */
  const tokenKey = createHmac('sha256', deps.secret).update('wave-upload-token').digest();
  const tokenOf = (wave: Pick<WaveRow, 'id' | 'wave_name' | 'created_at'>) =>
    createHmac('sha256', tokenKey)
      .update(`${wave.id}\n${wave.wave_name}\n${wave.created_at}`)
      .digest('base64url');
  const tokenMatches = (wave: WaveRow, token: string | undefined) => {
    if (!token) return false;
    const expected = Buffer.from(tokenOf(wave));
    const given = Buffer.from(token);
    return expected.length === given.length && timingSafeEqual(expected, given);
  };

  const isAnonymousWave = (wave: Pick<WaveRow, 'user_id'>) => wave.user_id === deps.anonymousUserId;

  const statusOf = (wave: WaveRow): UploadStatus => ({
    wave_name: wave.wave_name,
    status: isStatus(wave.status) ? wave.status : 'failed',
    audio_bytes: wave.received_bytes === null ? null : Number(wave.received_bytes),
    audio_sha256: wave.received_sha256,
    failure_reason: wave.failure_reason,
  });

  const present = (wave: WaveRow): NewWaveData => ({
    wave_name: wave.wave_name,
    channel_id: wave.channel_id,
    upload_url: TUS_ENDPOINT,
    multipart_url: multipartUrlOf(wave.wave_name),
    upload_token: tokenOf(wave),
    status: isStatus(wave.status) ? wave.status : 'failed',
  });

  /**
   * Who may post a wave in a channel: public channels take everyone, the guest included;
   * chat groups only their members (and admins), never the shared anonymous account.
   */
  async function channelAcceptsCaller(viewer: Viewer, channel: ChannelRow): Promise<boolean> {
    if (channel.is_chatgroup === 0) return true;
    if (viewer.isAnonymous) return false;
    return deps.access.canRead(viewer, channel);
  }

  async function waveOrThrow(waveName: string): Promise<WaveRow> {
    const wave = await waves.findByName(waveName);
    if (!wave) throw notFound('Wave not found');
    return wave;
  }

  /** Marks the wave failed, removes the file, and refuses with the creator's message. */
  async function refuse(
    wave: WaveRow,
    refusal: AudioRefusal,
    file: string | null,
    received: { bytes: number; sha256: string } | null = null,
  ): Promise<never> {
    if (file) await rm(file, { force: true });
    await uploads.markFailed(wave.id, refusal.message, received);
    throw new Refusal(refusal.kind, refusal.message, { fields: { recording: refusal.message } });
  }

  /** After a received file lost the race (or repeated one): what the caller is told. */
  async function settleRepeat(waveId: number, received: { bytes: number; sha256: string }) {
    const current = await waves.findById(waveId);
    if (!current) throw notFound('Wave not found');
    if (current.status === 'failed') {
      throw invalid(current.failure_reason ?? recordingMessages.uploadFailed);
    }
    const same =
      current.received_sha256 === received.sha256 &&
      Number(current.received_bytes) === received.bytes;
    if (current.status === 'pending_upload' || !same) {
      throw invalid(recordingMessages.alreadyUploaded, {
        recording: recordingMessages.alreadyUploaded,
      });
    }
    // The same audio again (a retried completion): nothing to do, the first one counts.
    return statusOf(current);
  }

  async function clearWork(waveName: string) {
    let names: string[];
    try {
      names = await readdir(paths.work);
    } catch {
      return;
    }
    await Promise.all(
      names
        .filter((name) => name.startsWith(`${waveName}-`))
        .map((name) => rm(path.join(paths.work, name), { force: true })),
    );
  }

  const service = {
    paths,
    tokenOf,
    channelAcceptsCaller,

    /** POST /wave/newwave. */
    async newWave(input: NewWaveInput, viewer: Viewer, ip: string): Promise<NewWaveData> {
      const key = input.idempotency_key;
      if (key) {
        const existing = await waves.findByIdempotencyKey(viewer.userId, key);
        if (existing) return present(existing);
      }
      await deps.rateLimiter.hit(`newwave:ip:${ip}`, NEWWAVE_PER_IP_LIMIT, 10 * MINUTE);

      let channelId = input.channel_id;
      const replyTo = input.in_reply_to_wave_wave_name;
      if (replyTo !== undefined) {
        const parent = await waves.findByName(replyTo);
        if (!parent || parent.status !== 'published') {
          throw invalid(recordingMessages.replyTargetNotFound, {
            in_reply_to_wave_wave_name: recordingMessages.replyTargetNotFound,
          });
        }
        if (parent.in_reply_to_wave_id !== null) throw invalid(CANNOT_REPLY_TO_REPLY);
        channelId = parent.channel_id;
      }
      if (channelId === undefined) {
        throw invalid(recordingMessages.missingChannel, {
          channel_id: recordingMessages.missingChannel,
        });
      }
      const channel = await channels.findById(channelId);
      if (!channel) {
        throw invalid(recordingMessages.channelNotFound, {
          channel_id: recordingMessages.channelNotFound,
        });
      }
      if (!(await channelAcceptsCaller(viewer, channel))) {
        throw forbidden(recordingMessages.channelNotAllowed, {
          channel_id: recordingMessages.channelNotAllowed,
        });
      }
      // Last, because a verified captcha is used up (the client resets it on any refusal).
      if (viewer.isAnonymous) {
        if (!input.captcha) {
          throw invalid(recordingMessages.captchaRequired, {
            captcha: recordingMessages.captchaRequired,
          });
        }
        if (!(await deps.captcha.verify(input.captcha, ip))) {
          throw invalid(captchaMessages.failed, { captcha: captchaMessages.failed });
        }
      }

      let waveId: number;
      try {
        const created = await deps.publisher.createWave({
          userId: viewer.userId,
          channelId: channel.id,
          inReplyToWaveName: replyTo,
          title: input.title || undefined,
          // The lists are per language: a wave speaks its channel's language.
          languageCode: channel.language_code_ui,
          idempotencyKey: key,
        });
        waveId = created.id;
      } catch (error) {
        // Two requests with one key at once: the unique index lets one in; answer with it.
        const existing = key ? await waves.findByIdempotencyKey(viewer.userId, key) : undefined;
        if (existing) return present(existing);
        throw error;
      }
      const wave = await waves.findById(waveId);
      if (!wave) throw notFound('Wave not found');
      return present(wave);
    },

    /**
     * The wave an upload or status request is about, if the caller holds its upload token or
     * is its signed-in creator.
     */
    async authorize(waveName: string, token: string | undefined, viewer: Viewer) {
      const wave = await waveOrThrow(waveName);
      const creator = !viewer.isAnonymous && viewer.userId === wave.user_id;
      if (!creator && !tokenMatches(wave, token)) {
        throw forbidden(recordingMessages.notYourWave, {
          [UPLOAD_TOKEN_FIELD]: recordingMessages.notYourWave,
        });
      }
      return wave;
    },

    /** GET /wave/uploadstatus/{wave_name}. */
    async uploadStatus(waveName: string, token: string | undefined, viewer: Viewer) {
      return statusOf(await service.authorize(waveName, token, viewer));
    },

    /**
     * May an upload of `bytes` (null: not known yet) start for this wave? Only while it waits
     * for its audio; a repeat of audio already received (same size and SHA-256) is let through
     * and discarded at the end. A file over the limit fails the wave without being read.
     */
    async admitUpload(wave: WaveRow, upload: { bytes: number | null; sha256?: string | null }) {
      if (wave.status === 'pending_upload') {
        if (upload.bytes !== null && upload.bytes > MAX_UPLOAD_BYTES) {
          await refuse(wave, new AudioRefusal(recordingMessages.tooLarge, 'too-large'), null);
        }
        if (upload.bytes === 0) {
          await refuse(wave, new AudioRefusal(recordingMessages.emptyFile, 'invalid'), null);
        }
        return;
      }
      if (wave.status === 'failed') {
        throw invalid(wave.failure_reason ?? recordingMessages.uploadFailed, {
          recording: wave.failure_reason ?? recordingMessages.uploadFailed,
        });
      }
      const repeat =
        upload.sha256 &&
        upload.sha256 === wave.received_sha256 &&
        upload.bytes === Number(wave.received_bytes);
      if (!repeat) {
        throw invalid(recordingMessages.alreadyUploaded, {
          recording: recordingMessages.alreadyUploaded,
        });
      }
    },

    /**
     * A complete upload (tus or multipart) at `file`: record size and SHA-256, sniff the
     * content, and hand it to the transcode job (the file is moved, or removed when refused).
     * Idempotent: a second completion for the wave enqueues nothing.
     */
    async receiveFile(waveId: number, file: string): Promise<UploadStatus> {
      const received = await hashFile(file);
      const wave = await waves.findById(waveId);
      if (!wave) {
        await rm(file, { force: true });
        throw notFound('Wave not found');
      }
      if (wave.status !== 'pending_upload') {
        await rm(file, { force: true });
        return settleRepeat(wave.id, received);
      }
      if (received.bytes === 0) {
        return refuse(wave, new AudioRefusal(recordingMessages.emptyFile, 'invalid'), file);
      }
      if (received.bytes > MAX_UPLOAD_BYTES) {
        return refuse(wave, new AudioRefusal(recordingMessages.tooLarge, 'too-large'), file);
      }
      const anonymous = isAnonymousWave(wave);
      let sniffed;
      try {
        sniffed = await sniffAudio(await deps.ffmpeg(), file, {
          maxSeconds: maxDurationSeconds(anonymous),
          anonymous,
        });
      } catch (error) {
        if (error instanceof AudioRefusal) return refuse(wave, error, file, received);
        await rm(file, { force: true });
        throw error;
      }

      await mkdir(paths.received, { recursive: true });
      const name = `${wave.wave_name}-${randomBytes(6).toString('hex')}`;
      const kept = path.join(paths.received, name);
      await rename(file, kept);
      const payload: TranscodePayload = {
        waveId: wave.id,
        file: name,
        demuxer: sniffed.demuxer,
        declaredSeconds: sniffed.declaredSeconds,
      };
      let accepted = false;
      try {
        accepted = await db.kysely.transaction().execute(async (trx) => {
          if (!(await waveUploadsRepository(trx).markReceived(wave.id, received))) return false;
          await jobs.enqueue(TRANSCODE_JOB, payload, { dedupeKey: `transcode:${wave.id}`, trx });
          return true;
        });
      } finally {
        if (!accepted) await rm(kept, { force: true });
      }
      if (!accepted) return settleRepeat(wave.id, received);
      jobs.wake();
      return statusOf({
        ...wave,
        status: 'processing',
        received_bytes: received.bytes,
        received_sha256: received.sha256,
        failure_reason: null,
      });
    },

    /**
     * The transcode job: mp3 (mono speech, loudness-normalised), duration checks, publish.
     * Safe to run again at any point: a published or failed wave only loses its leftovers.
     */
    async transcode(payload: TranscodePayload, signal?: AbortSignal) {
      const source = path.join(paths.received, payload.file);
      const wave = await waves.findById(payload.waveId);
      if (!wave || wave.status !== 'processing') {
        await rm(source, { force: true });
        return;
      }
      try {
        await stat(source);
      } catch {
        // The received file is gone (the disk was wiped?): the audio cannot be recovered.
        await uploads.markFailed(wave.id, recordingMessages.uploadFailed);
        return;
      }
      const anonymous = isAnonymousWave(wave);
      const maxSeconds = maxDurationSeconds(anonymous);
      const ffmpeg = await deps.ffmpeg();
      // Output of an earlier attempt whose worker died (its ffmpeg may still be writing).
      await clearWork(wave.wave_name);
      await mkdir(paths.work, { recursive: true });
      const output = path.join(
        paths.work,
        `${wave.wave_name}-${randomBytes(6).toString('hex')}.mp3`,
      );
      try {
        await transcodeUpload(ffmpeg, source, output, {
          demuxer: payload.demuxer,
          // A little past the limit, so an overlong file shows as such without costing more.
          maxSeconds: maxSeconds + DURATION_GRACE_SECONDS + 1,
          ...(signal ? { signal } : {}),
        });
        const seconds = await ffmpeg.probeDurationSeconds(output).catch(() => Number.NaN);
        checkTranscoded(seconds, payload, { maxSeconds, anonymous });
        await deps.publisher.publishFromFile(wave.id, output, { move: true });
        await rm(source, { force: true });
      } catch (error) {
        if (error instanceof AudioRefusal) {
          await uploads.markFailed(wave.id, error.message);
          await rm(source, { force: true });
          return;
        }
        if (error instanceof Refusal && error.kind === 'not-found') {
          // Deleted while it was being processed.
          await rm(source, { force: true });
          return;
        }
        throw error;
      } finally {
        await rm(output, { force: true });
      }
    },

    /** After the last attempt: the creator sees a failed wave, the file goes. */
    async transcodeGaveUp(payload: TranscodePayload, error: string) {
      log?.error({ waveId: payload.waveId, error }, 'transcoding failed for good');
      await uploads.markFailed(payload.waveId, recordingMessages.uploadFailed);
      await rm(path.join(paths.received, payload.file), { force: true });
    },

    /**
     * Removes what no upload or job will use any more: tus uploads unfinished after
     * UPLOAD_EXPIRY_MS (and the records of finished ones), and files older than a day that no
     * open job refers to (left by a crash between two steps).
     */
    async cleanup(now = Date.now()) {
      const removed: string[] = [];
      const old = async (file: string, ageMs: number) => {
        try {
          return now - (await stat(file)).mtimeMs > ageMs;
        } catch {
          return false;
        }
      };
      const list = async (dir: string) => readdir(dir).catch(() => [] as string[]);
      const remove = async (file: string) => {
        await rm(file, { force: true });
        removed.push(file);
      };

      const tusNames = await list(paths.tus);
      const tusRecords = new Set(tusNames.filter((name) => name.endsWith('.json')));
      for (const name of tusNames) {
        const file = path.join(paths.tus, name);
        if (name.endsWith('.json')) {
          if (await old(file, UPLOAD_EXPIRY_MS)) {
            await remove(path.join(paths.tus, name.slice(0, -'.json'.length)));
            await remove(file);
          }
        } else if (!tusRecords.has(`${name}.json`)) {
          if (await old(file, ORPHAN_AGE_MS)) await remove(file);
        }
      }
      const open = new Set(
        (await jobs.openPayloads(TRANSCODE_JOB)).map((text) => {
          try {
            return (JSON.parse(text) as { file?: string }).file ?? '';
          } catch {
            return '';
          }
        }),
      );
      for (const name of await list(paths.received)) {
        const file = path.join(paths.received, name);
        if (!open.has(name) && (await old(file, ORPHAN_AGE_MS))) await remove(file);
      }
      for (const dir of [paths.multipart, paths.work]) {
        for (const name of await list(dir)) {
          const file = path.join(dir, name);
          if (await old(file, ORPHAN_AGE_MS)) await remove(file);
        }
      }
      return removed;
    },

    /** Registers the pipeline's jobs with the queue (the API process and workers alike). */
    defineJobs() {
      jobs.define<TranscodePayload>({
        kind: TRANSCODE_JOB,
        parse: (value) => transcodePayloadSchema.parse(value),
        run: (payload, context) => service.transcode(payload, context.signal),
        onGiveUp: (payload, error) => service.transcodeGaveUp(payload, error),
        maxAttempts: 5,
        leaseMs: TRANSCODE_LEASE_MS,
      });
      jobs.define<Record<string, never>>({
        kind: UPLOADS_CLEANUP_JOB,
        parse: () => ({}),
        run: async () => {
          await service.cleanup();
        },
        maxAttempts: 2,
        everyMs: 60 * MINUTE,
      });
    },
  };
  return service;
}

export type RecordingService = ReturnType<typeof recordingService>;
