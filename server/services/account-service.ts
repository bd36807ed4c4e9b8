import { createHash, randomBytes } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { authMessages, isGuestEmail } from '../../src/api/contract/auth.ts';
import { ANONYMOUS_USERNAME, type LanguageCode } from '../../src/api/contract/constants.ts';
import { findCountry, isKnownRegion } from '../../src/api/contract/countries.ts';
import { newUsernameProblem } from '../../src/api/contract/username-rules.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { tokensRepository, type TokenPurpose } from '../db/repositories/tokens-repository.ts';
import { usersRepository } from '../db/repositories/users-repository.ts';
import { forbidden, invalid, Refusal } from '../kernel/refusal.ts';
import { assertHuman, type CaptchaProvider } from '../providers/captcha.ts';
import type { MailProvider } from '../providers/mail.ts';
import { confirmationMail, passwordResetMail } from './account-mails.ts';
import type { Clock } from '../kernel/clock.ts';
import type { Log } from '../kernel/log.ts';
import { HOUR, MINUTE, type RateLimiter } from './rate-limiter.ts';
import type { SessionService } from './session-service.ts';

export const PASSWORD_RESET_TTL_MS = 30 * MINUTE;
export const EMAIL_CONFIRMATION_TTL_MS = 7 * 24 * HOUR;

/**
 * The account limits in one place (docs/product/limits.md "Rate limits"). Failed sign-ins never
 * refuse the right password from another address: they are counted per account and address,
 * and past a few of them (from this address, or from anywhere for the account) the sign-in asks
 * for a captcha instead of refusing ("Failed sign-ins" in docs/product/accounts.md).
 */
export const accountLimits = {
  signInPerIp: { limit: 10, windowMs: MINUTE },
  /** Failures of one account from one address before that address must solve a captcha. */
  signInFailuresBeforeCaptchaHere: { limit: 3, windowMs: HOUR },
  /** Failures of one account from all addresses before every address must solve a captcha. */
  signInFailuresBeforeCaptcha: { limit: 10, windowMs: HOUR },
  /** Failures of one account from one address before that address is refused for the hour. */
  signInFailuresPerAccountAndIp: { limit: 30, windowMs: HOUR },
  signUpPerIp: { limit: 5, windowMs: 30 * MINUTE },
  resetRequestsPerEmail: { limit: 5, windowMs: 30 * MINUTE },
  resetRequestsPerIp: { limit: 10, windowMs: HOUR },
  usernameChecksPerIp: { limit: 60, windowMs: MINUTE },
} as const;

/** A verification cost paid for unknown e-mails too, so timing does not reveal accounts. */
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$a9RDwQyZs0EdZXBJwV5XdQ$Ljq8uq6wvykmcRTZRFLlUZSa8iV26FuRL6ZQJHhrnM0';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** 256 random bits, URL-safe. */
const newToken = () => randomBytes(32).toString('base64url');

const usernameError = (message: string, kind: 'invalid' | 'conflict' = 'invalid') =>
  new Refusal(kind, message, { fields: { username: message } });

function isUniqueViolation(error: unknown, column: string): boolean {
  const e = error as { code?: string; message?: string; constraint?: string; detail?: string };
  const text = `${e.message ?? ''} ${e.constraint ?? ''} ${e.detail ?? ''}`;
  const unique = e.code === '23505' || /UNIQUE constraint failed/i.test(e.message ?? '');
  return unique && text.includes(column);
}

