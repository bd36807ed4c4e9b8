import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { parsePhoneNumberWithError } from 'libphonenumber-js/core';
import maxMetadata from 'libphonenumber-js/max/metadata';
import {
  PHONE_DEFAULT_COUNTRY,
  phoneMessages,
  SMS_CODE_LENGTH,
  SMS_CODE_MAX_ATTEMPTS,
  SMS_CODE_TTL_MS,
} from '../../src/api/contract/constants.ts';
import {
  checkPhoneNumber,
  phoneProblemMessages,
  type ConfirmSmsCodeData,
  type PhoneValidateData,
  type VerifyPhoneData,
} from '../../src/api/contract/phone.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { smsCodesRepository } from '../db/repositories/sms-codes-repository.ts';
import { usersRepository } from '../db/repositories/users-repository.ts';
import { invalid, Refusal } from '../kernel/refusal.ts';
import { ALTCHA_MAX_LEVEL, assertHuman, type CaptchaProvider } from '../providers/captcha.ts';
import type { SmsProvider } from '../providers/sms.ts';
import type { Clock } from '../kernel/clock.ts';
import type { Log } from '../kernel/log.ts';
import { addressRange } from './address-range.ts';
import { HOUR, type RateLimiter } from './rate-limiter.ts';
import type { Viewer } from './session-service.ts';

const DAY = 24 * HOUR;

/**
 * Limits on sending codes (docs/product/limits.md "SMS budget"). SMS pumping — bots making us
 * text numbers they are paid for — is stopped per number and number block, per address and
 * address range, per account, and by two hourly budgets that bound the bill: one for guests,
 * one for members, so a guest-side drain never refuses a member.
 */
export const SMS_LIMITS = {
  perNumberHour: 3,
  perNumberDay: 8,
  perIpHour: 5,
  perUserHour: 5,
  /** Guests per address range (IPv4 /24, IPv6 /48); members are counted per account. */
  guestPerRangeHour: 10,
  /** Per block of 10,000 numbers (the number without its last four digits). */
  guestPerBlockHour: 5,
  memberPerBlockHour: 15,
  guestBudgetHour: 100,
  memberBudgetHour: 200,
  confirmPerIpHour: 30,
  confirmPerUserHour: 20,
} as const;

/**
 * How much work a guest's captcha must cost (docs/product/limits.md "SMS budget"): one level
 * (twice the work) per three codes sent from the guest's address range this hour, plus one per
 * tenth of the guest budget spent, at most ALTCHA_MAX_LEVEL (256 times the base work).
 */
export function smsCaptchaLevel(sentFromRange: number, budgetUsed: number, budget: number) {
  const level = Math.floor(sentFromRange / 3) + Math.floor((10 * budgetUsed) / Math.max(1, budget));
  return Math.min(ALTCHA_MAX_LEVEL, level);
}

/** A number's block: the number without its last four digits (operators allocate blocks). */
const numberBlock = (e164: string) => e164.slice(0, -4);

/** Number types no verification code is sent to (they cost money or reach no phone). */
const REFUSED_TYPES = new Set([
  'PREMIUM_RATE',
  'SHARED_COST',
  'TOLL_FREE',
  'VOICEMAIL',
  'UAN',
  'PAGER',
]);

/**
 * The phone rules (docs/product/accounts.md "Phone verification") with the full numbering plans
 * (the authoritative check).
 */
export function validatePhone(phone: string, country?: string): PhoneValidateData {
  const check = checkPhoneNumber(phone, country ?? PHONE_DEFAULT_COUNTRY, maxMetadata);
  if (!check.ok) return { valid: false, problem: check.problem, e164: null, country: null };
  const type = parsePhoneNumberWithError(check.e164, {}, maxMetadata).getType();
  if (type && REFUSED_TYPES.has(type)) {
    return { valid: false, problem: 'invalid', e164: null, country: null };
  }
  return { valid: true, problem: null, e164: check.e164, country: check.country };
}

