import { useSyncExternalStore } from 'react';

/** What the player plays: the fields of a wave list item it needs. */
export interface PlayableWave {
  wave_name: string;
  title: string;
  username: string;
  user_id: number;
  avatar_version: string | null;
  duration: number;
  channel_id: number;
  created_epoch_day: number;
}

export type PlayerStatus = 'idle' | 'loading' | 'playing' | 'paused';

export interface PlayerState {
  status: PlayerStatus;
  queue: readonly PlayableWave[];
  /** Which list the queue came from (e.g. "newest:en"), so a list knows its row is current. */
  queueKey: string | null;
  index: number;
  /** Seconds, refreshed every second while playing. */
  position: number;
  /** Seconds; the file's real duration once loaded, the list's value before. */
  duration: number;
  volume: number;
  muted: boolean;
  rate: number;
  autoplay: boolean;
  /** Set when the browser refused to start audio without a tap (deep links). */
  needsTap: boolean;
}

export interface StoredPlayerSettings {
  volume: number;
  rate: number;
  autoplay: boolean;
}

/** Made on first use, not when the module loads (the stored settings are read then). */
let state: PlayerState | null = null;
let storedSettings: () => StoredPlayerSettings = () => ({ volume: 70, rate: 1, autoplay: true });
const listeners = new Set<() => void>();

/** Where the first state's stored settings come from (the audio engine reads local storage). */
export function readStoredPlayerSettingsWith(read: () => StoredPlayerSettings) {
  storedSettings = read;
}

function initialPlayerState(stored: StoredPlayerSettings): PlayerState {
  return {
    status: 'idle',
    queue: [],
    queueKey: null,
    index: -1,
    position: 0,
    duration: 0,
    muted: false,
    needsTap: false,
    ...stored,
  };
}

export function setPlayerState(patch: Partial<PlayerState>) {
  state = { ...getPlayerState(), ...patch };
  for (const listener of listeners) listener();
}

export function getPlayerState(): PlayerState {
  return (state ??= initialPlayerState(storedSettings()));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Subscribe to one slice of the player; return primitives so unrelated ticks do not re-render. */
export function usePlayer<T>(select: (state: PlayerState) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => select(getPlayerState()),
    () => select(getPlayerState()),
  );
}

export const currentWave = (s: PlayerState): PlayableWave | null => s.queue[s.index] ?? null;
