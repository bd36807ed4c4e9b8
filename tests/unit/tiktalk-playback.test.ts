import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FeedPlayback, isSoundOn } from '../../src/features/tiktalk/feed-playback.ts';
import {
  LOADING_INDICATOR_DELAY_MS,
  WARM_ENOUGH_SECONDS,
  WARM_MAX_MS,
} from '../../src/features/tiktalk/feed-constants.ts';

vi.mock('../../src/api/log-view.ts', () => ({ logView: vi.fn() }));
const { logView } = await import('../../src/api/log-view.ts');

/** The part of a media element the feed uses, with playback driven by the test. */
class FakeMedia extends EventTarget {
  paused = true;
  muted = false;
  loop = false;
  currentTime = 0;
  duration = 10;
  readyState = 4;
  error: MediaError | null = null;
  src = 'wave.mp4';
  loads = 0;
  play() {
    this.paused = false;
    this.dispatchEvent(new Event('playing'));
    return Promise.resolve();
  }
  pause() {
    this.paused = true;
  }
  load() {
    this.loads++;
  }
  removeAttribute(name: string) {
    if (name === 'src') this.src = '';
  }
  /** Playback moves on, as a playing element's clock would. */
  advance(seconds: number) {
    this.currentTime += seconds;
    this.dispatchEvent(new Event('timeupdate'));
  }
}

const names = ['w0', 'w1', 'w2', 'w3', 'w4', 'w5'];
let playback: FeedPlayback;
let media: Map<string, FakeMedia>;
const element = (name: string) => media.get(name)!;

function attachWindow(from: number, to: number) {
  for (let i = from; i <= to; i++) {
    const name = names[i]!;
    if (!media.has(name)) media.set(name, new FakeMedia());
    playback.attach(name, element(name) as unknown as HTMLMediaElement);
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  media = new Map();
  playback = new FeedPlayback(0, () => undefined);
  playback.start();
  playback.setItems(names);
});

afterEach(() => {
  playback.stop();
  vi.useRealTimers();
});

