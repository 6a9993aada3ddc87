import type { Airport } from '@kwenda/contracts';

/** SPEC section 9: the list shows 20 airports when nothing is typed. */
export const AIRPORT_LIST_SIZE = 20;

// Arabic short vowels, tanween, shadda, sukun, dagger alif and Quranic marks (U+0610-061A, U+064B-065F, U+0670, U+06D6-06ED).
const ARABIC_MARKS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED]/g;
const TATWEEL = /\u0640/g;
const LATIN_MARKS = /\p{M}/gu;

/**
 * Folds text so a traveller finds a place however it is typed: case-insensitive; Arabic
 * hamza forms (أ إ آ ٱ) read as ا, ة as ه, ى as ي; diacritics and tatweel ignored. The
 * Unicode decomposition that drops Latin accents (Zürich) also reads ؤ as و and ئ as ي,
 * which suits search: people often type the bare letter.
 */
export function normalizeSearchText(text: string): string {
  return text
    .toLowerCase()
    .replace(ARABIC_MARKS, '')
    .replace(TATWEEL, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .normalize('NFD')
    .replace(LATIN_MARKS, '')
    .replace(/[-'’.,،]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Words of a name, each also without the Arabic article, so "خرطوم" finds "الخرطوم". */
function wordStarts(normalized: string, query: string): boolean {
  if (normalized.startsWith(query)) return true;
  return normalized
    .split(' ')
    .some((word) => word.startsWith(query) || (word.startsWith('ال') && word.slice(2).startsWith(query)));
}

interface IndexedAirport {
  airport: Airport;
  code: string;
  cities: string[];
  names: string[];
}

/** Prepared once per airport list; searching then only compares folded strings. */
export interface AirportIndex {
  readonly entries: IndexedAirport[];
}

/** The entries are folded at the first search, not when the list arrives (18 ms on a page load, mostly never searched). */
export function indexAirports(airports: readonly Airport[]): AirportIndex {
  let entries: IndexedAirport[] | null = null;
  return {
    get entries() {
      return (entries ??= airports.map((airport) => ({
        airport,
        code: airport.iataCode.toLowerCase(),
        cities: [normalizeSearchText(airport.cityNameAr), normalizeSearchText(airport.cityNameEn)],
        names: [normalizeSearchText(airport.nameAr), normalizeSearchText(airport.nameEn)],
      })));
    },
  };
}

/**
 * The rank of one airport for a folded query, lower is better, null when it does not match.
 * SPEC section 5: the IATA code first, then the city (Arabic or English), then the airport name.
 */
function rank(entry: IndexedAirport, query: string): number | null {
  if (entry.code === query) return 0;
  if (query.length <= 3 && entry.code.startsWith(query)) return 1;
  if (entry.cities.some((city) => wordStarts(city, query))) return 2;
  if (entry.cities.some((city) => city.includes(query))) return 3;
  if (entry.names.some((name) => wordStarts(name, query))) return 4;
  if (entry.names.some((name) => name.includes(query))) return 5;
  return null;
}

/**
 * Airports matching what the traveller typed, best first; ties keep the list order the API
 * gave (busiest airports for Sudanese travellers first). An empty query gives the first 20.
 */
export function searchAirports(index: AirportIndex, rawQuery: string, limit: number = AIRPORT_LIST_SIZE): Airport[] {
  const query = normalizeSearchText(rawQuery);
  if (!query) return index.entries.slice(0, limit).map((entry) => entry.airport);
  const ranked: { airport: Airport; rank: number; order: number }[] = [];
  index.entries.forEach((entry, order) => {
    const r = rank(entry, query);
    if (r !== null) ranked.push({ airport: entry.airport, rank: r, order });
  });
  ranked.sort((a, b) => a.rank - b.rank || a.order - b.order);
  return ranked.slice(0, limit).map((match) => match.airport);
}
