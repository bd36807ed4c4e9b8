import type { QueryClient, QueryKey } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  type PersistedClient,
  type Persister,
} from '@tanstack/react-query-persist-client';
import { createStore, del, get } from 'idb-keyval';
import type { WavePage } from '../api/get-wave-list.ts';
import { PERSISTED_QUERIES_KEY, PERSISTED_QUERIES_STORE } from './account-scope.ts';

/**
 * The restore of the saved query cache (docs/architecture.md "Persisted queries"): loaded at
 * start-up only when there is something to restore (src/lib/persisted-queries.ts), so it holds
 * nothing of the saving (src/lib/query-persistence.ts, loaded after the first screen).
 */

/** A saved cache older than this is not painted: a week-old list is no longer "the last list". */
export const PERSISTED_QUERIES_MAX_AGE = 7 * 24 * 60 * 60 * 1000;

/** Another build may read data differently: its saved cache is discarded (`buster`). */
export const BUILD_ID = import.meta.env.VITE_BUILD_ID ?? 'dev';

export const persistedQueriesStore = () => createStore(...PERSISTED_QUERIES_STORE);

/** What is stored: the persisted client and the account it was saved for. */
export interface StoredQueries {
  owner: string;
  client: PersistedClient;
}

export const startsWith = (key: QueryKey, ...prefix: string[]) =>
  prefix.every((part, index) => key[index] === part);

/**
 * Offline (as far as the browser knows), a restored list is shown as the saved copy it is: its
 * pages carry their save time, as the worker's copies do, so the list shows its age, and the
 * worker's copy that follows keeps the notice in place. Online, a slow start shows the rows
 * without the notice: the answer that replaces them would otherwise take the notice away and
 * move every row (a layout shift), and "you are offline" would not be true.
 */
function markListsAsSavedWhenOffline(client: PersistedClient): PersistedClient {
  if (navigator.onLine) return client;
  for (const query of client.clientState.queries) {
    if (!startsWith(query.queryKey, 'waves', 'list')) continue;
    const data = query.state.data as { pages?: WavePage[] } | undefined;
    for (const page of data?.pages ?? []) page.cachedAt ??= query.state.dataUpdatedAt;
  }
  return client;
}

/**
 * A saved copy is never fresh: it is painted, then asked again on mount. Kept fresh for the
 * stale time, a reload just after a change (a deleted wave; the save follows a change by a
 * second) showed the old list without asking the server.
 */
export function markRestoredAsStale(client: PersistedClient): PersistedClient {
  for (const query of client.clientState.queries) query.state.isInvalidated = true;
  return client;
}

/** The reading half of the idb-keyval persister: another account's saved cache is never read. */
export function readingPersister(owner: string): Omit<Persister, 'persistClient'> {
  return {
    restoreClient: async () => {
      const stored = await get<StoredQueries>(PERSISTED_QUERIES_KEY, persistedQueriesStore());
      if (!stored) return undefined;
      if (stored.owner !== owner) {
        await del(PERSISTED_QUERIES_KEY, persistedQueriesStore());
        return undefined;
      }
      return markRestoredAsStale(markListsAsSavedWhenOffline(stored.client));
    },
    removeClient: () => del(PERSISTED_QUERIES_KEY, persistedQueriesStore()),
  };
}

export async function restoreQueries(queryClient: QueryClient, owner: string): Promise<void> {
  await persistQueryClientRestore({
    queryClient,
    // A restore never writes.
    persister: { ...readingPersister(owner), persistClient: () => Promise.resolve() },
    buster: BUILD_ID,
    maxAge: PERSISTED_QUERIES_MAX_AGE,
  });
}
