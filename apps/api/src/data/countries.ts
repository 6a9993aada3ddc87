import type { Country } from '@kwenda/contracts';
import countries from 'i18n-iso-countries';
import arLocale from 'i18n-iso-countries/langs/ar.json' with { type: 'json' };
import enLocale from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js';

/**
 * Every ISO 3166-1 alpha-2 country (plus XK, Kosovo, which i18n-iso-countries and libphonenumber
 * both carry) with Arabic and English names from i18n-iso-countries and the calling code from
 * libphonenumber-js. Sudan comes first (the default for phone inputs), the rest by English name.
 */

countries.registerLocale(arLocale);
countries.registerLocale(enLocale);

/** Territories with no numbering plan of their own in libphonenumber: the code in practice. */
const FALLBACK_DIAL_CODES: Readonly<Record<string, string>> = {
  AQ: '+672', // Antarctica (Australian Antarctic Territory range)
  BV: '+47', // Bouvet Island (Norway)
  GS: '+500', // South Georgia and the South Sandwich Islands (shares the Falklands code)
  HM: '+672', // Heard Island and McDonald Islands
  PN: '+64', // Pitcairn (served through New Zealand)
  TF: '+262', // French Southern Territories (shares Réunion's code)
  UM: '+1', // United States Minor Outlying Islands
};

/**
 * Where i18n-iso-countries' default English name is the long formal one, use its shorter alias,
 * which is what people type and what airlines print.
 */
const PREFER_ENGLISH_ALIAS: ReadonlySet<string> = new Set(['CN', 'IR', 'MK', 'PS', 'RU', 'TW', 'TZ', 'US']);

const SUDAN = 'SD';

let cache: Country[] | undefined;

function dialCodeOf(code: string): string {
  if (isSupportedCountry(code)) return `+${getCountryCallingCode(code)}`;
  const fallback = FALLBACK_DIAL_CODES[code];
  if (!fallback) throw new Error(`No dial code for country ${code}`);
  return fallback;
}

function englishNameOf(code: string): string | undefined {
  return PREFER_ENGLISH_ALIAS.has(code)
    ? countries.getName(code, 'en', { select: 'alias' })
    : countries.getName(code, 'en');
}

function build(): Country[] {
  const list: Country[] = [];
  for (const code of Object.keys(countries.getAlpha2Codes())) {
    const nameEn = englishNameOf(code);
    const nameAr = countries.getName(code, 'ar');
    if (!nameEn || !nameAr) throw new Error(`Missing name for country ${code}`);
    list.push({ code, nameEn, nameAr, dialCode: dialCodeOf(code) });
  }
  list.sort((a, b) => {
    if (a.code === SUDAN) return -1;
    if (b.code === SUDAN) return 1;
    return a.nameEn.localeCompare(b.nameEn, 'en');
  });
  return list;
}

/** All countries, computed once. Callers must not mutate the result. */
export function listCountries(): Country[] {
  cache ??= build();
  return cache;
}
