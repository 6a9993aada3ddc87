import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Airport } from '@kwenda/contracts';
import { describe, expect, it } from 'vitest';
import { AIRPORT_LIST_SIZE, indexAirports, normalizeSearchText, prefixEditDistance, searchAirports } from './airport-search';

const airport = (
  iataCode: string,
  cityNameEn: string,
  cityNameAr: string,
  nameEn: string,
  nameAr: string,
  countryCode = 'SD',
): Airport => ({
  iataCode,
  cityNameEn,
  cityNameAr,
  nameEn,
  nameAr,
  countryCode,
});

// A slice of the real list, in the API's order (busiest for Sudanese travellers first).
const airports: Airport[] = [
  airport('PZU', 'Port Sudan', 'بورتسودان', 'Port Sudan New International Airport', 'مطار بورتسودان الدولي الجديد'),
  airport('KRT', 'Khartoum', 'الخرطوم', 'Khartoum International Airport', 'مطار الخرطوم الدولي'),
  airport('CAI', 'Cairo', 'القاهرة', 'Cairo International Airport', 'مطار القاهرة الدولي', 'EG'),
  airport('JED', 'Jeddah', 'جدة', 'King Abdulaziz International Airport', 'مطار الملك عبدالعزيز الدولي', 'SA'),
  airport('RUH', 'Riyadh', 'الرياض', 'King Khalid International Airport', 'مطار الملك خالد الدولي', 'SA'),
  airport('IST', 'Istanbul', 'إسطنبول', 'Istanbul Airport', 'مطار إسطنبول', 'TR'),
  airport('ADD', 'Addis Ababa', 'أديس أبابا', 'Bole International Airport', 'مطار بولي الدولي', 'ET'),
  airport('MED', 'Medina', 'المدينة المنورة', 'Prince Mohammad bin Abdulaziz Airport', 'مطار الأمير محمد بن عبدالعزيز', 'SA'),
  airport('AMM', 'Amman', 'عمان', 'Queen Alia International Airport', 'مطار الملكة علياء الدولي', 'JO'),
  airport('CMN', 'Casablanca', 'الدار البيضاء', 'Mohammed V International Airport', 'مطار محمد الخامس الدولي', 'MA'),
  airport('SAW', 'Istanbul', 'إسطنبول', 'Sabiha Gökçen International Airport', 'مطار صبيحة كوكجن الدولي', 'TR'),
  airport('ZRH', 'Zurich', 'زيورخ', 'Zürich Airport', 'مطار زيورخ', 'CH'),
  airport('SCT', 'Socotra', 'سقطرى', 'Socotra Airport', 'مطار سقطرى', 'YE'),
  airport('ACA', 'Cairns', 'كيرنز', 'Cairns Airport', 'مطار كيرنز', 'AU'),
];
const index = indexAirports(airports);
const codes = (query: string) => searchAirports(index, query).map((a) => a.iataCode);

describe('normalizeSearchText', () => {
  it('folds hamza forms, taa marbuta, alif maqsura, diacritics and tatweel', () => {
    expect(normalizeSearchText('إسطنبول')).toBe('اسطنبول');
    expect(normalizeSearchText('أديس آبابا')).toBe('اديس ابابا');
    expect(normalizeSearchText('جدة')).toBe('جده');
    expect(normalizeSearchText('سقطرى')).toBe('سقطري');
    expect(normalizeSearchText('الخَرْطُوم')).toBe('الخرطوم');
    expect(normalizeSearchText('القـــاهرة')).toBe('القاهره');
  });

  it('reads the Persian-keyboard yeh and kaf as the Arabic letters', () => {
    expect(normalizeSearchText('دبی')).toBe(normalizeSearchText('دبي'));
    expect(normalizeSearchText('کسلا')).toBe('كسلا');
  });

  it('is case-insensitive and drops Latin accents and stray spaces', () => {
    expect(normalizeSearchText('  ZÜRICH ')).toBe('zurich');
    expect(normalizeSearchText('Port   Sudan')).toBe('port sudan');
  });
});

