import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { preferredEncoding } from '../../server/http/list-serializer.ts';
import { rememberingValidatorCompiler } from '../../server/http/remembered-validation.ts';
import {
  languageListParamsSchema,
  waveListQuerySchema,
  waveListReplySchema,
} from '../../src/api/contract/wave.ts';
import { parseViewerHeader, VIEWER_HEADER } from '../../src/api/contract/viewer-header.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createListener, makeTone, publishWave } from '../helpers/waves.ts';

const audioDir = mkdtempSync(path.join(tmpdir(), 'waves-audio-'));
const tone = makeTone(audioDir);
afterAll(() => rmSync(audioDir, { recursive: true, force: true }));

describe('preferredEncoding', () => {
  it('prefers br, then gzip, and honours q=0', () => {
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
  });
});

describe('rememberingValidatorCompiler', () => {
  const compile = (schema: z.ZodType, httpPart: string) =>
    rememberingValidatorCompiler({ schema, method: 'GET', url: '/list/:language_code', httpPart });

  it('answers the same fields again with the same result, and checks any others', () => {
    const query = compile(waveListQuerySchema, 'querystring');
    const first = query({});
    expect(first).toEqual({ value: { limit: 30 } });
    expect(query({})).toBe(first);
    expect(Object.isFrozen(first.value)).toBe(true);
    expect(query({ limit: '5' })).toEqual({ value: { limit: 5 } });
    // A refused query after an accepted one is still refused, and forgets nothing.
    expect(query({ limit: '0' }).error).toBeDefined();
    expect(query({ limit: '0' }).error).toBeDefined();
    expect(query({ limit: '5' })).toEqual({ value: { limit: 5 } });
    expect(query({ after: 'abc', limit: '5' })).toEqual({ value: { after: 'abc', limit: 5 } });
    // Fewer fields, more fields, or another value than the last valid query: checked again.
    expect(query({ after: 'abc' })).toEqual({ value: { after: 'abc', limit: 30 } });
    expect(query({ after: 'abc', limit: '5' })).toEqual({ value: { after: 'abc', limit: 5 } });
    expect(query({ after: 'abd', limit: '5' })).toEqual({ value: { after: 'abd', limit: 5 } });
    expect(query({ after: 'abd', limit: '6' })).toEqual({ value: { after: 'abd', limit: 6 } });
    expect(query({})).toEqual({ value: { limit: 30 } });
    // Repeated fields (an array) are not remembered, and are checked as always.
    expect(query({ limit: ['5', '6'] }).error).toBeDefined();

    const params = compile(languageListParamsSchema, 'params');
    expect(params({ language_code: 'en' })).toEqual({ value: { language_code: 'en' } });
    expect(params({ language_code: 'xx-not-a-language' }).error).toBeDefined();
    expect(params({ language_code: 'de' })).toEqual({ value: { language_code: 'de' } });
  });
});

describe('list replies in production mode', () => {
  let t: TestApp;
  let reference: string;
  const url = '/api/v1/wave/wavelistpublicnewest/en';

  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { NODE_ENV: 'production' } });
    const author = await createListener(t, 'prod-author');
    for (let i = 0; i < 12; i += 1) {
      await publishWave(t, tone, { userId: author.userId, channel: 'general', title: `w ${i}` });
    }
    t.services.waveLists.setCacheMs(0);
    reference = (await t.app.inject({ method: 'GET', url })).body;
  });
  afterAll(() => t.close());

  it('sends the contract’s envelope, the same bytes from the page cache', async () => {
    const parsed = waveListReplySchema.parse(JSON.parse(reference));
    expect(parsed.data).toHaveLength(12);
    t.services.waveLists.setCacheMs(1000);
    const first = await t.app.inject({ method: 'GET', url });
    const second = await t.app.inject({ method: 'GET', url });
    expect(first.body).toBe(reference);
    expect(second.body).toBe(reference);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    // Byte for byte what the route's zod serializer would have written (it encodes with the
    // contract, then JSON.stringify).
    expect(reference).toBe(JSON.stringify(z.encode(waveListReplySchema, parsed)));
  });

  it('serves an anonymous listener’s cached page at once with the same bytes and headers', async () => {
    t.services.waveLists.setCacheMs(0);
    const trendingUrl = '/api/v1/wave/wavelistpublictrending/en';
    const trending = (await t.app.inject({ method: 'GET', url: trendingUrl })).body;
    t.services.waveLists.setCacheMs(1000);
    // The first request reads the page and learns the listener has no views; later ones take
    // the page as it is cached (wave-list-service.ts `plainPageNow`).
    const newestNow = vi.spyOn(t.services.waveLists, 'newestNow');
    const trendingNow = vi.spyOn(t.services.waveLists, 'trendingNow');
    const replies = [];
    for (let i = 0; i < 3; i += 1) {
      replies.push(await t.app.inject({ method: 'GET', url }));
      replies.push(await t.app.inject({ method: 'GET', url: trendingUrl }));
    }
    for (const [index, reply] of replies.entries()) {
      expect(reply.statusCode).toBe(200);
      expect(reply.body).toBe(index % 2 === 0 ? reference : trending);
      expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(reply.headers['cache-control']).toBe('private, no-cache');
      expect(reply.headers['x-request-id']).toBeTruthy();
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
    }
    const answered = (spy: typeof newestNow) =>
      spy.mock.results.filter((result) => result.value !== undefined).length;
    expect(answered(newestNow)).toBeGreaterThanOrEqual(2);
    expect(answered(trendingNow)).toBeGreaterThanOrEqual(2);
    newestNow.mockRestore();
    trendingNow.mockRestore();
    // A bad cursor is refused on every path.
    const bad = await t.app.inject({ method: 'GET', url: `${url}?after=%21%21` });
    expect(bad.statusCode).toBe(400);
  });

  it('compresses a cached page once per encoding', async () => {
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(reference);
    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(reference);
  });

  it('still marks what a signed-in caller liked', async () => {
    const fan = await createListener(t, 'prod-fan');
    const first = JSON.parse(reference).data[0].wave_name;
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/wave/like/${first}`,
      headers: fan.auth,
      payload: { isliked: true },
    });
    const reply = await t.app.inject({ method: 'GET', url, headers: fan.auth });
    expect(reply.json().data[0]).toMatchObject({ user_has_liked: true, likes_count: 1 });
    const anonymous = await t.app.inject({ method: 'GET', url });
    expect(anonymous.json().data[0]).toMatchObject({ user_has_liked: false, likes_count: 1 });
  });

  it('says who the server took the caller for, as who-am-I does (the first screen’s one request)', async () => {
    const fan = await createListener(t, 'prod-viewer');
    for (const headers of [{}, fan.auth]) {
      const whoAmI = await t.app.inject({
        method: 'GET',
        url: '/api/v1/auth/isuseranonymous',
        headers,
      });
      for (const listUrl of [url, '/api/v1/wave/wavelistpublictrending/en?limit=5']) {
        const reply = await t.app.inject({ method: 'GET', url: listUrl, headers });
        expect(parseViewerHeader(String(reply.headers[VIEWER_HEADER]))).toEqual(whoAmI.json().data);
      }
    }
    const signedIn = await t.app.inject({ method: 'GET', url, headers: fan.auth });
    expect(signedIn.headers[VIEWER_HEADER]).toBe(`signed-in ${fan.userId}`);
  });
});
