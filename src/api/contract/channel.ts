import { z } from 'zod';
import { booleanLikeSchema, idParamSchema } from './common.ts';
import {
  CHANNEL_DESCRIPTION_MAX,
  CHANNEL_NAME_MAX,
  channelMessages,
  chatMessages,
  DEFAULT_GROUP_ACCESS_RULE,
  GROUP_ACCESS_RULES,
  GROUP_NAME_MAX,
} from './constants.ts';
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

const languageCodeUiSchema = z
  .string({ error: channelMessages.languageRequired })
  .min(1, channelMessages.languageRequired)
  .pipe(z.enum(supportedLanguages, { error: channelMessages.languageInvalid }));

/** The /channel/new form for a public channel (the client's form). */
export const newChannelFormSchema = z.object({
  channel_name: channelNameSchema,
  description: z
    .string()
    .trim()
    .max(CHANNEL_DESCRIPTION_MAX, channelMessages.descriptionTooLong)
    .default(''),
  language_code_ui: languageCodeUiSchema,
});
export type NewChannelFormValues = z.input<typeof newChannelFormSchema>;
export type NewChannelFormOutput = z.output<typeof newChannelFormSchema>;

/** A chat group's access rule: "Invalid access rule" for anything but the three rules. */
export const accessRuleSchema = z.enum(GROUP_ACCESS_RULES, {
  error: chatMessages.invalidAccessRule,
});

/** A chat group's name (stored as the channel's description): required, at most 80. */
export const groupNameSchema = z
  .string({ error: chatMessages.groupNameRequired })
  .trim()
  .min(1, chatMessages.groupNameRequired)
  .max(GROUP_NAME_MAX, chatMessages.groupNameTooLong);

function firstIssue(
  ctx: z.RefinementCtx,
  field: string,
  result: { success: boolean; error?: z.ZodError },
) {
  if (result.success) return true;
  ctx.addIssue({
    code: 'custom',
    path: [field],
    message: result.error?.issues[0]?.message ?? 'invalid value',
  });
  return false;
}

/**
 * POST /channel/new: a public channel (channel_name, description, language_code_ui), or with
 * `is_chatgroup` a chat group (docs/product/channels-and-groups.md "Chat groups"): its name is
 * the description (required, ≤ 80), `channel_access_rule` defaults to phone-verified, and the
 * server makes up the group's channel_name (any sent is ignored). Replies data.channel_id.
 */
export const newChannelBodySchema = z
  .object({
    channel_name: z.string().optional(),
    description: z.string().optional(),
    // Checked in the transform, so every field's message is reported at once.
    language_code_ui: z.unknown().optional(),
    is_chatgroup: booleanLikeSchema.optional(),
    channel_access_rule: z.string().optional(),
  })
  .transform((body, ctx) => {
    if (body.is_chatgroup === true) {
      const language = languageCodeUiSchema.safeParse(body.language_code_ui);
      const languageOk = firstIssue(ctx, 'language_code_ui', language);
      const name = groupNameSchema.safeParse(body.description ?? '');
      const rule = accessRuleSchema.safeParse(
        body.channel_access_rule === undefined || body.channel_access_rule === ''
          ? DEFAULT_GROUP_ACCESS_RULE
          : body.channel_access_rule,
      );
      const nameOk = firstIssue(ctx, 'description', name);
      const ruleOk = firstIssue(ctx, 'channel_access_rule', rule);
      if (!languageOk || !nameOk || !ruleOk) return z.NEVER;
      if (!language.success || !name.success || !rule.success) return z.NEVER;
      return {
        is_chatgroup: true as const,
        description: name.data,
        channel_access_rule: rule.data,
        language_code_ui: language.data,
      };
    }
    const form = newChannelFormSchema.safeParse({
      channel_name: body.channel_name,
      description: body.description,
      language_code_ui: body.language_code_ui,
    });
    if (!form.success) {
      for (const issue of form.error.issues) {
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      }
      return z.NEVER;
    }
    return { is_chatgroup: false as const, ...form.data };
  });
export type NewChannelBody = z.input<typeof newChannelBodySchema>;
export type NewChannelInput = z.output<typeof newChannelBodySchema>;
export const newChannelReplySchema = envelopeSchema(
  z.object({ channel_id: z.number().int(), channel_name: z.string() }),
);
