import type { Airport } from '@duffel/api/types';
import { hashRange } from './deterministic.js';
import {
  epochDayOf,
  formatLocal as formatLocalMinutes,
  localToUtc as localMinutesToUtc,
  MINUTES_PER_DAY,
  utcToLocal,
} from '../../src/suppliers/sandbox/time.js';

interface AirportRow {
  icao: string;
  name: string;
  city: string;
  country: string;
  lat: number;
  lon: number;
  tz: string;
  /** IATA metropolitan area, when the airport belongs to one. */
  metro?: string;
}

// Airports the Sudanese market flies to, with real coordinates and time zones. Any other three-letter code
// still works: it becomes a placeholder airport at UTC+3 (see `airportFor`).
const AIRPORTS: Record<string, AirportRow> = {
  PZU: {
    icao: 'HSPN',
    name: 'Port Sudan New International Airport',
    city: 'Port Sudan',
    country: 'SD',
    lat: 19.4336,
    lon: 37.2341,
    tz: 'Africa/Khartoum',
  },
  KRT: {
    icao: 'HSSK',
    name: 'Khartoum International Airport',
    city: 'Khartoum',
    country: 'SD',
    lat: 15.5895,
    lon: 32.5532,
    tz: 'Africa/Khartoum',
  },
  DOG: {
    icao: 'HSDN',
    name: 'Dongola Airport',
    city: 'Dongola',
    country: 'SD',
    lat: 19.1539,
    lon: 30.4301,
    tz: 'Africa/Khartoum',
  },
  KSL: {
    icao: 'HSKA',
    name: 'Kassala Airport',
    city: 'Kassala',
    country: 'SD',
    lat: 15.3875,
    lon: 36.3288,
    tz: 'Africa/Khartoum',
  },
  CAI: {
    icao: 'HECA',
    name: 'Cairo International Airport',
    city: 'Cairo',
    country: 'EG',
    lat: 30.1219,
    lon: 31.4056,
    tz: 'Africa/Cairo',
  },
  ASW: {
    icao: 'HESN',
    name: 'Aswan International Airport',
    city: 'Aswan',
    country: 'EG',
    lat: 23.9644,
    lon: 32.82,
    tz: 'Africa/Cairo',
  },
  ADD: {
    icao: 'HAAB',
    name: 'Addis Ababa Bole International Airport',
    city: 'Addis Ababa',
    country: 'ET',
    lat: 8.9779,
    lon: 38.7993,
    tz: 'Africa/Addis_Ababa',
  },
  JED: {
    icao: 'OEJN',
    name: 'King Abdulaziz International Airport',
    city: 'Jeddah',
    country: 'SA',
    lat: 21.6796,
    lon: 39.1565,
    tz: 'Asia/Riyadh',
  },
  RUH: {
    icao: 'OERK',
    name: 'King Khalid International Airport',
    city: 'Riyadh',
    country: 'SA',
    lat: 24.9576,
    lon: 46.6988,
    tz: 'Asia/Riyadh',
  },
  DMM: {
    icao: 'OEDF',
    name: 'King Fahd International Airport',
    city: 'Dammam',
    country: 'SA',
    lat: 26.4712,
    lon: 49.7979,
    tz: 'Asia/Riyadh',
  },
  MED: {
    icao: 'OEMA',
    name: 'Prince Mohammad bin Abdulaziz International Airport',
    city: 'Medina',
    country: 'SA',
    lat: 24.5534,
    lon: 39.7051,
    tz: 'Asia/Riyadh',
  },
  DOH: {
    icao: 'OTHH',
    name: 'Hamad International Airport',
    city: 'Doha',
    country: 'QA',
    lat: 25.2731,
    lon: 51.6081,
    tz: 'Asia/Qatar',
  },
  IST: {
    icao: 'LTFM',
    name: 'Istanbul Airport',
    city: 'Istanbul',
    country: 'TR',
    lat: 41.2753,
    lon: 28.7519,
    tz: 'Europe/Istanbul',
    metro: 'IST',
  },
  DXB: {
    icao: 'OMDB',
    name: 'Dubai International Airport',
    city: 'Dubai',
    country: 'AE',
    lat: 25.2532,
    lon: 55.3657,
    tz: 'Asia/Dubai',
  },
  AUH: {
    icao: 'OMAA',
    name: 'Zayed International Airport',
    city: 'Abu Dhabi',
    country: 'AE',
    lat: 24.433,
    lon: 54.6511,
    tz: 'Asia/Dubai',
  },
  KWI: {
    icao: 'OKKK',
    name: 'Kuwait International Airport',
    city: 'Kuwait City',
    country: 'KW',
    lat: 29.2266,
    lon: 47.9689,
    tz: 'Asia/Kuwait',
  },
  BAH: {
    icao: 'OBBI',
    name: 'Bahrain International Airport',
    city: 'Manama',
    country: 'BH',
    lat: 26.2708,
    lon: 50.6336,
    tz: 'Asia/Bahrain',
  },
  MCT: {
    icao: 'OOMS',
    name: 'Muscat International Airport',
    city: 'Muscat',
    country: 'OM',
    lat: 23.5933,
    lon: 58.2844,
    tz: 'Asia/Muscat',
  },
  AMM: {
    icao: 'OJAI',
    name: 'Queen Alia International Airport',
    city: 'Amman',
    country: 'JO',
    lat: 31.7226,
    lon: 35.9932,
    tz: 'Asia/Amman',
  },
  JUB: {
    icao: 'HJJJ',
    name: 'Juba International Airport',
    city: 'Juba',
    country: 'SS',
    lat: 4.872,
    lon: 31.6011,
    tz: 'Africa/Juba',
  },
  EBB: {
    icao: 'HUEN',
    name: 'Entebbe International Airport',
    city: 'Entebbe',
    country: 'UG',
    lat: 0.0424,
    lon: 32.4435,
    tz: 'Africa/Kampala',
  },
  NBO: {
    icao: 'HKJK',
    name: 'Jomo Kenyatta International Airport',
    city: 'Nairobi',
    country: 'KE',
    lat: -1.3192,
    lon: 36.9278,
    tz: 'Africa/Nairobi',
  },
  NDJ: {
    icao: 'FTTJ',
    name: "N'Djamena International Airport",
    city: "N'Djamena",
    country: 'TD',
    lat: 12.1337,
    lon: 15.034,
    tz: 'Africa/Ndjamena',
  },
  FRA: {
    icao: 'EDDF',
    name: 'Frankfurt Airport',
    city: 'Frankfurt',
    country: 'DE',
    lat: 50.0379,
    lon: 8.5622,
    tz: 'Europe/Berlin',
    metro: 'FRA',
  },
  MUC: { icao: 'EDDM', name: 'Munich Airport', city: 'Munich', country: 'DE', lat: 48.3538, lon: 11.7861, tz: 'Europe/Berlin' },
  LHR: {
    icao: 'EGLL',
    name: 'Heathrow Airport',
    city: 'London',
    country: 'GB',
    lat: 51.47,
    lon: -0.4543,
    tz: 'Europe/London',
    metro: 'LON',
  },
  CDG: {
    icao: 'LFPG',
    name: 'Paris Charles de Gaulle Airport',
    city: 'Paris',
    country: 'FR',
    lat: 49.0097,
    lon: 2.5479,
    tz: 'Europe/Paris',
    metro: 'PAR',
  },
  AMS: {
    icao: 'EHAM',
    name: 'Amsterdam Airport Schiphol',
    city: 'Amsterdam',
    country: 'NL',
    lat: 52.3105,
    lon: 4.7683,
    tz: 'Europe/Amsterdam',
  },
};