function smsText(language: string, siteName: string, code: string) {
  const minutes = SMS_CODE_TTL_MS / 60_000;
  return language === 'de'
    ? `${siteName}: Dein Code lautet ${code}. Er ist ${minutes} Minuten gültig.`
    : `${siteName}: your code is ${code}. It is valid for ${minutes} minutes.`;
}

/**
 * Phone verification (docs/product/accounts.md "Phone verification"): a random six-digit code by
 * SMS, stored only as a keyed hash, valid 10 minutes, at most 5 attempts; a new code replaces the
 * open one. Anonymous visitors solve a captcha, and their code is bound to a signed token (the
 * shared guest account has no phone of its own, so nothing is stored on it).
 */
export function phoneService(deps: {
  config: Config;
  db: Db;
  clock: Clock;
  secret: Uint8Array;
  sms: SmsProvider;
  captcha: CaptchaProvider;
  rateLimiter: RateLimiter;
  limits?: Partial<Record<keyof typeof SMS_LIMITS, number>>;
  /** The app's logger; a request's own `log` argument goes before it. */
  log?: Log | null;
}) {
  const codes = smsCodesRepository(deps.db.kysely);
  const users = usersRepository(deps.db.kysely);
  const limits = { ...SMS_LIMITS, ...deps.limits };
  const key = createHmac('sha256', deps.secret).update('sms-code').digest();
  const hashOf = (userId: number, phone: string, code: string) =>
    createHmac('sha256', key).update(`${userId}:${phone}:${code}`).digest('hex');
  const sign = (id: number) =>
    `${id}.${createHmac('sha256', key).update(`verification:${id}`).digest('base64url')}`;
  const unsign = (token: string | undefined): number | null => {
    const id = Number(token?.split('.')[0]);
    if (!Number.isSafeInteger(id) || id <= 0) return null;
    const expected = Buffer.from(sign(id));
    const given = Buffer.from(token ?? '');
    return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
  };
  const refuse = (message: string) => invalid(message, { smscode: message });
  const limiter = deps.rateLimiter;

  /** The level a guest's captcha must have now, from their range and the guest budget. */
  async function guestCaptchaLevel(ip: string) {
    const [fromRange, budgetUsed] = await Promise.all([
      limiter.count(`sms-send:range:${addressRange(ip)}`, HOUR),
      limiter.count('sms-send:guest-budget', HOUR),
    ]);
    return smsCaptchaLevel(fromRange, budgetUsed, limits.guestBudgetHour);
  }

  return {
    validate: validatePhone,

    /** The work a guest's captcha for a code must cost (GET /captcha/challenge?purpose=sms). */
    guestCaptchaLevel,

    /** POST /auth/verifyphonenumber. Returns the reply data and, for anonymous, a token. */
    async requestCode(
      viewer: Viewer,
      input: { phone_number: string; country?: string | undefined; captcha?: string | undefined },
      ip: string,
      log: Log | null = deps.log ?? null,
    ): Promise<{ data: VerifyPhoneData; verificationToken: string | null }> {
      const guest = viewer.isAnonymous;
      if (guest) {
        // A spent address or range is told so before it solves a captcha for nothing.
        await limiter.check(`sms-send:ip:${ip}`, limits.perIpHour, HOUR);
        await limiter.check(`sms-send:range:${addressRange(ip)}`, limits.guestPerRangeHour, HOUR);
        await limiter.check('sms-send:guest-budget', limits.guestBudgetHour, HOUR);
        // One level of slack: the load may have risen since the widget fetched its challenge.
        const minLevel = Math.max(0, (await guestCaptchaLevel(ip)) - 1);
        await assertHuman(deps.captcha, input.captcha, ip, { minLevel });
      }
      const checked = validatePhone(input.phone_number, input.country);
      if (!checked.valid || !checked.e164) {
        const message = phoneProblemMessages[checked.problem ?? 'invalid'];
        throw invalid(message, { phone_number: message });
      }
      const phone = checked.e164;
      // Narrowest first, so a refused request has spent as little of the wider budgets as possible.
      await limiter.hit(`sms-send:number:${phone}`, limits.perNumberHour, HOUR);
      await limiter.hit(`sms-send:number-day:${phone}`, limits.perNumberDay, DAY);
      if (guest) {
        // Members are counted per account instead: a shared address must not refuse them.
        await limiter.hit(`sms-send:ip:${ip}`, limits.perIpHour, HOUR);
        await limiter.hit(`sms-send:range:${addressRange(ip)}`, limits.guestPerRangeHour, HOUR);
        await limiter.hit(
          `sms-send:guest-block:${numberBlock(phone)}`,
          limits.guestPerBlockHour,
          HOUR,
        );
        await limiter.hit('sms-send:guest-budget', limits.guestBudgetHour, HOUR);
      } else {
        await limiter.hit(`sms-send:user:${viewer.userId}`, limits.perUserHour, HOUR);
        await limiter.hit(
          `sms-send:member-block:${numberBlock(phone)}`,
          limits.memberPerBlockHour,
          HOUR,
        );
        await limiter.hit('sms-send:member-budget', limits.memberBudgetHour, HOUR);
      }

      const now = deps.clock.now();
      const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
      if (!viewer.isAnonymous) await codes.closeOpen(viewer.userId, now);
      const expiresAt = now + SMS_CODE_TTL_MS;
      const id = await codes.insert({
        user_id: viewer.userId,
        phone_number: phone,
        code_hash: hashOf(viewer.userId, phone, code),
        created_at: now,
        expires_at: expiresAt,
        consumed_at: null,
      });
      const user = await users.findById(viewer.userId);
      try {
        await deps.sms.send(
          {
            to: phone,
            body: smsText(user?.language_code_ui ?? 'en', deps.config.siteName, code),
          },
          log ?? undefined,
        );
      } catch (error) {
        await codes.delete(id);
        log?.error({ err: error }, 'sending an SMS failed');
        throw new Refusal('unavailable', phoneMessages.sendFailed, {
          fields: {
            phone_number: phoneMessages.sendFailed,
          },
        });
      }
      return {
        data: { phone_number: phone, expires_at: expiresAt },
        verificationToken: viewer.isAnonymous ? sign(id) : null,
      };
    },

    /** POST /auth/confirmsmscode. */
    async confirmCode(
      viewer: Viewer,
      smscode: string,
      ip: string,
      verificationToken?: string,
    ): Promise<ConfirmSmsCodeData> {
      await deps.rateLimiter.hit(`sms-confirm:ip:${ip}`, limits.confirmPerIpHour, HOUR);
      if (!viewer.isAnonymous) {
        await deps.rateLimiter.hit(
          `sms-confirm:user:${viewer.userId}`,
          limits.confirmPerUserHour,
          HOUR,
        );
      }
      let row;
      if (viewer.isAnonymous) {
        const id = unsign(verificationToken);
        row = id === null ? undefined : await codes.findById(id);
        if (row && (row.user_id !== viewer.userId || row.consumed_at !== null)) row = undefined;
      } else {
        row = await codes.findLatestOpen(viewer.userId);
      }
      if (!row) throw refuse(phoneMessages.noCode);
      if (deps.clock.now() > row.expires_at) throw refuse(phoneMessages.codeExpired);
      if (!(await codes.takeAttempt(row.id, SMS_CODE_MAX_ATTEMPTS))) {
        throw refuse(phoneMessages.tooManyAttempts);
      }
      const expected = Buffer.from(row.code_hash);
      const given = Buffer.from(hashOf(viewer.userId, row.phone_number, smscode));
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        throw refuse(phoneMessages.codeWrong);
      }
      const now = deps.clock.now();
      if (!(await codes.consume(row.id, now))) throw refuse(phoneMessages.noCode);
      if (!viewer.isAnonymous) {
        await users.update(viewer.userId, {
          phone_number: row.phone_number,
          phone_confirmed_at: now,
          updated_at: now,
        });
      }
      return { phone_number: row.phone_number, phoneconfirmed: true };
    },
  };
}
