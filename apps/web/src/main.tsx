import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import i18n, { i18nReady } from './i18n';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';

const container = document.getElementById('root')!;
// The server sends the home, about and FAQ pages prerendered (scripts/prerender.mjs) in the language
// it read from the visitor's cookie, and marks <html> with it.
const prerenderedIn = document.documentElement.dataset.prerendered;

// In English the first render waits for the English catalogs (Arabic ships in this bundle).
// The first render is a transition: React renders (or hydrates) it in slices and lets the browser
// breathe between them, rather than one long task that blocks a phone's main thread.
void i18nReady.then(() =>
  startTransition(() => {
    const app = (
      <StrictMode>
        <AppProviders>
          <AppRouter />
        </AppProviders>
      </StrictMode>
    );
    // A page prerendered in another language than the visitor's (a choice made before the cookie
    // existed) is rendered afresh: React replaces it when the first render is ready.
    if (container.firstElementChild && prerenderedIn === i18n.language) hydrateRoot(container, app);
    else createRoot(container).render(app);
  }),
);
