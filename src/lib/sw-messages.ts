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
  /** Worker → pages: the set of offline waves changed. */
  audioCacheChanged: 'AUDIO_CACHE_CHANGED',
  /** Worker → pages: Background Sync fired; a page should run the upload queue. */
  runUploadQueue: 'RUN_UPLOAD_QUEUE',
} as const;

export type PageToWorkerMessage =
  | { type: typeof SW_MESSAGES.skipWaiting }
  | { type: typeof SW_MESSAGES.pinAudio; url: string; pinned: boolean }
  | { type: typeof SW_MESSAGES.configureAudioCache; maxEntries: number; maxBytes: number };

export type WorkerToPageMessage =
  { type: typeof SW_MESSAGES.audioCacheChanged } | { type: typeof SW_MESSAGES.runUploadQueue };

/** Cache names carry a version; the worker deletes every other `waves-` cache on activation. */
export const CACHE_VERSION = 'v1';
export const CACHE_NAMES = {
  api: `waves-api-${CACHE_VERSION}`,
  images: `waves-images-${CACHE_VERSION}`,
  audio: `waves-audio-${CACHE_VERSION}`,
} as const;

/** Audio cache defaults (count and total bytes); evicted least-recently-played first. */
export const AUDIO_CACHE_DEFAULTS = { maxEntries: 50, maxBytes: 200 * 1024 * 1024 } as const;

/** Header the worker adds to API replies it answers from its cache (epoch ms of the copy). */
export const CACHED_AT_HEADER = 'x-waves-cached-at';

export const UPLOAD_SYNC_TAG = 'waves-upload-queue';
export const SHARE_TARGET_PATH = '/share-target';
