import { useTransitionStore } from './use-transition-store';

const subscribe = () => () => {};

/**
 * False while React hydrates the calling component from prerendered HTML, true from then on (and
 * always in pages rendered in the browser). The route's part of a prerendered page hydrates after the
 * layout, by which time GET /config or the airports may have arrived; its HTML has none, so a page
 * component shows fetched data only once this is true (React renders it again straight after, as a
 * transition: lib/use-transition-store.ts).
 * Not for the layout: its re-render would reach a page part still hydrating and throw it away
 * (docs/decisions/0011).
 */
export function useHydrated(): boolean {
  return useTransitionStore(
    subscribe,
    () => true,
    () => false,
  );
}
