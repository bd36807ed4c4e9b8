import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiRequest,
  buildHeaders,
  interpretResponse,
  isNotFound,
  takeGetsBeforeWorker,
  TransportError,
} from '../../src/api/client.ts';
import { storage } from '../../src/lib/storage.ts';

describe('transport rules', () => {
  it('returns the parsed JSON for every 2xx', () => {
    for (const status of [200, 201, 204, 299]) {
      expect(interpretResponse(status, '{"success":true,"data":1}')).toEqual({
        success: true,
        data: 1,
      });
    }
  });

  it('turns 404 into a failure object with the status and the raw text', () => {
    const reply = interpretResponse(404, 'no such page <html>');
    expect(isNotFound(reply)).toBe(true);
    expect(reply).toMatchObject({ success: false, status: 404, rawText: 'no such page <html>' });
  });

  it('returns the parsed body of other 4xx replies', () => {
    for (const status of [400, 401, 403, 409, 413, 429, 499]) {
      expect(interpretResponse(status, '{"success":false,"message":"no"}')).toEqual({
        success: false,
        message: 'no',
      });
    }
  });

  it('throws "Error response from server: {status}" for 5xx', () => {
    for (const status of [500, 502, 503, 599]) {
      expect(() => interpretResponse(status, '{}')).toThrow(
        `Error response from server: ${status}`,
      );
    }
  });

  it('throws "unknown error" for any other status', () => {
    for (const status of [0, 100, 199, 301, 304, 399, 600]) {
      expect(() => interpretResponse(status, '{}')).toThrow(
        new TransportError('unknown error', status),
      );
    }
  });

  it('throws "Failed to parse JSON response" for an unparsable body', () => {
    expect(() => interpretResponse(200, '<html>')).toThrow('Failed to parse JSON response');
    expect(() => interpretResponse(400, '')).toThrow('Failed to parse JSON response');
  });
});

describe('request headers', () => {
  beforeEach(() => storage.clear());

  it('asks for JSON, and sends JSON unless the body is form data', () => {
    expect(buildHeaders({ body: { a: 1 } })).toMatchObject({
      Accept: 'application/json',
      'Content-Type': 'application/json',
    });
    expect(buildHeaders({ body: new FormData() })).not.toHaveProperty('Content-Type');
    expect(buildHeaders({})).not.toHaveProperty('Content-Type');
  });

  it('adds the no-cache headers only when asked', () => {
    expect(buildHeaders({ noCache: true })).toMatchObject({
      'Cache-Control': 'no-cache, no-store, must-revalidate',
      Pragma: 'no-cache',
    });
    expect(buildHeaders({})).not.toHaveProperty('Cache-Control');
  });

  it('sends the stored user’s token as Bearer, or a passed token instead', () => {
    expect(buildHeaders({})).not.toHaveProperty('Authorization');
    storage.set('user', { json_web_token: 'stored', user_id: 7, username: 'sam-river7' });
    expect(buildHeaders({}).Authorization).toBe('Bearer stored');
    expect(buildHeaders({ token: 'passed' }).Authorization).toBe('Bearer passed');
  });
});

