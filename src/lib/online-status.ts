import { useSyncExternalStore } from 'react';

/**
 * Whether the app can reach the network. `navigator.onLine` alone misses networks that are up but
 * lead nowhere, so a request that fails at the network level (or an API reply the service worker
 * answered from its cache) also marks the app offline until a request succeeds again.
 */
let reachable = true;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function reportNetworkFailure() {
  if (!reachable) return;
  reachable = false;
  emit();
}

export function reportNetworkSuccess() {
  if (reachable) return;
  reachable = true;
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export const isOnline = () => navigator.onLine && reachable;

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/** A failed fetch (TypeError) means no network: the caller says so instead of failing silently. */
export function isNetworkError(error: unknown): boolean {
  return (
    error instanceof TypeError || (error instanceof DOMException && error.name === 'NetworkError')
  );
}
