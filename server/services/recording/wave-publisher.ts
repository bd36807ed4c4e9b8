import { randomBytes, randomInt } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { recordingMessages } from '../../../src/api/contract/recording-limits.ts';
import type { Db } from '../../db/database.ts';
import { channelsRepository, type ChannelRow } from '../../db/repositories/channels-repository.ts';
import { usersRepository } from '../../db/repositories/users-repository.ts';
import {
  waveCountersRepository,
  wavesRepository,
  type WaveRow,
} from '../../db/repositories/waves-repository.ts';
import type { Database } from '../../db/schema.ts';
import { epochDay, type Clock } from '../../kernel/clock.ts';
import { invalid, notFound } from '../../kernel/refusal.ts';
import type { Ffmpeg } from '../../media/ffmpeg.ts';
import { audioKey } from '../../media/media-keys.ts';
import type { MediaStorage } from '../../media/storage.ts';
import { trendingScore } from '../trending.ts';
import { isListed } from '../wave-access.ts';

/** Where a new wave is posted, as a request names it. */
export interface WaveDestination {
  /** The channel to post to; a reply takes its parent's channel instead. */
  channelId?: number | undefined;
  /** Makes the wave a reply to a head wave (replies to replies are refused). */
  inReplyToWaveName?: string | undefined;
}

/** The destination checked: the channel exists, and the wave replied to is a published head. */
export interface PostingTarget {
  channel: ChannelRow;
  parent: WaveRow | null;
}

export interface CreateWaveInput extends WaveDestination {
  userId: number;
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
  /** Move the source file into storage instead of copying it (an upload's temp file). */
  move?: boolean;
  /**
   * The file is already the product's mp3 and this is its duration in seconds, as the
   * transcode measured it: stored as it is, without probing it again.
   */
  durationSeconds?: number;
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

const NAME_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A URL-safe wave name: 12 characters of [a-z0-9] (about 62 bits). */
export function newWaveName(): string {
  let name = '';
  for (let i = 0; i < 12; i += 1) name += NAME_ALPHABET[randomInt(NAME_ALPHABET.length)];
  return name;
}

/**
 * Turns audio into a published wave. The recording pipeline creates the wave when a recording
 * starts (`createWave`) and, once the upload is transcoded, calls `publishFromFile` with the
 * result; the demo seed does both with its committed speech.
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
  /**
   * Called in the transaction that publishes a wave, for work that must exist exactly when the
   * wave is published (its video job).
   */
  onPublishing?: (trx: Kysely<Database>, waveId: number) => Promise<unknown>;
}) {
  const { db, storage, clock } = deps;
  const waves = wavesRepository(db.kysely, db.dialect);
  const channels = channelsRepository(db.kysely);
  const users = usersRepository(db.kysely);

  /**
   * Where a wave may be posted, with the texts the recorder shows: a reply goes to its
   * parent's channel, and only a published head wave takes replies (a thread is one level).
   */
  async function postingTarget(destination: WaveDestination): Promise<PostingTarget> {
    let channelId = destination.channelId;
    let parent: WaveRow | null = null;
    if (destination.inReplyToWaveName !== undefined) {
      const found = await waves.findByName(destination.inReplyToWaveName);
      if (!found || found.status !== 'published') {
        throw invalid(recordingMessages.replyTargetNotFound, {
          in_reply_to_wave_wave_name: recordingMessages.replyTargetNotFound,
        });
      }
      if (found.in_reply_to_wave_id !== null) throw invalid(recordingMessages.cannotReplyToReply);
      parent = found;
      channelId = found.channel_id;
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
    return { channel, parent };
  }

  return {
    postingTarget,

    /**
     * A wave record in state `pending_upload`, not listed until published. `target` is the
     * destination already checked (newwave checks who may post there before it creates).
     */
    async createWave(input: CreateWaveInput, target?: PostingTarget): Promise<CreatedWave> {
      if (input.idempotencyKey) {
        const existing = await waves.findByIdempotencyKey(input.userId, input.idempotencyKey);
        if (existing) return existing;
      }
      const user = await users.findById(input.userId);
      if (!user) throw notFound('user not found');
      const { channel, parent } = target ?? (await postingTarget(input));

      const createdAt = input.createdAt ?? clock.now();
      const row = {
        wave_name: newWaveName(),
        user_id: user.id,
        channel_id: channel.id,
        team_id: user.home_team_id,
        title: input.title ?? '',
        language_code_ui: input.languageCode ?? channel.language_code_ui,
        in_reply_to_wave_id: parent?.id ?? null,
        status: 'pending_upload',
        created_at: createdAt,
        created_epoch_day: epochDay(createdAt),
        idempotency_key: input.idempotencyKey ?? null,
      };
      const id = await waves.insert(row);
      return { id, ...row };
    },

    /**
     * Stores `file` at the audio path of docs/product/api.md "Media" (an mp3 as it is, anything else transcoded to the
     * product's encoding), records its duration, size and SHA-256, and publishes the wave:
     * status `published`, `listed` by the rules, `published_at`, the trending score, the
     * channel's wave count and latest time, and the parent's reply count. Idempotent:
     * publishing a published wave changes nothing.
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

      let source = file;
      let temp: string | null = null;
      try {
        let seconds = options.durationSeconds;
        if (seconds === undefined) {
          const ffmpeg = await deps.ffmpeg();
          const probe = await ffmpeg.probe(file);
          if (!probe.audioCodec) throw new Error(`no audio stream in ${path.basename(file)}`);
          const isMp3 = probe.audioCodec === 'mp3' && probe.formatName.split(',').includes('mp3');
          if (!isMp3) {
            await mkdir(deps.workDir, { recursive: true });
            temp = path.join(
              deps.workDir,
              `${wave.wave_name}-${randomBytes(6).toString('hex')}.mp3`,
            );
            await ffmpeg.transcodeToMp3(file, temp);
            source = temp;
          }
          // The duration of what is stored: the probe above, unless the file was transcoded.
          seconds =
            temp === null && Number.isFinite(probe.durationSeconds)
              ? probe.durationSeconds
              : await ffmpeg.probeDurationSeconds(source);
        }
        const stored = await storage.putFile(key, source, {
          move: temp !== null || options.move === true,
        });
        temp = null;

        const channel = await channels.findById(wave.channel_id);
        if (!channel) throw notFound(recordingMessages.channelNotFound);
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
          await deps.onPublishing?.(trx, wave.id);
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
  };
}

export type WavePublisher = ReturnType<typeof wavePublisher>;
