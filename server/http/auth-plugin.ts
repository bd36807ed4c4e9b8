import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionService, Viewer } from '../services/session-service.ts';
import { forbidden, mustBeSignedIn } from '../kernel/refusal.ts';

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

/**
 * The origin of a URL as browsers serialise it (scheme, lower-case host, port without the
 * scheme's default), or null for anything that is not an http(s) URL: `null` (sandboxed and
 * privacy-sensitive contexts), garbage, other schemes.
 */
export function originOf(value: string | undefined): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
}

export interface AuthPluginOptions {
  sessions: SessionService;
  /** Who calls without a (valid) session. */
  anonymousViewer: Viewer;
  /** Origins whose pages may write with the session cookie besides the request's own. */
  allowedOrigins: string[];
}

/**
 * Resolves who is calling (Bearer token first, then the session cookie), for every request.
 * Cookie-authenticated writes must come from our own origin (CSRF): the page's origin (the
 * Origin header, else the Referer's) must equal an allowed origin or the origin the request
 * was addressed to, compared whole — a look-alike host, another port or scheme is another
 * site, and a write whose page cannot be told is refused.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, options: AuthPluginOptions) => {
    const allowed = new Set(
      options.allowedOrigins.map((origin) => {
        const parsed = originOf(origin);
        if (!parsed) throw new Error(`not an http(s) origin: ${origin}`);
        return parsed;
      }),
    );
    const isOwnPage = (request: FastifyRequest) => {
      const header = request.headers.origin ?? request.headers.referer;
      const page = originOf(header);
      if (page === null) return false;
      if (allowed.has(page)) return true;
      // The address the browser used (behind a proxy: with TRUST_PROXY, the forwarded one).
      const host = request.host;
      return Boolean(host) && page === originOf(`${request.protocol}://${host}`);
    };
    app.decorateRequest('viewer', null as unknown as Viewer);
    app.decorateRequest('viewerFromCookie', false);

    /** Takes a resolved session's viewer; the refusal of a cross-site cookie write, if any. */
    const adopt = (request: FastifyRequest, viewer: Viewer | null, fromHeader: boolean) => {
      if (!viewer) return undefined;
      request.viewer = viewer;
      request.viewerFromCookie = !fromHeader;
      if (request.viewerFromCookie && !SAFE_METHODS.has(request.method) && !isOwnPage(request)) {
        return forbidden();
      }
      return undefined;
    };
    // A callback hook, so a request without credentials (an anonymous list, the hot path of
    // docs/budgets.md "List endpoints") is passed on without a promise.
    app.addHook('onRequest', (request, _reply, done) => {
      // The cookies are read here rather than in a hook of their own (cookies.ts): one hook
      // fewer for every request (docs/budgets.md "List endpoints"). A new object per request,
      // as @fastify/cookie makes.
      const cookieHeader = request.headers.cookie;
      request.cookies = cookieHeader ? app.parseCookie(cookieHeader) : {};
      request.viewer = options.anonymousViewer;
      if (!request.url.startsWith('/api/') && !request.url.startsWith('/media/')) {
        done();
        return;
      }
      const fromHeader = bearerToken(request);
      const token = fromHeader ?? request.cookies[SESSION_COOKIE];
      if (!token) {
        done();
        return;
      }
      options.sessions.resolve(token).then(
        (viewer) => done(adopt(request, viewer, fromHeader !== undefined)),
        (error: unknown) => done(error as Error),
      );
    });
  },
  // Its `parseCookie` reads the cookies in the hook above.
  { dependencies: ['cookies'] },
);

/**
 * Refuses the shared anonymous user; every signed-in-only route uses it as its
 * `preValidation` hook. It runs once the caller is known and before the params and body are
 * validated, so an anonymous caller learns only that it must sign in (401), never what a
 * valid request would look like, and no validation work is spent on it.
 */
export async function requireSignedIn(request: FastifyRequest) {
  if (request.viewer.isAnonymous) throw mustBeSignedIn();
}
