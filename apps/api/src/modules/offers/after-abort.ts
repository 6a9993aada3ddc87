/**
 * `value` once `signal` has aborted and `graceMs` more have passed; `stop` once the race is decided
 * takes its listener off the signal (a search's deadline signal outlives its answer by the whole
 * search time, and would otherwise keep every supplier's listener of every search asked under it).
 */
export function afterAbort<T>(signal: AbortSignal, value: T, graceMs: number): { answer: Promise<T>; stop(): void } {
  let stop = () => {};
  const answer = new Promise<T>((resolve) => {
    const done = () => {
      const timer = setTimeout(() => resolve(value), graceMs);
      timer.unref?.();
      stop = () => clearTimeout(timer);
    };
    if (signal.aborted) done();
    else {
      signal.addEventListener('abort', done, { once: true });
      stop = () => signal.removeEventListener('abort', done);
    }
  });
  return { answer, stop: () => stop() };
}
