import type { Airline } from '@kwenda/contracts';
import { airlineByCode, airlineLogoPath } from '../../data/airlines.js';

export { airlineLogoPath };

export interface Allowance {
  quantity: number;
  weight: number;
}

/** What the sandbox needs to know about a carrier to schedule, equip and price its flights. */
export interface AirlineProfile {
  iataCode: string;
  nameEn: string;
  nameAr: string;
  /** ISO country of the carrier's home base. */
  country: string;
  /** Logo badge colours: background, text, accent stripe. */
  colors: readonly [string, string, string];
  model: 'full-service' | 'low-cost';
  /** Fare positioning against the market (low-cost ~0.8, premium Gulf/European ~1.1). */
  priceFactor: number;
  /** Business fare as a multiple of economy on this carrier (2.5-3.5). */
  businessFactor: number;
  fleet: { regional?: string; narrow?: string; wide?: string; long?: string };
  cabins: {
    business: boolean;
    /** Premium economy on wide-bodies from this flight distance (km). */
    premiumEconomyFromKm?: number;
    /** First class on wide-bodies from this flight distance (km). */
    firstFromKm?: number;
  };
  /** Checked bags in the economy fare; low-cost carriers include none. */
  economyHold: Allowance;
  /** Economy checked bags on flights of 5,000 km or more, when more generous. */
  economyHoldLongHaul?: Allowance;
  carryOnKg: number;
}

const bag = (quantity: number, weight: number): Allowance => ({ quantity, weight });

