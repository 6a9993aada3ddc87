import type { Airport } from '@kwenda/contracts';

/** The list shows 20 airports when nothing is typed. */
export const AIRPORT_LIST_SIZE = 20;

// Arabic short vowels, tanween, shadda, sukun, dagger alif and Quranic marks (U+0610-061A, U+064B-065F, U+0670, U+06D6-06ED).
const ARABIC_MARKS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED]/g;
const TATWEEL = /\u0640/g;
const LATIN_MARKS = /\p{M}/gu;

/**
 * Folds text so a traveller finds a place however it is typed: case-insensitive; Arabic
 * hamza forms (أ إ آ ٱ) read as ا, ة as ه, ى as ي (and the Persian-keyboard ی ک as ي ك);
 * diacritics and tatweel ignored. The Unicode decomposition that drops Latin accents (Zürich)
 * also reads ؤ as و and ئ as ي, which suits search: people often type the bare letter.
 */
export function normalizeSearchText(text: string): string {
  return text
    .toLowerCase()
    .replace(ARABIC_MARKS, '')
    .replace(TATWEEL, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/[ىی]/g, 'ي')
    .replace(/ک/g, 'ك')
    .normalize('NFD')
    .replace(LATIN_MARKS, '')
    .replace(/[-'’.,،]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Spaces do not matter: "بورت سودان" is بورتسودان, "ابو ظبي" is أبوظبي, "port sudan" is "portsudan". */
const compact = (normalized: string) => normalized.replace(/ /g, '');

/** The Arabic article off each word, so "خرطوم" finds "الخرطوم" and "قاهرة" finds "القاهرة". */
const withoutArticles = (normalized: string) =>
  normalized
    .split(' ')
    .map((word) => (word.length > 3 && word.startsWith('ال') ? word.slice(2) : word))
    .join(' ');

/** One name, folded every way a query is compared with it. */
interface FoldedName {
  /** Normalized, with and without articles. */
  spaced: string[];
  /** The same without spaces. */
  compact: string[];
  /** Latin names only: the compact name from each word on ("elobeid", "obeid"), for typo matching. */
  fuzzy: string[];
}

const LATIN_WORD = /^[a-z]+$/;

function fold(name: string): FoldedName {
  const normalized = normalizeSearchText(name);
  const stripped = withoutArticles(normalized);
  const spaced = stripped === normalized ? [normalized] : [normalized, stripped];
  const words = normalized.split(' ');
  const latin = words.every((word) => LATIN_WORD.test(word));
  return {
    spaced,
    compact: spaced.map(compact),
    fuzzy: latin ? words.map((_, index) => words.slice(index).join('')) : [],
  };
}

interface IndexedAirport {
  airport: Airport;
  code: string;
  cities: FoldedName[];
  names: FoldedName[];
  alternatives: FoldedName[];
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
        cities: [fold(airport.cityNameAr), fold(airport.cityNameEn)],
        names: [fold(airport.nameAr), fold(airport.nameEn)],
        alternatives: (airport.altNames ?? []).map(fold),
      })));
    },
  };
}

/**
 * A query folded like the names. Its own article stays: names are compared with and without
 * theirs, and "الملك" must not become "ملك", the start of Malakal.
 */
interface Query {
  spaced: string;
  compact: string;
  /** Latin letters only, at least 4 of them: small typos are forgiven (maxTypos). */
  fuzzy: string | null;
}

function foldQuery(raw: string): Query | null {
  const spaced = normalizeSearchText(raw);
  if (!spaced) return null;
  const whole = compact(spaced);
  return { spaced, compact: whole, fuzzy: whole.length >= 4 && LATIN_WORD.test(whole) ? whole : null };
}

const isExact = (name: FoldedName, query: Query) => name.compact.includes(query.compact);
/** The whole name or one of its words starts with the query (spaces ignored). */
const isPrefix = (name: FoldedName, query: Query) =>
  name.compact.some((n) => n.startsWith(query.compact)) ||
  name.spaced.some((n) => n.split(' ').some((word) => word.startsWith(query.spaced)));
