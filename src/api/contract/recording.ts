import { z } from 'zod';
import { idParamSchema, waveNameSchema } from './common.ts';
import { WAVE_TITLE_MAX, WAVE_TITLE_MIN, waveMessages } from './constants.ts';
import { envelopeSchema } from './envelope.ts';
import { supportedLanguages } from './languages.ts';
import { recordingMessages, waveStatuses } from './recording-limits.ts';

/**
 * POST /wave/newwave (docs/product/api.md "Recording calls"): creates the wave record the
 * audio is then uploaded to. Exactly one of channel_id / in_reply_to_wave_wave_name.
 * `idempotency_key` (client-generated, per recording) makes a retry return the same wave_name.
 */
export const newWaveBodySchema = z
  .object({
    language_code_ui: z.enum(supportedLanguages, { error: recordingMessages.languageInvalid }),
    channel_id: idParamSchema.optional(),
    in_reply_to_wave_wave_name: waveNameSchema.optional(),
    captcha: z.string().max(20_000).optional(),
    title: z
      .string()
      .trim()
      .max(WAVE_TITLE_MAX, waveMessages.titleTooLong)
      .refine(
        (title) => title.length === 0 || title.length >= WAVE_TITLE_MIN,
        waveMessages.titleTooShort,
      )
      .optional(),
    idempotency_key: z
      .string()
      .regex(/^[A-Za-z0-9-]{16,64}$/, 'invalid idempotency key')
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.channel_id === undefined && body.in_reply_to_wave_wave_name === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['channel_id'],
        message: recordingMessages.missingChannel,
      });
    }
  });
export type NewWaveBody = z.input<typeof newWaveBodySchema>;

export const newWaveDataSchema = z.object({
  wave_name: z.string(),
  channel_id: z.number().int(),
  /** Where the tus upload goes (creation POST), and the plain multipart alternative. */
  upload_url: z.string(),
  multipart_url: z.string(),
  /**
   * Proves the upload comes from the wave's creator (send as the `Upload-Token` header). The
   * shared anonymous account makes the session alone insufficient.
   */
  upload_token: z.string(),
  status: z.enum(waveStatuses),
});
export type NewWaveData = z.infer<typeof newWaveDataSchema>;
export const newWaveReplySchema = envelopeSchema(newWaveDataSchema);

/**
 * GET /wave/uploadstatus/{wave_name} (creator only: the `Upload-Token` header): the client keeps
 * its local audio until the server confirms the size and SHA-256 it received.
 */
export const uploadStatusSchema = z.object({
  wave_name: z.string(),
  status: z.enum(waveStatuses),
  audio_bytes: z.number().int().nullable(),
  audio_sha256: z.string().nullable(),
  failure_reason: z.string().nullable(),
});
export type UploadStatus = z.infer<typeof uploadStatusSchema>;
export const uploadStatusReplySchema = envelopeSchema(uploadStatusSchema);