describe('searchAirports', () => {
  it('shows the first 20 airports in list order when nothing is typed', () => {
    const many = indexAirports(
      Array.from({ length: 30 }, (_, i) =>
        airport(
          `A${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`,
          `City ${i}`,
          `مدينة ${i}`,
          `Airport ${i}`,
          `مطار ${i}`,
        ),
      ),
    );
    const list = searchAirports(many, '   ');
    expect(list).toHaveLength(AIRPORT_LIST_SIZE);
    expect(list[0]!.cityNameEn).toBe('City 0');
    expect(list[19]!.cityNameEn).toBe('City 19');
    expect(codes('')).toEqual(airports.map((a) => a.iataCode));
  });

  it('puts an IATA code match before city and airport-name matches', () => {
    // "cai" is Cairo's code and the start of Cairns' name: the code wins.
    expect(codes('cai')).toEqual(['CAI', 'ACA']);
    expect(codes('CAI')[0]).toBe('CAI');
    // "ist" matches IST's code, then Istanbul as a city (SAW).
    expect(codes('ist')).toEqual(['IST', 'SAW']);
  });

  it('finds cities in English, case-insensitively', () => {
    expect(codes('khartoum')).toEqual(['KRT']);
    expect(codes('PORT sud')).toEqual(['PZU']);
    expect(codes('istanbul')).toEqual(['IST', 'SAW']);
  });

  it('finds cities in Arabic whatever hamza, taa marbuta or diacritics are typed', () => {
    expect(codes('جده')).toEqual(['JED']);
    expect(codes('جدة')).toEqual(['JED']);
    expect(codes('اسطنبول')).toEqual(['IST', 'SAW']);
    expect(codes('اديس')).toEqual(['ADD']);
    expect(codes('الخَرطوم')).toEqual(['KRT']);
    expect(codes('سقطري')).toEqual(['SCT']);
  });

  it('finds a city without its Arabic article', () => {
    expect(codes('خرطوم')).toEqual(['KRT']);
    expect(codes('المدينه')).toEqual(['MED']);
  });

  it('falls back to the airport name after codes and cities', () => {
    expect(codes('king khalid')).toEqual(['RUH']);
    // "الملكة" (Queen Alia) starts with "الملك" too.
    expect(codes('الملك')).toEqual(['JED', 'RUH', 'AMM']);
    expect(codes('gokcen')).toEqual(['SAW']);
    // "mohammed" is in an airport name only; "medina" (city) is not confused with it.
    expect(codes('mohammed')).toEqual(['CMN']);
  });

  it('ranks a city match before an airport-name match', () => {
    // "عمان" is Amman's city; no airport name ranks ahead of it.
    expect(codes('عمان')[0]).toBe('AMM');
    // "Sudan" is part of the city Port Sudan (word start) only.
    expect(codes('sudan')).toEqual(['PZU']);
  });

  it('returns nothing for a query that matches no airport', () => {
    expect(codes('xyzzy')).toEqual([]);
  });
});

describe('prefixEditDistance', () => {
  it('counts the fewest edits to some beginning of the name', () => {
    expect(prefixEditDistance('khartum', 'khartoum', 1)).toBe(1);
    expect(prefixEditDistance('khar', 'khartoum', 1)).toBe(0);
    expect(prefixEditDistance('obied', 'obeid', 1)).toBe(1); // neighbours swapped
    expect(prefixEditDistance('kasala', 'kassala', 1)).toBe(1);
    expect(prefixEditDistance('adisababa', 'addisababa', 2)).toBe(1);
    expect(prefixEditDistance('paris', 'parma', 1)).toBe(Infinity);
  });
});

/** The list the API serves, with its other names (apps/api/src/data/airports.json). */
const realAirports = (
  JSON.parse(
    fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../api/src/data/airports.json'), 'utf8'),
  ) as Airport[]
).map(({ iataCode, nameAr, nameEn, cityNameAr, cityNameEn, countryCode, altNames }) => ({
  iataCode,
  nameAr,
  nameEn,
  cityNameAr,
  cityNameEn,
  countryCode,
  ...(altNames ? { altNames } : {}),
}));
const realIndex = indexAirports(realAirports);
const first = (query: string) => searchAirports(realIndex, query)[0]?.iataCode;

