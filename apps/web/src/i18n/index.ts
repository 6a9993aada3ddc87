import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import arCommon from './locales/ar/common.json';
import arErrors from './locales/ar/errors.json';
import arOffers from './locales/ar/offers.json';
import arSearch from './locales/ar/search.json';
import enCommon from './locales/en/common.json';
import enErrors from './locales/en/errors.json';
import enOffers from './locales/en/offers.json';
import enSearch from './locales/en/search.json';

/** Arabic is the source locale; English mirrors its keys (a test checks both have the same keys). */
export const resources = {
  ar: { common: arCommon, search: arSearch, offers: arOffers, errors: arErrors },
  en: { common: enCommon, search: enSearch, offers: enOffers, errors: enErrors },
} as const;

export const languages = ['ar', 'en'] as const;
export type Language = (typeof languages)[number];
export const LANGUAGE_STORAGE_KEY = 'kwenda.language';

export function directionOf(language: string): 'rtl' | 'ltr' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

function initialLanguage(): Language {
  const fromUrl = new URLSearchParams(window.location.search).get('lang');
  if (fromUrl === 'ar' || fromUrl === 'en') return fromUrl;
  const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return stored === 'en' ? 'en' : 'ar';
}

/** Keeps <html lang dir> and the stored choice in step with i18next. */
function applyLanguage(language: string) {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
  window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
}

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: 'ar',
  ns: ['common', 'search', 'offers', 'errors'],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});
applyLanguage(i18n.language);
i18n.on('languageChanged', applyLanguage);

export default i18n;