export function accountService(deps: {
  config: Config;
  db: Db;
  clock: Clock;
  sessions: SessionService;
  captcha: CaptchaProvider;
  mail: MailProvider;
  rateLimiter: RateLimiter;
  anonymousUserId: number;
  /** The app's logger; a request's own `log` argument goes before it. */
  log: Log | null;
}) {
  const { config, clock, sessions, captcha, mail, rateLimiter } = deps;
  const users = usersRepository(deps.db.kysely);
  const tokens = tokensRepository(deps.db.kysely);
  const limits = accountLimits;

  async function issueToken(userId: number, purpose: TokenPurpose, ttlMs: number) {
    const token = newToken();
    const now = clock.now();
    // Expired tokens are useless; the sweep rides along with issuing new ones.
    await tokens.deleteExpiredBefore(now - 24 * HOUR);
    await tokens.insert({
      token_hash: hashToken(token),
      purpose,
      user_id: userId,
      created_at: now,
      expires_at: now + ttlMs,
    });
    return token;
  }

  /** The token's row when it is of this purpose, unused and not expired. */
  async function openToken(token: string, purpose: TokenPurpose) {
    const row = await tokens.find(hashToken(token), purpose);
    if (!row || row.used_at !== null || row.expires_at <= clock.now()) return null;
    return row;
  }

  const languageOf = (code: string): LanguageCode => (code === 'de' ? 'de' : 'en');

  return {
    limits,

    /**
     * POST /auth/signin (docs/product/accounts.md "Sign-in"). The guest e-mail signs in as
     * `anonymous` with any password. After failures the caller must send a solved `captcha`
     * (refused with "captcha required" on the captcha field until it does), checked before the
     * password is.
     */
    async signIn(input: {
      email: string;
      password: string;
      captcha?: string | undefined;
      ip: string;
      userAgent: string;
    }) {
      await rateLimiter.hit(
        `signin:ip:${input.ip}`,
        limits.signInPerIp.limit,
        limits.signInPerIp.windowMs,
      );
      if (isGuestEmail(input.email)) {
        return {
          user_id: deps.anonymousUserId,
          username: ANONYMOUS_USERNAME,
          json_web_token: null,
        };
      }
      const email = input.email.trim().toLowerCase();
      // Unknown addresses are counted alike, so the captcha tells nothing about accounts.
      const failuresHere = `signin-fail:email-ip:${email}:${input.ip}`;
      const failuresAnywhere = `signin-fail:email:${email}`;
      const here = limits.signInFailuresPerAccountAndIp;
      await rateLimiter.check(failuresHere, here.limit, here.windowMs);
      const [countHere, countAnywhere] = await Promise.all([
        rateLimiter.count(failuresHere, HOUR),
        rateLimiter.count(failuresAnywhere, HOUR),
      ]);
      if (
        countHere >= limits.signInFailuresBeforeCaptchaHere.limit ||
        countAnywhere >= limits.signInFailuresBeforeCaptcha.limit
      ) {
        await assertHuman(captcha, input.captcha, input.ip);
      }

      const user = await users.findByEmail(email);
      const passwordOk = await argon2Verify(
        user?.password_hash ?? DUMMY_HASH,
        input.password,
      ).catch(() => false);
      if (!user || !user.password_hash || !passwordOk || user.username === ANONYMOUS_USERNAME) {
        await rateLimiter.record(failuresHere, HOUR);
        await rateLimiter.record(failuresAnywhere, HOUR);
        throw new Refusal('unauthenticated', authMessages.invalidCredentials);
      }
      if (user.email_confirmed_at === null) {
        throw forbidden(authMessages.emailNotConfirmed);
      }
      const { token } = await sessions.create(user.id, input.userAgent);
      return { user_id: user.id, username: user.username, json_web_token: token };
    },

    async signOut(sessionId: string | null) {
      if (sessionId) await sessions.revoke(sessionId);
    },

    /**
     * The username rules (docs/product/limits.md "Accounts"), then availability. Throws the first
     * problem.
     */
    async checkUsername(username: string, ip: string) {
      const { limit, windowMs } = limits.usernameChecksPerIp;
      await rateLimiter.hit(`usernamecheck:ip:${ip}`, limit, windowMs);
      const name = username.trim();
      const problem = newUsernameProblem(name);
      if (problem) throw usernameError(problem);
      if (await users.findByUsername(name))
        throw usernameError(authMessages.usernameNotAvailable, 'conflict');
    },

    /** Counts a sign-up attempt (before the body is even validated). */
    countSignUpAttempt(ip: string) {
      const { limit, windowMs } = limits.signUpPerIp;
      return rateLimiter.hit(`signup:ip:${ip}`, limit, windowMs);
    },

    /**
     * POST /auth/signup (docs/product/accounts.md "Sign-up"; values already validated by the
     * contract schema).
     */
    async signUp(
      input: {
        username: string;
        email: string;
        password: string;
        captcha?: string | undefined;
        usercountrycode: string;
        userregionname: string;
        language_code_ui: LanguageCode;
        ip: string;
      },
      log: Log | null = deps.log,
    ) {
      await assertHuman(captcha, input.captcha, input.ip);
      const country = findCountry(input.usercountrycode);
      if (!country) {
        throw invalid(authMessages.invalidCountry, {
          usercountrycode: authMessages.invalidCountry,
        });
      }
      if (!isKnownRegion(country.countryShortCode, input.userregionname)) {
        throw invalid(authMessages.invalidRegion, {
          userregionname: authMessages.invalidRegion,
        });
      }
      if (await users.findByUsername(input.username)) {
        throw usernameError(authMessages.usernameNotAvailable, 'conflict');
      }
      if (await users.findByEmail(input.email)) {
        throw new Refusal('conflict', authMessages.emailTaken, {
          fields: { email: authMessages.emailTaken },
        });
      }
      const passwordHash = await argon2Hash(input.password);
      const now = clock.now();
      let userId: number;
      try {
        ({ userId } = await users.insertWithHomeTeam({
          username: input.username,
          username_lower: input.username.toLowerCase(),
          email: input.email,
          email_confirmed_at: null,
          password_hash: passwordHash,
          usercountrycode: country.countryShortCode,
          userregionname: input.userregionname,
          language_code_ui: input.language_code_ui,
          created_at: now,
          updated_at: now,
        }));
      } catch (error) {
        // Two sign-ups racing for the same name or address: the loser gets the same answer.
        if (isUniqueViolation(error, 'username')) {
          throw usernameError(authMessages.usernameNotAvailable, 'conflict');
        }
        if (isUniqueViolation(error, 'email')) {
          throw new Refusal('conflict', authMessages.emailTaken, {
            fields: { email: authMessages.emailTaken },
          });
        }
        throw error;
      }
      const token = await issueToken(userId, 'email_confirmation', EMAIL_CONFIRMATION_TTL_MS);
      const link = `${config.publicUrl}/signin?confirm=${encodeURIComponent(token)}`;
      try {
        await mail.send(
          confirmationMail({
            to: input.email,
            username: input.username,
            link,
            site: config.siteName,
            language: input.language_code_ui,
          }),
          log ?? undefined,
        );
      } catch (error) {
        log?.error({ err: error, userId }, 'the confirmation e-mail could not be sent');
        // The account stays: a password reset (which confirms the address) recovers it.
        throw new Refusal('upstream-failed', authMessages.confirmationMailFailed);
      }
      return { userId };
    },

    /** The e-mailed confirmation link. A link used before by a confirmed user answers success. */
    async confirmEmail(token: string) {
      const row = await tokens.find(hashToken(token), 'email_confirmation');
      if (!row) throw invalid(authMessages.invalidLink);
      const user = await users.findById(row.user_id);
      if (!user) throw invalid(authMessages.invalidLink);
      if (row.used_at !== null && user.email_confirmed_at !== null) {
        return { username: user.username };
      }
      const now = clock.now();
      if (row.used_at !== null || row.expires_at <= now) {
        throw invalid(authMessages.invalidLink);
      }
      await tokens.markUsed(row.token_hash, now);
      if (user.email_confirmed_at === null) {
        await users.update(user.id, { email_confirmed_at: now, updated_at: now });
      }
      return { username: user.username };
    },

    /** Replies the same whether or not the address has an account (no account discovery). */
    async requestPasswordReset(emailInput: string, ip: string, log: Log | null = deps.log) {
      const email = emailInput.trim().toLowerCase();
      const perIp = limits.resetRequestsPerIp;
      await rateLimiter.hit(`reset:ip:${ip}`, perIp.limit, perIp.windowMs);
      const { limit, windowMs } = limits.resetRequestsPerEmail;
      await rateLimiter.hit(`reset:email:${email}`, limit, windowMs);
      if (isGuestEmail(email)) return;
      const user = await users.findByEmail(email);
      if (!user || !user.email || user.username === ANONYMOUS_USERNAME) return;
      const token = await issueToken(user.id, 'password_reset', PASSWORD_RESET_TTL_MS);
      const link = `${config.publicUrl}/resetpassword?token=${encodeURIComponent(token)}`;
      try {
        await mail.send(
          passwordResetMail({
            to: user.email,
            username: user.username,
            link,
            site: config.siteName,
            language: languageOf(user.language_code_ui),
          }),
          log ?? undefined,
        );
      } catch (error) {
        // Same reply as always: a different one would tell that the address has an account.
        log?.error({ err: error, userId: user.id }, 'the password-reset e-mail could not be sent');
      }
    },

    /**
     * Completes a reset: single use, within 30 minutes. Confirms the address (the link proved
     * it) and signs the account out everywhere.
     */
    async resetPassword(token: string, password: string) {
      const row = await openToken(token, 'password_reset');
      if (!row) throw invalid(authMessages.invalidLink, { token: authMessages.invalidLink });
      const now = clock.now();
      if (!(await tokens.markUsed(row.token_hash, now))) {
        throw invalid(authMessages.invalidLink, { token: authMessages.invalidLink });
      }
      const user = await users.findById(row.user_id);
      if (!user) throw invalid(authMessages.invalidLink, { token: authMessages.invalidLink });
      await users.update(user.id, {
        password_hash: await argon2Hash(password),
        email_confirmed_at: user.email_confirmed_at ?? now,
        updated_at: now,
      });
      await tokens.invalidateAllOfUser(user.id, 'password_reset', now);
      await sessions.revokeAllOfUser(user.id);
    },
  };
}
