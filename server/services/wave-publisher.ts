import { randomBytes, randomInt } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/database.ts';
import { channelsRepository } from '../db/repositories/channels-repository.ts';
import { usersRepository } from '../db/repositories/users-repository.ts';
import { waveCountersRepository, wavesRepository } from '../db/repositories/waves-repository.ts';
import { invalid, notFound } from '../kernel/refusal.ts';
import type { Ffmpeg } from '../media/ffmpeg.ts';
import { audioKey } from '../media/media-keys.ts';
import type { MediaStorage } from '../media/storage.ts';
import { epochDay, type Clock } from '../kernel/clock.ts';
import { trendingScore } from './trending.ts';
import { isListed } from './wave-access.ts';

export interface CreateWaveInput {
  userId: number;
  /** The channel to post to; a reply takes its parent's channel instead. */
  channelId?: number | undefined;
  /** Makes the wave a reply (replies to replies are refused: CANNOT_REPLY_TO_REPLY). */
  inReplyToWaveName?: string | undefined;
  title?: string | undefined;
  /** Defaults to the channel's language (the lists are per language). */
  languageCode?: string | undefined;
  /** A retried creation with the same key returns the same wave instead of a second one. */
  idempotencyKey?: string | undefined;
  /** Epoch ms; defaults to now (the demo seed back-dates its waves). */
  createdAt?: number | undefined;
}

export interface CreatedWave {
  id: number;
  wave_name: string;
  channel_id: number;
  created_epoch_day: number;
  status: string;
}

export interface PublishOptions {
  /**
   * `auto` (default) stores an mp3 as it is and transcodes anything else; `always` transcodes
   * (loudness-normalised mono speech mp3); `never` refuses what is not an mp3.
   */
  transcode?: 'auto' | 'always' | 'never';
  /** Move the source file into storage instead of copying it (an upload's temp file). */
  move?: boolean;
}

export interface PublishedWave {
  wave_name: string;
  key: string;
  duration: number;
  audio_bytes: number;
  audio_sha256: string;
  /** False when the wave had been published before (a retried job): nothing changed. */
  newly_published: boolean;
}

export const CANNOT_REPLY_TO_REPLY = 'CANNOT_REPLY_TO_REPLY';

const NAME_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A URL-safe wave name: 12 characters of [a-z0-9] (about 62 bits). */
export function newWaveName(): string {
  let name = '';
  for (let i = 0; i < 12; i += 1) name += NAME_ALPHABET[randomInt(NAME_ALPHABET.length)];
  return name;
}

/**
 * Turns audio into a published wave. The recording pipeline creates the wave when a recording
 * starts (`createWave`) and, once the upload is complete, calls `publishFromFile` with the
 * uploaded file; the demo seed does both with audio it synthesises.
 */
