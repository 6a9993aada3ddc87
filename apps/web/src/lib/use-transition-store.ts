import { startTransition, useEffect, useEffectEvent, useRef, useState } from 'react';
import { pageHydrating } from './hydrates-later';

/**
 * A store outside React read by a component, as useSyncExternalStore reads it, except that the store's
 * changes render as a transition (in slices, after what the visitor is doing) rather than at once.
 * React renders a change reported to useSyncExternalStore synchronously, in one task, and one reaching a
 * part of the page still hydrating (lib/hydrates-later.tsx) hydrates that part synchronously too: on a
 * slow phone the airports and the config arriving while the offers page hydrated were a task of 60 ms,
 * and each component whose store had changed before hydration rendered again in one more.
 * While the page the server painted hydrates (lib/hydrates-later.tsx pageHydrating), a component starts
 * from the server's snapshot, what its HTML shows, and takes the store's straight after; one rendered
 * in the browser afterwards starts from the store's. Snapshots are compared (Object.is), never called:
 * not functions.
 */
export function useTransitionStore<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
  getServerSnapshot: () => T,
): T {
  const [value, setValue] = useState<T>(() =>
    typeof window === 'undefined' || pageHydrating() ? getServerSnapshot() : getSnapshot(),
  );
  const snapshot = useEffectEvent(getSnapshot);
  // The value last committed (the server's, when it has just hydrated).
  const committed = useRef(value);
  useEffect(() => {
    committed.current = value;
  }, [value]);
  useEffect(() => {
    const update = () => {
      const next = snapshot();
      startTransition(() => setValue(next));
    };
    const unsubscribe = subscribe(update);
    // What changed since it rendered. Only then: an update that changes nothing still takes a render.
    if (!Object.is(snapshot(), committed.current)) update();
    return unsubscribe;
  }, [subscribe]);
  return value;
}
