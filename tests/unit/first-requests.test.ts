import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waveListQuery } from '../../src/api/get-wave-list.ts';
import { isUserAnonymousQuery } from '../../src/lib/session.ts';
import { rememberSignedInUser, storage } from '../../src/lib/storage.ts';

const reply = (data: unknown) =>
  new Response(JSON.stringify({ success: true, message: '', data, formFieldErrorMessages: {} }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

/** Answers like the server: who the visitor is, or an empty list page. */
const server = vi.fn(async (url: string | URL | Request, _init?: RequestInit) =>
  String(url).includes('isuseranonymous') ? reply({ isAnonymous: false, user_id: 7 }) : reply([]),
);

async function sendFirstRequests(pathname: string) {
  window.history.replaceState(null, '', pathname);
  vi.resetModules();
  await import('../../src/first-requests.ts');
}

// The first screen's requests go out before the app starts (src/first-requests.ts); the app
// must take each over, which it only does for the same URL and headers.
describe('the first requests, sent before the app starts', () => {
  beforeEach(() => {
    storage.clear();
    server.mockClear();
    vi.stubGlobal('fetch', server);
    storage.set('language_code_ui', 'en');
    storage.set('cookieConsent', 'accepted');
    rememberSignedInUser({ json_web_token: 'token-1', user_id: 7, username: 'sam-river7' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (globalThis as { wavesEarlyRequests?: unknown }).wavesEarlyRequests;
  });

  it('are the request the app makes for /newest: it takes the list over instead of asking again', async () => {
    await sendFirstRequests('/newest');
    expect(server).toHaveBeenCalledTimes(1);
    expect(String(server.mock.calls[0]![0])).toContain('/wave/wavelistpublicnewest/en');

    const client = new QueryClient();
    await client.fetchInfiniteQuery(waveListQuery({ kind: 'newest', language: 'en' }));
    expect(server).toHaveBeenCalledTimes(1);
  });

  it('are the app’s for /trending too, and only who the visitor is on other screens', async () => {
    await sendFirstRequests('/trending');
    const client = new QueryClient();
    await client.fetchInfiniteQuery(waveListQuery({ kind: 'trending', language: 'en' }));
    expect(server).toHaveBeenCalledTimes(1);

    server.mockClear();
    await sendFirstRequests('/about');
    expect(server).toHaveBeenCalledTimes(1);
    expect(String(server.mock.calls[0]![0])).toContain('/auth/isuseranonymous');
    await client.fetchQuery(isUserAnonymousQuery);
    expect(server).toHaveBeenCalledTimes(1);
  });

  it('are not used when the app asks with other headers (another sign-in meanwhile)', async () => {
    await sendFirstRequests('/newest');
    rememberSignedInUser({ json_web_token: 'token-2', user_id: 8, username: 'kim-lake3' });
    const client = new QueryClient();
    await client.fetchInfiniteQuery(waveListQuery({ kind: 'newest', language: 'en' }));
    expect(server).toHaveBeenCalledTimes(2);
    const headers = server.mock.calls[1]![1]!.headers as Record<string, string>;
    expect(headers['Authorization']).toBe('Bearer token-2');
  });

  it('wait for a language to be chosen', async () => {
    storage.remove('language_code_ui');
    await sendFirstRequests('/newest');
    expect(server).not.toHaveBeenCalled();
  });
});
