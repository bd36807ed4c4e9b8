import { startTransition, useEffect, useState, useSyncExternalStore, type RefObject } from 'react';
import { whenIdle, type FeedPlayback, type PlaybackSnapshot } from '../feed-playback.ts';

const PAUSED = 1;
const LOADING = 2;
const FAILED = 4;
const BLOCKED = 8;

/** The new window renders once the new wave plays, or after this long if it does not start. */
const RENDER_AFTER_SWIPE_MAX_MS = 400;
/** The window moves to the new wave when the page is idle, by then at the latest. */
const MOVE_WINDOW_WITHIN_MS = 1000;

const flagsOf = (snapshot: PlaybackSnapshot) =>
  (snapshot.paused ? PAUSED : 0) |
  (snapshot.loading ? LOADING : 0) |
  (snapshot.failed ? FAILED : 0) |
  (snapshot.blocked ? BLOCKED : 0);

export interface ShownPlayback extends PlaybackSnapshot {
  /**
   * The wave the rendered window (PRELOAD_BEHIND behind, PRELOAD_AHEAD ahead) is centred on: it
   * follows `index` when the page is idle, and at once when it is more than one wave away.
   */
  windowIndex: number;
}

/**
 * The feed's playback for React (docs/architecture.md "A swipe in the short-video feed"). A
 * swipe has already started the next wave inside the gesture; here the track moves at once (its
 * `--feed-index`, set on the element) while React renders the new window once the new wave
 * plays, as a transition that yields to the browser. Rendered in the gesture's own task, it held
 * up the next wave's first frames on a slow phone (bench/tiktalk: 3.1× the bare page's p50; 2.3×
 * as a transition started in the gesture). Mounting the wave two ahead and letting go of the
 * one three behind wait for the page to be idle (`windowIndex`), in a render of their own: with
 * the move of `data-current` they made one commit too long for a slow phone. The flags (paused,
 * loading, failed, blocked) stay synchronous.
 */
export function usePlaybackState(
  playback: FeedPlayback,
  track: RefObject<HTMLElement | null>,
): ShownPlayback {
  const flags = useSyncExternalStore(playback.subscribe, () => flagsOf(playback.getSnapshot()));
  const [shown, setShown] = useState(() => {
    const { index } = playback.getSnapshot();
    return { playback, index, windowIndex: index };
  });
  useEffect(() => {
    let frame = 0;
    let cancelIdle = () => {};
    let shownIndex = playback.getSnapshot().index;
    const moveWindow = () =>
      startTransition(() =>
        setShown((state) =>
          state.windowIndex === state.index ? state : { ...state, windowIndex: state.index },
        ),
      );
    const render = () => {
      const { index } = playback.getSnapshot();
      startTransition(() =>
        setShown((state) => ({
          playback,
          index,
          windowIndex:
            state.playback === playback && Math.abs(index - state.windowIndex) <= 1
              ? state.windowIndex
              : index,
        })),
      );
      cancelIdle();
      cancelIdle = whenIdle(moveWindow, MOVE_WINDOW_WITHIN_MS);
    };
    const unsubscribe = playback.subscribe(() => {
      const { index } = playback.getSnapshot();
      if (index === shownIndex) return;
      shownIndex = index;
      track.current?.style.setProperty('--feed-index', String(index));
      // After the new wave's first frame, so React never competes with its start.
      playback.afterStart(() => {
        cancelAnimationFrame(frame);
        frame = requestAnimationFrame(render);
      }, RENDER_AFTER_SWIPE_MAX_MS);
    });
    return () => {
      unsubscribe();
      cancelAnimationFrame(frame);
      cancelIdle();
    };
  }, [playback, track]);
  // A new context's playback until its first change arrives.
  const current = shown.playback === playback;
  const index = current ? shown.index : playback.getSnapshot().index;
  return {
    index,
    windowIndex: current ? shown.windowIndex : index,
    paused: (flags & PAUSED) !== 0,
    loading: (flags & LOADING) !== 0,
    failed: (flags & FAILED) !== 0,
    blocked: (flags & BLOCKED) !== 0,
  };
}
