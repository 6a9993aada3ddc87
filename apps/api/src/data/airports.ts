import type { Airport } from '@kwenda/contracts';
import records from './airports.json' with { type: 'json' };

/**
 * Curated reference data: codes, English names, time zones and coordinates from
 * OurAirports (public domain); Arabic names written and cross-checked by hand (see docs/data/airports.md).
 */
export interface AirportRecord extends Airport {
  icaoCode: string;
  timeZone: string;
  latitude: number;
  longitude: number;
}

export const airportRecords: readonly AirportRecord[] = records as AirportRecord[];

export const airportByCode: ReadonlyMap<string, AirportRecord> = new Map(airportRecords.map((a) => [a.iataCode, a]));

export function findAirport(code: string): AirportRecord | undefined {
  return airportByCode.get(code.toUpperCase());
}
