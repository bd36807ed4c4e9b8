import type { z } from 'zod';
import { captchaMessages } from '../../../src/api/contract/captcha.ts';
import type { NewWaveData, newWaveBodySchema } from '../../../src/api/contract/recording.ts';
import { TUS_ENDPOINT, recordingMessages } from '../../../src/api/contract/recording-limits.ts';
import type { Db } from '../../db/database.ts';
import { channelsRepository, type ChannelRow } from '../../db/repositories/channels-repository.ts';
import { wavesRepository, type WaveRow } from '../../db/repositories/waves-repository.ts';
import { forbidden, invalid, notFound } from '../../kernel/refusal.ts';
import type { CaptchaProvider } from '../../providers/captcha.ts';
import { MINUTE, type RateLimiter } from '../rate-limiter.ts';
import type { Viewer } from '../session-service.ts';
import type { WaveAccess } from '../wave-access.ts';
import type { UploadTokens } from './upload-tokens.ts';
import { waveStatusOf } from './wave-status.ts';
import type { WavePublisher } from './wave-publisher.ts';

export type NewWaveInput = z.output<typeof newWaveBodySchema>;

/** New waves per address and 10 minutes (retries of the same idempotency key do not count). */
export const NEWWAVE_PER_IP_LIMIT = 30;

export function multipartUrlOf(waveName: string) {
  return `/api/v1/uploadaudio/${waveName}`;
}

/**
 * POST /wave/newwave: the wave a recording will fill, created when the recording starts, in
 * `pending_upload`, with where and how its audio is to be uploaded. Idempotent per caller and
 * key, so a retried request answers with the same wave and token.
 */
export function waveCreation(deps: {
  db: Db;
  rateLimiter: RateLimiter;
  captcha: CaptchaProvider;
  access: WaveAccess;
  publisher: WavePublisher;
  tokens: UploadTokens;
}) {
  const waves = wavesRepository(deps.db.kysely, deps.db.dialect);
  const channels = channelsRepository(deps.db.kysely);
  const channelOf = (id: number) => channels.findById(id);

  const present = (wave: WaveRow): NewWaveData => ({
    wave_name: wave.wave_name,
    channel_id: wave.channel_id,
    upload_url: TUS_ENDPOINT,
    multipart_url: multipartUrlOf(wave.wave_name),
    upload_token: deps.tokens.tokenOf(wave),
    status: waveStatusOf(wave),
  });

  /**
   * Who may post a wave in a channel: public channels take everyone, the guest included;
   * chat groups only their members (and admins), never the shared anonymous account.
   */
  async function channelAcceptsCaller(
    viewer: Viewer,
    channel: ChannelRow | undefined,
  ): Promise<boolean> {
    if (!channel) return false;
    if (channel.is_chatgroup === 0) return true;
    if (viewer.isAnonymous) return false;
    return deps.access.canRead(viewer, channel);
  }

  return {
    async newWave(input: NewWaveInput, viewer: Viewer, ip: string): Promise<NewWaveData> {
      const key = input.idempotency_key;
      if (key) {
        const existing = await waves.findByIdempotencyKey(viewer.userId, key);
        if (existing) return present(existing);
      }
      await deps.rateLimiter.hit(`newwave:ip:${ip}`, NEWWAVE_PER_IP_LIMIT, 10 * MINUTE);

      // A chat group the caller is not in answers like a channel or wave that does not exist
      // (docs/product/channels-and-groups.md "Privacy"), before any other rule about it.
      const replyTo = input.in_reply_to_wave_wave_name;
      const parent = replyTo === undefined ? undefined : await waves.findByName(replyTo);
      if (parent && !(await channelAcceptsCaller(viewer, await channelOf(parent.channel_id)))) {
        throw invalid(recordingMessages.replyTargetNotFound, {
          in_reply_to_wave_wave_name: recordingMessages.replyTargetNotFound,
        });
      }
      const target = await deps.publisher.postingTarget({
        channelId: input.channel_id,
        inReplyToWaveName: replyTo,
      });
      if (!(await channelAcceptsCaller(viewer, target.channel))) {
        throw target.channel.is_chatgroup === 1
          ? invalid(recordingMessages.channelNotFound, {
              channel_id: recordingMessages.channelNotFound,
            })
          : forbidden(recordingMessages.channelNotAllowed, {
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
        const created = await deps.publisher.createWave(
          {
            userId: viewer.userId,
            title: input.title || undefined,
            // The lists are per language: a wave speaks its channel's language.
            languageCode: target.channel.language_code_ui,
            idempotencyKey: key,
          },
          target,
        );
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
  };
}
