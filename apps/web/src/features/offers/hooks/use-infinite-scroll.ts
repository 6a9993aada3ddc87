import { useEffect, useRef } from 'react';
import { isNearBottom, SCROLL_THRESHOLD_PX } from '../lib/paging';

/**
 * Should-fetch-more: calls `onReachBottom` when the window is scrolled within
 * 20 px of the page bottom while `enabled` (a next page exists, none is loading, the last one did
 * not fail). It also checks when enabled turns on, so a page shorter than the screen keeps filling.
 */
export function useInfiniteScroll(enabled: boolean, onReachBottom: () => void) {
  const callback = useRef(onReachBottom);
  useEffect(() => {
    callback.current = onReachBottom;
  }, [onReachBottom]);

  useEffect(() => {
    if (!enabled) return;
    let frame = 0;
    const check = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const root = document.documentElement;
        if (
          isNearBottom(
            { scrollTop: window.scrollY, viewportHeight: window.innerHeight, scrollHeight: root.scrollHeight },
            SCROLL_THRESHOLD_PX,
          )
        ) {
          callback.current();
        }
      });
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [enabled]);
}
