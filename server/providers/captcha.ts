import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import {
  CAPTCHA_FIELD,
  captchaMessages,
  type CaptchaConfig,
} from '../../src/api/contract/captcha.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { usedCaptchasRepository } from '../db/repositories/used-captchas-repository.ts';
import { invalid } from '../kernel/refusal.ts';
import type { Clock } from '../kernel/clock.ts';

/**
 * Tells a human from a script. `payload` is what the client's captcha widget produced (the
 * form's `captcha` field); `remoteIp` is `request.ip`. A payload verifies at most once.
 */
export interface CaptchaProvider {
  readonly kind: Config['captcha']['provider'];
  /**
   * `minLevel`: the least work the solution must have cost (ALTCHA's challenges carry their
   * level; the hosted providers set their own difficulty and ignore it).
   */
  verify(
    payload: string | undefined,
    remoteIp: string,
    options?: { minLevel?: number },
  ): Promise<boolean>;
  /** What the client needs to show the widget (GET /api/v1/captcha/config). */
  publicConfig(): CaptchaConfig;
}

export interface AltchaProvider extends CaptchaProvider {
  readonly kind: 'altcha';
  /**
   * A fresh signed challenge (GET /api/v1/captcha/challenge). Each `level` doubles the work
   * of solving it (the number to find is drawn from a range twice as large); the level is
   * signed into the challenge, so `verify` can demand one.
   */
  challenge(options?: { level?: number }): Promise<Challenge>;
}

/** The hardest level a challenge can be asked for: 2^8 = 256 times the base work. */
export const ALTCHA_MAX_LEVEL = 8;

/**
 * ALTCHA difficulty. The widget brute-forces counters 0…counter (spread over its workers), each
 * one PBKDF2 derivation of `cost` iterations. Measured with the real widget in Chromium at a
 * phone viewport on this machine: 70–300 ms of proof of work, 80–530 ms with the CPU throttled
 * 6× (a slow phone). The server verifies with one HMAC (the key signature), so difficulty costs
 * the server nothing.
 */
export const ALTCHA_DIFFICULTY = {
  algorithm: 'PBKDF2/SHA-256',
  cost: 500,
  counterMin: 500,
  counterMax: 1500,
} as const;
/** A challenge is valid this long after it was issued. */
export const ALTCHA_TTL_MS = 20 * 60 * 1000;

const SITEVERIFY_URL = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
} as const;

/** Origins the page must be allowed to load scripts and frames from (CSP), per provider. */
export function captchaCspSources(config: Config): string[] {
  switch (config.captcha.provider) {
    case 'turnstile':
      return ['https://challenges.cloudflare.com'];
    case 'hcaptcha':
      return ['https://hcaptcha.com', 'https://*.hcaptcha.com'];
    default:
      return [];
  }
}

interface AltchaPayload {
  challenge: Challenge;
  solution: { counter: number; derivedKey: string };
}

function decodeAltchaPayload(payload: string): AltchaPayload | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { challenge, solution } = parsed as Partial<AltchaPayload>;
    if (
      typeof challenge !== 'object' ||
      challenge === null ||
      typeof challenge.signature !== 'string' ||
      typeof challenge.parameters !== 'object' ||
      challenge.parameters === null ||
      typeof solution !== 'object' ||
      solution === null
    ) {
      return null;
    }
    return { challenge, solution };
  } catch {
    return null;
  }
}

