import { describe, it, expect } from 'vitest';
import { countryListSchema } from '@kwenda/contracts';
import { listCountries } from './countries.js';

describe('listCountries', () => {
  const countries = listCountries();

  it('matches the contract', () => {
    expect(() => countryListSchema.parse(countries)).not.toThrow();
  });

  it('covers every ISO country once', () => {
    expect(countries.length).toBeGreaterThanOrEqual(245);
    const codes = countries.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of ['SD', 'SS', 'EG', 'SA', 'AE', 'GB', 'US', 'AQ', 'BV', 'HM', 'TF', 'UM', 'PN', 'GS']) {
      expect(codes).toContain(code);
    }
  });

  it('puts Sudan first with its Arabic name and +249', () => {
    expect(countries[0]).toEqual({ code: 'SD', nameEn: 'Sudan', nameAr: 'السودان', dialCode: '+249' });
  });

  it('sorts the rest by English name', () => {
    const rest = countries.slice(1).map((c) => c.nameEn);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('has real dial codes, including the territories libphonenumber lacks', () => {
    const byCode = new Map(countries.map((c) => [c.code, c]));
    expect(byCode.get('SS')?.dialCode).toBe('+211');
    expect(byCode.get('EG')?.dialCode).toBe('+20');
    expect(byCode.get('SA')?.dialCode).toBe('+966');
    expect(byCode.get('US')?.dialCode).toBe('+1');
    expect(byCode.get('GB')?.dialCode).toBe('+44');
    expect(byCode.get('BV')?.dialCode).toBe('+47');
    expect(byCode.get('UM')?.dialCode).toBe('+1');
  });

  it('has Arabic names in Arabic script and English names without Arabic', () => {
    for (const c of countries) {
      expect(c.nameAr, c.code).toMatch(/[\u0621-\u064A]/);
      expect(c.nameAr, c.code).not.toMatch(/[A-Za-z]/);
      expect(c.nameEn, c.code).not.toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('computes once', () => {
    expect(listCountries()).toBe(countries);
  });
});
