import { Howl } from 'howler';
import { audioUrl, avatarUrl } from '../media-urls.ts';
import { describeForOffline } from '../offline-audio.ts';
import { getPlayerState, setPlayerState, type PlayableWave } from './player-store.ts';

/**
 * The part of the audio engine that plays a wave (docs/product/listening.md "Player"): the howler
 * sound, its position ticker and the lock screen's Media Session. It loads with howler on the
 * first sign of intent or the first play (src/lib/audio/player.ts), not with the page; the tap's
 * beep, the queue and the settings stay in player.ts, which reaches this module only.
 *
 * howler with `html5: true` streams long files and keeps lock-screen controls.
 */

/** What the player tells the sound it asks for. */
export interface SoundEvents {
  /** False once another wave was started or the player stopped (the sound's events then do nothing). */
  isCurrent(): boolean;
  /** Called synchronously inside the ended event: a locked phone starts the next track only there. */
  onEnd(): void;
  onLoadError(message: string): void;
  /** The player's own actions, for the lock screen's buttons. */
  controls: MediaControls;
}

export interface MediaControls {
  play(): void;
  pause(): void;
  stop(): void;
  previous(): void;
  next(): void;
  seek(seconds: number): void;
}

let sound: Howl | null = null;
let ticker: ReturnType<typeof setInterval> | null = null;

function stopTicker() {
  if (ticker) clearInterval(ticker);
  ticker = null;
}

function startTicker() {
  stopTicker();
  ticker = setInterval(refreshPosition, 1000);
}

function refreshPosition() {
  if (!sound) return;
  const position = Number(sound.seek()) || 0;
  setPlayerState({ position });
  updatePositionState();
}

export function updatePositionState() {
  const { duration, position, rate } = getPlayerState();
  if (!('mediaSession' in navigator) || !duration) return;
  try {
    navigator.mediaSession.setPositionState({
      duration,
      position: Math.min(position, duration),
      playbackRate: rate,
    });
  } catch {
    // Some browsers reject a position past a not-yet-known duration; the next tick fixes it.
  }
}

function publishMediaSession(wave: PlayableWave) {
  if (!('mediaSession' in navigator)) return;
  navigator.mediaSession.metadata = new MediaMetadata({
    title: wave.title || wave.wave_name,
    artist: `@${wave.username}`,
    album: 'Waves',
    artwork: [
      {
        src: avatarUrl(wave.user_id, 512, wave.avatar_version),
        sizes: '512x512',
        type: 'image/webp',
      },
      {
        src: avatarUrl(wave.user_id, 128, wave.avatar_version),
        sizes: '128x128',
        type: 'image/webp',
      },
    ],
  });
}

let mediaSessionWired = false;
function wireMediaSession(controls: MediaControls) {
  if (mediaSessionWired || !('mediaSession' in navigator)) return;
  mediaSessionWired = true;
  const { play, pause, stop, previous, next, seek } = controls;
  const actions: [MediaSessionAction, MediaSessionActionHandler][] = [
    ['play', () => play()],
    ['pause', () => pause()],
    ['stop', () => stop()],
    ['previoustrack', () => previous()],
    ['nexttrack', () => next()],
    ['seekto', (details) => details.seekTime !== undefined && seek(details.seekTime)],
    ['seekbackward', (details) => seek(getPlayerState().position - (details.seekOffset ?? 10))],
    ['seekforward', (details) => seek(getPlayerState().position + (details.seekOffset ?? 10))],
  ];
  for (const [action, handler] of actions) {
    try {
      navigator.mediaSession.setActionHandler(action, handler);
    } catch {
      // An action this browser does not know.
    }
  }
}

/** Makes `wave` the current sound (loading, not yet playing), replacing any other. */
export function loadSound(wave: PlayableWave, events: SoundEvents) {
  unloadSound();
  publishMediaSession(wave);
  wireMediaSession(events.controls);
  // Before the audio is asked for: the worker stores this beside the file for the Saved screen.
  describeForOffline(wave);
  const { volume, muted, rate } = getPlayerState();
  const created = new Howl({
    src: [audioUrl(wave)],
    format: ['mp3'],
    html5: true,
    preload: true,
    volume: volume / 100,
    mute: muted,
    rate,
    onplay: () => {
      if (!events.isCurrent()) return;
      setPlayerState({ status: 'playing', needsTap: false });
      if ('mediaSession' in navigator) navigator.mediaSession.playbackState = 'playing';
      startTicker();
    },
    onload: () => {
      if (!events.isCurrent()) return;
      setPlayerState({ duration: created.duration() || wave.duration });
    },
    onpause: () => {
      if (!events.isCurrent()) return;
      stopTicker();
      refreshPosition();
      setPlayerState({ status: 'paused' });
      if ('mediaSession' in navigator) navigator.mediaSession.playbackState = 'paused';
    },
    onend: () => {
      if (events.isCurrent()) events.onEnd();
    },
    onloaderror: (_id, error) => {
      if (events.isCurrent()) events.onLoadError(String(error ?? 'audio could not be loaded'));
    },
    onplayerror: () => {
      if (!events.isCurrent()) return;
      // Autoplay policy: the browser wants a tap first (a deep link opened without one).
      setPlayerState({ status: 'paused', needsTap: true });
      created.once('unlock', () => events.isCurrent() && created.play());
    },
  });
  sound = created;
}

export function unloadSound() {
  stopTicker();
  sound?.unload();
  sound = null;
}

export const hasSound = () => sound !== null;

export function playSound() {
  sound?.play();
}

export function pauseSound() {
  sound?.pause();
}

export function seekSound(seconds: number) {
  sound?.seek(seconds);
}

export function setSoundVolume(volume: number) {
  sound?.volume(volume / 100);
}

export function muteSound(muted: boolean) {
  sound?.mute(muted);
}

export function setSoundRate(rate: number) {
  sound?.rate(rate);
}
