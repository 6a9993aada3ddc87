import { useEffect, useState } from 'react';
import { afterFirstInteraction } from '../../lib/first-interaction';

type AirportMatcher = typeof import('./airport-search');

let loaded: AirportMatcher | null = null;
const loadMatcher = () => import('./airport-search').then((module) => (loaded = module));

/**
 * The airport matcher (Arabic folding, Latin typos, alternative names) loads beside the airport list,
 * once the page runs in the browser: the home page's first script stays within its budget
 * (docs/decisions/0005-home-page-js-budget.md), and the picker says it is loading until both are here.
 */
export function useAirportMatcher(enabled: boolean): AirportMatcher | null {
  const [matcher, setMatcher] = useState<AirportMatcher | null>(loaded);
  useEffect(() => {
    if (!enabled || matcher) return;
    let live = true;
    // Typing an airport is a touch: the matcher waits for the first one (lib/first-interaction.ts).
    void afterFirstInteraction()
      .then(loadMatcher)
      .then((module) => live && setMatcher(module));
    return () => {
      live = false;
    };
  }, [enabled, matcher]);
  return matcher;
}
