import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstScreenReady } from '../../src/lib/first-screen.ts';

const anonymity = ['auth', 'isuseranonymous'];
const list = ['waves', 'list', 'newest:en'];
const loadedRouter = { load: () => Promise.resolve() };

/** A query whose answer the test gives (or not) when it likes. */
function pending(client: QueryClient, key: string[]) {
  let answer!: (value: unknown) => void;
  let fail!: (error: Error) => void;
  void client.prefetchQuery({
    queryKey: key,
    queryFn: () =>
      new Promise((resolve, reject) => {
        answer = resolve;
        fail = reject;
      }),
    retry: false,
  });
  return { answer: (value: unknown) => answer(value), fail: (error: Error) => fail(error) };
}

afterEach(() => vi.useRealTimers());

describe('a feed’s first render (src/main.tsx)', () => {
  it('waits for the route and for both first queries, then renders as a transition', async () => {
    const client = new QueryClient();
    const who = pending(client, anonymity);
    const rows = pending(client, list);
    let ready: boolean | undefined;
    void firstScreenReady(loadedRouter, client, [anonymity, list]).then((value) => {
      ready = value;
    });
    who.answer({ isAnonymous: true });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(ready).toBeUndefined();
    rows.answer({ pages: [] });
    await vi.waitFor(() => expect(ready).toBe(true));
  });

  it('takes a saved copy of the list as an answer (persisted queries paint at once)', async () => {
    const client = new QueryClient();
    pending(client, list);
    client.setQueryData(anonymity, { isAnonymous: true });
    const ready = firstScreenReady(loadedRouter, client, [anonymity, list]);
    // What the restore does: the saved data goes into the cache while the request travels.
    client.setQueryData(list, { pages: [] });
    await expect(ready).resolves.toBe(true);
  });

  it('counts a failed request as an answer (the list shows its error at once)', async () => {
    const client = new QueryClient();
    client.setQueryData(anonymity, { isAnonymous: true });
    const rows = pending(client, list);
    const ready = firstScreenReady(loadedRouter, client, [anonymity, list]);
    rows.fail(new Error('offline'));
    await expect(ready).resolves.toBe(true);
  });

  it('renders at once, without a transition, when the data is late', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    pending(client, anonymity);
    pending(client, list);
    const ready = firstScreenReady(loadedRouter, client, [anonymity, list]);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(ready).resolves.toBe(false);
  });

  it('renders at once when the router cannot load the route', async () => {
    const client = new QueryClient();
    client.setQueryData(anonymity, { isAnonymous: true });
    client.setQueryData(list, { pages: [] });
    const failing = { load: () => Promise.reject(new Error('no route')) };
    await expect(firstScreenReady(failing, client, [anonymity, list])).resolves.toBe(false);
  });
});
