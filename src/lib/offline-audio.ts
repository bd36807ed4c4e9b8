import type { UseStore } from 'idb-keyval';
import { useEffect, useState } from 'react';
import { askWorker } from './account-scope.ts';
import { afterFirstScreen } from './first-screen.ts';
import { isOnline } from './online-status.ts';
import { audioUrl } from './media-urls.ts';
import type { PlayableWave } from './audio/player-store.ts';
import {
  CACHE_NAMES,
  SW_MESSAGES,
  type AudioEntry,
  type PageToWorkerMessage,
  type SavedWaveInfo,
} from './sw-messages.ts';

/**
 * Which waves can play offline (their mp3 is in the worker's audio cache) and which are pinned
 * ("keep offline"). Read straight from the Cache API and the worker's IndexedDB metadata.
 */
export interface OfflineAudio {
  cached: ReadonlySet<string>;
  pinned: ReadonlySet<string>;
}

let metaStore: UseStore | null = null;

async function readOfflineAudio(): Promise<OfflineAudio> {
  if (typeof caches === 'undefined') return { cached: new Set(), pinned: new Set() };
  // IndexedDB's helper loads with the first read, not with the first screen.
  const { createStore, entries } = await import('idb-keyval');
  metaStore ??= createStore('waves-audio-cache', 'entries');
  const cache = await caches.open(CACHE_NAMES.audio);
  const cached = new Set((await cache.keys()).map((request) => new URL(request.url).pathname));
  const pinned = new Set(
    (await entries<string, { pinned?: boolean }>(metaStore))
      .filter(([, entry]) => entry?.pinned)
      .map(([key]) => new URL(key).pathname),
  );
  return { cached, pinned };
}

export function useOfflineAudio(): OfflineAudio {
  const [state, setState] = useState<OfflineAudio>({ cached: new Set(), pinned: new Set() });
  useEffect(() => {
    let alive = true;
    const refresh = () => void readOfflineAudio().then((next) => alive && setState(next));
    // Online, this only marks kept waves, which can wait for the first screen; offline it says
    // which rows can play, and is read at once.
    if (isOnline()) afterFirstScreen(refresh);
    else refresh();
    const onMessage = (event: MessageEvent<{ type?: string }>) => {
      if (event.data?.type === SW_MESSAGES.audioCacheChanged) refresh();
    };
    navigator.serviceWorker?.addEventListener('message', onMessage);
    return () => {
      alive = false;
      navigator.serviceWorker?.removeEventListener('message', onMessage);
    };
  }, []);
  return state;
}

async function post(message: PageToWorkerMessage) {
  const registration = await navigator.serviceWorker?.ready;
  registration?.active?.postMessage(message);
}

/** "Keep offline": the worker downloads the wave whole and never evicts it. */
export function setKeptOffline(audioPath: string, pinned: boolean) {
  void post({ type: SW_MESSAGES.pinAudio, url: audioPath, pinned });
}

/** What the Saved screen shows of a wave; the worker keeps it only if it stores the audio. */
export function describeForOffline(wave: PlayableWave & { channel_name?: string | null }) {
  const info: SavedWaveInfo = {
    wave_name: wave.wave_name,
    title: wave.title,
    username: wave.username,
    user_id: wave.user_id,
    avatar_version: wave.avatar_version,
    duration: wave.duration,
    channel_id: wave.channel_id,
    channel_name: wave.channel_name ?? null,
    created_epoch_day: wave.created_epoch_day,
  };
  navigator.serviceWorker?.controller?.postMessage({
    type: SW_MESSAGES.describeAudio,
    url: audioUrl(wave),
    wave: info,
  } satisfies PageToWorkerMessage);
}

/** A wave whose audio is on the device, as the Saved screen lists it. */
export interface SavedWave extends SavedWaveInfo {
  url: string;
  bytes: number;
  savedAt: number;
  lastPlayed: number;
  pinned: boolean;
}

/**
 * Every wave whose audio is on the device and whose description was stored with it: kept
 * waves first, then the most recently played (docs/product/listening.md "Saved").
 */
export async function readSavedWaves(): Promise<SavedWave[]> {
  if (typeof caches === 'undefined') return [];
  const { createStore, entries } = await import('idb-keyval');
  metaStore ??= createStore('waves-audio-cache', 'entries');
  const cache = await caches.open(CACHE_NAMES.audio);
  const stored = new Set((await cache.keys()).map((request) => new URL(request.url).pathname));
  const saved: SavedWave[] = [];
  for (const [key, entry] of await entries<string, AudioEntry>(metaStore)) {
    const url = new URL(key, location.origin);
    if (!entry?.wave || !stored.has(url.pathname)) continue;
    saved.push({
      ...entry.wave,
      url: url.pathname,
      bytes: entry.bytes,
      savedAt: entry.savedAt ?? entry.lastPlayed,
      lastPlayed: entry.lastPlayed,
      pinned: entry.pinned,
    });
  }
  return saved.sort((a, b) => Number(b.pinned) - Number(a.pinned) || b.lastPlayed - a.lastPlayed);
}

/** Removes waves (their audio and what was stored about them) from the device. */
export async function removeFromDevice(urls: readonly string[] | 'all') {
  await askWorker({ type: SW_MESSAGES.removeAudio, urls });
}
