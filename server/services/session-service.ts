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
/**
 * How long this process believes a session it checked (docs/decisions.md "Auth and sessions"):
 * a revocation made through this process applies at once, one made through another process
 * within this time.
 */
export const SESSION_CHECK_CACHE_MS = 1000;
const MAX_CACHED_SESSIONS = 20_000;

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
  type SessionRow = NonNullable<Awaited<ReturnType<typeof sessions.findActive>>>;
  /** Signature-checked tokens: their session id and expiry (the claims never change). */
  const verifiedTokens = new Map<string, { sessionId: unknown; expiresAt: number }>();
  /** Sessions found active, with when to look again (performance.now() time). */
  const checkedSessions = new Map<string, { row: SessionRow; until: number }>();

  async function claimsOf(token: string, now: number) {
    const known = verifiedTokens.get(token);
    if (known) return known.expiresAt > now ? known : null;
    try {
      // Only HS256 is accepted: alg "none" and any other algorithm fail here.
      const { payload } = await jwtVerify(token, secret, {
        algorithms: ['HS256'],
        currentDate: new Date(now),
      });
      const claims = {
        sessionId: payload['sid'],
        expiresAt: (payload.exp ?? TOKEN_LIFETIME_S) * 1000,
      };
      if (verifiedTokens.size >= MAX_CACHED_SESSIONS) verifiedTokens.clear();
      verifiedTokens.set(token, claims);
      return claims;
    } catch {
      return null;
    }
  }

  async function activeSession(sessionId: string, now: number) {
    const cached = checkedSessions.get(sessionId);
    if (
      cached &&
      cached.until > performance.now() &&
      cached.row.expires_at > now &&
      now - cached.row.last_seen_at <= TOUCH_EVERY_MS
    ) {
      return cached.row;
    }
    const row = await sessions.findActive(sessionId, now);
    if (!row) {
      checkedSessions.delete(sessionId);
      return undefined;
    }
    if (now - row.last_seen_at > TOUCH_EVERY_MS) {
      await sessions.touch(row.session_id, now, now + SESSION_LIFETIME_MS);
      row.last_seen_at = now;
      row.expires_at = now + SESSION_LIFETIME_MS;
    }
    if (checkedSessions.size >= MAX_CACHED_SESSIONS) checkedSessions.clear();
    checkedSessions.set(sessionId, { row, until: performance.now() + SESSION_CHECK_CACHE_MS });
    return row;
  }

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
      const claims = await claimsOf(token, now);
      if (!claims || typeof claims.sessionId !== 'string') return null;
      const row = await activeSession(claims.sessionId, now);
      if (!row) return null;
      return {
        userId: row.user_id,
        username: row.username,
        sessionId: row.session_id,
        isAnonymous: false,
        isAdmin: row.is_admin === 1,
      };
    },

    async revoke(sessionId: string) {
      checkedSessions.delete(sessionId);
      await sessions.revoke(sessionId, clock.now());
      // A check that was under way while the row changed must not be believed either.
      checkedSessions.delete(sessionId);
    },

    async revokeAllOfUser(userId: number) {
      const forget = () => {
        for (const [id, cached] of checkedSessions) {
          if (cached.row.user_id === userId) checkedSessions.delete(id);
        }
      };
      forget();
      await sessions.revokeAllOfUser(userId, clock.now());
      forget();
    },
  };
}

export type SessionService = ReturnType<typeof sessionService>;
