import { useEffect, useState } from 'react';

/**
 * A module loaded once `when` is first true (a part the page shows only later: a sheet, a dialog),
 * undefined until it has arrived. A failed download (offline) leaves it undefined, and it is tried again
 * the next time `when` turns true. `load` must be the same function at every render (a module-level one).
 */
export function useLoadedWhen<T>(load: () => Promise<T>, when: boolean): T | undefined {
  const [loaded, setLoaded] = useState<{ module: T }>();
  useEffect(() => {
    if (!when || loaded) return;
    let live = true;
    load().then(
      (module) => {
        if (live) setLoaded({ module });
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [when, loaded, load]);
  return loaded?.module;
}