const isInside = (name: FoldedName, query: Query) => name.compact.some((n) => n.includes(query.compact));

/** Typos forgiven in a Latin query: one from 4 letters (Khartum), two from 8 (Adis Abeba). */
const maxTypos = (length: number) => (length >= 8 ? 2 : 1);

/**
 * The fewest edits (a letter added, dropped, changed, or two neighbours swapped) that turn `query`
 * into some beginning of `target`, or Infinity when more than `max`: "khartum" is 1 from "khartoum".
 */
export function prefixEditDistance(query: string, target: string, max: number): number {
  const width = Math.min(target.length, query.length + max);
  let before: number[] = [];
  let previous = Array.from({ length: width + 1 }, (_, j) => j);
  for (let i = 1; i <= query.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= width; j++) {
      const same = query[i - 1] === target[j - 1];
      let cost = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (same ? 0 : 1));
      if (i > 1 && j > 1 && query[i - 1] === target[j - 2] && query[i - 2] === target[j - 1])
        cost = Math.min(cost, before[j - 2]! + 1);
      row.push(cost);
      best = Math.min(best, cost);
    }
    if (best > max) return Infinity;
    before = previous;
    previous = row;
  }
  const distance = Math.min(...previous);
  return distance <= max ? distance : Infinity;
}

const Rank = {
  code: 0,
  codePrefix: 1,
  exact: 2,
  cityPrefix: 3,
  cityInside: 4,
  namePrefix: 5,
  nameInside: 6,
  alternativePrefix: 7,
  alternativeInside: 8,
  /** Plus the number of typos. */
  typo: 9,
} as const;

/**
 * The rank of one airport for a query, lower is better, null when it does not match: the IATA
 * code first; then a city or well-known other name typed in full (Omdurman, بحري for KRT); a city
 * starting with or containing the query (Arabic or English); the airport's name; other names;
 * last, a city or other name with a typo or two.
 */
function rank(entry: IndexedAirport, query: Query): number | null {
  const code = query.compact;
  if (entry.code === code) return Rank.code;
  if (code.length <= 3 && entry.code.startsWith(code)) return Rank.codePrefix;
  if (entry.cities.some((city) => isExact(city, query)) || entry.alternatives.some((name) => isExact(name, query)))
    return Rank.exact;
  if (entry.cities.some((city) => isPrefix(city, query))) return Rank.cityPrefix;
  if (entry.cities.some((city) => isInside(city, query))) return Rank.cityInside;
  if (entry.names.some((name) => isPrefix(name, query))) return Rank.namePrefix;
  if (entry.names.some((name) => isInside(name, query))) return Rank.nameInside;
  if (entry.alternatives.some((name) => isPrefix(name, query))) return Rank.alternativePrefix;
  if (entry.alternatives.some((name) => isInside(name, query))) return Rank.alternativeInside;
  if (!query.fuzzy) return null;
  const max = maxTypos(query.fuzzy.length);
  let typos = Infinity;
  for (const name of [...entry.cities, ...entry.alternatives])
    for (const target of name.fuzzy) typos = Math.min(typos, prefixEditDistance(query.fuzzy, target, max));
  return typos === Infinity ? null : Rank.typo + typos;
}

/**
 * Airports matching what the traveller typed, best first; ties keep the list order the API
 * gave (busiest airports for Sudanese travellers first). An empty query gives the first 20.
 */
export function searchAirports(index: AirportIndex, rawQuery: string, limit: number = AIRPORT_LIST_SIZE): Airport[] {
  const query = foldQuery(rawQuery);
  if (!query) return index.entries.slice(0, limit).map((entry) => entry.airport);
  const ranked: { airport: Airport; rank: number; order: number }[] = [];
  index.entries.forEach((entry, order) => {
    const r = rank(entry, query);
    if (r !== null) ranked.push({ airport: entry.airport, rank: r, order });
  });
  ranked.sort((a, b) => a.rank - b.rank || a.order - b.order);
  return ranked.slice(0, limit).map((match) => match.airport);
}