const PLACEHOLDER_TZ = 'Asia/Riyadh';

export interface KnownAirport {
  code: string;
  /** IANA time zone used to turn UTC instants into the local times Duffel writes. */
  timeZone: string;
  /** Null for placeholder airports, whose distances come from a hash instead. */
  position: { lat: number; lon: number } | null;
  duffel: Airport;
}

export function isKnownAirport(code: string): boolean {
  return code in AIRPORTS;
}

const cache = new Map<string, KnownAirport>();

/** The airport for a code; the same object each time (callers must not mutate it). */
export function airportFor(code: string): KnownAirport {
  let airport = cache.get(code);
  if (!airport) {
    airport = buildAirport(code);
    cache.set(code, airport);
  }
  return airport;
}

function buildAirport(code: string): KnownAirport {
  const row = AIRPORTS[code];
  if (!row) {
    return {
      code,
      timeZone: PLACEHOLDER_TZ,
      position: null,
      duffel: {
        type: 'airport',
        id: `arp_${code.toLowerCase()}_zz`,
        iata_code: code,
        icao_code: '',
        name: `${code} Airport`,
        city_name: code,
        iata_city_code: null,
        iata_country_code: 'ZZ',
        latitude: 0,
        longitude: 0,
        time_zone: PLACEHOLDER_TZ,
        city: null,
      },
    };
  }
  return {
    code,
    timeZone: row.tz,
    position: { lat: row.lat, lon: row.lon },
    duffel: {
      type: 'airport',
      id: `arp_${code.toLowerCase()}_${row.country.toLowerCase()}`,
      iata_code: code,
      icao_code: row.icao,
      name: row.name,
      city_name: row.city,
      iata_city_code: row.metro ?? null,
      iata_country_code: row.country,
      latitude: row.lat,
      longitude: row.lon,
      time_zone: row.tz,
      city: null,
    },
  };
}

/** Great-circle distance in km; for placeholder airports a stable made-up distance between 700 and 4200 km. */
export function distanceKm(a: KnownAirport, b: KnownAirport): number {
  if (!a.position || !b.position) return hashRange(700, 4200, 'distance', [a.code, b.code].sort().join('-'));
  const rad = Math.PI / 180;
  const dLat = (b.position.lat - a.position.lat) * rad;
  const dLon = (b.position.lon - a.position.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.position.lat * rad) * Math.cos(b.position.lat * rad) * Math.sin(dLon / 2) ** 2;
  return Math.max(150, Math.round(2 * 6371 * Math.asin(Math.sqrt(h))));
}

/** The UTC instant (ms) of a local wall-clock time (`2026-05-01`, minutes after midnight) in a time zone. */
export function localToUtc(date: string, minutesOfDay: number, timeZone: string): number {
  const day = epochDayOf(date);
  if (day === null) throw new Error(`Not a date: ${date}`);
  return localMinutesToUtc(day * MINUTES_PER_DAY + minutesOfDay, timeZone) * 60_000;
}

/** Local wall-clock time without offset, as Duffel writes segment times: `2026-05-01T14:35:00`. */
export function formatLocal(epochMs: number, timeZone: string): string {
  return formatLocalMinutes(utcToLocal(Math.floor(epochMs / 60_000), timeZone));
}

/** ISO 8601 duration as Duffel writes it: `PT2H10M`, `P1DT1H5M`. */
export function isoDuration(ms: number): string {
  const totalMinutes = Math.round(ms / 60_000);
  const days = Math.floor(totalMinutes / 1440);
  const hours = Math.floor((totalMinutes % 1440) / 60);
  const minutes = totalMinutes % 60;
  let time = '';
  if (hours) time += `${hours}H`;
  if (minutes || (!hours && !days)) time += `${minutes}M`;
  return `P${days ? `${days}D` : ''}${time ? `T${time}` : ''}`;
}
