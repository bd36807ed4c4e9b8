import type { CaptchaPurpose } from '../../src/api/contract/captcha.ts';
import { notFound } from '../kernel/refusal.ts';
import { isAltcha, type CaptchaProvider } from '../providers/captcha.ts';
import { MINUTE, type RateLimiter } from './rate-limiter.ts';

/** Challenges one address may fetch (docs/product/limits.md "Rate limits"). */
export const CAPTCHA_CHALLENGES_PER_IP = { limit: 60, windowMs: 10 * MINUTE } as const;

/**
 * GET /captcha/challenge: a fresh ALTCHA challenge, at most CAPTCHA_CHALLENGES_PER_IP per
 * address, as hard as its purpose asks right now (phone codes grow harder under load).
 */
export function captchaChallenges(deps: {
  captcha: CaptchaProvider;
  rateLimiter: RateLimiter;
  /** The level a purpose's challenge must have for this address. */
  levels: Record<CaptchaPurpose, (ip: string) => Promise<number>>;
}) {
  return {
    async issue(ip: string, purpose: CaptchaPurpose | undefined) {
      const { captcha } = deps;
      if (!isAltcha(captcha)) throw notFound();
      const { limit, windowMs } = CAPTCHA_CHALLENGES_PER_IP;
      await deps.rateLimiter.hit(`captcha-challenge:ip:${ip}`, limit, windowMs);
      const level = purpose ? await deps.levels[purpose](ip) : 0;
      return captcha.challenge({ level });
    },
  };
}
