import { isSupportedLanguage, type LanguageCode } from '../api/contract/languages.ts';

/**
 * The browser's local-storage keys, exactly as spec/accounts-and-shell.md §3 names them, behind
 * one typed module. Nothing else touches `localStorage` directly.
 */
export interface StoredUser {
  json_web_token: string | null;
  user_id: number;
  username: string;
}

export interface StoredValues {
  user: StoredUser;
  signedIn_user_id: string;
  signedIn_username: string;
  language_code_ui: LanguageCode;
  backToUrl: string;
  cookieConsent: 'accepted';
  welcomemessage: 'true' | 'false';
  last_used_channel_id: string;
  autoplay: 'true' | 'false';
  'player-volume': string;
  // Our own additions, same module for the same reasons.
  'player-rate': string;
  'recording-help-dismissed': 'true';
  'phone-last-country': string;
  'phone-return-url': string;
}

export type StorageKey = keyof StoredValues;

const jsonKeys = new Set<StorageKey>(['user']);
const listeners = new Set<() => void>();
let version = 0;

function changed() {
  version++;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: re-render when any stored value changes (here or in another tab). */
export function subscribeToStorage(listener: () => void): () => void {
  listeners.add(listener);
  const onOtherTab = () => changed();
  globalThis.addEventListener?.('storage', onOtherTab);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onOtherTab);
  };
}

export const storageVersion = () => version;

function backend(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage can be disabled (privacy modes); the app then runs with defaults.
    return null;
  }
}

export const storage = {
  get<K extends StorageKey>(key: K): StoredValues[K] | null {
    const raw = backend()?.getItem(key) ?? null;
    if (raw === null) return null;
    if (!jsonKeys.has(key)) return raw as StoredValues[K];
    try {
      return JSON.parse(raw) as StoredValues[K];
    } catch {
      return null;
    }
  },
  set<K extends StorageKey>(key: K, value: StoredValues[K]): void {
    const raw = jsonKeys.has(key) ? JSON.stringify(value) : String(value);
    try {
      backend()?.setItem(key, raw);
    } catch {
      // Quota or privacy mode: the value is lost; the app keeps its defaults.
    }
    changed();
  },
  remove(key: StorageKey): void {
    backend()?.removeItem(key);
    changed();
  },
  clear(): void {
    backend()?.clear();
    changed();
  },
};

export function storedLanguage(): LanguageCode | null {
  const value = storage.get('language_code_ui');
  return isSupportedLanguage(value) ? value : null;
}

export function storedToken(): string | null {
  return storage.get('user')?.json_web_token ?? null;
}

/** A signed-in username of anonymous, or none, counts as not signed in (spec §4). */
export function isSignedInLocally(): boolean {
  const username = storage.get('signedIn_username');
  return Boolean(username) && username !== 'anonymous';
}

export function rememberSignedInUser(user: StoredUser): void {
  storage.set('user', user);
  storage.set('signedIn_user_id', String(user.user_id));
  storage.set('signedIn_username', user.username);
}

export function forgetSignedInUser(): void {
  storage.remove('user');
  storage.remove('signedIn_user_id');
  storage.remove('signedIn_username');
}
