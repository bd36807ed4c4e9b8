import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionService, Viewer } from '../services/session-service.ts';
import { ApiError, mustBeSignedIn } from './envelope.ts';

export const SESSION_COOKIE = 'waves_session';

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer;
    /** True when the credentials came from the cookie rather than a Bearer header. */
    viewerFromCookie: boolean;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  const token = match?.[1]?.trim();
  return token && token !== 'null' && token !== 'undefined' ? token : undefined;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface AuthPluginOptions {
  sessions: SessionService;
  anonymousUserId: number;
  allowedOrigins: string[];
}

/**
 * Resolves who is calling (Bearer token first, then the session cookie), for every request.
 * Cookie-authenticated writes must come from our own origin (CSRF).
 */
export const authPlugin = fp(async (app: FastifyInstance, options: AuthPluginOptions) => {
  const anonymous: Viewer = {
    userId: options.anonymousUserId,
    username: 'anonymous',
    sessionId: null,
    isAnonymous: true,
    isAdmin: false,
  };
  app.decorateRequest('viewer', null as unknown as Viewer);
  app.decorateRequest('viewerFromCookie', false);

  app.addHook('onRequest', async (request) => {
    request.viewer = anonymous;
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/media/')) return;
    const fromHeader = bearerToken(request);
    const token = fromHeader ?? request.cookies[SESSION_COOKIE];
    if (!token) return;
    const viewer = await options.sessions.resolve(token);
    if (!viewer) return;
    request.viewer = viewer;
    request.viewerFromCookie = fromHeader === undefined;
    if (request.viewerFromCookie && !SAFE_METHODS.has(request.method)) {
      const origin = request.headers.origin ?? request.headers.referer;
      const host = request.headers.host;
      const sameHost = origin && host && new URL(origin).host === host;
      const allowed = origin && options.allowedOrigins.some((o) => origin.startsWith(o));
      if (!sameHost && !allowed) throw new ApiError(403, 'forbidden');
    }
  });
});

/** For route preHandlers: refuse the shared anonymous user. */
export async function requireSignedIn(request: FastifyRequest) {
  if (request.viewer.isAnonymous) throw mustBeSignedIn();
}
