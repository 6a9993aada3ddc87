import { useCallback, useEffect, useRef } from 'react';

/** A slider's value is applied this long after it stops moving: one search per gesture, not one per step. */
export const SLIDER_COMMIT_DELAY_MS = 400;

/**
 * `schedule(value)` calls `commit(value)` once the value has rested for `delay` ms (a drag or a run
 * of arrow keys makes one call); `flush()` commits a scheduled value at once (the field loses focus).
 */
export function useDebouncedCommit<T>(commit: (value: T) => void, delay = SLIDER_COMMIT_DELAY_MS) {
  const timer = useRef<number | undefined>(undefined);
  const pending = useRef<{ value: T } | null>(null);
  const latestCommit = useRef(commit);
  useEffect(() => {
    latestCommit.current = commit;
  }, [commit]);

  const flush = useCallback(() => {
    window.clearTimeout(timer.current);
    const next = pending.current;
    pending.current = null;
    if (next) latestCommit.current(next.value);
  }, []);

  const schedule = useCallback(
    (value: T) => {
      pending.current = { value };
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(flush, delay);
    },
    [flush, delay],
  );

  useEffect(() => () => window.clearTimeout(timer.current), []);
  return { schedule, flush };
}
