import { startTransition, useEffect, useState } from 'react';

/** The cards shown at once: more than a phone or a desktop shows above the fold, so nothing visible moves. */
export const FIRST_REVEALED = 4;
/** The cards added at a time after that, each addition a commit of its own. */
export const REVEAL_STEP = 3;

/**
 * How many of `total` items to render now: FIRST_REVEALED, then REVEAL_STEP more after each commit (in a
 * transition, after a timer), until all are. Ten cards inserted in one commit were one task of 100-190 ms
 * on a simulated slow phone; three at a time stay under 50 ms. Another `listKey` (a list that starts
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
