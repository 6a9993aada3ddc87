import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import i18n, { i18nReady } from './i18n';
import { AppProviders } from './app/providers';
import { AppRouter, preloadPrerenderedPage } from './app/router';
import { whenQueryClientLoads } from './lib/load-query-client';
import { readPageData, seedPageBooking, warmBookingPrices } from './lib/page-data';
import { registerServiceWorker } from './lib/register-service-worker';
import { beginHydration, markRootHydrated } from './lib/hydrates-later';
import { fetchBrandFontWhenSettled } from './lib/brand-font';
import { preloadRouteModules } from './lib/route-modules';
import { afterFirstContentfulPaint } from './lib/first-paint';

const container = document.getElementById('root')!;
// The server sends home, about, FAQs and the privacy policy prerendered (scripts/prerender.mjs) and the
// offers rendered for their search, in the language it read from ?lang= or the visitor's cookie, and
// marks <html> with it.
const prerenderedIn = document.documentElement.dataset.prerendered;
// A page rendered per request comes with what it was rendered with: the address's airports, the config.
const pageData = readPageData(document);
whenQueryClientLoads((queryClient) => seedPageBooking(queryClient, pageData));
// The painted page's route scripts start downloading once the browser has shown it (lib/first-paint.ts),
// their preloads added a few per task.
const routeModulesPreloaded = container.firstElementChild
  ? afterFirstContentfulPaint().then(() => preloadRouteModules())
  : preloadRouteModules();
// A booking's page shows prices: a worker loads the number data for them meanwhile, rather than the page's
// main thread before it hydrates (features/booking/lib/prepare-booking-prices.ts waits for it).
const { booking: pageBooking } = pageData;
if (pageBooking && prerenderedIn) void afterFirstContentfulPaint().then(() => warmBookingPrices(pageBooking, prerenderedIn));

/**
 * Marks <html data-ready> once React has hydrated or rendered the page, and the parts of it that hydrate
 * later (lib/hydrates-later.tsx): a tap before then does nothing on a page the server painted. The
 * browser tests wait for it after each page load (e2e/fixtures.ts).
 * It wraps the app rather than sitting beside it: a sibling would give every useId another value than
 * the server's render (src/entry-server.tsx), and an element made after hydration (the airport search
 * box) would point at a label id that is not in the page.
 */
function MarkReady({ children }: { children: ReactNode }) {
  useEffect(markRootHydrated, []);
  return children;
}

/** Whether to hydrate the prerendered page, once what its first render needs is loaded. */
const hydrating = async () => {
  // In English the first render waits for the English catalogs (Arabic ships in this bundle).
  await i18nReady;
  if (!container.firstElementChild || prerenderedIn !== i18n.language) return false;
  // The page's code first (its chunks are on the way once it has painted: the page names them,
  // lib/route-modules.ts), so the whole page hydrates in one pass; a failed download leaves the painted
  // page and renders afresh.
  await routeModulesPreloaded;
  return preloadPrerenderedPage(window.location.pathname).then(
    () => true,
    () => false,
  );
};

// The first render is a transition: React renders (or hydrates) it in slices and lets the browser
// breathe between them, rather than one long task that blocks a phone's main thread.
void hydrating().then((hydrate) =>
  startTransition(() => {
    const app = (
      <StrictMode>
        <MarkReady>
          <AppProviders pageData={pageData}>
            <AppRouter />
          </AppProviders>
        </MarkReady>
      </StrictMode>
    );
    // A page prerendered in another language than the visitor's (a choice made before the cookie
    // existed) is rendered afresh: React replaces it when the first render is ready.
    if (hydrate) {
      beginHydration();
      hydrateRoot(container, app);
    } else createRoot(container).render(app);
  }),
);

registerServiceWorker();
fetchBrandFontWhenSettled();
