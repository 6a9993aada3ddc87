import { describe, expect, it } from 'vitest';
import ar from '../../../../i18n/locales/ar/admin-today.json';
import en from '../../../../i18n/locales/en/admin-today.json';
import { Translator } from '../../../../i18n/translator';

function translate(language: 'ar' | 'en') {
  const translator = new Translator({
    lng: language,
    defaultNS: 'admin-today',
    resources: { ar: { 'admin-today': ar }, en: { 'admin-today': en } },
  });
  return translator.t as unknown as (key: string, options?: Record<string, unknown>) => string;
}

describe("Today's action cards count in the language's plural forms", () => {
  it('in Arabic: one, two, a few, many and a hundred', () => {
    const t = translate('ar');
    const title = (count: number) => t('actions.transfers.title', { count });
    expect([0, 1, 2, 3, 11, 100].map(title)).toEqual([
      'تحويلات للمراجعة',
      'تحويل للمراجعة',
      'تحويلان للمراجعة',
      'تحويلات للمراجعة',
      'تحويلًا للمراجعة',
      'تحويل للمراجعة',
    ]);
    expect(t('actions.ticketing.title', { count: 1 })).toBe('حجز مدفوع بلا تذكرة');
    expect(t('actions.ticketing.title', { count: 2 })).toBe('حجزان مدفوعان بلا تذاكر');
  });

  it('in English: one and other', () => {
    const t = translate('en');
    expect(t('actions.transfers.title', { count: 1 })).toBe('Transfer to verify');
    expect(t('actions.transfers.title', { count: 4 })).toBe('Transfers to verify');
  });

  it('every Arabic title with a count has all six forms of Intl.PluralRules("ar")', () => {
    const categories = new Intl.PluralRules('ar').resolvedOptions().pluralCategories;
    expect([...categories].sort()).toEqual(['few', 'many', 'one', 'other', 'two', 'zero']);
    for (const [name, card] of Object.entries(ar.actions)) {
      if (typeof card !== 'object') continue;
      for (const category of categories) expect(card, `${name} ${category}`).toHaveProperty(`title_${category}`);
    }
  });
});
