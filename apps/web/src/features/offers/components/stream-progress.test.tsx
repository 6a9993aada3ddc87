// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Translator } from '../../../i18n/translator';
import { TranslatorProvider } from '../../../i18n/use-translation';
import { StreamProgress } from './stream-progress';
import { TimedOutNotice } from './timed-out-notice';

const locales = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../i18n/locales');
const catalog = (language: string) =>
  JSON.parse(fs.readFileSync(path.join(locales, language, 'offers.json'), 'utf8')) as Record<string, unknown>;

// Mantine asks for the colour scheme media query; jsdom has no matchMedia.
window.matchMedia ??= (query: string) =>
  ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;

const mounted: (() => void)[] = [];
afterEach(() => mounted.splice(0).forEach((unmount) => unmount()));

async function render(language: 'ar' | 'en', children: ReactNode) {
  const i18n = new Translator({ lng: language, resources: { [language]: { offers: catalog(language) } } });
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  flushSync(() =>
    root.render(
      <TranslatorProvider i18n={i18n}>
        <DirectionProvider initialDirection={dir} detectDirection={false}>
          <MantineProvider>{children}</MantineProvider>
        </DirectionProvider>
      </TranslatorProvider>,
    ),
  );
  mounted.push(() => {
    root.unmount();
    container.remove();
  });
  return container;
}

describe('the streamed search on screen', () => {
  it('says how many airlines have answered, politely, with a bar as full as the search has come', async () => {
    for (const [language, text] of [
      ['en', 'Searching airlines… 2 of 3'],
      ['ar', 'جارٍ البحث لدى شركات الطيران… 2 من 3'],
    ] as const) {
      const screen = await render(language, <StreamProgress totalBatches={3} remainingBatches={1} />);
      const status = screen.querySelector('[role="status"]')!;
      expect(status.getAttribute('aria-live')).toBe('polite');
      expect(status.textContent).toBe(text);
      const bar = screen.querySelector('[role="progressbar"]')!;
      expect(Number(bar.getAttribute('aria-valuenow'))).toBeCloseTo(66.67, 1);
      expect(bar.getAttribute('aria-label')).toBe((catalog(language).stream as Record<string, string>).progressLabel);
    }
  });

  it('says the search timed out and offers to search again, in both languages', async () => {
    for (const language of ['en', 'ar'] as const) {
      const retry = vi.fn();
      const screen = await render(language, <TimedOutNotice onRetry={retry} />);
      const strings = catalog(language).stream as Record<string, string>;
      expect(screen.textContent).toContain(strings.timedOutTitle);
      expect(screen.textContent).toContain(strings.timedOutBody);
      const button = [...screen.querySelectorAll('button')].find((b) => b.textContent === strings.retry)!;
      button.click();
      expect(retry).toHaveBeenCalledOnce();
    }
    expect((catalog('en').stream as Record<string, string>).timedOutTitle).toBe('Some airlines took too long to answer');
  });
});