export function wavePublisher(deps: {
  db: Db;
  storage: MediaStorage;
  ffmpeg: () => Promise<Ffmpeg>;
  clock: Clock;
  siteName: string;
  /** A local folder for transcoder output (DATA_DIR/tmp). */
  workDir: string;
  /** Called after a wave was published (the list cache forgets its pages). */
  onPublished?: () => void;
}) {
  const { db, storage, clock } = deps;
  const waves = wavesRepository(db.kysely, db.dialect);
  const channels = channelsRepository(db.kysely);
  const users = usersRepository(db.kysely);

  return {
    /** A wave record in state `pending_upload`, not listed until published. */
    async createWave(input: CreateWaveInput): Promise<CreatedWave> {
      if (input.idempotencyKey) {
        const existing = await waves.findByIdempotencyKey(input.userId, input.idempotencyKey);
        if (existing) return existing;
      }
      const user = await users.findById(input.userId);
      if (!user) throw notFound('user not found');

      let channelId = input.channelId;
      let parentId: number | null = null;
      if (input.inReplyToWaveName) {
        const parent = await waves.findByName(input.inReplyToWaveName);
        if (!parent || parent.status !== 'published') throw notFound('Wave not found');
        if (parent.in_reply_to_wave_id !== null) throw invalid(CANNOT_REPLY_TO_REPLY);
        parentId = parent.id;
        channelId = parent.channel_id;
      }
      if (channelId === undefined) {
        throw invalid('Channel ID is required.', { channel_id: 'Channel ID is required.' });
      }
      const channel = await channels.findById(channelId);
      if (!channel) throw notFound('channel not found');

      const createdAt = input.createdAt ?? clock.now();
      const row = {
        wave_name: newWaveName(),
        user_id: user.id,
        channel_id: channel.id,
        team_id: user.home_team_id,
        title: input.title ?? '',
        language_code_ui: input.languageCode ?? channel.language_code_ui,
        in_reply_to_wave_id: parentId,
        status: 'pending_upload',
        created_at: createdAt,
        created_epoch_day: epochDay(createdAt),
        idempotency_key: input.idempotencyKey ?? null,
      };
      const id = await waves.insert(row);
      return { id, ...row };
    },

    /**
     * Stores `file` at the spec's audio path (transcoding when needed), records its duration,
     * size and SHA-256, and publishes the wave: status `published`, `listed` by the rules,
     * `published_at`, the trending score, the channel's wave count and latest time, and the
     * parent's reply count. Idempotent: publishing a published wave changes nothing.
     */
    async publishFromFile(
      waveId: number,
      file: string,
      options: PublishOptions = {},
    ): Promise<PublishedWave> {
      const wave = await waves.findById(waveId);
      if (!wave) throw notFound('Wave not found');
      const key = audioKey(wave);
      if (wave.status === 'published') {
        return {
          wave_name: wave.wave_name,
          key,
          duration: wave.duration,
          audio_bytes: wave.audio_bytes ?? 0,
          audio_sha256: wave.audio_sha256 ?? '',
          newly_published: false,
        };
      }

      const ffmpeg = await deps.ffmpeg();
      const probe = await ffmpeg.probe(file);
      if (!probe.audioCodec) throw new Error(`no audio stream in ${path.basename(file)}`);
      const isMp3 = probe.audioCodec === 'mp3' && probe.formatName.split(',').includes('mp3');
      const mode = options.transcode ?? 'auto';
      if (mode === 'never' && !isMp3) throw new Error('the file is not an mp3');

      let source = file;
      let temp: string | null = null;
      try {
        if (mode === 'always' || !isMp3) {
          await mkdir(deps.workDir, { recursive: true });
          temp = path.join(deps.workDir, `${wave.wave_name}-${randomBytes(6).toString('hex')}.mp3`);
          await ffmpeg.transcodeToMp3(file, temp);
          source = temp;
        }
        // The duration of what is stored: the probe above, unless the file was transcoded.
        const seconds =
          temp === null && Number.isFinite(probe.durationSeconds)
            ? probe.durationSeconds
            : await ffmpeg.probeDurationSeconds(source);
        const stored = await storage.putFile(key, source, {
          move: temp !== null || options.move === true,
        });
        temp = null;

        const channel = await channels.findById(wave.channel_id);
        if (!channel) throw notFound('channel not found');
        const duration = Math.max(1, Math.round(seconds));
        const newlyPublished = await db.kysely.transaction().execute(async (trx) => {
          const changed = await wavesRepository(trx, db.dialect).markPublished(wave.id, {
            duration,
            audio_bytes: stored.size,
            audio_sha256: stored.sha256,
            published_at: clock.now(),
            listed: isListed('published', channel, deps.siteName) ? 1 : 0,
            trending_score: trendingScore({
              likes: wave.likes_count,
              views: wave.views_count,
              createdAt: wave.created_at,
            }),
          });
          if (!changed) return false;
          await channelsRepository(trx).addPublishedWave(channel.id, wave.created_at);
          if (wave.in_reply_to_wave_id !== null) {
            await waveCountersRepository(trx).bump(wave.in_reply_to_wave_id, { replies: 1 });
          }
          return true;
        });
        if (newlyPublished) deps.onPublished?.();
        return {
          wave_name: wave.wave_name,
          key,
          duration,
          audio_bytes: stored.size,
          audio_sha256: stored.sha256,
          newly_published: newlyPublished,
        };
      } finally {
        if (temp) await rm(temp, { force: true });
      }
    },

    /** Records why processing gave up (shown to the author; the wave stays unlisted). */
    async markFailed(waveId: number, reason: string) {
      await waves.markFailed(waveId, reason.slice(0, 500));
    },
  };
}

export type WavePublisher = ReturnType<typeof wavePublisher>;
