import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { cookies } from '../../server/http/cookies.ts';

/** An app with the cookies plugin and routes that set, replace, clear and fail. */
async function cookieApp() {
  const app = Fastify({ logger: false });
  await app.register(cookies);
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers.cookie;
    request.cookies = header ? app.parseCookie(header) : {};
    done();
  });
  app.get('/read', async (request) => request.cookies);
  app.get('/set', async (_request, reply) => {
    reply.setCookie('a', '1', { path: '/', httpOnly: true });
    reply.header('set-cookie', 'other=kept; Path=/');
    reply.setCookie('b', 'x y', { path: '/sub', maxAge: 60 });
    // The same name, domain and path again: replaces the first.
    reply.setCookie('a', '2', { path: '/', httpOnly: true, secure: 'auto' });
    return 'ok';
  });
  app.get('/clear', async (_request, reply) => {
    reply.clearCookie('a', { path: '/' });
    return 'ok';
  });
  app.get('/fail', async (_request, reply) => {
    reply.setCookie('a', '3');
    throw new Error('broken');
  });
  app.get('/plain', async () => 'ok');
  await app.ready();
  return app;
}

describe('cookies', () => {
  it('reads the request cookies with @fastify/cookie’s parser', async () => {
    const app = await cookieApp();
    const reply = await app.inject({ url: '/read', headers: { cookie: 'a=1; b=x%20y' } });
    expect(reply.json()).toEqual({ a: '1', b: 'x y' });
    await app.close();
  });

  it('writes Set-Cookie as it is set: sameSite lax, the last of a name and path wins, other lines kept', async () => {
    const app = await cookieApp();
    const reply = await app.inject({ url: '/set' });
    expect(reply.headers['set-cookie']).toEqual([
      'other=kept; Path=/',
      'b=x%20y; Max-Age=60; Path=/sub; SameSite=Lax',
      'a=2; Path=/; HttpOnly; SameSite=Lax',
    ]);
    expect(reply.cookies.map((cookie) => [cookie.name, cookie.value])).toEqual([
      ['other', 'kept'],
      ['b', 'x y'],
      ['a', '2'],
    ]);
    await app.close();
  });

  it('clears a cookie with an expiry in the past', async () => {
    const app = await cookieApp();
    const reply = await app.inject({ url: '/clear' });
    expect(reply.headers['set-cookie']).toBe(
      'a=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax',
    );
    await app.close();
  });

  it('keeps a cookie set before an error on the error reply, as @fastify/cookie does', async () => {
    const app = await cookieApp();
    const reply = await app.inject({ url: '/fail' });
    expect(reply.statusCode).toBe(500);
    expect(reply.headers['set-cookie']).toBe('a=3; SameSite=Lax');
    await app.close();
  });

  it('adds no onSend hook to the routes (docs/budgets.md "List endpoints")', async () => {
    const app = await cookieApp();
    expect(app.printRoutes({ includeHooks: true, method: 'GET' })).not.toContain('onSend');
    expect((await app.inject({ url: '/plain' })).headers['set-cookie']).toBeUndefined();
    await app.close();
  });
});
