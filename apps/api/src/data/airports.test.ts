import { describe, it, expect } from 'vitest';
import { airportSchema } from '@kwenda/contracts';
import { airportByCode, airportRecords, findAirport } from './airports.js';

/** The picker shows these first on an empty query, in this order. */
const FIRST_20 = [
  'PZU', 'KRT', 'CAI', 'JED', 'RUH', 'DOH', 'IST', 'ADD', 'DXB', 'KSL',
  'DOG', 'EBD', 'JUB', 'MED', 'DMM', 'AMM', 'NBO', 'KWI', 'MCT', 'HBE',
];

/** Codes the flight sandbox schedules use. */
const REQUIRED = [
  'PZU', 'KRT', 'KSL', 'DOG', 'EBD', 'CAI', 'HBE', 'ASW', 'LXR', 'HRG', 'SSH', 'JED', 'RUH', 'DMM', 'MED',
  'AHB', 'TIF', 'DOH', 'DXB', 'AUH', 'SHJ', 'KWI', 'BAH', 'MCT', 'AMM', 'BEY', 'BGW', 'EBL', 'ADD', 'NBO',
  'MBA', 'EBB', 'JUB', 'KGL', 'DAR', 'ZNZ', 'MGQ', 'JIB', 'ASM', 'NDJ', 'TUN', 'ALG', 'CMN', 'TIP', 'IST',
  'SAW', 'AYT', 'ESB', 'LHR', 'LGW', 'MAN', 'CDG', 'FRA', 'MUC', 'AMS', 'BRU', 'FCO', 'MXP', 'MAD', 'BCN',
  'ZRH', 'GVA', 'VIE', 'ARN', 'CPH', 'OSL', 'ATH', 'KUL', 'SIN', 'BKK', 'CAN', 'PEK', 'PVG', 'HKG', 'ICN',
  'NRT', 'BOM', 'DEL', 'KHI', 'ISB', 'LHE', 'DAC', 'CMB', 'JFK', 'IAD', 'ORD', 'YYZ', 'LOS', 'ABV', 'ACC',
  'DKR', 'JNB', 'CPT', 'SYD',
];

/** Sudanese airports with an IATA code and an ICAO location indicator. */
const SUDAN = [
  'PZU', 'KRT', 'KSL', 'DOG', 'EBD', 'ELF', 'UYL', 'EGN', 'KDX', 'MWE', 'WHF', 'ATB', 'RSS', 'GSU', 'DNI',
  'KST', 'NUD', 'NHF', 'GBU', 'ZLX', 'EDB',
];

const FIELDS = [
  'iataCode', 'icaoCode', 'nameEn', 'nameAr', 'cityNameEn', 'cityNameAr',
  'countryCode', 'timeZone', 'latitude', 'longitude',
] as const;

const ARABIC_LETTER = /[\u0621-\u064A]/;
const ARABIC_ANY = /[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/;
/** Harakat, tanween, shadda, sukun, superscript alif, Quranic marks and tatweel: none belong in names. */
const DIACRITIC_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x0610, 0x061a],
  [0x0640, 0x0640],
  [0x064b, 0x065f],
  [0x0670, 0x0670],
  [0x06d6, 0x06ed],
];
const hasDiacriticOrTatweel = (value: string): boolean =>
  [...value].some((ch) => {
    const cp = ch.codePointAt(0) ?? 0;
    return DIACRITIC_RANGES.some(([from, to]) => cp >= from && cp <= to);
  });
const LATIN = /[A-Za-z\u00C0-\u024F]/;

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

