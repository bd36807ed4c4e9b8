import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { ANONYMOUS_USERNAME } from '../../src/api/contract/constants.ts';
import type { Db } from '../db/database.ts';
import { sessionsRepository } from '../db/repositories/sessions-repository.ts';
import type { Clock } from '../kernel/clock.ts';

/** Sliding lifetime: a phone offline for days still uploads its queue when it returns. */
export const SESSION_LIFETIME_MS = 60 * 24 * 60 * 60 * 1000;
/** Upper bound of a token; the session row (revocable, sliding) stays the source of truth. */
const TOKEN_LIFETIME_S = 365 * 24 * 60 * 60;
const TOUCH_EVERY_MS = 60 * 60 * 1000;

export interface Viewer {
  userId: number;
  username: string;
  sessionId: string | null;
  isAnonymous: boolean;
  isAdmin: boolean;
}

/** The caller without a session: the shared guest account, the same for every visitor. */
export function anonymousViewer(anonymousUserId: number): Viewer {
  return Object.freeze({
    userId: anonymousUserId,
    username: ANONYMOUS_USERNAME,
    sessionId: null,
    isAnonymous: true,
    isAdmin: false,
  });
}

export function sessionService(db: Db, secret: Uint8Array, clock: Clock) {
  const sessions = sessionsRepository(db.kysely);

  return {
    async create(userId: number, userAgent: string) {
      const now = clock.now();
      const id = randomBytes(24).toString('base64url');
      await sessions.insert({
        id,
        user_id: userId,
        created_at: now,
        last_seen_at: now,
        expires_at: now + SESSION_LIFETIME_MS,
        revoked_at: null,
        user_agent: userAgent.slice(0, 300),
      });
      const token = await new SignJWT({ sid: id })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt(Math.floor(now / 1000))
        .setExpirationTime(Math.floor(now / 1000) + TOKEN_LIFETIME_S)
        .sign(secret);
      return { sessionId: id, token };
    },

    /** The signed-in viewer for a token, or null for a bad, expired or revoked one. */
    async resolve(token: string): Promise<Viewer | null> {
      const now = clock.now();
      let sessionId: unknown;
      try {
        // Only HS256 is accepted: alg "none" and any other algorithm fail here.
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          currentDate: new Date(now),
        });
        sessionId = payload['sid'];
      } catch {
        return null;
      }
      if (typeof sessionId !== 'string') return null;
      const row = await sessions.findActive(sessionId, now);
      if (!row) return null;
      if (now - row.last_seen_at > TOUCH_EVERY_MS) {
        await sessions.touch(row.session_id, now, now + SESSION_LIFETIME_MS);
      }
      return {
        userId: row.user_id,
        username: row.username,
        sessionId: row.session_id,
        isAnonymous: false,
        isAdmin: row.is_admin === 1,
      };
    },

    revoke(sessionId: string) {
      return sessions.revoke(sessionId, clock.now());
    },

    revokeAllOfUser(userId: number) {
      return sessions.revokeAllOfUser(userId, clock.now());
    },
  };
}

export type SessionService = ReturnType<typeof sessionService>;
