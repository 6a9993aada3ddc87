import type { CabinClassCode } from '@kwenda/contracts';
import { findAirport } from '../../data/airports.js';
import { aircraftFor, airlineProfile } from './airlines.js';
import { cabinsFor } from './cabins.js';
import { blockMinutes, greatCircleKm } from './geo.js';
import { pickInt } from './hash.js';
import { hubRoutes, sudanRoutes, type HubDefinition, type RouteDefinition } from './routes.js';
import { epochDayOf, formatClock, localToUtc, MINUTES_PER_DAY, parseClock, utcToLocal } from './time.js';

/** One published flight: a flight number flown on some weekdays at a fixed local time. */
export interface ScheduledFlight {
  airline: string;
  /** Carrier code and number, e.g. MS856. */
  flightNumber: string;
  origin: string;
  destination: string;
  originZone: string;
  destinationZone: string;
  /** Bit (isoWeekday - 1) set on the weekdays it operates, at the origin. */
  daysMask: number;
  /** Local departure time at the origin, minutes after midnight. */
  departureMinute: number;
  blockMinutes: number;
  distanceKm: number;
  aircraft: string;
  cabins: readonly CabinClassCode[];
}

export interface AirportPoint {
  code: string;
  countryCode: string;
  timeZone: string;
  latitude: number;
  longitude: number;
}

export interface Schedule {
  flights: readonly ScheduledFlight[];
  byNumber: ReadonlyMap<string, ScheduledFlight>;
  /** origin -> destination -> flights, each list ordered by departure time. */
  byEdge: ReadonlyMap<string, ReadonlyMap<string, readonly ScheduledFlight[]>>;
  airports: ReadonlyMap<string, AirportPoint>;
  /** Routes left out because an airport is missing from the reference data. */
  skipped: readonly { airline: string; from: string; to: string; missing: string[] }[];
}

export type AirportLookup = (code: string) => AirportPoint | undefined;

const defaultLookup: AirportLookup = (code) => {
  const airport = findAirport(code);
  return (
    airport && {
      code: airport.iataCode,
      countryCode: airport.countryCode,
      timeZone: airport.timeZone,
      latitude: airport.latitude,
      longitude: airport.longitude,
    }
  );
};

export const daysMaskOf = (days: string) => [...days].reduce((mask, d) => mask | (1 << (Number(d) - 1)), 0);

/** Rotates a weekday mask by whole days (a return that leaves the day after the outbound). */
export function shiftDaysMask(mask: number, days: number): number {
  const shift = ((days % 7) + 7) % 7;
  return ((mask << shift) | (mask >>> (7 - shift))) & 0x7f;
}

/** Spreads n weekly flights over the week, starting on a weekday fixed by the route's name. */
function weeklyDays(count: number, seed: string): string {
  const offset = pickInt(seed, 0, 6);
  const days = new Set<number>();
  for (let i = 0; i < count; i++) days.add(((offset + Math.floor((i * 7) / count)) % 7) + 1);
  return [...days].sort().join('');
}

const SPOKE = /^([A-Z]{3})(?::([dw])(\d)?)?$/;

/** A hub's spoke list as route definitions (numbers, weekdays and bank times filled in). */
export function expandHub(hub: HubDefinition): RouteDefinition[] {
  let next = hub.base;
  return hub.spokes
    .split(/\s+/)
    .filter(Boolean)
    .map((token) => {
      const match = SPOKE.exec(token);
      if (!match) throw new Error(`Bad spoke ${token} in ${hub.airline} ${hub.hub}`);
      const [, to, kind = 'd', countText] = match;
      const count = countText ? Number(countText) : 1;
      const seed = `${hub.airline}|${hub.hub}|${to}`;
      const daily = kind === 'd';
      const perDay = daily ? count : 1;
      const days = daily ? '1234567' : weeklyDays(count, seed);
      const firstBank = pickInt(`${seed}|bank`, 0, hub.banks.length - 1);
      const frequencies = Array.from({ length: perDay }, (_, k) => {
        const bank = hub.banks[(firstBank + Math.floor((k * hub.banks.length) / perDay)) % hub.banks.length]!;
        const jitter = pickInt(`${seed}|${k}|jitter`, 0, 4) * 5;
        return { days, departure: formatClock(parseClock(bank) + jitter) };
      });
      const route: RouteDefinition = { airline: hub.airline, from: hub.hub, to: to!, number: next, frequencies };
      next += 2 * perDay;
      return route;
    });
}

/** Every route of the network, Sudan first, as written in routes.ts. */
export function allRouteDefinitions(): RouteDefinition[] {
  return [...sudanRoutes, ...hubRoutes.flatMap(expandHub)];
}

