import { afterEach, describe, expect, it, vi } from 'vitest';
import { logView } from '../../src/api/log-view.ts';

const refused = () =>
  new Response('{"success":false,"message":"too many requests, please try again later"}', {
    status: 429,
    headers: { 'retry-after': '60' },
  });
const counted = () => new Response('{"success":true,"message":"ok","data":null}');
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('logView', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends no view while the server refuses this address, and sends again after its Retry-After', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const fetch = vi.fn<() => Promise<Response>>().mockResolvedValue(counted());
    vi.stubGlobal('fetch', fetch);
    logView('first');
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);

    fetch.mockResolvedValueOnce(refused());
    logView('second');
    await settle();
    logView('third');
    await settle();
    expect(fetch).toHaveBeenCalledTimes(2);

    vi.setSystemTime(Date.now() + 61_000);
    logView('fourth');
    await settle();
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(String(fetch.mock.calls[2]?.[0 as never])).toContain('/wave/logview/fourth');
  });
});
