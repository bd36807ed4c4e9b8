import { parsePhoneNumberWithError, ParseError, type MetadataJson } from 'libphonenumber-js/core';
import { z } from 'zod';
import {
  PHONE_EXTENSION_MAX_DIGITS,
  PHONE_INPUT_MAX,
  PHONE_NATIONAL_MAX_DIGITS,
  PHONE_NATIONAL_MIN_DIGITS,
  phoneMessages,
  SMS_CODE_LENGTH,
} from './constants.ts';
import { envelopeSchema } from './envelope.ts';

/**
 * The phone rules (docs/product/accounts.md "Phone verification"): input over 250 characters is
 * rejected; fewer than 2 national digits is too short, more than 17 too long; the number must match
 * its country's numbering plan. The same function runs on both sides with different metadata: the
 * client passes libphonenumber-js's "min" metadata (31 KB, lengths only), the server the "max"
 * metadata (the full numbering plans), which makes the server's answer the authoritative one.
 */
export type PhoneProblem =
  'empty' | 'input_too_long' | 'too_short' | 'too_long' | 'extension_too_long' | 'invalid';

export type PhoneCheck =
  | { ok: true; e164: string; country: string | null; nationalNumber: string }
  | { ok: false; problem: PhoneProblem };

export const phoneProblemMessages: Record<PhoneProblem, string> = {
  empty: 'this field is required',
  input_too_long: phoneMessages.inputTooLong,
  too_short: phoneMessages.tooShort,
  too_long: phoneMessages.tooLong,
  extension_too_long: phoneMessages.extensionTooLong,
  invalid: phoneMessages.invalidPhone,
};

export function checkPhoneNumber(
  input: string,
  defaultCountry: string | undefined,
  metadata: MetadataJson,
): PhoneCheck {
  if (input.length > PHONE_INPUT_MAX) return { ok: false, problem: 'input_too_long' };
  if (input.trim() === '') return { ok: false, problem: 'empty' };
  let phone;
  try {
    phone = parsePhoneNumberWithError(
      input,
      // The type wants a CountryCode; an unknown code simply parses without a default.
      defaultCountry ? { defaultCountry: defaultCountry as never } : {},
      metadata,
    );
  } catch (error) {
    if (error instanceof ParseError) {
      if (error.message === 'TOO_SHORT') return { ok: false, problem: 'too_short' };
      if (error.message === 'TOO_LONG') return { ok: false, problem: 'too_long' };
    }
    return { ok: false, problem: 'invalid' };
  }
  const national = phone.nationalNumber as string;
  if (national.length < PHONE_NATIONAL_MIN_DIGITS) return { ok: false, problem: 'too_short' };
  if (national.length > PHONE_NATIONAL_MAX_DIGITS) return { ok: false, problem: 'too_long' };
  if (phone.ext && phone.ext.length > PHONE_EXTENSION_MAX_DIGITS) {
    return { ok: false, problem: 'extension_too_long' };
  }
  if (!phone.isValid()) return { ok: false, problem: 'invalid' };
  return {
    ok: true,
    e164: phone.number as string,
    country: phone.country ?? null,
    nationalNumber: national,
  };
}

const countryCodeSchema = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'invalid country')
  .transform((code) => code.toUpperCase());

/** POST /auth/verifyphonenumber. `country` is the picker's choice for numbers without "+". */
export const verifyPhoneBodySchema = z.object({
  phone_number: z
    .string({ error: 'this field is required' })
    .max(PHONE_INPUT_MAX, phoneMessages.inputTooLong),
  country: countryCodeSchema.optional(),
  captcha: z.string().max(20_000).optional(),
});
export type VerifyPhoneBody = z.input<typeof verifyPhoneBodySchema>;

export const verifyPhoneDataSchema = z.object({
  /** Where the code went, in E.164 ("+" and digits). */
  phone_number: z.string(),
  /** When the code stops working (epoch ms). */
  expires_at: z.number().int(),
});
export const verifyPhoneReplySchema = envelopeSchema(verifyPhoneDataSchema);
export type VerifyPhoneData = z.infer<typeof verifyPhoneDataSchema>;

/**
 * POST /auth/confirmsmscode: exactly six digits (docs/product/accounts.md "Phone verification").
 */
export const smsCodeSchema = z
  .string({ error: phoneMessages.invalidSmsCode })
  .trim()
  .regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), phoneMessages.invalidSmsCode);
export const confirmSmsCodeBodySchema = z.object({ smscode: smsCodeSchema });
export type ConfirmSmsCodeBody = z.input<typeof confirmSmsCodeBodySchema>;

export const confirmSmsCodeDataSchema = z.object({
  phone_number: z.string(),
  phoneconfirmed: z.boolean(),
});
export const confirmSmsCodeReplySchema = envelopeSchema(confirmSmsCodeDataSchema);
export type ConfirmSmsCodeData = z.infer<typeof confirmSmsCodeDataSchema>;

/**
 * GET /phone/validate?phone=…&country=… — our own phone-validation service (in place of an external
 * one). `success` says whether the number is valid; `data` carries the reason either way.
 */
export const phoneValidateQuerySchema = z.object({
  phone: z.string().max(PHONE_INPUT_MAX + 1000, phoneMessages.inputTooLong),
  country: countryCodeSchema.optional(),
});
export const phoneValidateDataSchema = z.object({
  valid: z.boolean(),
  problem: z
    .enum(['empty', 'input_too_long', 'too_short', 'too_long', 'extension_too_long', 'invalid'])
    .nullable(),
  e164: z.string().nullable(),
  country: z.string().nullable(),
});
export const phoneValidateReplySchema = envelopeSchema(phoneValidateDataSchema);
export type PhoneValidateData = z.infer<typeof phoneValidateDataSchema>;
