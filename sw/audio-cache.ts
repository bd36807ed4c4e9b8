import { createStore, del, entries, get, set, type UseStore } from 'idb-keyval';
import { createPartialResponse } from 'workbox-range-requests';
import { registerRoute } from 'workbox-routing';
import {
  AUDIO_CACHE_DEFAULTS,
  CACHE_NAMES,
  SW_MESSAGES,
  type AudioEntry,
  type SavedWaveInfo,
  type WorkerToPageMessage,
} from '../src/lib/sw-messages.ts';

declare const self: ServiceWorkerGlobalScope;

/**
 * Recently played waves, for listening with no network (docs/architecture.md "Service worker
 * caches"). A first play downloads the file once: the worker fetches it whole and answers the
 * page's requests (Range ones included) from that one download as it arrives, then stores it;
 * later plays are answered from the cache with correct Range/206 replies. Evicted
 * least-recently-played by count and total bytes; pinned waves ("keep offline") are never
 * evicted. What a wave is (title, author, channel) is stored beside its audio for the Saved
 * screen. Private media (a response marked `Cache-Control: private`, e.g. chat groups) is never
 * stored, so it cannot be served to another user of the device.
 */
interface AudioCacheConfig {
  maxEntries: number;
  maxBytes: number;
}

const CONFIG_KEY = '__config';
/** A seek this far past what has arrived asks the network for its range instead of waiting. */
const FAR_AHEAD_BYTES = 512 * 1024;
let metaStore: UseStore | null = null;
const meta = () => (metaStore ??= createStore('waves-audio-cache', 'entries'));
const downloads = new Map<string, Running>();
/** Descriptions that arrived before their audio was stored (a few, newest kept). */
const pendingInfo = new Map<string, SavedWaveInfo>();

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

const isEntry = (entry: [string, unknown]): entry is [string, AudioEntry] =>
  entry[0] !== CONFIG_KEY;

/** Least recently played first, until the recently-played set fits; pinned waves sit outside it. */
async function evict() {
  const limits = await config();
  const cache = await caches.open(CACHE_NAMES.audio);
  const recent = (await entries<string, AudioEntry | AudioCacheConfig>(meta()))
    .filter(isEntry)
    .filter(([, entry]) => !entry.pinned)
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

/**
 * One whole-file download, readable from any offset while it arrives: every request of the
 * page during a first play is answered from it, so the file crosses the network once.
 */
class Download {
  readonly buffer: Uint8Array<ArrayBuffer>;
  received = 0;
  done = false;
  failed = false;
  private wake: (() => void)[] = [];
  readonly finished: Promise<boolean>;

  constructor(
    readonly response: Response,
    readonly size: number,
  ) {
    this.buffer = new Uint8Array(new ArrayBuffer(size));
    this.finished = this.read();
  }

  private notify() {
    for (const wake of this.wake.splice(0)) wake();
  }

  private async read(): Promise<boolean> {
    try {
      const reader = this.response.body!.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (this.received + value.length > this.size) throw new Error('longer than announced');
        this.buffer.set(value, this.received);
        this.received += value.length;
        this.notify();
      }
      this.done = this.received === this.size;
      this.failed = !this.done;
    } catch {
      this.failed = true;
    }
    this.notify();
    return this.done;
  }

  /** Bytes `start`…`end` (inclusive), streamed as they arrive. */
  stream(start: number, end: number): ReadableStream<Uint8Array> {
    let position = start;
    return new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        for (;;) {
          if (position > end) return controller.close();
          if (position < this.received) {
            const until = Math.min(end + 1, this.received, position + 64 * 1024);
            controller.enqueue(this.buffer.slice(position, until));
            position = until;
            return;
          }
          if (this.failed) return controller.error(new Error('audio download failed'));
          await new Promise<void>((resolve) => this.wake.push(resolve));
        }
      },
    });
  }

  /** The page's reply for `request`, from this download. */
  reply(request: Request): Response {
    const headers = new Headers(this.response.headers);
    const range = parseRange(request.headers.get('range'), this.size);
    if (!range) {
      headers.set('content-length', String(this.size));
      return new Response(this.stream(0, this.size - 1), { status: 200, headers });
    }
    headers.set('content-range', `bytes ${range.start}-${range.end}/${this.size}`);
    headers.set('content-length', String(range.end - range.start + 1));
    return new Response(this.stream(range.start, range.end), { status: 206, headers });
  }
}