/** Each carrier's names are data/airlines.ts's, the one list the API names airlines by. */
const unnamed: Omit<AirlineProfile, 'nameEn' | 'nameAr'>[] = [
  // Sudanese carriers: thin fleets, generous bags (travellers carry goods home).
  {
    iataCode: 'SD',
    country: 'SD',
    colors: ['#0b3c8c', '#ffffff', '#f2b705'],
    model: 'full-service',
    priceFactor: 0.98,
    businessFactor: 2.6,
    fleet: { narrow: 'A320' },
    cabins: { business: true },
    economyHold: bag(2, 23),
    carryOnKg: 7,
  },
  {
    iataCode: '3T',
    country: 'SD',
    colors: ['#0a4da2', '#ffffff', '#39b54a'],
    model: 'full-service',
    priceFactor: 0.95,
    businessFactor: 2.5,
    fleet: { regional: 'CRJ200', narrow: 'B737-500' },
    cabins: { business: false },
    economyHold: bag(2, 23),
    carryOnKg: 7,
  },
  {
    iataCode: 'J4',
    country: 'SD',
    colors: ['#00703c', '#ffffff', '#c9a227'],
    model: 'full-service',
    priceFactor: 0.93,
    businessFactor: 2.5,
    fleet: { narrow: 'B737-400' },
    cabins: { business: false },
    economyHold: bag(1, 30),
    carryOnKg: 7,
  },
  // Middle East and North Africa.
  {
    iataCode: 'MS',
    country: 'EG',
    colors: ['#0b2d72', '#ffffff', '#c8a050'],
    model: 'full-service',
    priceFactor: 1.0,
    businessFactor: 2.8,
    fleet: { regional: 'A220-300', narrow: 'B737-800', wide: 'B787-9', long: 'B777-300ER' },
    cabins: { business: true },
    economyHold: bag(1, 23),
    economyHoldLongHaul: bag(2, 23),
    carryOnKg: 8,
  },
  {
    iataCode: 'SV',
    country: 'SA',
    colors: ['#00693e', '#ffffff', '#c6a969'],
    model: 'full-service',
    priceFactor: 1.04,
    businessFactor: 3.0,
    fleet: { narrow: 'A320neo', wide: 'B787-10', long: 'B777-300ER' },
    cabins: { business: true },
    economyHold: bag(1, 23),
    economyHoldLongHaul: bag(2, 23),
    carryOnKg: 7,
  },
  {
    iataCode: 'XY',
    country: 'SA',
    colors: ['#4b2884', '#ffffff', '#00b5e2'],
    model: 'low-cost',
    priceFactor: 0.8,
    businessFactor: 2.5,
    fleet: { narrow: 'A320neo' },
    cabins: { business: false },
    economyHold: bag(0, 0),
    carryOnKg: 7,
  },
  {
    iataCode: 'F3',
    country: 'SA',
    colors: ['#9dc63b', '#1d1d1b', '#1d1d1b'],
    model: 'low-cost',
    priceFactor: 0.78,
    businessFactor: 2.5,
    fleet: { narrow: 'A320neo' },
    cabins: { business: false },
    economyHold: bag(0, 0),
    carryOnKg: 7,
  },
  {
    iataCode: 'FZ',
    country: 'AE',
    colors: ['#1e3763', '#ffffff', '#f58220'],
    model: 'low-cost',
    priceFactor: 0.86,
    businessFactor: 2.7,
    fleet: { narrow: 'B737 MAX 8' },
    cabins: { business: true },
    economyHold: bag(0, 0),
    carryOnKg: 7,
  },
  {
    iataCode: 'G9',
    country: 'AE',
    colors: ['#e11b22', '#ffffff', '#8c8c8c'],
    model: 'low-cost',
    priceFactor: 0.78,
    businessFactor: 2.5,
    fleet: { narrow: 'A320' },
    cabins: { business: false },
    economyHold: bag(0, 0),
    carryOnKg: 7,
  },
  {
    iataCode: 'QR',
    country: 'QA',
    colors: ['#5c0632', '#ffffff', '#a7a9ac'],
    model: 'full-service',
    priceFactor: 1.12,
    businessFactor: 3.4,
    fleet: { narrow: 'A320', wide: 'B787-8', long: 'A350-1000' },
    cabins: { business: true, firstFromKm: 5000 },
    economyHold: bag(1, 25),
    economyHoldLongHaul: bag(2, 23),
    carryOnKg: 7,
  },
  {
    iataCode: 'EK',
    country: 'AE',
    colors: ['#d71921', '#ffffff', '#c5a572'],
    model: 'full-service',
    priceFactor: 1.12,
    businessFactor: 3.3,
    fleet: { wide: 'B777-300ER', long: 'A380-800' },
    cabins: { business: true, premiumEconomyFromKm: 5000, firstFromKm: 3000 },
    economyHold: bag(1, 25),
    economyHoldLongHaul: bag(2, 23),
    carryOnKg: 7,
  },
  {
    iataCode: 'EY',
    country: 'AE',
    colors: ['#bd8b13', '#ffffff', '#3a2f28'],
    model: 'full-service',
    priceFactor: 1.06,
    businessFactor: 3.2,
    fleet: { narrow: 'A321neo', wide: 'B787-9', long: 'A350-1000' },
    cabins: { business: true, firstFromKm: 6000 },
    economyHold: bag(1, 23),
    economyHoldLongHaul: bag(2, 23),
    carryOnKg: 7,
  },
  {
    iataCode: 'RJ',
    country: 'JO',
    colors: ['#231f20', '#ffffff', '#b38f55'],
    model: 'full-service',
    priceFactor: 1.0,
    businessFactor: 2.9,
    fleet: { narrow: 'A320', wide: 'B787-8' },
    cabins: { business: true },
    economyHold: bag(1, 23),
    economyHoldLongHaul: bag(2, 23),
    carryOnKg: 7,
  },
  {
    iataCode: 'GF',
    country: 'BH',
    colors: ['#a6895a', '#ffffff', '#7a1e2c'],
    model: 'full-service',
    priceFactor: 0.98,
    businessFactor: 2.9,
    fleet: { narrow: 'A320neo', wide: 'B787-9' },
    cabins: { business: true },
    economyHold: bag(1, 25),
    carryOnKg: 7,
  },
  {
    iataCode: 'KU',
    country: 'KW',
    colors: ['#0067b1', '#ffffff', '#8fc7ea'],
    model: 'full-service',
    priceFactor: 0.98,
    businessFactor: 2.9,
    fleet: { narrow: 'A320neo', wide: 'A330-800', long: 'B777-300ER' },
    cabins: { business: true },
    economyHold: bag(1, 23),
    economyHoldLongHaul: bag(2, 23),
    carryOnKg: 7,
  },
  {
    iataCode: 'WY',
    country: 'OM',
    colors: ['#006b70', '#ffffff', '#c4a35a'],
    model: 'full-service',
    priceFactor: 1.0,
    businessFactor: 2.9,
    fleet: { narrow: 'B737 MAX 8', wide: 'B787-9' },
    cabins: { business: true },
    economyHold: bag(1, 23),
    economyHoldLongHaul: bag(2, 23),
    carryOnKg: 7,
  },
  {
    iataCode: 'ME',
    country: 'LB',
    colors: ['#ffffff', '#00843d', '#e31b23'],
    model: 'full-service',
    priceFactor: 1.02,
    businessFactor: 2.9,
    fleet: { narrow: 'A321neo', wide: 'A330-200' },
    cabins: { business: true },
    economyHold: bag(1, 23),
    carryOnKg: 7,
  },
  {
    iataCode: 'AT',
    country: 'MA',
    colors: ['#c1272d', '#ffffff', '#006233'],
    model: 'full-service',
    priceFactor: 0.98,
    businessFactor: 2.8,
    fleet: { narrow: 'B737-800', wide: 'B787-8' },
    cabins: { business: true },
    economyHold: bag(1, 23),
    economyHoldLongHaul: bag(2, 23),
    carryOnKg: 10,
  },
  {
    iataCode: 'TU',
    country: 'TN',
    colors: ['#e30613', '#ffffff', '#ffffff'],
    model: 'full-service',
    priceFactor: 0.94,
    businessFactor: 2.6,
    fleet: { narrow: 'A320neo', wide: 'A330-200' },
    cabins: { business: true },
    economyHold: bag(1, 23),
    carryOnKg: 8,
  },
  {
    iataCode: 'AH',
    country: 'DZ',
    colors: ['#d52b1e', '#ffffff', '#006233'],
    model: 'full-service',
    priceFactor: 0.94,
    businessFactor: 2.6,
    fleet: { narrow: 'B737-800', wide: 'A330-200' },
    cabins: { business: true },
    economyHold: bag(1, 23),
    economyHoldLongHaul: bag(2, 23),
    carryOnKg: 10,
  },
  // Africa.
  {
    iataCode: 'ET',
    country: 'ET',
    colors: ['#0f8a46', '#fcdd09', '#da121a'],
    model: 'full-service',
    priceFactor: 0.97,
    businessFactor: 2.8,
    fleet: { regional: 'Q400', narrow: 'B737-800', wide: 'B787-8', long: 'A350-900' },
    cabins: { business: true },
    economyHold: bag(2, 23),
    carryOnKg: 7,
  },
  {
    iataCode: 'KQ',
    country: 'KE',
    colors: ['#c8102e', '#ffffff', '#000000'],
    model: 'full-service',
    priceFactor: 1.0,
    businessFactor: 2.8,
    fleet: { regional: 'E190', narrow: 'B737-800', wide: 'B787-8' },
    cabins: { business: true },
    economyHold: bag(1, 23),
    economyHoldLongHaul: bag(2, 23),
    carryOnKg: 7,
  },
  {
    iataCode: 'UR',
    country: 'UG',
    colors: ['#fcdc04', '#000000', '#d90000'],
    model: 'full-service',
    priceFactor: 0.98,
    businessFactor: 2.7,
    fleet: { regional: 'CRJ900', narrow: 'CRJ900', wide: 'A330-800' },
    cabins: { business: true },
    economyHold: bag(2, 23),
    carryOnKg: 7,
  },
  {
    iataCode: 'WB',
    country: 'RW',
    colors: ['#00a1de', '#ffffff', '#fad201'],
    model: 'full-service',
    priceFactor: 0.98,
    businessFactor: 2.7,
    fleet: { regional: 'CRJ900', narrow: 'B737-800', wide: 'A330-200' },
    cabins: { business: true },
    economyHold: bag(2, 23),
    carryOnKg: 7,
  },
  // Turkey.
  {
    iataCode: 'TK',
    country: 'TR',
    colors: ['#c8102e', '#ffffff', '#ffffff'],
    model: 'full-service',
    priceFactor: 1.04,
    businessFactor: 3.1,
    fleet: { narrow: 'A321neo', wide: 'A330-300', long: 'B777-300ER' },
    cabins: { business: true },
    economyHold: bag(1, 23),
    economyHoldLongHaul: bag(2, 23),
    carryOnKg: 8,
  },
  {
    iataCode: 'PC',
    country: 'TR',
    colors: ['#fdb913', '#3c3c3b', '#e2001a'],
    model: 'low-cost',
    priceFactor: 0.78,
    businessFactor: 2.5,
    fleet: { narrow: 'A320neo' },
    cabins: { business: false },
    economyHold: bag(0, 0),
    carryOnKg: 8,
  },
  // Europe.
  {
    iataCode: 'LH',
    country: 'DE',
    colors: ['#05164d', '#ffad00', '#ffad00'],
    model: 'full-service',
    priceFactor: 1.12,
    businessFactor: 3.4,
    fleet: { narrow: 'A320neo', wide: 'A350-900', long: 'B747-8' },
    cabins: { business: true, premiumEconomyFromKm: 4000, firstFromKm: 6000 },
    economyHold: bag(1, 23),
    carryOnKg: 8,
  },
  {
    iataCode: 'BA',
    country: 'GB',
    colors: ['#075aaa', '#ffffff', '#eb2226'],
    model: 'full-service',
    priceFactor: 1.12,
    businessFactor: 3.5,
    fleet: { narrow: 'A320neo', wide: 'B787-9', long: 'A380-800' },
    cabins: { business: true, premiumEconomyFromKm: 4000, firstFromKm: 5000 },
    economyHold: bag(1, 23),
    carryOnKg: 23,
  },
  {
    iataCode: 'AF',
    country: 'FR',
    colors: ['#002157', '#ffffff', '#ed1c24'],
    model: 'full-service',
    priceFactor: 1.1,
    businessFactor: 3.3,
    fleet: { regional: 'A220-300', narrow: 'A320', wide: 'A350-900', long: 'B777-300ER' },
    cabins: { business: true, premiumEconomyFromKm: 4000, firstFromKm: 6000 },
    economyHold: bag(1, 23),
    carryOnKg: 12,
  },
  {
    iataCode: 'KL',
    country: 'NL',
    colors: ['#00a1de', '#ffffff', '#003145'],
    model: 'full-service',
    priceFactor: 1.08,
    businessFactor: 3.2,
    fleet: { regional: 'E195-E2', narrow: 'B737-800', wide: 'B787-10', long: 'B777-300ER' },
    cabins: { business: true, premiumEconomyFromKm: 4000 },
    economyHold: bag(1, 23),
    carryOnKg: 12,
  },
];