export function altchaProvider(
  db: Db,
  clock: Clock,
  secret: Uint8Array,
  difficulty: {
    algorithm: string;
    cost: number;
    counterMin: number;
    counterMax: number;
  } = ALTCHA_DIFFICULTY,
): AltchaProvider {
  const used = usedCaptchasRepository(db.kysely);
  // Two keys derived from the server secret: one signs challenges, one the expected keys.
  const derive = (purpose: string) => createHmac('sha256', secret).update(purpose).digest('hex');
  const hmacSignatureSecret = derive('altcha-challenge-signature');
  const hmacKeySignatureSecret = derive('altcha-key-signature');
  let lastPrune = Number.NEGATIVE_INFINITY;

  return {
    kind: 'altcha',
    publicConfig: () => ({ provider: 'altcha', siteKey: null }),

    async challenge(options = {}) {
      const now = clock.now();
      const level = Math.max(0, Math.min(ALTCHA_MAX_LEVEL, Math.floor(options.level ?? 0)));
      const scale = 2 ** level;
      return createChallenge({
        algorithm: difficulty.algorithm,
        cost: difficulty.cost,
        counter: randomInt(difficulty.counterMax * scale, difficulty.counterMin * scale),
        deriveKey,
        // The widget and altcha-lib compare `expiresAt` with the real time of their machines;
        // `data.exp` is our own expiry on services.clock (the one tests can move).
        expiresAt: new Date(Date.now() + ALTCHA_TTL_MS),
        data: { exp: now + ALTCHA_TTL_MS, level },
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
    },

    async verify(payload, _remoteIp, options = {}) {
      if (!payload || payload.length > 4000) return false;
      const decoded = decodeAltchaPayload(payload);
      if (!decoded) return false;
      const now = clock.now();
      const exp = decoded.challenge.parameters.data?.['exp'];
      if (typeof exp !== 'number' || exp < now) return false;
      // Signed with the challenge, so a client cannot claim more work than it did.
      const level = Number(decoded.challenge.parameters.data?.['level'] ?? 0);
      if (level < (options.minLevel ?? 0)) return false;
      let verified = false;
      try {
        const result = await verifySolution({
          challenge: decoded.challenge,
          solution: decoded.solution,
          deriveKey,
          hmacSignatureSecret,
          hmacKeySignatureSecret,
        });
        verified = result.verified;
      } catch {
        return false;
      }
      if (!verified) return false;
      if (now - lastPrune > 10 * 60 * 1000) {
        lastPrune = now;
        await used.deleteExpired(now);
      }
      // A solution counts once: the first request to record its signature wins.
      return used.claim(decoded.challenge.signature as string, exp);
    },
  };
}

/** Cloudflare Turnstile and hCaptcha: the same siteverify protocol. */
export function siteverifyProvider(
  kind: 'turnstile' | 'hcaptcha',
  siteKey: string,
  secret: string,
  fetchImpl: typeof fetch = fetch,
): CaptchaProvider {
  return {
    kind,
    publicConfig: () => ({ provider: kind, siteKey }),
    async verify(payload, remoteIp) {
      if (!payload || payload.length > 4000) return false;
      const body = new URLSearchParams({ secret, response: payload, remoteip: remoteIp });
      if (kind === 'hcaptcha') body.set('sitekey', siteKey);
      try {
        const response = await fetchImpl(SITEVERIFY_URL[kind], {
          method: 'POST',
          body,
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) return false;
        const result = (await response.json()) as { success?: unknown };
        // Both services refuse a token they have seen before (no replay).
        return result.success === true;
      } catch {
        return false;
      }
    },
  };
}

export function createCaptchaProvider(
  config: Config,
  db: Db,
  clock: Clock,
  secret: Uint8Array,
): CaptchaProvider {
  const { provider, siteKey, secret: providerSecret } = config.captcha;
  if (provider === 'altcha') return altchaProvider(db, clock, secret);
  // config.ts refuses to start without both for these providers.
  return siteverifyProvider(provider, siteKey ?? '', providerSecret ?? '');
}

export function isAltcha(provider: CaptchaProvider): provider is AltchaProvider {
  return provider.kind === 'altcha';
}

/**
 * For services: refuse a request without a valid, unused captcha payload
 * (`invalid`, on the `captcha` field, with 'captcha required' or the failure text).
 */
export async function assertHuman(
  provider: CaptchaProvider,
  payload: string | undefined,
  remoteIp: string,
  options: { minLevel?: number } = {},
): Promise<void> {
  if (!payload) {
    throw invalid(captchaMessages.required, {
      [CAPTCHA_FIELD]: captchaMessages.required,
    });
  }
  if (!(await provider.verify(payload, remoteIp, options))) {
    throw invalid(captchaMessages.failed, { [CAPTCHA_FIELD]: captchaMessages.failed });
  }
}
