import { afterAll, beforeAll, expect, it } from 'vitest';
import { refusalHeaders, refusalStatus } from '../../server/http/error-handler.ts';
import { Refusal } from '../../server/kernel/refusal.ts';
import { HOUR, MINUTE } from '../../server/services/rate-limiter.ts';
import { createTestApp, describeEachDatabase, type TestApp } from '../helpers/test-app.ts';

describeEachDatabase('rate limiter', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('allows `limit` hits per window, refuses the next with 429 and Retry-After, then recovers', async () => {
    const { rateLimiter } = t.services;
    // Start at the beginning of a window so the window does not roll over mid-test.
    t.clock.set(Math.ceil(t.clock.now() / MINUTE) * MINUTE);
    for (let i = 0; i < 3; i++) await rateLimiter.hit('test:a', 3, MINUTE);
    const error = await rateLimiter.hit('test:a', 3, MINUTE).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Refusal);
    const refusal = error as Refusal;
    expect(refusalStatus(refusal.kind)).toBe(429);
    expect(refusal.message).toBe('too many requests, please try again later');
    expect(refusalHeaders(refusal)['retry-after']).toBe('60');
    // Other buckets are not affected.
    await rateLimiter.hit('test:b', 3, MINUTE);
    t.clock.advance(MINUTE);
    await expect(rateLimiter.hit('test:a', 3, MINUTE)).resolves.toBeUndefined();
  });

  it('check refuses at the limit without counting; record counts without refusing', async () => {
    const { rateLimiter } = t.services;
    t.clock.set(Math.ceil(t.clock.now() / HOUR) * HOUR);
    await rateLimiter.check('test:fail', 2, HOUR);
    await rateLimiter.record('test:fail', HOUR);
    await rateLimiter.check('test:fail', 2, HOUR);
    await rateLimiter.record('test:fail', HOUR);
    await rateLimiter.record('test:fail', HOUR);
    await expect(rateLimiter.check('test:fail', 2, HOUR)).rejects.toMatchObject({
      kind: 'rate-limited',
    });
    t.clock.advance(HOUR);
    await expect(rateLimiter.check('test:fail', 2, HOUR)).resolves.toBeUndefined();
  });

  it('prunes windows older than a day', async () => {
    const { rateLimiter } = t.services;
    await rateLimiter.hit('test:old', 10, MINUTE);
    t.clock.advance(25 * HOUR);
    await rateLimiter.hit('test:new', 10, MINUTE);
    const rows = await t.db.kysely.selectFrom('rate_limit_hits').select('bucket').execute();
    expect(rows.map((row) => row.bucket)).not.toContain('test:old');
    expect(rows.map((row) => row.bucket)).toContain('test:new');
  });

  it('answers 429 in the envelope with a Retry-After header over HTTP', async () => {
    t.clock.set(Math.ceil(t.clock.now() / MINUTE) * MINUTE);
    const check = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/usernamecheck',
        payload: { username: 'someone1' },
        remoteAddress: '198.51.100.7',
      });
    for (let i = 0; i < 60; i++) expect((await check()).statusCode).toBe(200);
    const refused = await check();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json()).toMatchObject({
      success: false,
      message: 'too many requests, please try again later',
      data: null,
    });
  });
});
