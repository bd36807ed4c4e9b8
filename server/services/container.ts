import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { usersRepository } from '../db/repositories/users-repository.ts';
import { createCaptchaProvider } from '../providers/captcha.ts';
import { createMailProvider } from '../providers/mail.ts';
import { accountService } from './account-service.ts';
import type { Clock } from './clock.ts';
import { rateLimiter as createRateLimiter } from './rate-limiter.ts';
import { sessionService } from './session-service.ts';
import { presentCurrentUser } from './user-presenter.ts';

/**
 * Everything the routes call, built once per app from its configuration and database.
 * Later features add their services here, so tests and the worker build the same graph.
 */
export function createServices(deps: {
  config: Config;
  db: Db;
  clock: Clock;
  jwtSecret: Uint8Array;
  anonymousUserId: number;
  /** Where providers report (the app's logger); null is silent. */
  log?: {
    info(object: object, message: string): void;
    error(object: object, message: string): void;
  } | null;
}) {
  const { config, db, clock } = deps;
  const log = deps.log ?? null;
  const users = usersRepository(db.kysely);
  const sessions = sessionService(db, deps.jwtSecret, clock);
  const rateLimiter = createRateLimiter(db, clock);
  const captcha = createCaptchaProvider(config, db, clock, deps.jwtSecret);
  const mail = createMailProvider(config, log);
  const accounts = accountService({
    config,
    db,
    clock,
    sessions,
    captcha,
    mail,
    rateLimiter,
    anonymousUserId: deps.anonymousUserId,
    log,
  });

  return {
    config,
    db,
    clock,
    anonymousUserId: deps.anonymousUserId,
    sessions,
    /** Fixed-window limits: `await rateLimiter.hit(bucket, limit, windowMs)` (429 above). */
    rateLimiter,
    /** `verify(payload, ip)`; or `assertHuman(captcha, payload, ip)` from providers/captcha.ts. */
    captcha,
    /** `send({ to, subject, text, html })`: the outbox, or SMTP when SMTP_URL is set. */
    mail,
    accounts,
    users: {
      async current(userId: number) {
        const user = await users.findById(userId);
        if (!user) return null;
        return presentCurrentUser(user, await users.teamsOf(userId), config.adminUsernames);
      },
    },
  };
}

export type Services = ReturnType<typeof createServices>;
