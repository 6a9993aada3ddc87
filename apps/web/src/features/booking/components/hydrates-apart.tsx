import { memo, type ComponentType } from 'react';
import { HydratesLater } from '../../../lib/hydrates-later';

/**
 * A part of the booking's page that React hydrates on its own, after the page around it (a Suspense
 * boundary: its own render and commit, so the page's hydration is not one long task). Memoized: a
 * re-render of the page with the same props leaves it alone, as an update reaching a part not yet
 * hydrated would hydrate it at once. Nothing in it suspends: the fallback never shows. The page's ready
 * mark waits for it (lib/hydrates-later.tsx).
 */
export function hydratesApart<P extends object>(Part: ComponentType<P>) {
  return memo(function HydratesApart(props: P) {
    return (
      <HydratesLater>
        <Part {...props} />
      </HydratesLater>
    );
  });
}
