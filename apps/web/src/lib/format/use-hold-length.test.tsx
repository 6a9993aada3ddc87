import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PublicConfig } from '@kwenda/contracts';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Translator } from '../../i18n/translator';
import { TranslatorProvider, useTranslation } from '../../i18n/use-translation';
import { PageDataContext } from '../page-data';
import { useHoldLength } from './use-hold-length';

const locales = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../i18n/locales');
const catalog = (language: string, namespace: string) =>
  JSON.parse(fs.readFileSync(path.join(locales, language, `${namespace}.json`), 'utf8')) as Record<string, unknown>;

/** The pay-later choice's sentence, as the payment step writes it, for a server whose HOLD_MINUTES is `holdMinutes`. */
async function laterBody(language: 'ar' | 'en', holdMinutes: number | null) {
  const i18n = new Translator({ lng: language, resources: { [language]: { booking: catalog(language, 'booking') } } });
  const config = holdMinutes === null ? undefined : ({ holdMinutes } as PublicConfig);
  function LaterBody() {
    const { t } = useTranslation('booking');
    return <p>{t('payment.laterBody', { duration: useHoldLength() })}</p>;
  }
  return renderToString(
    <TranslatorProvider i18n={i18n}>
      <PageDataContext.Provider value={{ airports: [], ...(config ? { config } : {}) }}>
        <LaterBody />
      </PageDataContext.Provider>
    </TranslatorProvider>,
  );
}

describe('the hold length on screen', () => {
  it("says the server's HOLD_MINUTES, not a fixed two hours", async () => {
    expect(await laterBody('ar', 90)).toContain('نحجز مقاعدك لمدة ساعة و30 دقيقة.');
    expect(await laterBody('en', 90)).toContain('We hold your seats for 1 hour and 30 minutes.');
    expect(await laterBody('ar', 120)).toContain('لمدة ساعتين.');
    expect(await laterBody('en', 45)).toContain('for 45 minutes.');
  });

  it('says the default length on a page rendered before the config is known', async () => {
    expect(await laterBody('en', null)).toContain('for 2 hours.');
  });

  it('is never written into a catalog: every hold sentence takes {{duration}}', () => {
    // Arriving at the airport two hours before a domestic flight is advice, not the hold.
    const airportAdvice = /الرحلات الداخلية|domestic/;
    for (const language of ['ar', 'en'])
      for (const namespace of ['booking', 'content', 'common', 'offers']) {
        const text = JSON.stringify(catalog(language, namespace));
        const fixed = [...text.matchAll(/"[^"]*(ساعتين|ساعتان|الساعتين|two hours|Two hours)[^"]*"/g)]
          .map((m) => m[0])
          .filter((sentence) => !airportAdvice.test(sentence));
        expect(fixed, `${language}/${namespace}`).toEqual([]);
      }
  });
});
