import type { QueryClient } from '@tanstack/react-query';
import { isSignedInLocally, storage } from './storage.ts';
import { accountScope } from './sw-messages.ts';

/**
 * The first screen's half of query persistence (docs/architecture.md "Persisted queries"): the
 * account this page is signed in as, and the restore, loaded only when this device has saved
 * queries for that account (the local-storage marker `persisted-queries` names their owner), so
 * a visitor with nothing saved loads none of it.
 */
export const localAccount = () =>
  accountScope(isSignedInLocally() ? Number(storage.get('signedIn_user_id')) : null);

/**
 * Paints the last saved lists at once: their data goes into the query cache while the first
 * requests travel (a query that already has newer data keeps it), and they revalidate as usual.
 * Never rejects: without saved queries the page simply waits for the network.
 */
export function restorePersistedQueries(queryClient: QueryClient): Promise<void> {
  const owner = storage.get('persisted-queries');
  if (owner === null || owner !== localAccount() || owner !== storage.get('offline-account')) {
    return Promise.resolve();
  }
  return import('./query-restore.ts')
    .then((persistence) => persistence.restoreQueries(queryClient, owner))
    .catch(() => undefined);
}
