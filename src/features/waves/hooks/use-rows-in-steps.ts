import { startTransition, useEffect, useState } from 'react';
import {
  afterNextPaint,
  firstScreenShown,
  isFirstScreenPending,
} from '../../../lib/first-screen.ts';

/**
 * Rows are 110–145 px tall and start 240 px down (header, tabs, the feed's title): a screen's
 * height divided by this is a little more than one screen of rows, phone or desktop.
 */
const ROW_HEIGHT = 130;
/**
 * Rows added per step after the first paint. A step costs about 1 ms of CPU per row on this
 * machine to render, commit, lay out and paint, so six stay well under the 50 ms that make a
 * long task on a phone four times slower, in as few steps as that allows.
 */
const ROWS_PER_STEP = 6;

const rowsOnOneScreen = () => Math.max(4, Math.ceil((globalThis.innerHeight || 900) / ROW_HEIGHT));

/**
 * How many of a list's rows to render. The first list of a page load renders the rows one screen
 * can show, and adds the others a few at a time, each step after the previous one has painted,
 * so the first paint comes sooner and no task keeps a tap waiting (docs/budgets.md "First
 * screen (Lighthouse)"). The order and the rows are the server's; only when they appear differs.
 * Every later list renders whole at once (scroll restoration needs its full height), as does a
 * list that must reach a row at once (`atLeast`, a deep link).
 */
export function useRowsInSteps(
  total: number,
  { atLeast, settled }: { atLeast: number; settled: boolean },
): number {
  const [stepwise] = useState(isFirstScreenPending);
  const [shown, setShown] = useState(rowsOnOneScreen);
  const rendered = stepwise ? Math.min(total, Math.max(shown, atLeast)) : total;

  useEffect(() => {
    if (!stepwise || !settled) return;
    if (rendered >= total) {
      // All rows (or the empty or failed list's message) are on the screen.
      firstScreenShown();
      return;
    }
    // A transition: React renders it in slices that yield to input, then commits the step.
    return afterNextPaint(() => startTransition(() => setShown(rendered + ROWS_PER_STEP)));
  }, [stepwise, settled, rendered, total]);

  return rendered;
}