describe('apiRequest', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends credentials, the method, the JSON body and the query', async () => {
    const fetch = vi.fn(
      async () =>
        new Response('{"success":true,"message":"ok","data":null,"formFieldErrorMessages":{}}'),
    );
    vi.stubGlobal('fetch', fetch);
    await apiRequest('/wave/like/abc', {
      body: { isliked: true },
      query: { after: 'x', limit: 5, skip: undefined },
    });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/wave/like/abc?after=x&limit=5');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      body: '{"isliked":true}',
    });
  });

  const ok = '{"success":true,"message":"ok","data":[],"formFieldErrorMessages":{}}';
  const busy = (retryAfter: string | null, status = 429) =>
    new Response('{"success":false,"message":"too many requests, please try again later"}', {
      status,
      headers: retryAfter === null ? {} : { 'retry-after': retryAfter },
    });

  it("asks once more after a busy server's short Retry-After, for reads only", async () => {
    vi.useFakeTimers();
    try {
      const fetch = vi.fn<() => Promise<Response>>();
      fetch.mockResolvedValueOnce(busy('2')).mockResolvedValueOnce(new Response(ok));
      vi.stubGlobal('fetch', fetch);
      const reply = apiRequest('/wave/wavelistpublicnewest/en');
      await vi.advanceTimersByTimeAsync(1_999);
      expect(fetch).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect((await reply).success).toBe(true);
      expect(fetch).toHaveBeenCalledTimes(2);

      // A write is never sent twice by the client: the refusal is the answer.
      fetch.mockReset().mockResolvedValue(busy('2'));
      const write = await apiRequest('/wave/like/abc', { body: { isliked: true } });
      expect(write.success).toBe(false);
      expect(fetch).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives a refusal without a short Retry-After back at once, and a second refusal too', async () => {
    const fetch = vi.fn<() => Promise<Response>>();
    vi.stubGlobal('fetch', fetch);
    for (const refusal of [busy(null), busy('60'), busy('soon')]) {
      fetch.mockReset().mockResolvedValue(refusal);
      expect((await apiRequest('/wave/wavelistpublicnewest/en')).success).toBe(false);
      expect(fetch).toHaveBeenCalledTimes(1);
    }
    fetch.mockReset().mockResolvedValueOnce(busy('0')).mockResolvedValueOnce(busy('0'));
    expect((await apiRequest('/wave/wavelistpublicnewest/en')).success).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(2);
    fetch.mockReset().mockResolvedValueOnce(busy('0', 503)).mockResolvedValueOnce(new Response(ok));
    expect((await apiRequest('/wave/wavelistpublicnewest/en')).success).toBe(true);
  });

  it('reports upload progress through XMLHttpRequest', async () => {
    const progress: number[] = [];
    class FakeXhr {
      upload: {
        onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void;
      } = {};
      status = 200;
      responseText = '{"success":true}';
      withCredentials = false;
      onload?: () => void;
      open() {}
      setRequestHeader() {}
      send() {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
        this.upload.onprogress?.({ lengthComputable: true, loaded: 200, total: 200 });
        this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const reply = await apiRequest('/uploadaudio/abc', {
      body: new FormData(),
      onUploadProgress: (p) => progress.push(p),
    });
    expect(reply.success).toBe(true);
    expect(progress).toEqual([25, 100]);
  });
});

describe('reads sent before a service worker controls the page', () => {
  const worker: { controller: object | null } = { controller: null };
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"success":true,"data":1}', { status: 200 })),
    );
    Object.defineProperty(navigator, 'serviceWorker', { value: worker, configurable: true });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    worker.controller = null;
  });

  it('are remembered once each, GETs only, with their headers, until a worker controls the page', async () => {
    takeGetsBeforeWorker();
    await apiRequest('/wave/wavelistpublicnewest/en', { query: { limit: 30 } });
    await apiRequest('/wave/wavelistpublicnewest/en', { query: { limit: 30 } });
    await apiRequest('/auth/isuseranonymous', { noCache: true });
    await apiRequest('/wave/like', { body: { wave_name: 'x' } });
    worker.controller = {};
    await apiRequest('/wave/wavelistpublictrending/en');

    const gets = takeGetsBeforeWorker();
    expect(gets.map((get) => get.url)).toEqual([
      '/api/v1/wave/wavelistpublicnewest/en?limit=30',
      '/api/v1/auth/isuseranonymous',
    ]);
    expect(gets[1]!.init).toMatchObject({
      method: 'GET',
      credentials: 'include',
      cache: 'no-store',
      headers: { Accept: 'application/json', Pragma: 'no-cache' },
    });
    expect(takeGetsBeforeWorker()).toEqual([]);
  });

  it('are given back only when sent for the account signed in now', async () => {
    takeGetsBeforeWorker();
    storage.set('user', { json_web_token: 'signed-out-since', user_id: 7, username: 'sam-river7' });
    await apiRequest('/user/me');
    storage.remove('user');
    await apiRequest('/wave/wavelistpublicnewest/en');

    expect(takeGetsBeforeWorker().map((get) => get.url)).toEqual([
      '/api/v1/wave/wavelistpublicnewest/en',
    ]);
  });
});
