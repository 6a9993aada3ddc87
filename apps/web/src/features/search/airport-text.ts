import type { Airport } from '@kwenda/contracts';

const regionNames = new Map<string, Intl.DisplayNames>();

/** A country's name in the traveller's language from the browser's own data (no list shipped). */
export function countryName(countryCode: string, language: string): string {
  let names = regionNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language], { type: 'region' });
    regionNames.set(language, names);
  }
  try {
    return names.of(countryCode) ?? countryCode;
  } catch {
    return countryCode;
  }
}

export const cityOf = (airport: Airport, language: string) => (language === 'ar' ? airport.cityNameAr : airport.cityNameEn);
export const airportNameOf = (airport: Airport, language: string) => (language === 'ar' ? airport.nameAr : airport.nameEn);
