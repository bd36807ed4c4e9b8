import { afterAll, beforeAll, expect, it } from 'vitest';
import { serverMessages } from '../../src/api/contract/envelope.ts';
import { SHED_RETRY_AFTER_SECONDS } from '../../server/http/load-shedding.ts';
import { createTestApp, describeEachDatabase, type TestApp } from '../helpers/test-app.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Holds the event loop, as a saturated process would, until the process says it is under pressure. */
async function saturate(app: TestApp['app']) {
  for (let attempt = 0; attempt < 20 && !app.isUnderPressure(); attempt++) {
    const until = Date.now() + 300;
    while (Date.now() < until) {
      // busy: nothing else runs on this thread meanwhile
    }
    await sleep(20);
  }
  expect(app.isUnderPressure()).toBe(true);
}

async function recover(app: TestApp['app']) {
  for (let attempt = 0; attempt < 100 && app.isUnderPressure(); attempt++) await sleep(50);
  expect(app.isUnderPressure()).toBe(false);
}

describeEachDatabase('load shedding', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { SHED_EVENT_LOOP_DELAY_MS: '100' } });
    await sleep(1_100); // past the start (see the last test)
  });
  afterAll(() => t.close());

  it('answers at once with 429, Retry-After and the envelope while the event loop lags, then serves again', async () => {
    const list = '/api/v1/wave/wavelistpublicnewest/en';
    expect((await t.app.inject({ url: list })).statusCode).toBe(200);

    await saturate(t.app);
    const shed = await t.app.inject({ url: list });
    expect(shed.statusCode).toBe(429);
    expect(shed.headers['retry-after']).toBe(String(SHED_RETRY_AFTER_SECONDS));
    expect(shed.headers['cache-control']).toBe('no-store');
    expect(shed.headers['x-request-id']).toBeTruthy();
    expect(shed.json()).toMatchObject({
      success: false,
      message: serverMessages.tooManyRequests,
      data: null,
    });
    // A write is refused before it does anything.
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/signin',
      payload: { username: 'nobody', password: 'wrong-password' },
    });
    expect(write.statusCode).toBe(429);
    // The app's files and the media are never refused: a refused script leaves a blank page.
    for (const url of ['/', '/newest', '/assets/index-0000.js', '/media/audio/1/1/x/1_x.mp3'])
      expect((await t.app.inject({ url })).statusCode).not.toBe(429);
    // What a load balancer and a monitor ask still answers.
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    const metrics = await t.app.inject({ url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toMatch(/^waves_shed_requests_total [1-9]/m);

    await recover(t.app);
    expect((await t.app.inject({ url: list })).statusCode).toBe(200);
  });
});

describeEachDatabase('load shedding at the start', (dialect) => {
  it('does not refuse the first requests for the lag of the start itself', async () => {
    const started = await createTestApp(dialect, {
      env: { SHED_EVENT_LOOP_DELAY_MS: '100' },
      register(app) {
        // A slow start (migrations, the demo, caches), as a plugin loaded before the app is
        // ready. It blocks in steps of 150 ms for longer than two samples (500 ms each), so
        // whatever the samples' phase, the last one before ready reads a mean delay far over
        // 100 ms; one block of 800 ms could fall across two samples and read under it.
        void app.register(async () => {
          const until = Date.now() + 1200;
          while (Date.now() < until) {
            const stepEnd = Math.min(until, Date.now() + 150);
            while (Date.now() < stepEnd) {
              // busy
            }
            await sleep(0);
          }
        });
      },
    });
    try {
      expect(started.app.isUnderPressure()).toBe(true);
      const first = await started.app.inject({ url: '/api/v1/wave/wavelistpublicnewest/en' });
      expect(first.statusCode).toBe(200);
    } finally {
      await started.close();
    }
  });
});

describeEachDatabase('load shedding turned off', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { SHED_EVENT_LOOP_DELAY_MS: '0' } });
  });
  afterAll(() => t.close());

  it('serves a lagging process as before', async () => {
    const until = Date.now() + 1200;
    while (Date.now() < until) {
      // busy
    }
    await sleep(600);
    expect(t.app.hasDecorator('isUnderPressure')).toBe(false);
    expect((await t.app.inject({ url: '/api/v1/wave/wavelistpublicnewest/en' })).statusCode).toBe(
      200,
    );
  });
});
