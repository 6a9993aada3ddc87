import { useTransitionStore } from './use-transition-store';

/**
 * Whether the screen matches a CSS media query, false on the server and while the page it painted
 * hydrates (its markup must not depend on the screen), then the screen's, following it as it turns or
 * resizes (a transition: lib/use-transition-store.ts). For a part a stylesheet hides on some screens that
 * is not worth rendering there: hidden, it still costs the phone its render and its elements.
 * `query` must be the same string at every render (a module-level one).
 */
export function useMediaMatch(query: string): boolean {
  return useTransitionStore(subscriptions(query), () => window.matchMedia(query).matches, serverSnapshot);
}

const serverSnapshot = () => false;
const subscribers = new Map<string, (onChange: () => void) => () => void>();

/** One subscribe function per query: a new one at each render would subscribe again each time. */
function subscriptions(query: string) {
  let subscribe = subscribers.get(query);
  if (!subscribe) {
    subscribe = (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    };
    subscribers.set(query, subscribe);
  }
  return subscribe;
}
