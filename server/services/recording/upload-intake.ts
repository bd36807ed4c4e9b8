import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { UploadStatus } from '../../../src/api/contract/recording.ts';
import { MAX_UPLOAD_BYTES, recordingMessages } from '../../../src/api/contract/recording-limits.ts';
import type { Db } from '../../db/database.ts';
import { channelsRepository } from '../../db/repositories/channels-repository.ts';
import { waveUploadsRepository } from '../../db/repositories/wave-uploads-repository.ts';
import { wavesRepository, type WaveRow } from '../../db/repositories/waves-repository.ts';
import { enqueueTranscodeWave } from '../../jobs/transcode-wave.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { forbidden, invalid, notFound, Refusal } from '../../kernel/refusal.ts';
import { AudioRefusal, maxDurationSeconds, sniffAudio } from '../../media/audio-upload.ts';
import type { Ffmpeg } from '../../media/ffmpeg.ts';
import { receivedKey } from '../../media/media-keys.ts';
import type { MediaStorage } from '../../media/storage.ts';
import type { Viewer } from '../session-service.ts';
import type { UploadTokens } from './upload-tokens.ts';
import { uploadStatusOf } from './wave-status.ts';

/** Where refusals of the upload token report (the header, as a form field name). */
const UPLOAD_TOKEN_FIELD = 'upload_token';

type Received = { bytes: number; sha256: string };

async function hashFile(file: string): Promise<Received> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 })) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

/**
 * A wave's audio arriving, through tus (resumable) or the plain multipart upload: who may
 * send it, whether it may start, and the complete file. `receiveFile` records its size and
 * SHA-256 (the uploader compares them before it deletes its copy), sniffs the content, and in
 * one transaction moves the wave to `processing` and enqueues its transcode
 * (server/jobs/transcode-wave.ts). Refused audio leaves the wave `failed` with the reason its
 * creator sees (the row stays so the uploader can show why); no file remains.
 */
export function uploadIntake(deps: {
  db: Db;
  /** Received files wait for their transcode here, where every worker can read them. */
  storage: MediaStorage;
  tokens: UploadTokens;
  ffmpeg: () => Promise<Ffmpeg>;
  jobs: JobQueue;
  anonymousUserId: number;
}) {
  const { db, storage, jobs } = deps;
  const waves = wavesRepository(db.kysely, db.dialect);
  const channels = channelsRepository(db.kysely);
  const uploads = waveUploadsRepository(db.kysely);

  /** Marks the wave failed, removes the file, and refuses with the creator's message. */
  async function refuse(
    wave: WaveRow,
    refusal: AudioRefusal,
    file: string | null,
    received: Received | null = null,
  ): Promise<never> {
    if (file) await rm(file, { force: true });
    await uploads.markFailed(wave.id, refusal.message, received);
    throw new Refusal(refusal.kind, refusal.message, { fields: { recording: refusal.message } });
  }

  /** After a received file lost the race (or repeated one): what the caller is told. */
  async function settleRepeat(waveId: number, received: Received) {
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
    return uploadStatusOf(current);
  }

  const intake = {
    /**
     * The wave an upload or status request is about, if the caller holds its upload token or
     * is its signed-in creator.
     */
    async authorize(waveName: string, token: string | undefined, viewer: Viewer) {
      const wave = await waves.findByName(waveName);
      if (!wave) throw notFound('Wave not found');
      const creator = !viewer.isAnonymous && viewer.userId === wave.user_id;
      if (!creator && !deps.tokens.matches(wave, token)) {
        // A chat group's wave answers an outsider like a wave that does not exist.
        const channel = await channels.findById(wave.channel_id);
        const outsider =
          channel?.is_chatgroup === 1 &&
          (viewer.isAnonymous || !(await channels.isMember(channel.id, viewer.userId)));
        if (outsider) throw notFound('Wave not found');
        throw forbidden(recordingMessages.notYourWave, {
          [UPLOAD_TOKEN_FIELD]: recordingMessages.notYourWave,
        });
      }
      return wave;
    },

    /** GET /wave/uploadstatus/{wave_name}. */
    async uploadStatus(waveName: string, token: string | undefined, viewer: Viewer) {
      return uploadStatusOf(await intake.authorize(waveName, token, viewer));
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
      const anonymous = wave.user_id === deps.anonymousUserId;
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

      const name = `${wave.wave_name}-${randomBytes(6).toString('hex')}`;
      const kept = receivedKey(name);
      await storage.putFile(kept, file, { move: true });
      let accepted = false;
      try {
        accepted = await db.kysely.transaction().execute(async (trx) => {
          if (!(await waveUploadsRepository(trx).markReceived(wave.id, received))) return false;
          await enqueueTranscodeWave(
            jobs,
            {
              waveId: wave.id,
              file: name,
              demuxer: sniffed.demuxer,
              declaredSeconds: sniffed.declaredSeconds,
            },
            trx,
            { ownerUserId: anonymous ? null : wave.user_id, bytes: received.bytes },
          );
          return true;
        });
      } finally {
        if (!accepted) await storage.delete(kept);
      }
      if (!accepted) return settleRepeat(wave.id, received);
      jobs.wake();
      return uploadStatusOf({
        ...wave,
        status: 'processing',
        received_bytes: received.bytes,
        received_sha256: received.sha256,
        failure_reason: null,
      });
    },
  };
  return intake;
}

export type UploadIntake = ReturnType<typeof uploadIntake>;