describe('the feed’s playback', () => {
  it('plays only the current wave, muted until sound is turned on', async () => {
    attachWindow(0, 2);
    await Promise.resolve();
    expect(element('w0').paused).toBe(false);
    expect(element('w0').muted).toBe(true);
    expect(element('w0').loop).toBe(true);
    expect(isSoundOn()).toBe(false);
    playback.setSound(true);
    expect(element('w0').muted).toBe(false);
    expect(element('w1').muted).toBe(true);
    // The view is logged once the page is idle, not in the task the wave starts in.
    expect(logView).not.toHaveBeenCalledWith('w0');
    vi.advanceTimersByTime(2000);
    expect(logView).toHaveBeenCalledWith('w0');
    playback.setSound(false);
  });

  it('moves by one: the next starts at once, the last one pauses and rewinds', () => {
    attachWindow(0, 2);
    element('w0').advance(3);
    expect(playback.next()).toBe(true);
    expect(playback.getSnapshot().index).toBe(1);
    expect(element('w1').paused).toBe(false);
    expect(element('w0').paused).toBe(true);
    // Rewound when the page is idle, not in the swipe's own task.
    expect(element('w0').currentTime).toBe(3);
    vi.advanceTimersByTime(1000);
    expect(element('w0').currentTime).toBe(0);
    expect(playback.previous()).toBe(true);
    expect(playback.previous()).toBe(false);
    expect(playback.goTo(names.length)).toBe(false);
    expect(playback.getSnapshot().index).toBe(0);
  });

  it('a way back before the rewind starts the wave from its beginning', () => {
    attachWindow(0, 2);
    element('w0').advance(3);
    playback.next();
    playback.previous();
    expect(element('w0').currentTime).toBe(0);
    expect(element('w0').paused).toBe(false);
    element('w0').advance(1);
    vi.advanceTimersByTime(1000);
    // The idle rewind leaves the wave on screen alone.
    expect(element('w0').currentTime).toBe(1);
  });

  it('warms the waves ahead first, one at a time, and leaves them rewound and paused', () => {
    attachWindow(0, 2);
    vi.advanceTimersByTime(200);
    expect(element('w1').paused).toBe(false);
    expect(element('w1').muted).toBe(true);
    expect(element('w2').paused).toBe(true);
    element('w1').advance(WARM_ENOUGH_SECONDS);
    expect(element('w1').paused).toBe(true);
    expect(element('w1').currentTime).toBe(0);
    // Then the next one; a wave that never plays far enough stops at WARM_MAX_MS.
    expect(element('w2').paused).toBe(false);
    vi.advanceTimersByTime(WARM_MAX_MS);
    expect(element('w2').paused).toBe(true);
    expect(element('w2').currentTime).toBe(0);
  });

  it('a wave the viewer reaches while it warms simply goes on, audibly, from the start', () => {
    attachWindow(0, 2);
    vi.advanceTimersByTime(200);
    element('w1').currentTime = 0.1;
    playback.setSound(true);
    playback.next();
    expect(element('w1').paused).toBe(false);
    expect(element('w1').muted).toBe(false);
    vi.advanceTimersByTime(WARM_MAX_MS);
    expect(element('w1').paused).toBe(false);
    playback.setSound(false);
  });

  it('lets go of an element that leaves the window, soon after', () => {
    attachWindow(0, 2);
    playback.detach('w2');
    expect(element('w2').paused).toBe(true);
    // Not inside the commit that removed it: when the page is idle.
    expect(element('w2').loads).toBe(0);
    vi.advanceTimersByTime(1000);
    expect(element('w2').src).toBe('');
    expect(element('w2').loads).toBe(1);
  });

  it('lets go of every element at once when the feed leaves the screen', () => {
    attachWindow(0, 2);
    playback.detach('w2');
    playback.stop();
    expect(['w0', 'w1', 'w2'].map((name) => element(name).loads)).toEqual([1, 1, 1]);
    vi.advanceTimersByTime(1000);
    expect(element('w2').loads).toBe(1);
  });

  it('shows the loading indicator only when the wave has not started after the delay', () => {
    playback.setItems(names);
    vi.advanceTimersByTime(LOADING_INDICATOR_DELAY_MS - 1);
    expect(playback.getSnapshot().loading).toBe(false);
    vi.advanceTimersByTime(1);
    expect(playback.getSnapshot().loading).toBe(true);
    attachWindow(0, 0);
    expect(playback.getSnapshot().loading).toBe(false);
  });

  it('holds still while something else plays, and goes on when asked', () => {
    attachWindow(0, 1);
    playback.pauseCurrent();
    expect(element('w0').paused).toBe(true);
    expect(playback.getSnapshot().paused).toBe(true);
    playback.togglePause();
    expect(element('w0').paused).toBe(false);
    expect(playback.getSnapshot().paused).toBe(false);
  });
  it('tells when the new wave plays, so the window renders after its start, never later than the limit', async () => {
    attachWindow(0, 3);
    await Promise.resolve();
    const stalled = (name: string) => {
      element(name).play = function (this: FakeMedia) {
        this.paused = false;
        return new Promise<void>(() => undefined);
      };
    };
    stalled('w1');
    stalled('w2');
    const calls: string[] = [];

    playback.next();
    playback.afterStart(() => calls.push('w1 started'), 400);
    expect(calls).toEqual([]);
    element('w1').dispatchEvent(new Event('playing'));
    expect(calls).toEqual(['w1 started']);
    // Already playing: at once.
    playback.afterStart(() => calls.push('again'), 400);
    expect(calls).toEqual(['w1 started', 'again']);

    playback.next();
    playback.afterStart(() => calls.push('w2 limit'), 400);
    vi.advanceTimersByTime(399);
    expect(calls).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['w1 started', 'again', 'w2 limit']);
    // Paused by the viewer: nothing to wait for.
    playback.togglePause();
    playback.afterStart(() => calls.push('paused'), 400);
    expect(calls.at(-1)).toBe('paused');
  });
});
