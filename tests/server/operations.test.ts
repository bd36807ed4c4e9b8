import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startLocalS3, type LocalS3 } from '../helpers/s3.ts';
import { createTestApp, describeEachDatabase, type TestApp } from '../helpers/test-app.ts';
import { newRequestId } from '../../server/http/request-id.ts';
import { createMember } from '../helpers/members.ts';
import { createListener, makeTone, publishWave } from '../helpers/waves.ts';

/** The value of a counter or gauge line of a Prometheus text exposition (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (wanted.every((pair) => line.includes(pair))) return Number(line.split(' ').at(-1));
  }
  return 0;
}

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(() => s3.close());

describeEachDatabase('operations', (dialect) => {
  let t: TestApp;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
    });
    t = await createTestApp(dialect, {
      env: {
        JOBS_IN_PROCESS: 'false',
        LOG_LEVEL: 'info',
        METRICS_TOKEN: 'a-token-of-16-chars-or-more',
        ...s3.isolatedEnv(),
      },
      logStream,
      register(app) {
        // A service's log line, written through the logger the route hands it, as services do.
        app.get('/probe/log', async (request) => {
          await new Promise((resolve) => setTimeout(resolve, 1));
          request.log.info({ probe: true }, 'a service says something');
          return { ok: true };
        });
        app.get('/probe/crash', async () => {
          throw new Error('boom');
        });
      },
    });
  });
  afterAll(() => t.close());

  it('gives every reply a request id, keeping a valid one from the proxy', async () => {
    const plain = await t.app.inject({ url: '/healthz' });
    expect(plain.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const proxied = await t.app.inject({
      url: '/healthz',
      headers: { 'x-request-id': '0123456789abcdef0123456789abcdef' },
    });
    expect(proxied.headers['x-request-id']).toBe('0123456789abcdef0123456789abcdef');
    const forged = await t.app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'bad id\nwith a newline' },
    });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('makes request ids in the UUID format (version 4), each a different one', () => {
    const ids = Array.from({ length: 2000 }, () => newRequestId());
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('names the request id in failure envelopes: refusals, validation, unknown routes, crashes', async () => {
    const replies = await Promise.all([
      t.app.inject({ url: '/api/v1/wave/wavemetadata/nosuchwave' }),
      t.app.inject({ method: 'POST', url: '/api/v1/auth/signin', payload: { email: 1 } }),
      t.app.inject({ url: '/api/v1/no/such/route' }),
      t.app.inject({ url: '/probe/crash' }),
    ]);
    for (const reply of replies) {
      expect(reply.statusCode, reply.body).toBeGreaterThanOrEqual(400);
      const body = reply.json<{ success: boolean; requestId?: string }>();
      expect(body.success).toBe(false);
      expect(body.requestId, reply.body).toBe(reply.headers['x-request-id']);
    }
    const crash = replies[3]!;
    const logged = lines.find((line) => line['msg'] === 'unhandled error');
    expect(logged?.['reqId']).toBe(crash.headers['x-request-id']);
  });

  it('puts the request id into every line logged while serving the request', async () => {
    const reply = await t.app.inject({ url: '/probe/log' });
    const line = lines.find((entry) => entry['probe'] === true);
    expect(line?.['reqId']).toBe(reply.headers['x-request-id']);
    // Outside a request, no id.
    t.app.log.info({ outside: true }, 'no request here');
    expect(lines.find((entry) => entry['outside'] === true)?.['reqId']).toBeUndefined();
  });

  it('names the request id in the lines a service and a provider write for a request', async () => {
    // The password-reset mail: the account service hands the request's logger to the outbox.
    await createMember(t, 'reqidmail');
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/requestpasswordresetemail',
      payload: { email: `reqidmail@example.com` },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const line = lines.find(
      (entry) =>
        entry['msg'] === 'mail written to the outbox' && entry['to'] === 'reqidmail@example.com',
    );
    expect(line?.['reqId']).toBe(reply.headers['x-request-id']);
  });

  it('is ready when the database and the storage answer', async () => {
    const reply = await t.app.inject({ url: '/readyz' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ status: 'ok', checks: { database: 'ok', storage: 'ok' } });
  });

  it('reports requests per route, list cache hits, upload bytes and the job queue in /metrics', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const scrape = async () => {
      const reply = await t.app.inject({
        url: '/metrics',
        headers: { authorization: 'Bearer a-token-of-16-chars-or-more' },
      });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toContain('text/plain');
      return reply.body;
    };
    const before = await scrape();

    const route = '/api/v1/wave/wavelistpublicnewest/:language_code';
    for (let i = 0; i < 3; i += 1) {
      expect((await t.app.inject({ url: '/api/v1/wave/wavelistpublicnewest/en' })).statusCode).toBe(
        200,
      );
    }
    await t.services.jobs.enqueue('transcode-upload', { waveId: 0 }, { dedupeKey: 'metrics' });
    t.clock.advance(5_000);
    const after = await scrape();
    const count = (text: string) =>
      sample(text, 'waves_http_requests_total', { method: 'GET', route, status: '200' });
    expect(count(after) - count(before)).toBe(3);
    const timed = sample(after, 'waves_http_request_duration_seconds_count', { route });
    expect(timed).toBeGreaterThanOrEqual(3);
    // The histogram's buckets are cumulative up to +Inf, which counts every request.
    expect(sample(after, 'waves_http_request_duration_seconds_bucket', { route, le: '+Inf' })).toBe(
      timed,
    );
    expect(
      sample(after, 'waves_http_request_duration_seconds_bucket', { route, le: '0.0005' }),
    ).toBeLessThanOrEqual(timed);
    expect(sample(after, 'waves_http_request_duration_seconds_sum', { route })).toBeGreaterThan(0);
    // A request no route matched counts under `unmatched`; a HEAD under its GET route's pattern.
    const unmatched = (text: string) =>
      sample(text, 'waves_http_requests_total', { route: 'unmatched', status: '404' });
    const heads = (text: string) =>
      sample(text, 'waves_http_requests_total', { method: 'HEAD', route, status: '200' });
    await t.app.inject({ url: '/api/v1/no/such/route' });
    await t.app.inject({ method: 'HEAD', url: '/api/v1/wave/wavelistpublicnewest/en' });
    const later = await scrape();
    expect(unmatched(later) - unmatched(after)).toBe(1);
    expect(heads(later) - heads(after)).toBe(1);
    expect(count(later)).toBe(count(after));
    const hits = (text: string) =>
      sample(text, 'waves_list_cache_lookups_total', { result: 'hit' });
    expect(hits(after) - hits(before)).toBeGreaterThanOrEqual(2);
    expect(sample(after, 'waves_job_queue_depth', { kind: 'transcode-upload' })).toBe(1);
    expect(sample(after, 'waves_job_queue_oldest_age_seconds', { kind: 'transcode-upload' })).toBe(
      5,
    );
    expect(after).toContain('waves_process_resident_memory_bytes');
    expect(after).toContain('waves_upload_bytes_total');
  });

  it('names the request id when a wave deleted by a request keeps media it could not remove', async () => {
    const author = await createListener(t, 'ops-deleter');
    const wave = await publishWave(t, makeTone(t.dataDir, 'ops-delete.mp3', 1), {
      userId: author.userId,
      channel: 'general',
    });
    const failing = vi
      .spyOn(t.services.media, 'deletePrefix')
      .mockRejectedValueOnce(new Error('storage down'));
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/v1/wave/delete/${wave.wave_name}`,
      headers: author.auth,
      payload: { confirm: 'delete' },
    });
    failing.mockRestore();
    expect(reply.statusCode, reply.body).toBe(200);
    const line = lines.find(
      (entry) => entry['msg'] === `could not remove the media of wave ${wave.wave_name}`,
    );
    expect(line?.['reqId']).toBe(reply.headers['x-request-id']);
  });

  it('stops being ready when the storage cannot be reached', async () => {
    const author = await createListener(t, 'ops-author');
    await publishWave(t, makeTone(t.dataDir, 'ops.mp3', 1), {
      userId: author.userId,
      channel: 'general',
    });
    await s3.close();
    const reply = await t.app.inject({ url: '/readyz' });
    expect(reply.statusCode).toBe(503);
    expect(reply.json()).toEqual({
      status: 'unavailable',
      checks: { database: 'ok', storage: 'failing' },
    });
    s3 = await startLocalS3();
  });
});
