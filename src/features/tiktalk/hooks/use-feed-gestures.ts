import { useEffect, useRef, type RefObject } from 'react';
import {
  SWIPE_THRESHOLD_PX,
  TAP_NEXT_FRACTION,
  TAP_PREVIOUS_FRACTION,
  TAP_SLOP_PX,
  WHEEL_THROTTLE_MS,
} from '../feed-constants.ts';

export interface FeedGestureActions {
  next: () => void;
  previous: () => void;
  /** A tap on the video itself, not on a control: returns true when it did something else (sound on). */
  tap: () => boolean;
  togglePause: () => void;
  toggleSound: () => void;
  /** Whether the keys should act now (no dialog open). */
  enabled: () => boolean;
}

/** Controls sit above the video; a tap on one is the control's, never a move; a swipe is a move. */
const CONTROL = 'button, a, input, select, textarea, [role="dialog"], [data-feed-control]';

/**
 * The feed's gestures (docs/product/listening.md "Short-video feed"): a vertical swipe of
 * SWIPE_THRESHOLD_PX, the wheel (one move per WHEEL_THROTTLE_MS), taps in the top or bottom
 * part, and the keys. While a finger drags, `--feed-drag` on `track` lets the waves follow it.
 */
export function useFeedGestures(
  surface: RefObject<HTMLElement | null>,
  track: RefObject<HTMLElement | null>,
  actions: FeedGestureActions,
) {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });

  useEffect(() => {
    const element = surface.current;
    if (!element) return;
    const abort = new AbortController();
    const { signal } = abort;
    let start: { id: number; x: number; y: number; onControl: boolean } | null = null;
    let lastWheel = -Infinity;

    const suppressNextClick = () => {
      const drop = (click: Event) => {
        click.preventDefault();
        click.stopPropagation();
      };
      element.addEventListener('click', drop, { capture: true, once: true, signal });
      // A click comes at once after the pointer is lifted, or not at all.
      setTimeout(() => element.removeEventListener('click', drop, { capture: true }), 300);
    };

    const setDrag = (dy: number | null) => {
      const target = track.current;
      if (!target) return;
      if (dy === null) {
        target.style.removeProperty('--feed-drag');
        target.classList.remove('tiktalk__track--dragging');
      } else {
        target.style.setProperty('--feed-drag', `${dy}px`);
        target.classList.add('tiktalk__track--dragging');
      }
    };

    element.addEventListener(
      'pointerdown',
      (event) => {
        if (!event.isPrimary || (event.pointerType === 'mouse' && event.button !== 0)) return;
        const onControl = Boolean((event.target as Element).closest(CONTROL));
        start = { id: event.pointerId, x: event.clientX, y: event.clientY, onControl };
      },
      { signal },
    );
    element.addEventListener(
      'pointermove',
      (event) => {
        if (!start || event.pointerId !== start.id) return;
        const dy = event.clientY - start.y;
        if (Math.abs(dy) > TAP_SLOP_PX && Math.abs(dy) > Math.abs(event.clientX - start.x))
          setDrag(dy);
      },
      { signal },
    );
    element.addEventListener(
      'pointerup',
      (event) => {
        if (!start || event.pointerId !== start.id) return;
        const dx = event.clientX - start.x;
        const dy = event.clientY - start.y;
        const { onControl } = start;
        start = null;
        setDrag(null);
        const actions = latest.current;
        if (Math.abs(dy) >= SWIPE_THRESHOLD_PX && Math.abs(dy) > Math.abs(dx)) {
          // A swipe that began on a control moves the feed; the control's click is dropped.
          if (onControl) suppressNextClick();
          if (dy < 0) actions.next();
          else actions.previous();
          return;
        }
        if (onControl || Math.abs(dx) > TAP_SLOP_PX || Math.abs(dy) > TAP_SLOP_PX) return;
        if (actions.tap()) return;
        const rect = element.getBoundingClientRect();
        const at = (event.clientY - rect.top) / rect.height;
        if (at < TAP_PREVIOUS_FRACTION) actions.previous();
        else if (at > 1 - TAP_NEXT_FRACTION) actions.next();
      },
      { signal },
    );
    element.addEventListener(
      'pointercancel',
      () => {
        start = null;
        setDrag(null);
      },
      { signal },
    );
    element.addEventListener(
      'wheel',
      (event) => {
        if (Math.abs(event.deltaY) < 4 || Math.abs(event.deltaY) < Math.abs(event.deltaX)) return;
        event.preventDefault();
        // The time the input happened, not the time it is handled: a busy main thread that
        // handles two notches of one gesture late must not turn them into two moves.
        if (event.timeStamp - lastWheel < WHEEL_THROTTLE_MS) return;
        lastWheel = event.timeStamp;
        if (event.deltaY > 0) latest.current.next();
        else latest.current.previous();
      },
      { signal, passive: false },
    );
    window.addEventListener(
      'keydown',
      (event) => {
        const actions = latest.current;
        if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
        if (!actions.enabled()) return;
        const target = event.target as Element | null;
        if (target?.closest('input, select, textarea, [contenteditable="true"]')) return;
        const onControl = Boolean(target?.closest('button, a'));
        switch (event.key) {
          case 'ArrowDown':
          case 'PageDown':
            actions.next();
            break;
          case 'ArrowUp':
          case 'PageUp':
            actions.previous();
            break;
          case ' ':
            // Space on a button presses the button.
            if (onControl) return;
            actions.togglePause();
            break;
          case 'm':
          case 'M':
            actions.toggleSound();
            break;
          default:
            return;
        }
        event.preventDefault();
      },
      { signal },
    );
    return () => abort.abort();
  }, [surface, track]);
}
