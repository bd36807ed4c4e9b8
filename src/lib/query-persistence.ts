import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  type PersistedClient,
  type Persister,
} from '@tanstack/react-query-persist-client';
import { createStore, del, get, set } from 'idb-keyval';
import type { WavePage } from '../api/get-wave-list.ts';
import { accountChangedAt, PERSISTED_QUERIES_KEY } from './account-scope.ts';
import { storage } from './storage.ts';

/**
 * TanStack Query's cache saved to IndexedDB (docs/architecture.md "Persisted queries"), loaded
 * lazily: the restore when there is something to restore (src/lib/persisted-queries.ts), the
 * saving after the first screen.
 */

/** A saved cache older than this is not painted: a week-old list is no longer "the last list". */
export const PERSISTED_QUERIES_MAX_AGE = 7 * 24 * 60 * 60 * 1000;

/** Another build may read data differently: its saved cache is discarded (`buster`). */
export const BUILD_ID = import.meta.env.VITE_BUILD_ID ?? 'dev';

/** How long changes wait before they are saved (one write for a burst of updates). */
const SAVE_DELAY_MS = 1000;

const store = () => createStore('waves-queries', 'cache');

/** What is stored: the persisted client and the account it was saved for. */
interface StoredQueries {
  owner: string;
  client: PersistedClient;
}

const startsWith = (key: QueryKey, ...prefix: string[]) =>
  prefix.every((part, index) => key[index] === part);

/**
 * Only what the first screens need to paint offline: wave lists (not the short-video feed's
 * pages), threads and wave details, who is signed in, the user's own profile, and the headers
 * of users and channels and the channel lists. Private replies among them (the signed-in
 * user's own data, chat groups' waves) are saved like the worker keeps them: for their account
 * only. Invitations, members, captcha and phone checks are never saved.
 */
export function isPersistedKey(key: QueryKey): boolean {
  if (startsWith(key, 'waves', 'list')) return !String(key[2]).startsWith('tiktalk:');
  return (
    startsWith(key, 'waves', 'thread') ||
    startsWith(key, 'waves', 'metadata') ||
    startsWith(key, 'auth', 'isuseranonymous') ||
    startsWith(key, 'user') ||
    startsWith(key, 'channel', 'name') ||
    startsWith(key, 'channels') ||
    startsWith(key, 'chatgroups', 'mine')
  );
}

/** A query is saved when it holds data fetched for the account now using the page. */
export function shouldPersistQuery(query: Query, accountChangedAt: number): boolean {
  return (
    query.state.status === 'success' &&
    query.state.dataUpdatedAt > accountChangedAt &&
    isPersistedKey(query.queryKey)
  );
}

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

/** The idb-keyval persister, for one account: another account's saved cache is never read. */
export function persisterFor(owner: string): Persister {
  return {
    persistClient: async (client) => {
      await set(PERSISTED_QUERIES_KEY, { owner, client } satisfies StoredQueries, store());
    },
    restoreClient: async () => {
      const stored = await get<StoredQueries>(PERSISTED_QUERIES_KEY, store());
      if (!stored) return undefined;
      if (stored.owner !== owner) {
        await del(PERSISTED_QUERIES_KEY, store());
        return undefined;
      }
      return markListsAsSavedWhenOffline(stored.client);
    },
    removeClient: () => del(PERSISTED_QUERIES_KEY, store()),
  };
}

export async function restoreQueries(queryClient: QueryClient, owner: string): Promise<void> {
  await persistQueryClientRestore({
    queryClient,
    persister: persisterFor(owner),
    buster: BUILD_ID,
    maxAge: PERSISTED_QUERIES_MAX_AGE,
  });
}

/**
 * Saves the query cache a second after it changes, for the account that owns this device's
 * caches. Data fetched before an account change is never saved (src/lib/account-scope.ts
 * deletes the saved cache on the change; the queries start over for the new account).
 */
export function persistQueries(queryClient: QueryClient): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timer = undefined;
    const owner = storage.get('offline-account');
    if (owner === null) return;
    const changedAt = accountChangedAt();
    void persistQueryClientSave({
      queryClient,
      persister: persisterFor(owner),
      buster: BUILD_ID,
      dehydrateOptions: { shouldDehydrateQuery: (query) => shouldPersistQuery(query, changedAt) },
    }).then(
      () => {
        // Written for an account that has since been replaced: not this device's marker.
        if (storage.get('offline-account') === owner) storage.set('persisted-queries', owner);
      },
      () => undefined,
    );
  };
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'added' && event.type !== 'removed' && event.type !== 'updated') return;
    timer ??= setTimeout(save, SAVE_DELAY_MS);
  });
  save();
}
