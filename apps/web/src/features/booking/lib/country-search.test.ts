import { describe, expect, it } from 'vitest';
import { searchCountries } from './country-search';

const countries = [
  { code: 'SD', nameEn: 'Sudan', nameAr: 'السودان', dialCode: '+249' },
  { code: 'SS', nameEn: 'South Sudan', nameAr: 'جنوب السودان', dialCode: '+211' },
  { code: 'SA', nameEn: 'Saudi Arabia', nameAr: 'السعودية', dialCode: '+966' },
  { code: 'EG', nameEn: 'Egypt', nameAr: 'مصر', dialCode: '+20' },
];

describe('searchCountries', () => {
  it('puts an exact code first, then codes, then English names, then Arabic names', () => {
    expect(searchCountries(countries, 'sd').map((c) => c.code)).toEqual(['SD']);
    expect(searchCountries(countries, 's').map((c) => c.code)).toEqual(['SD', 'SS', 'SA']);
    expect(searchCountries(countries, 'y').map((c) => c.code)).toEqual(['EG']);
    expect(searchCountries(countries, 'sudan').map((c) => c.code)).toEqual(['SD', 'SS']);
    expect(searchCountries(countries, 'السودان').map((c) => c.code)).toEqual(['SD', 'SS']);
    expect(searchCountries(countries, 'مصر').map((c) => c.code)).toEqual(['EG']);
  });
});
