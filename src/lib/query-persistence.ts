import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { persistQueryClientSave, type Persister } from '@tanstack/react-query-persist-client';
import { set } from 'idb-keyval';
import { accountChangedAt, PERSISTED_QUERIES_KEY } from './account-scope.ts';
import {
  BUILD_ID,
  persistedQueriesStore,
  readingPersister,
  startsWith,
  type StoredQueries,
} from './query-restore.ts';
import { storage } from './storage.ts';

/**
 * TanStack Query's cache saved to IndexedDB (docs/architecture.md "Persisted queries"), after
 * the first screen; the restore is src/lib/query-restore.ts.
 */

/** How long changes wait before they are saved (one write for a burst of updates). */
const SAVE_DELAY_MS = 1000;

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

/** The idb-keyval persister, for one account: another account's saved cache is never read. */
export function persisterFor(owner: string): Persister {
  return {
    ...readingPersister(owner),
    persistClient: async (client) => {
      await set(
        PERSISTED_QUERIES_KEY,
        { owner, client } satisfies StoredQueries,
        persistedQueriesStore(),
      );
    },
  };
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
