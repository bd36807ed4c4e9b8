import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/http/auth-plugin.ts';
import { createMember, type Member } from '../helpers/members.ts';
import { createTestApp, describeEachDatabase, type TestApp } from '../helpers/test-app.ts';

let ipCounter = 0;
/** A fresh client address, so the username-check limit per address never answers first. */
const freshIp = () => `10.77.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/**
 * Writes authenticated by the session cookie must come from a page of our own origin (CSRF).
 * The site here is https://waves.example behind a proxy that terminates TLS and passes the
 * requests on to http://localhost:8080.
 */
describeEachDatabase('the Origin check of cookie-authenticated writes', (dialect) => {
  let t: TestApp;
  let member: Member;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { PUBLIC_URL: 'https://waves.example' } });
    member = await createMember(t, 'origin-tester');
  });
  afterAll(() => t.close());

  const write = (headers: Record<string, string>, credentials: 'cookie' | 'bearer' = 'cookie') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/usernamecheck',
      payload: { username: 'someone5' },
      remoteAddress: freshIp(),
      ...(credentials === 'cookie' ? { cookies: { [SESSION_COOKIE]: member.token } } : {}),
      headers: {
        host: 'localhost:8080',
        ...(credentials === 'bearer' ? member.auth : {}),
        ...headers,
      },
    });

  const expectRefused = async (headers: Record<string, string>) => {
    const reply = await write(headers);
    expect(reply.statusCode, JSON.stringify(headers)).toBe(403);
    expect(reply.json()).toMatchObject({ success: false, message: 'forbidden', data: null });
  };
  const expectAccepted = async (
    headers: Record<string, string>,
    credentials: 'cookie' | 'bearer' = 'cookie',
  ) => {
    const reply = await write(headers, credentials);
    expect(reply.statusCode, JSON.stringify(headers)).toBe(200);
    expect(reply.json().success).toBe(true);
  };

  describe('refuses, with 403 in the envelope', () => {
    it('a look-alike host that starts with our origin', async () => {
      await expectRefused({ origin: 'https://waves.example.evil.com' });
      await expectRefused({ origin: 'https://waves.example.com' });
      await expectRefused({ origin: 'https://waves.examples' });
    });

    it('a host that ends with ours, and user-info that only looks like our host', async () => {
      await expectRefused({ origin: 'https://evilwaves.example' });
      await expectRefused({ origin: 'https://evil.waves.example' });
      await expectRefused({ origin: 'https://waves.example@evil.com' });
      await expectRefused({ origin: 'https://evil.com#@waves.example' });
    });

    it('our host on another port or scheme', async () => {
      await expectRefused({ origin: 'https://waves.example:8443' });
      await expectRefused({ origin: 'http://waves.example' });
      await expectRefused({ origin: 'ws://waves.example' });
      await expectRefused({ origin: 'file:///waves.example' });
    });

    it('an opaque origin (null) and garbage, without a server error', async () => {
      await expectRefused({ origin: 'null' });
      await expectRefused({ origin: 'not a url' });
      await expectRefused({ origin: 'https://' });
      await expectRefused({ origin: '' });
    });

    it('a Referer-only write from another page, a null or an unparsable Referer', async () => {
      await expectRefused({ referer: 'https://waves.example.evil.com/recorder' });
      await expectRefused({ referer: 'https://evil.example/?next=https://waves.example/' });
      await expectRefused({ referer: 'null' });
      await expectRefused({ referer: '::garbage::' });
    });

    it('a write whose page is not known at all (neither Origin nor Referer)', async () => {
      await expectRefused({});
    });

    it('a foreign Origin even when the Referer is ours (the Origin decides)', async () => {
      await expectRefused({
        origin: 'https://evil.example',
        referer: 'https://waves.example/recorder',
      });
    });

    it('a page of another port than the address the request was sent to', async () => {
      await expectRefused({ origin: 'http://localhost:5173', host: 'localhost:5174' });
    });
  });

  describe('lets through', () => {
    it('our exact origin, also with its default port written out or in capitals', async () => {
      await expectAccepted({ origin: 'https://waves.example' });
      await expectAccepted({ origin: 'https://waves.example:443' });
      await expectAccepted({ origin: 'HTTPS://Waves.Example' });
    });

    it('a Referer-only write from one of our pages', async () => {
      await expectAccepted({ referer: 'https://waves.example/recorder?channel=1' });
    });

    it('a page of the address the request was sent to (a development proxy)', async () => {
      await expectAccepted({ origin: 'http://localhost:5173', host: 'localhost:5173' });
      await expectAccepted({ referer: 'http://localhost:5173/recorder', host: 'localhost:5173' });
    });

    it('a Bearer-authenticated write from anywhere (a header no other site can send)', async () => {
      await expectAccepted({ origin: 'https://evil.example' }, 'bearer');
      await expectAccepted({ origin: 'null' }, 'bearer');
    });

    it('a cookie-authenticated read from another site', async () => {
      const reply = await t.app.inject({
        method: 'GET',
        url: '/api/v1/user/me',
        cookies: { [SESSION_COOKIE]: member.token },
        headers: { origin: 'https://evil.example' },
      });
      expect(reply.statusCode).toBe(200);
      expect(reply.json().data.username).toBe('origin-tester');
    });
  });
});
