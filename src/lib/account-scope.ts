import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { IsUserAnonymousData } from '../api/contract/auth.ts';
import { isUserAnonymousQuery } from './session.ts';
import { storage } from './storage.ts';
import { accountScope, SW_MESSAGES, type PageToWorkerMessage } from './sw-messages.ts';

/**
 * The page's half of private-cache hygiene (docs/architecture.md "Private replies"): when the
 * account using this device changes (sign-out, sign-in, an expired session), the previous
 * account's private entries go from every cache: the worker's private partition and the
 * persisted query cache. Public audio stays.
 */

export const PERSISTED_QUERIES_KEY = 'waves-query-cache';
/** The IndexedDB database and store the saved query cache lives in (idb-keyval's createStore). */
export const PERSISTED_QUERIES_STORE = ['waves-queries', 'cache'] as const;

let lastChangeAt = 0;
/** When the account last changed in this page: data fetched before it is the previous account's. */
export const accountChangedAt = () => lastChangeAt;

/** Sends a message and waits for the worker's answer on a port (at most `timeoutMs`). */
export async function askWorker(message: PageToWorkerMessage, timeoutMs = 5000): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const worker = navigator.serviceWorker.controller ?? registration?.active;
  if (!worker) return;
  await new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(resolve, timeoutMs);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve();
    };
    worker.postMessage(message, [channel.port2]);
  });
}

/** Makes `account` the owner of this device's caches; a change removes the previous one's entries. */
export async function claimAccount(account: string): Promise<void> {
  const previous = storage.get('offline-account');
  const worker = askWorker({ type: SW_MESSAGES.setAccount, account });
  if (previous !== account) {
    storage.set('offline-account', account);
    // A first visit has no previous account whose data the page could still hold.
    if (previous !== null) lastChangeAt = Date.now();
    // A first visit has no saved queries to remove (and one without its owner's marker in
    // local storage is never read, src/lib/persisted-queries.ts): its IndexedDB code can wait.
    if (previous !== null) {
      const { createStore, del } = await import('idb-keyval');
      await del(PERSISTED_QUERIES_KEY, createStore(...PERSISTED_QUERIES_STORE)).catch(
        () => undefined,
      );
    }
  }
  await worker;
}

/**
 * Follows who the server says is signed in (the who-am-I query): another account than the
 * caches' owner claims them, and every other query starts over for the new account.
 */
export function watchAccount(queryClient: QueryClient) {
  const whoAmI = isUserAnonymousQuery.queryKey;
  const isWhoAmI = (key: QueryKey) =>
    key.length === whoAmI.length && key.every((part, index) => part === whoAmI[index]);
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (!isWhoAmI(event.query.queryKey)) return;
    const data = event.query.state.data as IsUserAnonymousData | undefined;
    if (!data) return;
    const account = accountScope(data.isAnonymous ? null : data.user_id);
    const previous = storage.get('offline-account');
    if (previous === account) return;
    void claimAccount(account).then(() => {
      // A first visit has nothing of anyone's to drop.
      if (previous !== null) void startOver(queryClient, { whoAmIToo: false });
    });
  });
}

const whoAmIKey = isUserAnonymousQuery.queryKey;
const isWhoAmI = (key: QueryKey) =>
  key.length === whoAmIKey.length && key.every((part, index) => part === whoAmIKey[index]);

/**
 * Every query starts over for the account now using the page: their data (the previous
 * account's) goes at once instead of lingering until a refetch. Who is signed in is asked
 * again but keeps its answer meanwhile, so screens that wait for it stay mounted.
 */
export async function startOver(queryClient: QueryClient, { whoAmIToo = true } = {}) {
  await Promise.all([
    whoAmIToo ? queryClient.invalidateQueries({ queryKey: whoAmIKey }) : null,
    queryClient.resetQueries({ predicate: (query) => !isWhoAmI(query.queryKey) }),
  ]);
}
