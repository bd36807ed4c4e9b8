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

const rowsOnOneScreen = () => Math.max(4, Math.ceil((globalThis.innerHeight || 900) / ROW_HEIGHT));

/**
 * How many of a list's rows to render. The first list of a page load renders the rows one screen
 * can show, and adds all the others in one step once that has painted, so the first paint comes
 * sooner. The step is a transition, rendered in slices that leave taps answered, and rows below
 * the first screen are laid out only near the viewport (waves.css), so one step costs no long
 * task, and the page draws one frame for it instead of one per few rows (docs/budgets.md "First
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
    return afterNextPaint(() => startTransition(() => setShown(total)));
  }, [stepwise, settled, rendered, total]);

  return rendered;
}
