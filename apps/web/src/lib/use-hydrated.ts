import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates a prerendered page (and when prerendering), true otherwise. What the
 * prerender could not know (fetched data) must wait for it, or a part hydrating after the data arrived
 * would not match its HTML and React would throw it away (docs/decisions/0011). React renders again
 * with `true` as soon as the part has hydrated.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