const turnaroundMinutes = (distanceKm: number) => (distanceKm < 1500 ? 50 : distanceKm < 4000 ? 70 : 110);

// Reference days for the return-time calculation: one in northern winter, one in summer.
const SEASON_DAYS = [epochDayOf('2026-01-14')!, epochDayOf('2026-07-15')!];

/**
 * When the aircraft can leave the outstation again: after arrival plus turnaround, taking the later
 * arrival of winter and summer time so the published return time works all year.
 * Returns the local departure minute and how many days after the outbound's weekday it leaves.
 */
function returnDeparture(departureMinute: number, block: number, from: AirportPoint, to: AirportPoint, distanceKm: number) {
  let latest = -Infinity;
  for (const day of SEASON_DAYS) {
    const departureUtc = localToUtc(day * MINUTES_PER_DAY + departureMinute, from.timeZone);
    const arrivalLocal = utcToLocal(departureUtc + block, to.timeZone) - day * MINUTES_PER_DAY;
    latest = Math.max(latest, arrivalLocal);
  }
  const leave = Math.ceil((latest + turnaroundMinutes(distanceKm)) / 5) * 5;
  const dayShift = Math.floor(leave / MINUTES_PER_DAY);
  return { minute: leave - dayShift * MINUTES_PER_DAY, dayShift };
}

const flightNumber = (airline: string, number: number) => `${airline}${String(number).padStart(3, '0')}`;

/** Expands the network into directed flights and indexes them. Airports missing from the data are skipped. */
export function buildSchedule(
  routes: RouteDefinition[] = allRouteDefinitions(),
  lookup: AirportLookup = defaultLookup,
): Schedule {
  const flights: ScheduledFlight[] = [];
  const airports = new Map<string, AirportPoint>();
  const skipped: { airline: string; from: string; to: string; missing: string[] }[] = [];
  const seenPairs = new Set<string>();

  for (const route of routes) {
    const from = lookup(route.from);
    const to = lookup(route.to);
    if (!from || !to) {
      skipped.push({
        airline: route.airline,
        from: route.from,
        to: route.to,
        missing: [route.from, route.to].filter((c) => !lookup(c)),
      });
      continue;
    }
    const pair = `${route.airline}|${[route.from, route.to].sort().join('-')}`;
    if (seenPairs.has(pair)) throw new Error(`Route ${pair} is defined twice`);
    seenPairs.add(pair);
    airports.set(from.code, from);
    airports.set(to.code, to);

    const profile = airlineProfile(route.airline);
    const distanceKm = Math.round(greatCircleKm(from.latitude, from.longitude, to.latitude, to.longitude));
    const block = blockMinutes(distanceKm);
    const aircraft = aircraftFor(profile, distanceKm);
    const cabins = cabinsFor(profile, distanceKm, aircraft);
    const common = { airline: route.airline, blockMinutes: block, distanceKm, aircraft, cabins };

    route.frequencies.forEach((frequency, index) => {
      const departureMinute = parseClock(frequency.departure);
      const daysMask = daysMaskOf(frequency.days);
      const back = returnDeparture(departureMinute, block, from, to, distanceKm);
      flights.push({
        ...common,
        flightNumber: flightNumber(route.airline, route.number + 2 * index),
        origin: from.code,
        destination: to.code,
        originZone: from.timeZone,
        destinationZone: to.timeZone,
        daysMask,
        departureMinute,
      });
      flights.push({
        ...common,
        flightNumber: flightNumber(route.airline, route.number + 2 * index + 1),
        origin: to.code,
        destination: from.code,
        originZone: to.timeZone,
        destinationZone: from.timeZone,
        daysMask: shiftDaysMask(daysMask, back.dayShift),
        departureMinute: back.minute,
      });
    });
  }

  const byNumber = new Map<string, ScheduledFlight>();
  const byEdge = new Map<string, Map<string, ScheduledFlight[]>>();
  for (const flight of flights) {
    if (byNumber.has(flight.flightNumber)) throw new Error(`Flight number ${flight.flightNumber} is used twice`);
    byNumber.set(flight.flightNumber, flight);
    let outgoing = byEdge.get(flight.origin);
    if (!outgoing) byEdge.set(flight.origin, (outgoing = new Map()));
    const list = outgoing.get(flight.destination);
    if (list) list.push(flight);
    else outgoing.set(flight.destination, [flight]);
  }
  for (const outgoing of byEdge.values())
    for (const list of outgoing.values()) list.sort((a, b) => a.departureMinute - b.departureMinute);

  return { flights, byNumber, byEdge, airports, skipped };
}
