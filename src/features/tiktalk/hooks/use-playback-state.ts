import { startTransition, useEffect, useState, useSyncExternalStore, type RefObject } from 'react';
import type { FeedPlayback, PlaybackSnapshot } from '../feed-playback.ts';

const PAUSED = 1;
const LOADING = 2;
const FAILED = 4;
const BLOCKED = 8;

/** The new window renders once the new wave plays, or after this long if it does not start. */
const RENDER_AFTER_SWIPE_MAX_MS = 400;

const flagsOf = (snapshot: PlaybackSnapshot) =>
  (snapshot.paused ? PAUSED : 0) |
  (snapshot.loading ? LOADING : 0) |
  (snapshot.failed ? FAILED : 0) |
  (snapshot.blocked ? BLOCKED : 0);

/**
 * The feed's playback for React (docs/architecture.md "A swipe in the short-video feed"). A
 * swipe has already started the next wave inside the gesture; here the track moves at once (its
 * `--feed-index`, set on the element) while React renders the new window once the new wave
 * plays, as a transition that yields to the browser. Rendered in the gesture's own task, it held
 * up the next wave's first frames on a slow phone (bench/tiktalk: 3.1× the bare page's p50; 2.3×
 * as a transition started in the gesture). The flags (paused, loading, failed, blocked) stay
 * synchronous.
 */
export function usePlaybackState(
  playback: FeedPlayback,
  track: RefObject<HTMLElement | null>,
): PlaybackSnapshot {
  const flags = useSyncExternalStore(playback.subscribe, () => flagsOf(playback.getSnapshot()));
  const [shown, setShown] = useState(() => ({ playback, index: playback.getSnapshot().index }));
  useEffect(() => {
    let frame = 0;
    let shownIndex = playback.getSnapshot().index;
    const render = () => {
      const { index } = playback.getSnapshot();
      startTransition(() => setShown({ playback, index }));
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
    };
  }, [playback, track]);
  return {
    // A new context's playback until its first change arrives.
    index: shown.playback === playback ? shown.index : playback.getSnapshot().index,
    paused: (flags & PAUSED) !== 0,
    loading: (flags & LOADING) !== 0,
    failed: (flags & FAILED) !== 0,
    blocked: (flags & BLOCKED) !== 0,
  };
}
