import { useEffect, useState } from 'react';

/** After a failed download, how long before it is tried again while the browser says it is online. */
const RETRY_MS = 5_000;

/**
 * A module loaded once `when` is first true (a part the page shows only later: a sheet, a dialog),
 * undefined until it has arrived. A failed download (the connection dropped) is tried again when the
 * browser is back online, or after a few seconds if it never said it was offline. `load` must be the
 * same function at every render (a module-level one).
 */
export function useLoadedWhen<T>(load: () => Promise<T>, when: boolean): T | undefined {
  const [loaded, setLoaded] = useState<{ module: T }>();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!when || loaded) return;
    let live = true;
    let timer: number | undefined;
    const again = () => {
      if (live) setAttempt((n) => n + 1);
    };
    load().then(
      (module) => {
        if (live) setLoaded({ module });
      },
      () => {
        if (!live) return;
        window.addEventListener('online', again, { once: true });
        if (navigator.onLine) timer = window.setTimeout(again, RETRY_MS);
      },
    );
    return () => {
      live = false;
      window.removeEventListener('online', again);
      window.clearTimeout(timer);
    };
  }, [when, loaded, load, attempt]);
  return loaded?.module;
}