describe('searchAirports on the real list: the spellings travellers type', () => {
  it.each([
    // Arabic: spaces, hamza, taa marbuta, alef maqsura and other spellings
    ['بورت سودان', 'PZU'],
    ['بورتسودان', 'PZU'],
    ['بورسودان', 'PZU'],
    ['ابو ظبي', 'AUH'],
    ['أبو ظبى', 'AUH'],
    ['دنقله', 'DOG'],
    ['دنقلة', 'DOG'],
    ['دنقلا', 'DOG'],
    ['جده', 'JED'],
    ['جدة', 'JED'],
    ['مكة', 'JED'],
    ['القاهره', 'CAI'],
    ['اديس ابابا', 'ADD'],
    ['أديس أبابا', 'ADD'],
    ['الرياض', 'RUH'],
    ['رياض', 'RUH'],
    ['اسطنبول', 'IST'],
    ['إسطنبول', 'IST'],
    ['استنبول', 'IST'],
    ['دبى', 'DXB'],
    ['الدوحه', 'DOH'],
    ['الابيض', 'EBD'],
    ['الأبيض', 'EBD'],
    ['نيالا', 'UYL'],
    ['كسلا', 'KSL'],
    // The three cities of greater Khartoum
    ['الخرطوم', 'KRT'],
    ['أم درمان', 'KRT'],
    ['امدرمان', 'KRT'],
    ['بحري', 'KRT'],
    ['الخرطوم بحري', 'KRT'],
    ['Omdurman', 'KRT'],
    ['Bahri', 'KRT'],
    ['Khartoum North', 'KRT'],
    // English, other spellings and small typos
    ['Khartum', 'KRT'],
    ['khartoum', 'KRT'],
    ['Port Sudan', 'PZU'],
    ['portsudan', 'PZU'],
    ['Abu Dhabi', 'AUH'],
    ['abudhabi', 'AUH'],
    ['Dongola', 'DOG'],
    ['Dongla', 'DOG'],
    ['Jeddah', 'JED'],
    ['Jiddah', 'JED'],
    ['Jedah', 'JED'],
    ['Mecca', 'JED'],
    ['Cairo', 'CAI'],
    ['Addis Ababa', 'ADD'],
    ['Adis Ababa', 'ADD'],
    ['Addis Abeba', 'ADD'],
    ['Riyadh', 'RUH'],
    ['Riyad', 'RUH'],
    ['Istanbul', 'IST'],
    ['Istambul', 'IST'],
    ['Dubai', 'DXB'],
    ['Dubay', 'DXB'],
    ['Doha', 'DOH'],
    ['Qatar', 'DOH'],
    ['El Obeid', 'EBD'],
    ['Obeid', 'EBD'],
    ['Al Ubayyid', 'EBD'],
    ['Nyala', 'UYL'],
    ['Kassala', 'KSL'],
    ['Kasala', 'KSL'],
    ['Kampala', 'EBB'],
  ])('%s finds %s first', (query, code) => {
    expect(first(query)).toBe(code);
  });

  it('still puts the code first, then cities, names, other names and last typos', () => {
    expect(first('krt')).toBe('KRT');
    // "بحري" is another name of Khartoum and the start of Bahrain's airport name (البحرين): the full name wins.
    const bahri = searchAirports(realIndex, 'بحري').map((a) => a.iataCode);
    expect(bahri.slice(0, 2)).toEqual(['KRT', 'BAH']);
    // A typo match comes after every exact one.
    const doha = searchAirports(realIndex, 'doha').map((a) => a.iataCode);
    expect(doha[0]).toBe('DOH');
  });

  it('does not let typos flood the list', () => {
    expect(searchAirports(realIndex, 'khartum').length).toBeLessThanOrEqual(3);
    expect(searchAirports(realIndex, 'qqqq')).toEqual([]);
    // Three letters are a code or a start, never a typo.
    expect(searchAirports(realIndex, 'xzq')).toEqual([]);
  });
});
