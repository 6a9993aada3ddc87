import { startTransition, useEffect, useState } from 'react';

/**
 * The cards shown at once. A phone shows the list from some 600 px down, the first two reach past the
 * screen's bottom, and later cards go below them: nothing on screen moves (measured from 390 to 1920 px wide).
 */
export const FIRST_REVEALED = 2;
/**
 * The cards added at a time after that, each addition a commit of its own. With four cards the first
 * frame that drew them (style, layout and paint) took 12-17 ms of this machine's CPU, a long task at a
 * slow phone's 4x; with two, 10 ms.
 */
export const REVEAL_STEP = 2;

/**
 * How many of `total` items to render now: FIRST_REVEALED, then REVEAL_STEP more after each commit (in a
 * transition, after a timer), until all are. Ten cards inserted in one commit were one task of 100-190 ms
 * on a simulated slow phone; two at a time stay under 50 ms. Another `listKey` (a list that starts
 * with another item) starts again from FIRST_REVEALED; items added at the end are revealed the same way.
 */
export function useRevealedCount(total: number, listKey: string): number {
  const [revealed, setRevealed] = useState({ listKey, count: FIRST_REVEALED });
  const count = revealed.listKey === listKey ? revealed.count : FIRST_REVEALED;
  useEffect(() => {
    if (count >= total) return;
    const timer = window.setTimeout(() => startTransition(() => setRevealed({ listKey, count: count + REVEAL_STEP })), 0);
    return () => window.clearTimeout(timer);
  }, [count, total, listKey]);
  return Math.min(count, total);
}
