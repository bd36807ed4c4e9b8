import { z } from 'zod';
import { envelopeSchema } from './envelope.ts';

/** Which captcha the server verifies, and the public site key the widget needs (if any). */
export const captchaConfigSchema = z.object({
  provider: z.enum(['altcha', 'turnstile', 'hcaptcha']),
  siteKey: z.string().nullable(),
});
export type CaptchaConfig = z.infer<typeof captchaConfigSchema>;
export const captchaConfigReplySchema = envelopeSchema(captchaConfigSchema);

/**
 * An ALTCHA challenge as the widget fetches it (GET /api/v1/captcha/challenge). Not wrapped in
 * the envelope: the widget reads this wire format itself.
 */
export const altchaChallengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    memoryCost: z.number().optional(),
    parallelism: z.number().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().optional(),
});

/**
 * What a challenge is for, when that makes it harder: `sms` (a guest's phone code) grows with
 * the load on the SMS budget (docs/product/limits.md "SMS budget").
 */
export const captchaPurposes = ['sms'] as const;
export type CaptchaPurpose = (typeof captchaPurposes)[number];
export const captchaChallengeQuerySchema = z.object({
  purpose: z.enum(captchaPurposes).optional(),
});

/** Field name of the captcha payload in every form that needs one. */
export const CAPTCHA_FIELD = 'captcha';

/** The server's captcha refusals ("captcha required", docs/product/recording.md "Who may record"), keyed on the `captcha` field. */
export const captchaMessages = {
  required: 'captcha required',
  failed: 'captcha verification failed, please try again',
} as const;