describe('airports.json', () => {
  it('has at least 300 airports', () => {
    expect(airportRecords.length).toBeGreaterThanOrEqual(300);
  });

  it('keeps the record shape', () => {
    for (const a of airportRecords) {
      expect(
        Object.keys(a)
          .filter((key) => key !== 'altNames')
          .sort(),
        a.iataCode,
      ).toEqual([...FIELDS].sort());
      for (const field of FIELDS) {
        const expected = field === 'latitude' || field === 'longitude' ? 'number' : 'string';
        expect(typeof a[field], `${a.iataCode}.${field}`).toBe(expected);
      }
      expect(a.iataCode).toMatch(/^[A-Z]{3}$/);
      expect(a.icaoCode, a.iataCode).toMatch(/^[A-Z]{4}$/);
      expect(a.countryCode, a.iataCode).toMatch(/^[A-Z]{2}$/);
      expect(() => airportSchema.parse(a), a.iataCode).not.toThrow();
    }
  });

  it('has unique IATA and ICAO codes', () => {
    const iata = airportRecords.map((a) => a.iataCode);
    const icao = airportRecords.map((a) => a.icaoCode);
    expect(new Set(iata).size).toBe(iata.length);
    expect(new Set(icao).size).toBe(icao.length);
  });

  it('uses real country codes', () => {
    for (const a of airportRecords) {
      expect(regionNames.of(a.countryCode), `${a.iataCode} ${a.countryCode}`).toBeTruthy();
    }
  });

  it('uses valid IANA time zones', () => {
    for (const a of airportRecords) {
      expect(() => new Intl.DateTimeFormat('en', { timeZone: a.timeZone }), a.iataCode).not.toThrow();
      expect(a.timeZone, a.iataCode).toMatch(/^[A-Z][A-Za-z_-]+(\/[A-Za-z_-]+)+$/);
    }
  });

  it('has coordinates in range', () => {
    for (const a of airportRecords) {
      expect(Number.isFinite(a.latitude), a.iataCode).toBe(true);
      expect(Number.isFinite(a.longitude), a.iataCode).toBe(true);
      expect(Math.abs(a.latitude), a.iataCode).toBeLessThanOrEqual(90);
      expect(Math.abs(a.longitude), a.iataCode).toBeLessThanOrEqual(180);
      expect(a.latitude === 0 && a.longitude === 0, a.iataCode).toBe(false);
    }
  });

  it('writes Arabic fields in Arabic letters only, without diacritics', () => {
    for (const a of airportRecords) {
      for (const value of [a.nameAr, a.cityNameAr]) {
        expect(value, a.iataCode).toMatch(ARABIC_LETTER);
        expect(value, a.iataCode).not.toMatch(LATIN);
        expect(hasDiacriticOrTatweel(value), `${a.iataCode} ${value}`).toBe(false);
        expect(value, a.iataCode).toBe(value.trim());
        expect(value, a.iataCode).not.toMatch(/\s{2}/);
      }
      expect(a.nameAr.startsWith('مطار '), a.iataCode).toBe(true);
    }
  });

  it('gives other names only where they add something: new spellings, in one script each, without diacritics', () => {
    const fold = (text: string) =>
      text
        .toLowerCase()
        .replace(/[أإآٱ]/g, 'ا')
        .replace(/ة/g, 'ه')
        .replace(/ى/g, 'ي')
        .replace(/[\s'-]/g, '');
    for (const a of airportRecords) {
      if (a.altNames === undefined) continue;
      expect(a.altNames.length, a.iataCode).toBeGreaterThan(0);
      const known = new Set([a.cityNameAr, a.cityNameEn].map(fold));
      for (const name of a.altNames) {
        expect(name, a.iataCode).toBe(name.trim());
        expect(name, a.iataCode).not.toMatch(/\s{2}/);
        expect(hasDiacriticOrTatweel(name), `${a.iataCode} ${name}`).toBe(false);
        expect(ARABIC_ANY.test(name) && LATIN.test(name), `${a.iataCode} ${name} mixes scripts`).toBe(false);
        expect(known.has(fold(name)), `${a.iataCode} ${name} repeats a name`).toBe(false);
        known.add(fold(name));
      }
    }
  });

  it('knows the names Sudanese travellers type for the places they fly to most', () => {
    const names = (code: string) => findAirport(code)?.altNames ?? [];
    // The three cities of greater Khartoum share its airport.
    expect(names('KRT')).toEqual(expect.arrayContaining(['Omdurman', 'أم درمان', 'Bahri', 'Khartoum North', 'بحري']));
    expect(names('DOG')).toContain('دنقله');
    expect(names('PZU')).toContain('بورسودان');
    expect(names('JED')).toEqual(expect.arrayContaining(['Jiddah', 'Mecca', 'مكة المكرمة']));
  });

  it('writes English fields without Arabic', () => {
    for (const a of airportRecords) {
      for (const value of [a.nameEn, a.cityNameEn]) {
        expect(value, a.iataCode).not.toMatch(ARABIC_ANY);
        expect(value, a.iataCode).toMatch(/^[A-Z0-9]/);
        expect(value, a.iataCode).toBe(value.trim());
      }
    }
  });

  it('includes every code the sandbox schedules use', () => {
    const missing = REQUIRED.filter((code) => !airportByCode.has(code));
    expect(missing).toEqual([]);
  });

  it('lists the 20 airports a Sudanese traveller wants most first', () => {
    expect(airportRecords.slice(0, 20).map((a) => a.iataCode)).toEqual(FIRST_20);
  });

  it('includes the Sudanese airports, all on Khartoum time', () => {
    const missing = SUDAN.filter((code) => !airportByCode.has(code));
    expect(missing).toEqual([]);
    const sudanese = airportRecords.filter((a) => a.countryCode === 'SD');
    expect(sudanese.length).toBeGreaterThanOrEqual(SUDAN.length);
    for (const a of sudanese) {
      expect(a.timeZone, a.iataCode).toBe('Africa/Khartoum');
      expect(a.icaoCode.startsWith('HS'), a.iataCode).toBe(true);
    }
  });

  it('puts Malakal and Juba in South Sudan', () => {
    expect(findAirport('JUB')?.countryCode).toBe('SS');
    expect(findAirport('MAK')?.countryCode).toBe('SS');
    expect(findAirport('MAK')?.timeZone).toBe('Africa/Juba');
  });

  it('finds airports by code case-insensitively', () => {
    expect(findAirport('pzu')?.cityNameAr).toBe('بورتسودان');
    expect(findAirport('JED')?.nameAr).toBe('مطار الملك عبدالعزيز الدولي');
    expect(findAirport('XXX')).toBeUndefined();
  });
});
