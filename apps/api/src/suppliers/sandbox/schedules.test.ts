import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findAirport } from '../../data/airports.js';
import { airlineProfiles } from './airlines.js';
import { logoSvg } from './generate-logos.js';
import { blockMinutes } from './geo.js';
import { allRouteDefinitions, buildSchedule, shiftDaysMask, type ScheduledFlight } from './schedules.js';

const schedule = buildSchedule();
const logoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/public/airlines');

/** The airports the product promises the sandbox flies to (agreed with the airport data). */
const PROMISED = (
  'PZU KRT KSL DOG EBD CAI HBE ASW LXR HRG SSH JED RUH DMM MED AHB TIF DOH DXB AUH SHJ KWI BAH MCT AMM BEY BGW EBL ADD NBO ' +
  'MBA EBB JUB KGL DAR ZNZ MGQ JIB ASM NDJ TUN ALG CMN TIP IST SAW AYT ESB LHR LGW MAN CDG FRA MUC AMS BRU FCO MXP MAD BCN ' +
  'ZRH GVA VIE ARN CPH OSL ATH KUL SIN BKK CAN PEK PVG HKG ICN NRT BOM DEL KHI ISB LHE DAC CMB JFK IAD ORD YYZ LOS ABV ACC ' +
  'DKR JNB CPT SYD'
).split(' ');
const SUDAN = ['PZU', 'KRT', 'KSL', 'DOG', 'EBD'];
const UAE = ['DXB', 'AUH', 'SHJ'];

const between = (a: string, b: string) => schedule.flights.filter((f) => f.origin === a && f.destination === b);
const weekdays = (flights: ScheduledFlight[]) => {
  const mask = flights.reduce((m, f) => m | f.daysMask, 0);
  return [1, 2, 3, 4, 5, 6, 7].filter((d) => mask & (1 << (d - 1)));
};

