import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './i18n';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';

// In English the first render waits for the English catalogs (Arabic ships in this bundle).
void i18nReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  ),
);
