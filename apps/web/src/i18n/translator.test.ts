import fs from 'node:fs';
import path from 'node:path';
// i18next itself, only as the reference the translator is checked against.
// eslint-disable-next-line no-restricted-imports
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { Translator, type Resources } from './translator';

const locales = path.join(import.meta.dirname, 'locales');
const resources: Resources = {};
for (const language of fs.readdirSync(locales))
  for (const file of fs.readdirSync(path.join(locales, language)))
    (resources[language] ??= {})[file.replace(/\.json$/, '')] = JSON.parse(
      fs.readFileSync(path.join(locales, language, file), 'utf8'),
    );

/** Every key of a catalog, with plural suffixes folded into the key they belong to. */
function keysOf(tree: Record<string, unknown>, prefix = ''): string[] {
  return [
    ...new Set(
      Object.entries(tree).flatMap(([key, value]) =>
        typeof value === 'object' && value !== null
          ? keysOf(value as Record<string, unknown>, `${prefix}${key}.`)
          : [`${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`],
      ),
    ),
  ];
}

/** i18next as the site configured it before this translator replaced it. */
async function reference(language: string) {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    fallbackLng: 'ar',
    defaultNS: 'common',
    resources,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

const values = { count: 0, name: 'X', city: 'Y', duration: 'Z', date: 'D', time: 'T', amount: 'A' };

describe('the translator', () => {
  it.each(['ar', 'en'])('answers as i18next did for every key of every catalog in %s, plurals included', async (language) => {
    const expected = await reference(language);
    const actual = new Translator({ lng: language, fallbackLng: 'ar', defaultNS: 'common', resources });
    let compared = 0;
    for (const [ns, catalog] of Object.entries(resources[language]!)) {
      for (const key of keysOf(catalog)) {
        for (const count of [0, 1, 2, 3, 11, 100, undefined]) {
          const options = { ...values, count };
          // As a component calls it: useTranslation(ns), then t(key).
          const t = (translate: unknown) => (translate as (key: string, options: object) => unknown)(key, options);
          expect(t(actual.getFixedT(null, ns as 'common')), `${language} ${ns}:${key} count ${count}`).toBe(
            t(expected.getFixedT(null, ns as 'common')),
          );
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(5000);
  });

  it('picks Arabic plural forms by Intl.PluralRules, with _zero for none', () => {
    const t = new Translator({
      lng: 'ar',
      resources: {
        ar: {
          common: {
            seats: {
              n_zero: 'لا مقاعد',
              n_one: 'مقعد',
              n_two: 'مقعدان',
              n_few: '{{count}} مقاعد',
              n_many: '{{count}} مقعدًا',
              n_other: '{{count}} مقعد',
            },
          },
        },
      },
    }).t as unknown as (key: string, options?: object) => string;
    expect([0, 1, 2, 3, 11, 100].map((count) => t('seats.n', { count }))).toEqual([
      'لا مقاعد',
      'مقعد',
      'مقعدان',
      '3 مقاعد',
      '11 مقعدًا',
      '100 مقعد',
    ]);
  });

  it('falls back to Arabic, then to the default value or the key; takes the first key of a list that exists', () => {
    const i18n = new Translator({
      lng: 'en',
      fallbackLng: 'ar',
      resources: {
        ar: { common: { only: 'عربي', hello: 'مرحبا {{name}}' } },
        en: { common: { hello: 'Hello {{name}}' }, errors: { x: 'E' } },
      },
    });
    const t = i18n.t as unknown as (key: string | string[], options?: object) => unknown;
    expect(t('only')).toBe('عربي');
    expect(t('hello', { name: 'Amna' })).toBe('Hello Amna');
    expect(t('hello')).toBe('Hello {{name}}');
    expect(t('hello', { name: undefined })).toBe('Hello ');
    expect(t('errors:missing', { defaultValue: 'none for {{name}}', name: 'her' })).toBe('none for her');
    expect(t('errors:missing.key')).toBe('missing.key');
    expect(t(['errors:missing', 'errors:x'])).toBe('E');
    expect(t('hello', { returnObjects: true, name: 'A' })).toBe('Hello A');
  });

  it('gives objects with their strings interpolated, and tells listeners when the language changes', async () => {
    const i18n = new Translator({ lng: 'ar', resources: { en: { common: { list: [{ q: 'Q {{n}}' }] } }, ar: { common: {} } } });
    const seen: string[] = [];
    i18n.on('languageChanged', (language) => seen.push(language));
    await i18n.changeLanguage('en');
    expect(seen).toEqual(['en']);
    expect(i18n.dir()).toBe('ltr');
    expect((i18n.t as unknown as (key: string, options: object) => unknown)('list', { returnObjects: true, n: 1 })).toEqual([
      { q: 'Q 1' },
    ]);
    expect((i18n.getFixedT('ar') as unknown as (key: string) => unknown)('list')).toBe('list');
  });
});
