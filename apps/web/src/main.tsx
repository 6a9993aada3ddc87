import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './i18n';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';

// In English the first render waits for the English catalogs (Arabic ships in this bundle).
// The first render is a transition: React renders it in slices and lets the browser breathe between
// them, rather than one long task that blocks a phone's main thread (Lighthouse's total blocking time).
void i18nReady.then(() =>
  startTransition(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <AppProviders>
          <AppRouter />
        </AppProviders>
      </StrictMode>,
    ),
  ),
);