describe('sandbox network', () => {
  it('uses only airports present in the airport reference data', () => {
    const missing = new Set<string>();
    for (const route of allRouteDefinitions())
      for (const code of [route.from, route.to]) if (!findAirport(code)) missing.add(code);
    expect([...missing].sort()).toEqual([]);
    expect(schedule.skipped).toEqual([]);
  });

  it('skips routes to an airport missing from the data instead of failing', () => {
    const withoutDongola = buildSchedule(allRouteDefinitions(), (code) => {
      const airport = code === 'DOG' ? undefined : findAirport(code);
      return (
        airport && {
          code,
          countryCode: airport.countryCode,
          timeZone: airport.timeZone,
          latitude: airport.latitude,
          longitude: airport.longitude,
        }
      );
    });
    expect(withoutDongola.skipped.map((r) => `${r.airline} ${r.from}-${r.to}`)).toEqual(['SD PZU-DOG', 'J4 PZU-DOG']);
    expect(withoutDongola.airports.has('DOG')).toBe(false);
    expect(withoutDongola.flights.length).toBe(schedule.flights.length - 4);
  });

  it('serves every promised airport', () => {
    expect(PROMISED.filter((code) => !schedule.airports.has(code))).toEqual([]);
  });

  it('flies every route in both directions with stable, unique flight numbers', () => {
    const numbers = new Set(schedule.flights.map((f) => f.flightNumber));
    expect(numbers.size).toBe(schedule.flights.length);
    const directed = new Set(schedule.flights.map((f) => `${f.airline} ${f.origin}-${f.destination}`));
    const oneWay = schedule.flights.filter((f) => !directed.has(`${f.airline} ${f.destination}-${f.origin}`));
    expect(oneWay).toEqual([]);
    const malformed = schedule.flights.filter(
      (f) =>
        !/^[A-Z0-9]{2}\d{3,4}$/.test(f.flightNumber) ||
        !f.flightNumber.startsWith(f.airline) ||
        f.daysMask === 0 ||
        !f.cabins.includes('economy'),
    );
    expect(malformed).toEqual([]);
    expect(buildSchedule().flights.map((f) => f.flightNumber)).toEqual(schedule.flights.map((f) => f.flightNumber));
  });

  it('has no direct flight between Sudan and the UAE', () => {
    const crossing = schedule.flights.filter(
      (f) =>
        (SUDAN.includes(f.origin) && UAE.includes(f.destination)) || (UAE.includes(f.origin) && SUDAN.includes(f.destination)),
    );
    expect(crossing).toEqual([]);
  });

  it('flies Port Sudan to the destinations of the Sudan market', () => {
    for (const code of ['JED', 'RUH', 'DMM', 'DOH', 'CAI', 'ADD', 'IST', 'JUB', 'KWI', 'EBB', 'KRT', 'DOG', 'KSL']) {
      expect(between('PZU', code).length, `PZU-${code}`).toBeGreaterThan(0);
      expect(between(code, 'PZU').length, `${code}-PZU`).toBeGreaterThan(0);
    }
    expect(between('KRT', 'EBD').length).toBeGreaterThan(0);
  });

  it('has EgyptAir Cairo-Port Sudan daily and Ethiopian Addis Ababa-Port Sudan daily, some days twice', () => {
    const egyptair = between('CAI', 'PZU').filter((f) => f.airline === 'MS');
    expect(weekdays(egyptair)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const ethiopian = between('ADD', 'PZU').filter((f) => f.airline === 'ET');
    expect(weekdays(ethiopian)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(ethiopian.length).toBe(2);
  });

  it('flies thin routes on one to three weekdays only', () => {
    for (const [a, b] of [
      ['PZU', 'DOG'],
      ['PZU', 'KSL'],
      ['PZU', 'JUB'],
      ['KRT', 'EBD'],
      ['PZU', 'IST'],
      ['PZU', 'EBB'],
    ] as const) {
      for (const [from, to] of [
        [a, b],
        [b, a],
      ] as const) {
        const days = weekdays(between(from, to));
        expect(days.length, `${from}-${to}`).toBeGreaterThanOrEqual(1);
        expect(days.length, `${from}-${to}`).toBeLessThanOrEqual(3);
      }
    }
    expect(weekdays(between('PZU', 'DOG'))).toEqual([1, 4, 6]);
  });

  it('times flights from great-circle distance', () => {
    expect(blockMinutes(0)).toBe(30);
    expect(blockMinutes(1326)).toBe(130);
    expect(schedule.flights.filter((f) => f.blockMinutes % 5 !== 0 || f.blockMinutes !== blockMinutes(f.distanceKm))).toEqual([]);
    const cairo = between('PZU', 'CAI')[0]!;
    expect(cairo.distanceKm).toBeGreaterThan(1250);
    expect(cairo.distanceKm).toBeLessThan(1400);
  });

  it('sends the return after the turnaround, moving it to the next weekday after midnight', () => {
    // MS857 leaves Cairo 21:40 on Fridays and Sundays; MS858 leaves Port Sudan after midnight.
    const late = schedule.byNumber.get('MS857')!;
    const back = schedule.byNumber.get('MS858')!;
    expect(back.daysMask).toBe(shiftDaysMask(late.daysMask, 1));
    expect(back.departureMinute).toBeLessThan(late.departureMinute);
    expect(shiftDaysMask(0b1000000, 1)).toBe(0b0000001);
  });

  it('has a bilingual profile and a local logo for every carrier it schedules', () => {
    const used = new Set(schedule.flights.map((f) => f.airline));
    const profiles = new Map(airlineProfiles.map((p) => [p.iataCode, p]));
    for (const code of used) {
      const profile = profiles.get(code)!;
      expect(profile, code).toBeDefined();
      expect(profile.nameAr).toMatch(/^[\u0600-\u06FF\s]+$/);
      const file = path.join(logoDir, `${code}.svg`);
      expect(existsSync(file), file).toBe(true);
      expect(readFileSync(file, 'utf8')).toBe(logoSvg(profile));
      // The PNG pages show (apps/web/scripts/make-image-pngs.mjs): 96 px square, per the PNG's header.
      const png = readFileSync(path.join(logoDir, `${code}.png`));
      expect(png.subarray(1, 4).toString('latin1'), `${code}.png`).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], `${code}.png`).toEqual([96, 96]);
    }
    expect(used.size).toBe(airlineProfiles.length);
  });
});
