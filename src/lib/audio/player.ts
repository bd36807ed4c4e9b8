import type { Howl } from 'howler';
import { audioUrl, avatarUrl } from '../media-urls.ts';
import { storage } from '../storage.ts';
import {
  currentWave,
  getPlayerState,
  initialPlayerState,
  resetPlayerState,
  setPlayerState,
  type PlayableWave,
} from './player-store.ts';

/**
 * The audio engine (spec content §4 "Player"): one singleton, reached only through this module.
 * howler with `html5: true` streams long files and keeps lock-screen controls; it is loaded on
 * the first play so it stays out of the initial bundle.
 */
const BEEP_URL = '/sounds/beep.mp3';
const DEFAULT_VOLUME = 70;
export const PLAYBACK_RATES = [1, 1.25, 1.5, 2] as const;

type HowlerModule = typeof import('howler');
let howler: Promise<HowlerModule> | null = null;
let howlerIfLoaded: HowlerModule | null = null;
const loadHowler = () => (howler ??= import('howler'));

let sound: Howl | null = null;
let ticker: ReturnType<typeof setInterval> | null = null;
/** Bumped on every start/stop so callbacks of an abandoned sound do nothing. */
let generation = 0;
let playBeep = true;

type WaveEvent = (wave: PlayableWave) => void;
type ErrorEvent = (message: string) => void;
const selectedListeners = new Set<WaveEvent>();
const errorListeners = new Set<ErrorEvent>();

function storedNumber(
  key: 'player-volume' | 'player-rate',
  fallback: number,
  min: number,
  max: number,
) {
  const value = Number(storage.get(key));
  return Number.isFinite(value) && value >= min && value <= max && storage.get(key) !== null
    ? value
    : fallback;
}

resetPlayerState(
  initialPlayerState({
    volume: storedNumber('player-volume', DEFAULT_VOLUME, 0, 100),
    rate: storedNumber('player-rate', 1, 0.5, 2),
    autoplay: storage.get('autoplay') !== 'false',
  }),
);

/** Called whenever a wave is selected to play (the waves feature logs a view). */
export function onWaveSelected(listener: WaveEvent) {
  selectedListeners.add(listener);
  return () => {
    selectedListeners.delete(listener);
  };
}

/** Audio that cannot load or play (spec §8: "Audio load error: alert with the error text"). */
export function onPlayerError(listener: ErrorEvent) {
  errorListeners.add(listener);
  return () => {
    errorListeners.delete(listener);
  };
}

/** The signed-in user's play_beep preference; a beep plays unless it is explicitly false. */
export function setPlayBeep(enabled: boolean) {
  playBeep = enabled;
}

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

