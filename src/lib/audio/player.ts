import { storage } from '../storage.ts';
import {
  currentWave,
  getPlayerState,
  readStoredPlayerSettingsWith,
  setPlayerState,
  type PlayableWave,
} from './player-store.ts';

/**
 * The audio engine (docs/product/listening.md "Player"): one singleton, reached only through this
 * module. This part is on the first screen: the queue, the settings and the tap's beep. What
 * plays a wave (howler, the position ticker, the Media Session: ./engine.ts) loads on the first
 * sign of intent or the first play, so it stays out of the initial JavaScript.
 */
const BEEP_URL = '/sounds/beep.mp3';
const DEFAULT_VOLUME = 70;
export const PLAYBACK_RATES = [1, 1.25, 1.5, 2] as const;

type Engine = typeof import('./engine.ts');
let engineLoading: Promise<Engine> | null = null;
let engine: Engine | null = null;
const loadEngine = () =>
  (engineLoading ??= import('./engine.ts').then((loaded) => (engine = loaded)));

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

readStoredPlayerSettingsWith(() => ({
  volume: storedNumber('player-volume', DEFAULT_VOLUME, 0, 100),
  rate: storedNumber('player-rate', 1, 0.5, 2),
  autoplay: storage.get('autoplay') !== 'false',
}));

/** Called whenever a wave is selected to play (the waves feature logs a view). */
export function onWaveSelected(listener: WaveEvent) {
  selectedListeners.add(listener);
  return () => {
    selectedListeners.delete(listener);
  };
}

/** Audio that cannot load or play (docs/product/listening.md "Player": an alert with the error text). */
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

export const isPlayBeepOn = () => playBeep;

function unloadSound() {
  generation++;
  engine?.unloadSound();
  stopBeep();
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
    if (token === generation && beepOver) engine?.playSound();
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
  for (const listener of selectedListeners) listener(wave);

  const begin = (loaded: Engine) => {
    if (token !== generation) return;
    loaded.loadSound(wave, {
      isCurrent: () => token === generation,
      onEnd: () => {
        // Synchronously, inside the ended event: a locked phone lets the next track start only here.
        const { autoplay, index: current, queue: list } = getPlayerState();
        if (autoplay && current + 1 < list.length) startAt(current + 1, { beep: false });
        else stop();
      },
      onLoadError: (message) => {
        stop();
        for (const listener of errorListeners) listener(message);
      },
      controls: { play, pause, stop, previous, next, seek },
    });
    startWave();
  };
  if (engine) begin(engine);
  else void loadEngine().then(begin);
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
  void loadEngine();
}

/** Select a wave of a list and play it (stops the current wave, plays, logs a view: docs/product/listening.md "Player"). */
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
  if (engine?.hasSound() && state.status === 'paused') {
    engine.playSound();
    return;
  }
  if (state.status === 'idle') startAt(state.index, { beep: true });
}

export function pause() {
  if (getPlayerState().status === 'playing') engine?.pauseSound();
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
  engine?.seekSound(target);
  setPlayerState({ position: target });
  engine?.updatePositionState();
}

export function setVolume(volume: number) {
  const clamped = Math.round(Math.max(0, Math.min(100, volume)));
  engine?.setSoundVolume(clamped);
  storage.set('player-volume', String(clamped));
  setPlayerState({ volume: clamped });
}

export function toggleMute() {
  const muted = !getPlayerState().muted;
  engine?.muteSound(muted);
  setPlayerState({ muted });
}

export function setRate(rate: number) {
  engine?.setSoundRate(rate);
  storage.set('player-rate', String(rate));
  setPlayerState({ rate });
}

export function setAutoplay(autoplay: boolean) {
  storage.set('autoplay', autoplay ? 'true' : 'false');
  setPlayerState({ autoplay });
}
