import { isSupportedLanguage, type LanguageCode } from '../api/contract/languages.ts';

/**
 * The browser's local-storage keys, as docs/architecture.md "Local storage" names them, behind
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
  /** The short-video feed's dislikes, which stay on the device (wave names, newest last). */
  'feed-dislikes': string[];
  /**
   * Whose data this device's caches and persisted queries hold (`accountScope()`;
   * docs/architecture.md "Private replies"). Says nothing about the person after sign-out.
   */
  'offline-account': string;
  /** The account whose query cache is saved on this device (docs/architecture.md "Persisted queries"). */
  'persisted-queries': string;
  /** Card links in wave rows (docs/product/shell.md "Feature flags"); set on /playertest. */
  enableDudeMode: 'true';
}

export type StorageKey = keyof StoredValues;

const jsonKeys = new Set<StorageKey>(['user', 'feed-dislikes']);
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

/**
 * Removes every key of this site's storage but `keep` (ours or anyone else's). A function of
 * its own, not a method: only sign-out needs it, so it stays out of the first screen's bundle.
 */
export function clearStorageExcept(keep: readonly StorageKey[]): void {
  const store = backend();
  if (!store) return;
  const kept = new Set<string>(keep);
  const keys = Array.from({ length: store.length }, (_, index) => store.key(index));
  for (const key of keys) if (key !== null && !kept.has(key)) store.removeItem(key);
  changed();
}

/**
 * What sign-out leaves in local storage (docs/product/accounts.md "Sign-out"): the device's
 * language, the consent and the first-run flag, so the visitor is not asked again. They say
 * nothing about the person; everything else (the user, return addresses, the last channel and
 * country, player settings, dismissed hints, test switches) goes.
 */
export const KEPT_ON_SIGN_OUT: readonly StorageKey[] = [
  'language_code_ui',
  'cookieConsent',
  'welcomemessage',
  'offline-account',
];

export function storedLanguage(): LanguageCode | null {
  const value = storage.get('language_code_ui');
  return isSupportedLanguage(value) ? value : null;
}

export function storedToken(): string | null {
  return storage.get('user')?.json_web_token ?? null;
}

/** A signed-in username of anonymous, or none, counts as not signed in (docs/product/accounts.md "Sign-in"). */
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
