import { logView } from '../../api/log-view.ts';
import { pause as pauseBarPlayer, stop as stopBarPlayer } from '../../lib/audio/player.ts';
import { getPlayerState } from '../../lib/audio/player-store.ts';
import {
  LOADING_INDICATOR_DELAY_MS,
  PRELOAD_AHEAD,
  PRELOAD_BEHIND,
  WARM_ENOUGH_SECONDS,
  WARM_MAX_MS,
} from './feed-constants.ts';

type Listener = () => void;

const WARM_DELAY_MS = 150;
/** An element that left the window lets go of its media by then at the latest. */
const RELEASE_WITHIN_MS = 1000;
/** A wave left by a swipe is rewound by then at the latest. */
const REWIND_WITHIN_MS = 1000;
/** A wave's view is logged by then at the latest, once it plays. */
const LOG_VIEW_WITHIN_MS = 2000;

/**
 * Runs `callback` when the main thread is idle (within `timeoutMs`); where the browser has no
 * idle callbacks (Safari), after a short delay.
 */
export function whenIdle(callback: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(callback, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(callback, Math.min(timeoutMs, 200));
  return () => clearTimeout(timer);
}

/**
 * Sound for the whole visit: the feed starts muted ("Tap for sound"), and one tap turns sound on
 * until the page is left (docs/product/listening.md "Short-video feed").
 */
let soundOn = false;
const soundListeners = new Set<Listener>();

export const isSoundOn = () => soundOn;

export function subscribeSound(listener: Listener) {
  soundListeners.add(listener);
  return () => {
    soundListeners.delete(listener);
  };
}

function setSoundOn(on: boolean) {
  if (soundOn === on) return;
  soundOn = on;
  for (const listener of soundListeners) listener();
}

/** The player bar and the feed never play at once: the feed, starting, quiets the bar. */
function quietBarPlayer() {
  const { status } = getPlayerState();
  if (status === 'playing') pauseBarPlayer();
  // A wave still loading (or in its beep) would start after the feed: it is dropped instead.
  else if (status === 'loading') stopBarPlayer();
}

/** Views are logged once per wave and visit, like a list's (docs/product/listening.md "Views"). */
const viewed = new Set<string>();

export interface PlaybackSnapshot {
  /** The wave on screen (an index into the feed's items). */
  index: number;
  /** The viewer paused it. */
  paused: boolean;
  /** It has not started playing for LOADING_INDICATOR_DELAY_MS. */
  loading: boolean;
  /** Its media could not load (offline, gone). */
  failed: boolean;
  /** The browser refused to start it even muted: a tap on play starts it. */
  blocked: boolean;
}

/**
 * Plays the feed: one media element per wave in the preload window (PRELOAD_BEHIND behind,
 * PRELOAD_AHEAD ahead), only the current one audible and playing. Everything a swipe needs
 * happens here, outside React, inside the gesture's own event: the next element, already
 * buffered and warmed (played muted until its first frames decoded, then rewound), starts at
 * once, and React renders the new window afterwards.
 */
export class FeedPlayback {
  private names: readonly string[] = [];
  private readonly elements = new Map<string, HTMLMediaElement>();
  private readonly detachers = new Map<string, AbortController>();
  private readonly progress = new Map<string, HTMLElement>();
  /** Elements that are warm (ready to start at once) or warming now. */
  private readonly warm = new Map<string, 'warming' | 'warm'>();
  private warmQueue: string[] = [];
  private warmTimer: ReturnType<typeof setTimeout> | null = null;
  private loadingTimer: ReturnType<typeof setTimeout> | null = null;
  /** The current wave's progress bar, moved by the compositor (docs/architecture.md). */
  private progressAnimation: Animation | null = null;
  private snapshot: PlaybackSnapshot;
  private readonly listeners = new Set<Listener>();
  private hiddenPause = false;
  /** Whether the current wave has played since it became current. */
  private started = false;
  private startWaiters: (() => void)[] = [];
  /** Elements that left the window, each with the idle callback that lets go of its media. */
  private readonly releases = new Map<HTMLMediaElement, () => void>();

  constructor(
    initialIndex: number,
    private readonly onIndex: (index: number) => void,
  ) {
    this.snapshot = {
      index: initialIndex,
      paused: false,
      loading: false,
      failed: false,
      blocked: false,
    };
  }

  /** While the feed is on screen (React's effect: after mount, and again after a remount). */
  start() {
    quietBarPlayer();
    document.addEventListener('visibilitychange', this.onVisibility);
  }

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = () => this.snapshot;

  /**
   * Calls `callback` once the current wave plays (at once if it already does), or when it cannot
   * (paused, blocked, failed, the feed stopped), or after `maxMs` at the latest.
   */
  afterStart(callback: () => void, maxMs: number) {
    const { paused, blocked, failed } = this.snapshot;
    if (this.started || paused || blocked || failed) {
      callback();
      return;
    }
    let called = false;
    const once = () => {
      if (called) return;
      called = true;
      clearTimeout(timer);
      callback();
    };
    const timer = setTimeout(once, maxMs);
    this.startWaiters.push(once);
  }

  private releaseStartWaiters() {
    for (const waiter of this.startWaiters.splice(0)) waiter();
  }

  private set(patch: Partial<PlaybackSnapshot>) {
    const next = { ...this.snapshot, ...patch };
    if (
      next.index === this.snapshot.index &&
      next.paused === this.snapshot.paused &&
      next.loading === this.snapshot.loading &&
      next.failed === this.snapshot.failed &&
      next.blocked === this.snapshot.blocked
    )
      return;
    this.snapshot = next;
    for (const listener of this.listeners) listener();
    if (next.paused || next.blocked || next.failed) this.releaseStartWaiters();
  }

  private get currentName(): string | undefined {
    return this.names[this.snapshot.index];
  }

  /** The feed's waves, in order (called when pages arrive). */
  setItems(names: readonly string[]) {
    const before = this.currentName;
    this.names = names;
    const index = Math.min(this.snapshot.index, Math.max(0, names.length - 1));
    if (index !== this.snapshot.index) this.set({ index });
    if (this.currentName !== before) this.startCurrent();
    this.scheduleWarming();
  }

  get count() {
    return this.names.length;
  }

  /** Moves to a wave; returns false at the ends. Call it inside the viewer's gesture. */
  goTo(index: number): boolean {
    if (index < 0 || index >= this.names.length || index === this.snapshot.index) return false;
    const previous = this.currentName;
    if (previous) this.rest(previous);
    this.started = false;
    this.set({ index, paused: false, failed: false, blocked: false, loading: false });
    this.startCurrent();
    this.onIndex(index);
    return true;
  }

  next = () => this.goTo(this.snapshot.index + 1);
  previous = () => this.goTo(this.snapshot.index - 1);

  /** Turns sound on or off for the visit; inside a tap, so the browser lets the sound start. */
  setSound(on: boolean) {
    setSoundOn(on);
    const element = this.currentElement();
    if (!element) return;
    element.muted = !on;
    if (on && this.snapshot.blocked) this.resume();
  }

  togglePause() {
    if (this.snapshot.paused || this.snapshot.blocked) this.resume();
    else this.pauseCurrent();
  }

  /** Something else plays (the player bar): the feed holds still. */
  pauseCurrent() {
    this.currentElement()?.pause();
    this.stopLoadingTimer();
    this.set({ paused: true, loading: false });
  }

  resume() {
    this.set({ paused: false, blocked: false });
    this.startCurrent();
  }

  /** React's ref for a wave's media element (null when it leaves the window). */
  attach(name: string, element: HTMLMediaElement) {
    this.detach(name);
    this.releases.get(element)?.();
    this.releases.delete(element);
    const controller = new AbortController();
    const { signal } = controller;
    this.detachers.set(name, controller);
    this.elements.set(name, element);
    // Properties, not attributes: React does not keep the `muted` attribute in step.
    element.muted = true;
    element.loop = true;
    const isCurrent = () => this.currentName === name;
    element.addEventListener('playing', () => isCurrent() && this.playing(name), { signal });
    element.addEventListener(
      'waiting',
      () => {
        if (!isCurrent()) return;
        this.startLoadingTimer();
        this.progressAnimation?.pause();
      },
      { signal },
    );
    element.addEventListener('pause', () => isCurrent() && this.progressAnimation?.pause(), {
      signal,
    });
    // A seek, and each loop back to the start: the bar follows the element's clock again.
    element.addEventListener(
      'seeked',
      () => isCurrent() && !element.paused && this.syncProgress(),
      {
        signal,
      },
    );
    element.addEventListener(
      'error',
      () => {
        this.warm.delete(name);
        if (isCurrent()) {
          this.stopLoadingTimer();
          this.set({ failed: true, loading: false });
        }
      },
      { signal },
    );
    if (isCurrent()) this.startCurrent();
    else this.scheduleWarming();
  }

  detach(name: string) {
    const element = this.elements.get(name);
    this.detachers.get(name)?.abort();
    this.detachers.delete(name);
    this.elements.delete(name);
    this.warm.delete(name);
    if (!element) return;
    element.pause();
    // Let go of the decoder and the buffered media soon, not when the element is collected; but
    // not inside React's commit of the new window: tearing down a media player is the largest
    // single part of it (bench/tiktalk, docs/architecture.md "A swipe in the short-video feed").
    if (!this.releases.has(element)) {
      this.releases.set(
        element,
        whenIdle(() => this.release(element), RELEASE_WITHIN_MS),
      );
    }
  }

  private release(element: HTMLMediaElement) {
    this.releases.delete(element);
    // Attached again meanwhile (the same element back in the window): it keeps its media.
    for (const attached of this.elements.values()) if (attached === element) return;
    element.removeAttribute('src');
    element.load();
  }

  attachProgress(name: string, bar: HTMLElement | null) {
    if (bar) this.progress.set(name, bar);
    else this.progress.delete(name);
  }

  /** The feed leaves the screen: every element stops and lets go of its media. */
  stop() {
    this.releaseStartWaiters();
    for (const name of [...this.elements.keys()]) this.detach(name);
    // The feed leaves the screen: every element lets go of its media at once.
    for (const [element, cancel] of [...this.releases]) {
      cancel();
      this.release(element);
    }
    this.stopProgress();
    this.stopLoadingTimer();
    if (this.warmTimer) clearTimeout(this.warmTimer);
    this.warmTimer = null;
    document.removeEventListener('visibilitychange', this.onVisibility);
  }

  private currentElement(): HTMLMediaElement | undefined {
    const name = this.currentName;
    return name ? this.elements.get(name) : undefined;
  }

  /**
   * A wave that was current: paused at once, and rewound when the page is idle, which leaves it
   * warm for a way back. The rewind (a seek) was half of the swipe's own task, before the next
   * wave could start (bench/tiktalk); a way back before it rewinds from startCurrent.
   */
  private rest(name: string) {
    const element = this.elements.get(name);
    const bar = this.progress.get(name);
    if (bar) {
      this.stopProgress();
      bar.style.transform = 'scaleX(0)';
    }
    if (!element) return;
    element.pause();
    element.muted = true;
    if (!element.error) this.warm.set(name, 'warm');
    if (element.currentTime > 0) {
      whenIdle(() => {
        // Still resting in the window (not current again, not gone): rewound.
        if (this.elements.get(name) !== element || this.currentName === name || !element.paused)
          return;
        if (element.currentTime > 0) element.currentTime = 0;
      }, REWIND_WITHIN_MS);
    }
  }

  /** The current wave plays (again): the indicator goes, the progress moves, the view counts. */
  private playing(name: string) {
    if (this.warm.get(name) === 'warming') return;
    this.stopLoadingTimer();
    this.set({ loading: false, failed: false, blocked: false });
    this.started = true;
    this.releaseStartWaiters();
    this.syncProgress();
    if (!viewed.has(name)) {
      viewed.add(name);
      // Not in the task the wave starts in: a fetch() is a few milliseconds of a slow phone's
      // main thread, in the middle of the swipe (bench/tiktalk).
      whenIdle(() => logView(name), LOG_VIEW_WITHIN_MS);
    }
    this.scheduleWarming();
  }

  private startCurrent() {
    const name = this.currentName;
    const element = name ? this.elements.get(name) : undefined;
    this.startLoadingTimer();
    if (!name || !element || this.snapshot.paused || document.hidden) return;
    // Taken over from warming if it was warming: it simply goes on, audibly, from the start.
    this.warm.delete(name);
    element.muted = !soundOn;
    if (element.currentTime > 0 && element.paused) element.currentTime = 0;
    quietBarPlayer();
    // The promise settles when playback has begun, also for an element that was already
    // playing (warming), which fires no new `playing` event.
    element.play().then(
      () => this.currentName === name && this.playing(name),
      (error: unknown) => {
        if (this.currentName !== name || (error as Error).name !== 'NotAllowedError') return;
        if (!element.muted) {
          // Sound needs a tap on this browser: go on muted and offer "Tap for sound" again.
          setSoundOn(false);
          element.muted = true;
          element.play().catch(() => this.currentName === name && this.set({ blocked: true }));
        } else {
          this.set({ blocked: true, loading: false });
          this.stopLoadingTimer();
        }
      },
    );
  }

  private onVisibility = () => {
    if (document.hidden) {
      if (!this.snapshot.paused) {
        this.hiddenPause = true;
        this.currentElement()?.pause();
      }
    } else if (this.hiddenPause) {
      this.hiddenPause = false;
      this.startCurrent();
    }
  };

  private startLoadingTimer() {
    this.stopLoadingTimer();
    this.loadingTimer = setTimeout(() => {
      const element = this.currentElement();
      if (!this.snapshot.paused && !this.snapshot.failed && (!element || element.readyState < 3))
        this.set({ loading: true });
    }, LOADING_INDICATOR_DELAY_MS);
  }

  private stopLoadingTimer() {
    if (this.loadingTimer) clearTimeout(this.loadingTimer);
    this.loadingTimer = null;
  }

  /**
   * The current wave's progress bar: an animation of its transform over the media's duration,
   * looping with it, set to the element's clock whenever it (re)starts or seeks. The compositor
   * moves it every frame; a timer moving it every 100 ms made the main thread render a frame
   * each time, also in the middle of a swipe (bench/tiktalk).
   */
  private syncProgress() {
    const name = this.currentName;
    const element = name ? this.elements.get(name) : undefined;
    const bar = name ? this.progress.get(name) : undefined;
    if (!element || !bar || !Number.isFinite(element.duration) || element.duration <= 0) return;
    const duration = element.duration * 1000;
    let animation = this.progressAnimation;
    if (animation && (animation.effect as KeyframeEffect | null)?.target !== bar) {
      animation.cancel();
      animation = null;
    }
    if (typeof bar.animate !== 'function') {
      // Without the Web Animations API: the bar shows where the wave is now.
      bar.style.transform = `scaleX(${Math.min(1, element.currentTime / element.duration)})`;
      return;
    }
    if (!animation || animation.effect?.getTiming().duration !== duration) {
      animation?.cancel();
      animation = bar.animate([{ transform: 'scaleX(0)' }, { transform: 'scaleX(1)' }], {
        duration,
        iterations: Infinity,
        easing: 'linear',
      });
      this.progressAnimation = animation;
    }
    animation.currentTime = (element.currentTime * 1000) % duration;
    animation.play();
  }

  private stopProgress() {
    this.progressAnimation?.cancel();
    this.progressAnimation = null;
  }

  /**
   * Warms the window's waves one at a time, nearest ahead first, once the current wave plays
   * (so warming never competes with the start the viewer is waiting for).
   */
  private scheduleWarming() {
    const index = this.snapshot.index;
    const order: string[] = [];
    for (let step = 1; step <= PRELOAD_AHEAD; step++) order.push(this.names[index + step] ?? '');
    for (let step = 1; step <= PRELOAD_BEHIND; step++) order.push(this.names[index - step] ?? '');
    this.warmQueue = order.filter(
      (name) => name && this.elements.has(name) && !this.warm.has(name),
    );
    const current = this.currentElement();
    if (!this.warmTimer && current && !current.paused) {
      // After the frame that shows the new wave, so warming never delays it.
      this.warmTimer = setTimeout(() => {
        this.warmTimer = null;
        this.warmNext();
      }, WARM_DELAY_MS);
    }
  }

  private warmNext(): void {
    const name = this.warmQueue.shift();
    const element = name ? this.elements.get(name) : undefined;
    if (!name || !element) return;
    if (name === this.currentName || this.warm.has(name)) return this.warmNext();
    this.warm.set(name, 'warming');
    element.muted = true;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const done = () => {
      element.removeEventListener('timeupdate', onTime);
      if (timer) clearTimeout(timer);
      // Taken over by the viewer meanwhile (it became current), or gone.
      if (this.warm.get(name) !== 'warming' || this.elements.get(name) !== element) return;
      element.pause();
      element.currentTime = 0;
      this.warm.set(name, 'warm');
      this.warmNext();
    };
    const onTime = () => {
      if (element.currentTime >= WARM_ENOUGH_SECONDS) done();
    };
    element.addEventListener('timeupdate', onTime);
    timer = setTimeout(done, WARM_MAX_MS);
    element.play().catch(() => {
      if (this.warm.get(name) === 'warming') this.warm.delete(name);
    });
  }
}
