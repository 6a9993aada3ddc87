import { startTransition, useEffect, useState } from 'react';
import { afterFirstInteraction } from './first-interaction';

/** How long a part waits for an idle moment at most (a phone kept busy by a stream of results). */
const IDLE_TIMEOUT_MS = 2_000;

/** Runs `callback` once the browser is idle (requestIdleCallback; a short timer where there is none). Returns the cancel. */
export function whenIdle(callback: () => void, timeout = IDLE_TIMEOUT_MS): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(callback, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(callback, 50);
  return () => window.clearTimeout(id);
}

/**
 * False on the server, during hydration and the first render; true once the browser has been idle after
 * it (rendered as a transition, so in slices). For the parts of a page that show nothing until used (a
 * closed modal or sheet): their code and effects run after the visible page has hydrated rather than in
 * its first long task. The server's markup has nothing of them, so hydration matches either way.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => startTransition(() => setIdle(true))), []);
  return idle;
}

/**
 * As useIdle, from the visitor's first touch of the page on (a tap, a key, a focus moved, the page scrolled;
 * lib/first-interaction.ts): for what only a visitor who uses the page needs (the dialogs a button opens),
 * so that a visitor who only looks runs none of it while the page is still arriving.
 */
export function useIdleOnceTouched(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let live = true;
    let cancel = () => {};
    void afterFirstInteraction().then(() => {
      if (live) cancel = whenIdle(() => startTransition(() => setIdle(true)));
    });
    return () => {
      live = false;
      cancel();
    };
  }, []);
  return idle;
}

/**
 * False on the server, during hydration and the first render; true in a task of its own right after it
 * (a timer, then a transition). For what a page starts once it has hydrated that need not run in the
 * hydration's own task: on a slow phone, the effects of hydrating the offers page (its queries
 * subscribing, their requests starting) were one task of 50 ms, four times that on a phone with a
 * quarter of the CPU; a request that is not the page's main one starts in the next task instead.
 */
export function useAfterHydration(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => startTransition(() => setAfter(true)), 0);
    return () => window.clearTimeout(timer);
  }, []);
  return after;
}