function updatePositionState() {
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

function unloadSound() {
  generation++;
  stopTicker();
  sound?.unload();
  sound = null;
  stopBeep();
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
function wireMediaSession() {
  if (mediaSessionWired || !('mediaSession' in navigator)) return;
  mediaSessionWired = true;
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

function createSound(module: HowlerModule, wave: PlayableWave, token: number): Howl {
  const { volume, muted, rate } = getPlayerState();
  const created = new module.Howl({
    src: [audioUrl(wave)],
    format: ['mp3'],
    html5: true,
    preload: true,
    volume: volume / 100,
    mute: muted,
    rate,
    onplay: () => {
      if (token !== generation) return;
      setPlayerState({ status: 'playing', needsTap: false });
      if ('mediaSession' in navigator) navigator.mediaSession.playbackState = 'playing';
      startTicker();
    },
    onload: () => {
      if (token !== generation) return;
      setPlayerState({ duration: created.duration() || wave.duration });
    },
    onpause: () => {
      if (token !== generation) return;
      stopTicker();
      refreshPosition();
      setPlayerState({ status: 'paused' });
      if ('mediaSession' in navigator) navigator.mediaSession.playbackState = 'paused';
    },
    onend: () => {
      if (token !== generation) return;
      // Synchronously, inside the ended event: a locked phone lets the next track start only here.
      const { autoplay, index, queue } = getPlayerState();
      if (autoplay && index + 1 < queue.length) startAt(index + 1, { beep: false });
      else stop();
    },
    onloaderror: (_id, error) => {
      if (token !== generation) return;
      stop();
      for (const listener of errorListeners) listener(String(error ?? 'audio could not be loaded'));
    },
    onplayerror: (_id, error) => {
      if (token !== generation) return;
      // Autoplay policy: the browser wants a tap first (a deep link opened without one).
      setPlayerState({ status: 'paused', needsTap: true });
      created.once('unlock', () => token === generation && created.play());
      void error;
    },
  });
  return created;
}

function startAt(index: number, options: { beep: boolean }) {
  const { queue } = getPlayerState();
  const wave = queue[index];
  if (!wave) return;
  unloadSound();
  const token = generation;
  // The beep starts at once, inside the tap (no library to wait for); the wave loads meanwhile
  // and starts when both the beep is over and the wave is ready.
  let beepOver = !(options.beep && playBeep);
  const startWave = () => {
    if (token === generation && beepOver) sound?.play();
  };
  if (!beepOver) {
    playBeepNow(() => {
      beepOver = true;
      startWave();
    });
  }
  setPlayerState({
    index,
    status: 'loading',
    position: 0,
    duration: wave.duration,
    needsTap: false,
  });
  publishMediaSession(wave);
  wireMediaSession();
  for (const listener of selectedListeners) listener(wave);

  const begin = (module: HowlerModule) => {
    if (token !== generation) return;
    sound = createSound(module, wave, token);
    startWave();
  };
  const module = howlerIfLoaded;
  if (module) begin(module);
  else void loadHowler().then((loaded) => begin((howlerIfLoaded = loaded)));
}

/**
 * The click-and-beep, ready before the tap: decoded once (an OfflineAudioContext needs no user
 * gesture), played through an AudioContext created on the first sign of intent and resumed inside
 * the tap, which starts sound within a few milliseconds. A plain <audio> is the fallback.
 */
let beepBuffer: AudioBuffer | null = null;
let beepContext: AudioContext | null = null;
let beepSource: AudioBufferSourceNode | null = null;
let beepAudio: HTMLAudioElement | null = null;

export function primeBeep() {
  if (beepBuffer || typeof OfflineAudioContext === 'undefined') return;
  void fetch(BEEP_URL)
    .then((response) => response.arrayBuffer())
    .then((data) => new OfflineAudioContext(1, 1, 44_100).decodeAudioData(data))
    .then((buffer) => (beepBuffer = buffer))
    .catch(() => undefined);
}

function beepAudioContext(): AudioContext | null {
  if (!beepContext && typeof AudioContext !== 'undefined') {
    beepContext = new AudioContext({ latencyHint: 'interactive' });
  }
  return beepContext;
}

function playBeepNow(onEnd: () => void) {
  const context = beepBuffer ? beepAudioContext() : null;
  if (context && beepBuffer) {
    void context.resume();
    const source = context.createBufferSource();
    const gain = context.createGain();
    gain.gain.value = 0.6;
    source.buffer = beepBuffer;
    source.connect(gain).connect(context.destination);
    source.onended = onEnd;
    source.start();
    beepSource = source;
    return;
  }
  beepAudio ??= Object.assign(new Audio(BEEP_URL), { preload: 'auto', volume: 0.6 });
  beepAudio.currentTime = 0;
  beepAudio.onended = onEnd;
  beepAudio.play().catch(onEnd);
}

function stopBeep() {
  if (beepSource) {
    beepSource.onended = null;
    beepSource.stop();
    beepSource = null;
  }
  if (beepAudio) {
    beepAudio.onended = null;
    beepAudio.pause();
  }
}

/** Warms the engine on the first sign of intent, so a tap does not wait for a download. */
export function preloadPlayer() {
  primeBeep();
  beepAudioContext();
  void loadHowler().then((loaded) => (howlerIfLoaded = loaded));
}

/** Select a wave of a list and play it (spec: stops the current wave, plays, logs a view). */
export function playFromList(queue: readonly PlayableWave[], index: number, queueKey: string) {
  setPlayerState({ queue, queueKey });
  startAt(index, { beep: true });
}

/** Keep the queue in step with a list that grew (more pages) without interrupting playback. */
export function refreshQueue(queue: readonly PlayableWave[], queueKey: string) {
  const state = getPlayerState();
  if (state.queueKey !== queueKey) return;
  const current = currentWave(state);
  const index = current ? queue.findIndex((wave) => wave.wave_name === current.wave_name) : -1;
  if (index >= 0) setPlayerState({ queue, index });
}

export function play() {
  const state = getPlayerState();
  if (state.index < 0) return;
  if (sound && state.status === 'paused') {
    sound.play();
    return;
  }
  if (state.status === 'idle') startAt(state.index, { beep: true });
}

export function pause() {
  if (getPlayerState().status === 'playing') sound?.pause();
}

export function togglePlay() {
  const { status } = getPlayerState();
  if (status === 'playing') pause();
  else play();
}

/** Unloads the sound and resets the position to 0; the selection stays. */
export function stop() {
  unloadSound();
  setPlayerState({ status: 'idle', position: 0, needsTap: false });
  if ('mediaSession' in navigator) navigator.mediaSession.playbackState = 'none';
}

export function next() {
  const { index, queue } = getPlayerState();
  if (index < 0 || index + 1 >= queue.length) return;
  startAt(index + 1, { beep: true });
}

export function previous() {
  const { index } = getPlayerState();
  if (index <= 0) return;
  startAt(index - 1, { beep: true });
}

export function seek(seconds: number) {
  const { duration } = getPlayerState();
  const target = Math.max(0, Math.min(seconds, duration || seconds));
  sound?.seek(target);
  setPlayerState({ position: target });
  updatePositionState();
}

export function setVolume(volume: number) {
  const clamped = Math.round(Math.max(0, Math.min(100, volume)));
  sound?.volume(clamped / 100);
  storage.set('player-volume', String(clamped));
  setPlayerState({ volume: clamped });
}

export function toggleMute() {
  const muted = !getPlayerState().muted;
  sound?.mute(muted);
  setPlayerState({ muted });
}

export function setRate(rate: number) {
  sound?.rate(rate);
  storage.set('player-rate', String(rate));
  setPlayerState({ rate });
}

export function setAutoplay(autoplay: boolean) {
  storage.set('autoplay', autoplay ? 'true' : 'false');
  setPlayerState({ autoplay });
}