const profiles: AirlineProfile[] = unnamed.map((profile) => {
  const names = airlineByCode(profile.iataCode);
  if (!names) throw new Error(`Sandbox airline ${profile.iataCode} has no names in data/airlines.ts`);
  return { ...profile, nameEn: names.nameEn, nameAr: names.nameAr };
});

export const airlineProfiles: readonly AirlineProfile[] = profiles;

const byCode = new Map(profiles.map((profile) => [profile.iataCode, profile]));

export function airlineProfile(code: string): AirlineProfile {
  const profile = byCode.get(code);
  if (!profile) throw new Error(`Unknown sandbox airline ${code}`);
  return profile;
}

const contractAirlines = new Map<string, Airline>(
  profiles.map((p) => [
    p.iataCode,
    { iataCode: p.iataCode, nameEn: p.nameEn, nameAr: p.nameAr, logo: airlineLogoPath(p.iataCode) },
  ]),
);

/** The airline as the offers contract shows it. One frozen object per carrier, shared by all offers. */
export function toAirline(code: string): Airline {
  const airline = contractAirlines.get(code);
  if (!airline) throw new Error(`Unknown sandbox airline ${code}`);
  return airline;
}

/** Aircraft type a carrier would put on a flight of this length. */
export function aircraftFor(profile: AirlineProfile, distanceKm: number): string {
  const { regional, narrow, wide, long } = profile.fleet;
  if (distanceKm < 800 && regional) return regional;
  if (distanceKm < 3500 && narrow) return narrow;
  if (distanceKm >= 7000 && long) return long;
  return wide ?? narrow ?? regional ?? long!;
}

const WIDE_BODIES = /^(A330|A350|A380|B747|B777|B787)/;
export const isWideBody = (aircraft: string) => WIDE_BODIES.test(aircraft);