/** A single `bytes=a-b`, `bytes=a-` or `bytes=-n`; anything else is answered whole. */
function parseRange(header: string | null, size: number): { start: number; end: number } | null {
  const match = header && /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const length = Math.min(Number(match[2]), size);
    return { start: size - length, end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start <= end && start < size ? { start, end } : null;
}

async function record(key: string, patch: Partial<AudioEntry>) {
  const existing = await get<AudioEntry>(key, meta());
  const wave = patch.wave ?? pendingInfo.get(key) ?? existing?.wave;
  pendingInfo.delete(key);
  await set(
    key,
    {
      bytes: 0,
      pinned: false,
      ...existing,
      lastPlayed: Date.now(),
      ...patch,
      ...(wave ? { wave } : {}),
    },
    meta(),
  );
}

interface Running {
  file: Promise<Download | null>;
  /** Settles when the file is stored (or will not be). */
  stored: Promise<void>;
}

/**
 * Starts (or joins) the one download of `key`. Its file is null when it is not to be stored
 * (not found, private, size unknown); the page's request then goes to the network itself.
 */
function download(key: string): Running {
  const running = downloads.get(key);
  if (running) return running;
  const file = fetch(key, { credentials: 'same-origin' })
    .then((response) => {
      const size = Number(response.headers.get('content-length'));
      if (
        response.status !== 200 ||
        isPrivate(response) ||
        response.headers.has('content-encoding') ||
        !Number.isSafeInteger(size) ||
        size <= 0 ||
        !response.body
      ) {
        void response.body?.cancel();
        return null;
      }
      return new Download(response, size);
    })
    .catch(() => null);
  const stored = file
    .then(async (whole) => {
      if (!whole || !(await whole.finished)) return;
      const cache = await caches.open(CACHE_NAMES.audio);
      await cache.put(
        key,
        new Response(new Blob([whole.buffer]), { headers: whole.response.headers }),
      );
      await record(key, { bytes: whole.size, savedAt: Date.now() });
      await evict();
      await announce();
    })
    .catch((error: unknown) => console.warn('audio cache', error))
    .finally(() => downloads.delete(key));
  const started = { file, stored };
  downloads.set(key, started);
  return started;
}

/** Fetches the whole file into the cache (or marks a stored one); one download per key. */
async function cacheWhole(url: string, pinned?: boolean): Promise<void> {
  const key = audioKey(url);
  const cache = await caches.open(CACHE_NAMES.audio);
  if (!(await cache.match(key))) await download(key).stored;
  if (!(await cache.match(key))) return;
  const existing = await get<AudioEntry>(key, meta());
  await record(key, { pinned: pinned ?? existing?.pinned ?? false });
  await evict();
  await announce();
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

/** What a wave is, for the Saved screen; kept only with stored (public) audio. */
export async function describeAudio(url: string, wave: SavedWaveInfo) {
  const key = audioKey(url);
  const entry = await get<AudioEntry>(key, meta());
  if (entry) {
    await set(key, { ...entry, wave }, meta());
    await announce();
    return;
  }
  pendingInfo.set(key, wave);
  for (const old of pendingInfo.keys()) {
    if (pendingInfo.size <= 20) break;
    pendingInfo.delete(old);
  }
}

/** Removes waves from the device: their audio and what was stored about them. */
export async function removeAudio(urls: readonly string[] | 'all') {
  const cache = await caches.open(CACHE_NAMES.audio);
  const keys =
    urls === 'all'
      ? (await entries<string, unknown>(meta()))
          .map(([key]) => key)
          .filter((key) => key !== CONFIG_KEY)
      : urls.map(audioKey);
  if (urls === 'all') for (const request of await cache.keys()) await cache.delete(request);
  for (const key of keys) {
    await cache.delete(key);
    await del(key, meta());
  }
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

/** A cache miss: answered from the one whole-file download, or by the network when that is not possible. */
async function firstPlay(request: Request, running: Running): Promise<Response> {
  const file = await running.file;
  if (!file) return fetch(request);
  const range = parseRange(request.headers.get('range'), file.size);
  if (range && range.start > file.received + FAR_AHEAD_BYTES && !file.done) return fetch(request);
  return file.reply(request);
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
        (event as ExtendableEvent).waitUntil(touch(key));
        return request.headers.has('range') ? createPartialResponse(request, cached) : cached;
      }
      const running = download(key);
      // The worker stays alive until the file is stored.
      (event as ExtendableEvent).waitUntil(running.stored);
      return firstPlay(request, running);
    },
  );
}
