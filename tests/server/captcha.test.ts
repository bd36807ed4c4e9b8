import { afterAll, beforeAll, expect, it } from 'vitest';
import { solveAtLevel, solveCaptcha } from '../helpers/captcha.ts';
import { createTestApp, describeEachDatabase, type TestApp } from '../helpers/test-app.ts';
import { altchaProvider, assertHuman, siteverifyProvider } from '../../server/providers/captcha.ts';
import { CAPTCHA_CHALLENGES_PER_IP } from '../../server/services/captcha-challenges.ts';
import { refusalStatus } from '../../server/http/error-handler.ts';
import { Refusal } from '../../server/kernel/refusal.ts';

describeEachDatabase('captcha (ALTCHA)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('serves the public config and a signed challenge that is never cached', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/v1/captcha/config' });
    expect(config.json().data).toEqual({ provider: 'altcha', siteKey: null });
    const reply = await t.app.inject({ method: 'GET', url: '/api/v1/captcha/challenge' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    const challenge = reply.json();
    expect(challenge.parameters.algorithm).toBe('PBKDF2/SHA-256');
    expect(typeof challenge.signature).toBe('string');
  });

  it('accepts a solved challenge once and refuses its replay', async () => {
    const payload = await solveCaptcha(t.app);
    expect(await t.services.captcha.verify(payload, '127.0.0.1')).toBe(true);
    expect(await t.services.captcha.verify(payload, '127.0.0.1')).toBe(false);
  });

  it('refuses a missing, garbage, test-mode, tampered or expired payload', async () => {
    const { captcha } = t.services;
    expect(await captcha.verify(undefined, '127.0.0.1')).toBe(false);
    expect(await captcha.verify('', '127.0.0.1')).toBe(false);
    expect(await captcha.verify('not base64 json', '127.0.0.1')).toBe(false);
    const testMode = Buffer.from(JSON.stringify({ challenge: null, solution: null, test: true }));
    expect(await captcha.verify(testMode.toString('base64'), '127.0.0.1')).toBe(false);

    const payload = await solveCaptcha(t.app);
    const decoded = JSON.parse(Buffer.from(payload, 'base64').toString());
    const wrongKey = structuredClone(decoded);
    wrongKey.solution.derivedKey = '00'.repeat(32);
    expect(await captcha.verify(btoa(JSON.stringify(wrongKey)), '127.0.0.1')).toBe(false);
    const longerLife = structuredClone(decoded);
    longerLife.challenge.parameters.data.exp += 86_400_000;
    expect(await captcha.verify(btoa(JSON.stringify(longerLife)), '127.0.0.1')).toBe(false);

    t.clock.advance(21 * 60 * 1000);
    expect(await captcha.verify(payload, '127.0.0.1')).toBe(false);
  });

  it('limits challenges to 60 per 10 minutes per address', async () => {
    const challenge = (remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/captcha/challenge', remoteAddress });
    for (let i = 0; i < CAPTCHA_CHALLENGES_PER_IP.limit; i++) {
      expect((await challenge('192.0.2.60')).statusCode).toBe(200);
    }
    const refused = await challenge('192.0.2.60');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      success: false,
      message: 'too many requests, please try again later',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await challenge('192.0.2.61')).statusCode).toBe(200);
    t.clock.advance(CAPTCHA_CHALLENGES_PER_IP.windowMs);
    expect((await challenge('192.0.2.60')).statusCode).toBe(200);
  });

  it('signs the level of work into a challenge and can demand it', async () => {
    const easy = altchaProvider(t.db, t.clock, new Uint8Array(32), {
      algorithm: 'PBKDF2/SHA-256',
      cost: 1,
      counterMin: 5,
      counterMax: 10,
    });
    const hard = await easy.challenge({ level: 3 });
    expect(hard.parameters.data).toMatchObject({ level: 3 });
    const payload = await solveAtLevel(easy, 2);
    expect(await easy.verify(payload, '127.0.0.1', { minLevel: 3 })).toBe(false);
    expect(await easy.verify(await solveAtLevel(easy, 3), '127.0.0.1', { minLevel: 3 })).toBe(true);
    // Claiming a higher level breaks the signature.
    const decoded = JSON.parse(Buffer.from(payload, 'base64').toString());
    decoded.challenge.parameters.data.level = 8;
    expect(await easy.verify(btoa(JSON.stringify(decoded)), '127.0.0.1')).toBe(false);
    const query = await t.app.inject({ url: '/api/v1/captcha/challenge?purpose=sms' });
    expect(query.json().parameters.data.level).toBe(0);
    expect((await t.app.inject({ url: '/api/v1/captcha/challenge?purpose=x' })).statusCode).toBe(
      400,
    );
  });

  it('assertHuman refuses with the spec text on the captcha field', async () => {
    const error = await assertHuman(t.services.captcha, undefined, '127.0.0.1').catch((e) => e);
    expect(error).toBeInstanceOf(Refusal);
    expect(refusalStatus(error.kind)).toBe(400);
    expect(error.message).toBe('captcha required');
    expect(error.fields).toEqual({ captcha: 'captcha required' });
    const bad = await assertHuman(t.services.captcha, 'x', '127.0.0.1').catch((e) => e);
    expect(bad.fields.captcha).toBe('captcha verification failed, please try again');
  });
});

it('Turnstile and hCaptcha ask their siteverify endpoint with the secret and the client IP', async () => {
  const calls: { url: string; body: URLSearchParams }[] = [];
  const fakeFetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, body: init.body as URLSearchParams });
    const success = (init.body as URLSearchParams).get('response') === 'good-token';
    return new Response(JSON.stringify({ success }), { status: 200 });
  }) as unknown as typeof fetch;
  const turnstile = siteverifyProvider('turnstile', 'site', 'secret', fakeFetch);
  expect(await turnstile.verify('good-token', '203.0.113.9')).toBe(true);
  expect(await turnstile.verify('bad-token', '203.0.113.9')).toBe(false);
  expect(await turnstile.verify(undefined, '203.0.113.9')).toBe(false);
  expect(calls[0]!.url).toBe('https://challenges.cloudflare.com/turnstile/v0/siteverify');
  expect(calls[0]!.body.get('secret')).toBe('secret');
  expect(calls[0]!.body.get('remoteip')).toBe('203.0.113.9');
  const hcaptcha = siteverifyProvider('hcaptcha', 'site', 'secret', fakeFetch);
  expect(await hcaptcha.verify('good-token', '203.0.113.9')).toBe(true);
  expect(calls.at(-1)!.url).toBe('https://api.hcaptcha.com/siteverify');
  expect(hcaptcha.publicConfig()).toEqual({ provider: 'hcaptcha', siteKey: 'site' });
  const failing = siteverifyProvider('turnstile', 'site', 'secret', (async () => {
    throw new TypeError('network down');
  }) as unknown as typeof fetch);
  expect(await failing.verify('good-token', '203.0.113.9')).toBe(false);
});
