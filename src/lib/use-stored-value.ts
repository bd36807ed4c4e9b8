import { useSyncExternalStore } from 'react';
import { storage, storageVersion, subscribeToStorage, type StorageKey } from './storage.ts';

/** A stored value that re-renders its component when it changes. */
export function useStoredValue<K extends StorageKey>(key: K) {
  useSyncExternalStore(subscribeToStorage, storageVersion, storageVersion);
  return storage.get(key);
}
