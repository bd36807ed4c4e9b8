import { dehydrate, hydrate, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import * as waveKeys from '../../src/api/wave-keys.ts';
import * as userKeys from '../../src/api/user-keys.ts';
import { isPersistedKey, shouldPersistQuery } from '../../src/lib/query-persistence.ts';

/** What the persisted query cache may hold (docs/architecture.md "Persisted queries"). */
describe('persisted queries', () => {
  it('keeps lists, headers, who is signed in and the own profile; never checks, invitations or members', () => {
    expect(isPersistedKey(waveKeys.list('newest:en'))).toBe(true);
    expect(isPersistedKey(waveKeys.list('following:7'))).toBe(true);
    expect(isPersistedKey(waveKeys.thread('abc'))).toBe(true);
    expect(isPersistedKey(['auth', 'isuseranonymous'])).toBe(true);
    expect(isPersistedKey(userKeys.me())).toBe(true);
    expect(isPersistedKey(['channel', 'name', 'music'])).toBe(true);
    expect(isPersistedKey(waveKeys.list('tiktalk:for-you'))).toBe(false);
    expect(isPersistedKey(['auth', 'usernamecheck', 'x'])).toBe(false);
    expect(isPersistedKey(['captcha', 'config'])).toBe(false);
    expect(isPersistedKey(['phone', 'validate', 'DE', '0151'])).toBe(false);
    expect(isPersistedKey(['chatgroups', 'invitations', 'g'])).toBe(false);
    expect(isPersistedKey(['chatgroups', 'members', 'g'])).toBe(false);
  });

  it('saves only data fetched after the last account change, and only successful queries', async () => {
    const client = new QueryClient();
    client.setQueryData(waveKeys.list('newest:en'), { pages: [], pageParams: [] });
    const changedAt = Date.now() + 1;
    await new Promise((resolve) => setTimeout(resolve, 5));
    client.setQueryData(waveKeys.list('trending:en'), { pages: [], pageParams: [] });
    await client
      .prefetchQuery({ queryKey: waveKeys.thread('x'), queryFn: () => Promise.reject(new Error()) })
      .catch(() => undefined);
    const saved = dehydrate(client, {
      shouldDehydrateQuery: (query) => shouldPersistQuery(query, changedAt),
    }).queries.map((query) => query.queryKey);
    expect(saved).toEqual([waveKeys.list('trending:en')]);
  });
});

describe('a restored cache', () => {
  it('is painted but never fresh: every restored query is asked again on mount', async () => {
    const { markRestoredAsStale } = await import('../../src/lib/query-restore.ts');
    const saved = new QueryClient();
    saved.setQueryData(['waves', 'list', 'newest:en'], { pages: [], pageParams: [] });
    const client = {
      timestamp: Date.now(),
      buster: 'test',
      clientState: dehydrate(saved),
    };
    const restored = new QueryClient();
    hydrate(restored, markRestoredAsStale(client).clientState);
    const query = restored.getQueryCache().find({ queryKey: ['waves', 'list', 'newest:en'] })!;
    expect(query.state.data).toEqual({ pages: [], pageParams: [] });
    expect(query.isStaleByTime(15_000)).toBe(true);
    // Without the mark, data saved a moment ago would count as fresh for the stale time.
    const unmarked = new QueryClient();
    hydrate(unmarked, dehydrate(saved));
    expect(
      unmarked
        .getQueryCache()
        .find({ queryKey: ['waves', 'list', 'newest:en'] })!
        .isStaleByTime(15_000),
    ).toBe(false);
  });
});
