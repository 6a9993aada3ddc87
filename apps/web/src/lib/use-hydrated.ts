import { useTransitionStore } from './use-transition-store';

const subscribe = () => () => {};

/**
 * False while React hydrates the calling component from prerendered HTML, true from then on (and
 * always in pages rendered in the browser). The route's part of a prerendered page hydrates after the
 * layout, by which time GET /config or the airports may have arrived; its HTML has none, so a page
 * component shows fetched data only once this is true (React renders it again straight after).
 * That render is a transition (lib/use-transition-store.ts): reaching a page part still hydrating, it
 * waits for the part instead of throwing its painted content away, so the layout and the router may use
 * it too (docs/decisions/0043; read synchronously, it was kept out of the layout: 0011).
 */
export function useHydrated(): boolean {
  return useTransitionStore(
    subscribe,
    () => true,
    () => false,
  );
}
