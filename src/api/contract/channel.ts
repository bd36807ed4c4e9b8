import { z } from 'zod';
import { idParamSchema } from './common.ts';
import { CHANNEL_DESCRIPTION_MAX, CHANNEL_NAME_MAX, channelMessages } from './constants.ts';
import { envelopeSchema } from './envelope.ts';
import { supportedLanguages } from './languages.ts';

/** A channel (docs/product/channels-and-groups.md "Channels"). */
export const channelSchema = z.object({
  channel_id: z.number().int(),
  channel_name: z.string(),
  description: z.string(),
  wave_count: z.number().int(),
  /** ISO 8601 (UTC) of the newest published wave, null when it has none. */
  latest_wave_created: z.string().nullable(),
  channel_access_rule: z.string(),
  /** Only chat groups have one; null for public channels. */
  channel_invitation_code: z.string().nullable(),
  is_chatgroup: z.boolean(),
  language_code_ui: z.string(),
});
export type Channel = z.infer<typeof channelSchema>;

/** GET /channel/name/{channel_name} and GET /channel/info/{channel_id}: data is the channel. */
export const channelReplySchema = envelopeSchema(channelSchema);
/**
 * GET /channel/list/bylanguage/{lang}: public channels of a language, most recently updated
 * first. GET /channel/list/byusermostrecent/{lang}: the same channels, the ones the caller
 * posted to most recently first (the recorder's channel picker).
 */
export const channelListReplySchema = envelopeSchema(z.array(channelSchema));

export const channelNameParamsSchema = z.object({
  channel_name: z.string().min(1, channelMessages.nameRequired).max(64, 'invalid channel name'),
});
export const channelIdParamsSchema = z.object({ channel_id: idParamSchema });
/** The path's language; anything but en/de is "invalid language_code_ui". */
export const channelLanguageParamsSchema = z.object({
  lang: z.enum(supportedLanguages, { error: channelMessages.languageInvalid }),
});

export const channelNameSchema = z
  .string({ error: channelMessages.nameRequired })
  .trim()
  .min(1, channelMessages.nameRequired)
  .max(CHANNEL_NAME_MAX, channelMessages.nameTooLong)
  .regex(/^[\p{L}\p{N}_-]+$/u, channelMessages.nameCharacters);

/** POST /channel/new (public channels; chat groups come later). */
export const newChannelBodySchema = z.object({
  channel_name: channelNameSchema,
  description: z
    .string()
    .trim()
    .max(CHANNEL_DESCRIPTION_MAX, channelMessages.descriptionTooLong)
    .default(''),
  language_code_ui: z
    .string({ error: channelMessages.languageRequired })
    .min(1, channelMessages.languageRequired)
    .pipe(z.enum(supportedLanguages, { error: channelMessages.languageInvalid })),
});
export type NewChannelBody = z.input<typeof newChannelBodySchema>;
export const newChannelReplySchema = envelopeSchema(
  z.object({ channel_id: z.number().int(), channel_name: z.string() }),
);
