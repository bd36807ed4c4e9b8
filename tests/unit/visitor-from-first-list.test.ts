import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VIEWER_HEADER } from '../../src/api/contract/viewer-header.ts';
import { CACHED_AT_HEADER } from '../../src/lib/sw-messages.ts';

const envelope = (data: unknown) =>
  JSON.stringify({ success: true, message: '', data, formFieldErrorMessages: {} });

/** The server: who-am-I says user 7; the list says so too in `listHeaders`. */
function serverWith(listHeaders: Record<string, string>) {
  return vi.fn(async (url: string | URL | Request) =>
    String(url).includes('isuseranonymous')
      ? new Response(envelope({ isAnonymous: false, user_id: 7 }))
      : new Response(envelope([]), { headers: listHeaders }),
  );
}

const whoAmICalls = (server: ReturnType<typeof serverWith>) =>
  server.mock.calls.filter(([url]) => String(url).includes('isuseranonymous')).length;

type Server = (url: string | URL | Request) => Promise<Response>;

/**
 * A fresh start: the first-screen schedule and the session module, as the page loads them, and
 * the first list on its way; a list slower than `slowListMs` has who-am-I asked beside it.
 */
async function begin(server: Server, slowListMs: number) {
  vi.stubGlobal('fetch', server);
  vi.resetModules();
  const session = await import('../../src/lib/session.ts');
  const firstScreen = await import('../../src/lib/first-screen.ts');
  const { waveListQuery } = await import('../../src/api/get-wave-list.ts');
  const client = new QueryClient();
  const list = waveListQuery({ kind: 'newest', language: 'en' });
  session.learnVisitorFromFirstList(client, () => client.prefetchInfiniteQuery(list), slowListMs);
  const listAnswered = () =>
    vi.waitFor(() => expect(client.getQueryState(list.queryKey)?.status).toBe('success'));
  return { client, whoAmI: session.isUserAnonymousQuery.queryKey, firstScreen, listAnswered };
}

/** A start whose list is never slow (the last test makes one slow on purpose), list answered. */
async function start(server: Server) {
  const started = await begin(server, 60_000);
  await started.listAnswered();
  return started;
}

describe('who the visitor is, from a feed’s first list (src/lib/session.ts)', () => {
  beforeEach(() => vi.useRealTimers());
  afterEach(() => vi.unstubAllGlobals());

  it('answers who-am-I from the list’s reply, and asks who-am-I itself after the first screen', async () => {
    const server = serverWith({ [VIEWER_HEADER]: 'signed-in 7' });
    const { client, whoAmI, firstScreen } = await start(server);
    expect(client.getQueryData(whoAmI)).toEqual({ isAnonymous: false, user_id: 7 });
    expect(whoAmICalls(server)).toBe(0);

    firstScreen.firstScreenShown();
    await vi.waitFor(() => expect(whoAmICalls(server)).toBe(1));
    // Only the first list is heard: a later reply (one sent before a sign-out, say) changes
    // nothing; who-am-I and the account watch decide.
    const { waveListQuery } = await import('../../src/api/get-wave-list.ts');
    server.mockImplementation(
      async () => new Response(envelope([]), { headers: { [VIEWER_HEADER]: 'anonymous 1' } }),
    );
    await client.fetchInfiniteQuery(waveListQuery({ kind: 'trending', language: 'en' }));
    expect(client.getQueryData(whoAmI)).toEqual({ isAnonymous: false, user_id: 7 });
  });

  it('asks who-am-I at once when the list came from the service worker’s cache', async () => {
    const server = serverWith({
      [VIEWER_HEADER]: 'anonymous 1',
      [CACHED_AT_HEADER]: '1700000000000',
    });
    const { client, whoAmI } = await start(server);
    await vi.waitFor(() => expect(whoAmICalls(server)).toBe(1));
    // The cached copy said who asked back then; the server's answer is today's.
    await vi.waitFor(() =>
      expect(client.getQueryData(whoAmI)).toEqual({ isAnonymous: false, user_id: 7 }),
    );
  });

  it('asks who-am-I at once when the list’s reply does not say (or says nonsense)', async () => {
    for (const headers of [{}, { [VIEWER_HEADER]: 'someone' }] as Record<string, string>[]) {
      const server = serverWith(headers);
      const { client, whoAmI } = await start(server);
      await vi.waitFor(() => expect(whoAmICalls(server)).toBe(1));
      await vi.waitFor(() =>
        expect(client.getQueryData(whoAmI)).toEqual({ isAnonymous: false, user_id: 7 }),
      );
    }
  });

  it('asks who-am-I beside a list that is slow, and not again once the first screen is shown', async () => {
    let answerList!: () => void;
    const server = vi.fn(async (url: string | URL | Request) => {
      if (String(url).includes('isuseranonymous')) {
        return new Response(envelope({ isAnonymous: true, user_id: 1 }));
      }
      await new Promise<void>((resolve) => (answerList = resolve));
      return new Response(envelope([]), { headers: { [VIEWER_HEADER]: 'anonymous 1' } });
    });
    const { client, whoAmI, firstScreen, listAnswered } = await begin(server, 50);
    await vi.waitFor(() => expect(whoAmICalls(server)).toBe(1));
    answerList();
    await listAnswered();
    firstScreen.firstScreenShown();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(whoAmICalls(server)).toBe(1);
    expect(client.getQueryData(whoAmI)).toEqual({
      isAnonymous: true,
      user_id: 1,
    });
  });
});
