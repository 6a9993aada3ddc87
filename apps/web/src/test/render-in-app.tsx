import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Translator } from '../i18n/translator';
import { TranslatorProvider } from '../i18n/use-translation';
import { resetVisitReads } from '../lib/visit-read';
import { standInForTheBrowser } from './browser-stand-ins';

/**
 * Renders a piece of the web app in jsdom as the app shows it: Mantine (without transitions or
 * portals, so a dialog is in the page at once), a fresh query client, and the real catalogs of
 * `language`. For Testing Library's queries by role, label and text.
 */

const locales = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../i18n/locales');

function catalogs(language: string) {
  const dir = path.join(locales, language);
  return Object.fromEntries(
    fs
      .readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => [name.replace(/\.json$/, ''), JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'))]),
  );
}

export function renderInApp(ui: ReactNode, language: 'en' | 'ar' = 'en') {
  standInForTheBrowser();
  resetVisitReads();
  const i18n = new Translator({ lng: language, resources: { [language]: catalogs(language) } });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <TranslatorProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider env="test">{ui}</MantineProvider>
      </QueryClientProvider>
    </TranslatorProvider>,
  );
  // Any key of any namespace ('admin-desk:reject.title'), as the test names it.
  const t = i18n.t as unknown as (key: string, options?: Record<string, unknown>) => string;
  return { ...view, t };
}
