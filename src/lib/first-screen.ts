import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * The first screen's schedule (docs/budgets.md "First screen (Lighthouse)"): what the first
 * paint does not need waits until the first screen has been shown, and then runs in idle time,
 * one task each; work after the first paint goes in tasks of its own after each frame
 * (`scheduler.postTask` where the browser has it), short enough that a tap in between is
 * answered at once.
 *
 * The first screen counts as shown when the first list has painted all of its rows (the waves
 * feature says so), or, on a screen without a list, a moment after the page has loaded.
 */

interface TaskScheduler {
  postTask?: (
    callback: () => void,
    options?: { priority?: 'user-blocking' | 'user-visible' | 'background' },
  ) => Promise<void>;
}

const taskScheduler = (): TaskScheduler | undefined =>
  (globalThis as { scheduler?: TaskScheduler }).scheduler;

/** Runs `callback` in a task of its own once the next frame has been painted. */
export function afterNextPaint(callback: () => void): () => void {
  let cancelled = false;
  const frame = requestAnimationFrame(() => {
    // A task queued from the frame callback runs after that frame is painted.
    const scheduler = taskScheduler();
    const run = () => void (cancelled || callback());
    if (scheduler?.postTask) void scheduler.postTask(run, { priority: 'user-visible' });
    else setTimeout(run, 0);
  });
  return () => {
    cancelled = true;
    cancelAnimationFrame(frame);
  };
}

/** Ends the current task: what follows runs in a new one. */
export const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Runs `callback` at background priority (postTask), or when idle (at the latest after 2 s). */
function whenIdle(callback: () => void) {
  const scheduler = taskScheduler();
  if (scheduler?.postTask) void scheduler.postTask(callback, { priority: 'background' });
  else if (typeof requestIdleCallback === 'function')
    requestIdleCallback(callback, { timeout: 2000 });
  else setTimeout(callback, 0);
}

let shown = false;
const listeners = new Set<() => void>();

/** A user-timing mark benchmarks read (bench/bundle.ts: what loaded before it is initial). */
const FIRST_SCREEN_MARK = 'waves:first-screen-shown';

function show() {
  if (shown) return;
  shown = true;
  performance.mark(FIRST_SCREEN_MARK);
  for (const listener of listeners) listener();
  listeners.clear();
}

/** The first list has painted: what waited for the first screen may start. */
export function firstScreenShown(): void {
  if (!shown) afterNextPaint(show);
}

/** Whether the page is still busy with its first screen. */
export const isFirstScreenPending = () => !shown;

/**
 * Runs `callback` once the first screen has been shown, when the main thread is idle; at once
 * (still in a task of its own) if that has already happened.
 */
export function afterFirstScreen(callback: () => void): void {
  if (shown) whenIdle(callback);
  else listeners.add(() => whenIdle(callback));
}

/** False until the first screen has been shown (for parts of the shell that can wait). */
export function useFirstScreenShown(): boolean {
  return useSyncExternalStore(
    (listener) => {
      if (shown) return () => undefined;
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => shown,
    () => false,
  );
}

/**
 * A screen without a list says nothing: the first screen then counts as shown a moment after
 * the page's load event (a list that is still loading then says so itself first).
 */
export function showFirstScreenAfterLoad(delayMs = 1000): void {
  const later = () => setTimeout(firstScreenShown, delayMs);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

/** How long a feed's first render waits for its route and data before it renders without them. */
const FIRST_SCREEN_WAIT_MS = 1000;

/** Resolves once every query of `keys` has an answer (data or an error), from any source. */
function whenSettled(queryClient: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  const settled = () =>
    keys.every((key) => {
      const status = queryClient.getQueryState(key)?.status;
      return status !== undefined && status !== 'pending';
    });
  return new Promise((resolve) => {
    if (settled()) return resolve();
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (!settled()) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Whether a feed's first screen can render once, whole, as a transition (src/main.tsx): true
 * once the router has loaded the page's route and the queries of `keys` have an answer (the
 * network's, or the saved copy's: docs/architecture.md "Persisted queries"); false after
 * FIRST_SCREEN_WAIT_MS, when the page renders at once and shows what it has.
 */
export function firstScreenReady(
  router: { load: () => Promise<void> },
  queryClient: QueryClient,
  keys: readonly QueryKey[],
): Promise<boolean> {
  const ready = Promise.all([router.load(), whenSettled(queryClient, keys)]).then(
    () => true,
    () => false,
  );
  const late = new Promise<boolean>((resolve) =>
    setTimeout(() => resolve(false), FIRST_SCREEN_WAIT_MS),
  );
  return Promise.race([ready, late]);
}
