import { startTransition, useEffect, useState } from 'react';

/**
 * After a failed download, how long before it is tried again while the browser says it is online: 5 s,
 * then twice as long each time up to 5 minutes (a tab left open across a deploy asks for a file that is gone).
 */
const retryDelay = (failures: number) => Math.min(5_000 * 2 ** (failures - 1), 300_000);

/**
 * A module loaded once `when` is first true (a part the page shows only later: a sheet, a dialog),
 * undefined until it has arrived. A failed download (the connection dropped) is tried again when the
 * browser is back online, or after a while if it never said it was offline. `load` must be the
 * same function at every render (a module-level one).
 */
export function useLoadedWhen<T>(load: () => Promise<T>, when: boolean): T | undefined {
  const [loaded, setLoaded] = useState<{ module: T }>();
  const [failures, setFailures] = useState(0);
  useEffect(() => {
    if (!when || loaded) return;
    let live = true;
    let timer: number | undefined;
    const again = () => {
      if (live) setFailures((n) => n + 1);
    };
    load().then(
      (module) => {
        // Rendered as a transition, in slices: what it mounts (a sheet and dialogs, closed) is not urgent,
        // and at the default priority their first render was one task of 60 ms on a slow phone.
        if (live) startTransition(() => setLoaded({ module }));
      },
      () => {
        if (!live) return;
        window.addEventListener('online', again, { once: true });
        if (navigator.onLine) timer = window.setTimeout(again, retryDelay(failures + 1));
      },
    );
    return () => {
      live = false;
      window.removeEventListener('online', again);
      window.clearTimeout(timer);
    };
  }, [when, loaded, load, failures]);
  return loaded?.module;
}
