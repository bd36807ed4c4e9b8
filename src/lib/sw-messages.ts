/**
 * Messages between the page and the service worker, and the names both sides share. The worker
 * has its own tsconfig (WebWorker lib); this file is DOM- and worker-neutral.
 */
export const SW_MESSAGES = {
  /** Page → worker: take over now (workbox-window's `messageSkipWaiting()` sends it). */
  skipWaiting: 'SKIP_WAITING',
  /** Page → worker: keep (or stop keeping) a wave offline regardless of eviction. */
  pinAudio: 'PIN_AUDIO',
  /**
   * Page → worker: change the audio cache limits (count and bytes). No screen offers this yet;
   * the offline end-to-end test shrinks the cache with it to prove eviction.
   */
  configureAudioCache: 'CONFIGURE_AUDIO_CACHE',
  /**
   * Page → worker: who is signed in (`accountScope()`). Another account than the one the private
   * partition was filled for empties it (docs/architecture.md "Service worker caches"). Sent
   * with a MessagePort; the worker answers on it when the partition is gone.
   */
  setAccount: 'SET_ACCOUNT',
  /** Page → worker: what a wave is, stored with its audio for the Saved screen. */
  describeAudio: 'DESCRIBE_AUDIO',
  /** Page → worker: remove waves from the device (one, several or all); answered on a port. */
  removeAudio: 'REMOVE_AUDIO',
  /** Worker → pages: the set of offline waves changed. */
  audioCacheChanged: 'AUDIO_CACHE_CHANGED',
  /** Worker → pages: Background Sync fired; a page should run the upload queue. */
  runUploadQueue: 'RUN_UPLOAD_QUEUE',
} as const;

export type PageToWorkerMessage =
  | { type: typeof SW_MESSAGES.skipWaiting }
  | { type: typeof SW_MESSAGES.pinAudio; url: string; pinned: boolean }
  | { type: typeof SW_MESSAGES.configureAudioCache; maxEntries: number; maxBytes: number }
  | { type: typeof SW_MESSAGES.setAccount; account: string }
  | { type: typeof SW_MESSAGES.describeAudio; url: string; wave: SavedWaveInfo }
  | { type: typeof SW_MESSAGES.removeAudio; urls: readonly string[] | 'all' };

/** What the Saved screen shows of a wave, stored beside its cached audio (never fetched later). */
export interface SavedWaveInfo {
  wave_name: string;
  title: string;
  username: string;
  user_id: number;
  avatar_version: string | null;
  duration: number;
  channel_id: number;
  channel_name: string | null;
  created_epoch_day: number;
}

/** The worker's record of one cached wave (IndexedDB `waves-audio-cache`, keyed by URL). */
export interface AudioEntry {
  bytes: number;
  lastPlayed: number;
  pinned: boolean;
  /** When the audio was stored whole (epoch ms). */
  savedAt?: number;
  wave?: SavedWaveInfo;
}

/** The partition's owner: a signed-in account, or the anonymous visitor of this device. */
export const accountScope = (userId: number | null | undefined) =>
  userId ? `user:${userId}` : 'anonymous';

export type WorkerToPageMessage =
  { type: typeof SW_MESSAGES.audioCacheChanged } | { type: typeof SW_MESSAGES.runUploadQueue };

/** Cache names carry a version; the worker deletes every other `waves-` cache on activation. */
export const CACHE_VERSION = 'v1';
export const CACHE_NAMES = {
  api: `waves-api-${CACHE_VERSION}`,
  images: `waves-images-${CACHE_VERSION}`,
  audio: `waves-audio-${CACHE_VERSION}`,
  /** Replies private to the signed-in account (docs/architecture.md "Service worker caches"). */
  private: `waves-private-${CACHE_VERSION}`,
} as const;

/** On a copy in the private partition: the account (`accountScope()`) it was fetched for. */
export const ACCOUNT_HEADER = 'x-waves-account';

/** Audio cache defaults (count and total bytes); evicted least-recently-played first. */
export const AUDIO_CACHE_DEFAULTS = { maxEntries: 50, maxBytes: 200 * 1024 * 1024 } as const;

/** Header the worker adds to API replies it answers from its cache (epoch ms of the copy). */
export const CACHED_AT_HEADER = 'x-waves-cached-at';

export const UPLOAD_SYNC_TAG = 'waves-upload-queue';
export const SHARE_TARGET_PATH = '/share-target';
