import cookie, { type CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** The Set-Cookie line each cookie of a reply was written as, by name, domain and path. */
const kWritten = Symbol('waves.cookies.written');

declare module 'fastify' {
  interface FastifyReply {
    [kWritten]: Map<string, string> | null;
  }
}

/**
 * @fastify/cookie's API (`request.cookies`, `reply.setCookie`, `reply.clearCookie`,
 * `app.parseCookie`, `app.serializeCookie`) with its parser and serializer, but without its
 * `onSend` hook, which every route of the app ran for every reply to write the cookies set
 * during the request (docs/budgets.md "List endpoints"): `setCookie` writes its Set-Cookie line
 * at once instead. As with @fastify/cookie, a second cookie of the same name, domain and path
 * replaces the first, and the cookies stay on an error reply. The request's cookies are read by
 * the auth plugin's hook (auth-plugin.ts). No signed cookies: the app registers no secret.
 */
export const cookies = fp(
  async (app: FastifyInstance) => {
    // @fastify/cookie in a context of its own (its hook and decorations stay there): only its
    // parser and serializer are taken.
    let parse: FastifyInstance['parseCookie'] | undefined;
    let serialize: FastifyInstance['serializeCookie'] | undefined;
    await app.register(async (scope) => {
      await scope.register(cookie, { hook: false });
      parse = scope.parseCookie.bind(scope);
      serialize = scope.serializeCookie.bind(scope);
    });
    if (!parse || !serialize) throw new Error('@fastify/cookie did not load');
    const serializeCookie = serialize;

    function setCookie(
      this: FastifyReply,
      name: string,
      value: string,
      options: CookieSerializeOptions = {},
    ) {
      const { signed, secure, ...rest } = options;
      if (signed) throw new Error('signed cookies need a secret, and the app registers none');
      const opts = {
        sameSite: 'lax' as const,
        ...rest,
        ...(secure === undefined
          ? {}
          : { secure: secure === 'auto' ? this.request.protocol === 'https' : secure }),
      };
      const line = serializeCookie(name, value, opts);
      const key = `${name};${opts.domain};${opts.path || '/'}`;
      const written = (this[kWritten] ??= new Map());
      const header = this.getHeader('set-cookie');
      const lines =
        header === undefined ? [] : Array.isArray(header) ? [...header] : [String(header)];
      const replaced = written.get(key);
      const at = replaced === undefined ? -1 : lines.indexOf(replaced);
      if (at >= 0) lines.splice(at, 1);
      lines.push(line);
      written.set(key, line);
      this.removeHeader('set-cookie');
      this.header('set-cookie', lines.length === 1 ? lines[0] : lines);
      return this;
    }

    app.decorate('parseCookie', parse);
    app.decorate('serializeCookie', serializeCookie);
    app.decorateRequest('cookies', null as unknown as Record<string, string | undefined>);
    app.decorateReply(kWritten, null);
    app.decorateReply('setCookie', setCookie);
    app.decorateReply('cookie', setCookie);
    app.decorateReply(
      'clearCookie',
      function clearCookie(this: FastifyReply, name: string, options: CookieSerializeOptions = {}) {
        return setCookie.call(this, name, '', {
          path: '/',
          ...options,
          expires: new Date(0),
          maxAge: 0,
          signed: false,
        });
      },
    );
  },
  { name: 'cookies' },
);
