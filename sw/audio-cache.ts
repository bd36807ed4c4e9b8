import { createStore, del, entries, get, set, type UseStore } from 'idb-keyval';
import { createPartialResponse } from 'workbox-range-requests';
import { registerRoute } from 'workbox-routing';
import {
  AUDIO_CACHE_DEFAULTS,
  CACHE_NAMES,
  SW_MESSAGES,
  type WorkerToPageMessage,
} from '../src/lib/sw-messages.ts';

declare const self: ServiceWorkerGlobalScope;

/**
 * Recently played waves, for listening with no network. The first play streams from the network
 * while the whole file is fetched into the cache (never the partial 206 replies); later plays are
 * answered from the cache with correct Range/206 replies. Evicted least-recently-played by count
 * and total bytes; pinned waves ("keep offline") are never evicted. Private media (a response
 * marked `Cache-Control: private`, e.g. chat groups) is never stored, so it cannot be served to
 * another user of the device.
 */
interface AudioEntry {
  bytes: number;
  lastPlayed: number;
  pinned: boolean;
}
interface AudioCacheConfig {
  maxEntries: number;
  maxBytes: number;
}

const CONFIG_KEY = '__config';
let metaStore: UseStore | null = null;
const meta = () => (metaStore ??= createStore('waves-audio-cache', 'entries'));
const inFlight = new Map<string, Promise<void>>();

/** Cache key: the path without the cache-busting query. */
export const audioKey = (url: string) => {
  const parsed = new URL(url, self.location.origin);
  return `${parsed.origin}${parsed.pathname}`;
};

async function config(): Promise<AudioCacheConfig> {
  return (await get<AudioCacheConfig>(CONFIG_KEY, meta())) ?? { ...AUDIO_CACHE_DEFAULTS };
}

async function announce() {
  const message: WorkerToPageMessage = { type: SW_MESSAGES.audioCacheChanged };
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage(message);
}

function isPrivate(response: Response) {
  const cacheControl = response.headers.get('cache-control') ?? '';
  return /\b(private|no-store)\b/i.test(cacheControl);
}

/** Least recently played first, until the recently-played set fits; pinned waves sit outside it. */
async function evict() {
  const limits = await config();
  const cache = await caches.open(CACHE_NAMES.audio);
  const recent = (await entries<string, AudioEntry | AudioCacheConfig>(meta()))
    .filter(
      (entry): entry is [string, AudioEntry] =>
        entry[0] !== CONFIG_KEY && !(entry[1] as AudioEntry).pinned,
    )
    .sort((a, b) => a[1].lastPlayed - b[1].lastPlayed);
  let count = recent.length;
  let bytes = recent.reduce((sum, [, entry]) => sum + entry.bytes, 0);
  for (const [key, entry] of recent) {
    if (count <= limits.maxEntries && bytes <= limits.maxBytes) break;
    await cache.delete(key);
    await del(key, meta());
    count--;
    bytes -= entry.bytes;
  }
}

/** Fetches the whole file (no Range) into the cache; one download per key at a time. */
function cacheWhole(url: string, pinned?: boolean): Promise<void> {
  const key = audioKey(url);
  const running = inFlight.get(key);
  if (running) return running;
  const work = (async () => {
    const cache = await caches.open(CACHE_NAMES.audio);
    const existing = await get<AudioEntry>(key, meta());
    if (!(await cache.match(key))) {
      const response = await fetch(key, { credentials: 'include' });
      if (response.status !== 200 || isPrivate(response)) return;
      const body = await response.blob();
      await cache.put(key, new Response(body, { status: 200, headers: response.headers }));
      await set(
        key,
        { bytes: body.size, lastPlayed: Date.now(), pinned: pinned ?? existing?.pinned ?? false },
        meta(),
      );
    } else {
      await set(
        key,
        {
          ...(existing ?? { bytes: 0 }),
          lastPlayed: Date.now(),
          pinned: pinned ?? existing?.pinned ?? false,
        },
        meta(),
      );
    }
    await evict();
    await announce();
  })()
    .catch((error: unknown) => console.warn('audio cache', error))
    .finally(() => inFlight.delete(key));
  inFlight.set(key, work);
  return work;
}

export async function pinAudio(url: string, pinned: boolean) {
  const key = audioKey(url);
  if (pinned) {
    await cacheWhole(key, true);
    return;
  }
  const entry = await get<AudioEntry>(key, meta());
  if (entry) await set(key, { ...entry, pinned: false }, meta());
  await evict();
  await announce();
}

export async function configureAudioCache(limits: AudioCacheConfig) {
  await set(CONFIG_KEY, limits, meta());
  await evict();
  await announce();
}

async function touch(key: string) {
  const entry = await get<AudioEntry>(key, meta());
  if (entry) await set(key, { ...entry, lastPlayed: Date.now() }, meta());
}

export function registerAudioCache() {
  registerRoute(
    ({ url, request }) =>
      request.method === 'GET' &&
      url.origin === self.location.origin &&
      url.pathname.startsWith('/media/audio/'),
    async ({ request, event }) => {
      const key = audioKey(request.url);
      const cache = await caches.open(CACHE_NAMES.audio);
      const cached = await cache.match(key);
      if (cached) {
        event.waitUntil(touch(key));
        return request.headers.has('range') ? createPartialResponse(request, cached) : cached;
      }
      const response = await fetch(request);
      if (response.ok && !isPrivate(response)) event.waitUntil(cacheWhole(key));
      return response;
    },
  );
}
