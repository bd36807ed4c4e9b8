import { createStore, get, set, type UseStore } from 'idb-keyval';
import { accountScope, CACHE_NAMES } from '../src/lib/sw-messages.ts';

/**
 * Whose private replies the worker holds (docs/architecture.md "Service worker caches"). The
 * private partition (cache `waves-private-…`) belongs to one account at a time; when another
 * account, or the anonymous visitor, takes over (sign-out, sign-in, an expired session), the
 * partition is deleted before anything else is stored. The owner is kept in IndexedDB so a
 * restarted worker still knows it.
 */
let store: UseStore | null = null;
const state = () => (store ??= createStore('waves-offline-state', 'state'));
let owner: Promise<string> | null = null;
let switching: Promise<void> = Promise.resolve();

export function currentAccount(): Promise<string> {
  return (owner ??= get<string>('account', state()).then((account) => account ?? 'anonymous'));
}

/** Makes `account` the partition's owner; a change empties the partition first. */
export function switchAccount(account: string): Promise<void> {
  switching = switching.then(async () => {
    const previous = await currentAccount();
    if (previous === account) return;
    owner = Promise.resolve(account);
    await caches.delete(CACHE_NAMES.private);
    await set('account', account, state());
  });
  return switching;
}

/** The server says who these credentials are (`/auth/isuseranonymous`): follow it. */
export async function observeAccount(response: Response) {
  try {
    const body = (await response.json()) as {
      data?: { isAnonymous?: boolean; user_id?: number } | null;
    };
    if (!body.data || typeof body.data.isAnonymous !== 'boolean') return;
    await switchAccount(accountScope(body.data.isAnonymous ? null : body.data.user_id));
  } catch {
    // Not JSON: nothing learned.
  }
}
