import { greatCircleKm } from './geo.js';
import type { Schedule, ScheduledFlight } from './schedules.js';
import { isoWeekday, localToUtc, MINUTES_PER_DAY, utcToLocal } from './time.js';

/** A scheduled flight on a given date, with its times resolved in both airports' zones. */
export interface FlightInstance {
  flight: ScheduledFlight;
  /** Epoch day of the local departure date at the origin. */
  day: number;
  departureLocal: number;
  departureUtc: number;
  arrivalLocal: number;
  arrivalUtc: number;
}

/** One way to get from a leg's origin to its destination: 1 to 3 flights. */
export interface Itinerary {
  segments: readonly FlightInstance[];
  departureUtc: number;
  arrivalUtc: number;
  /** Door-to-door minutes including connections. */
  durationMinutes: number;
}

/** Connection rules, shared with the README and the tests. */
export const CONNECTION_RULES = {
  /** Minimum connection time on one carrier's through ticket. */
  minimumConnectionMinutes: 75,
  /** Minimum connection time when changing carriers (bags re-checked, different terminals). */
  interlineConnectionMinutes: 90,
  /** Longest layover offered; overnight connections within it are fine (next-day arrival). */
  maximumLayoverMinutes: 12 * 60,
  /** Onward flights considered after each arrival (earliest first). */
  onwardOptions: 2,
  /** A one-stop path may fly at most this multiple of the direct distance, plus the slack. */
  oneStopDetourRatio: 1.4,
  oneStopDetourSlackKm: 300,
  /** On short trips a detour of this much is still sensible (Port Sudan-Luxor via Cairo). */
  shortHaulDetourKm: 1200,
  twoStopDetourRatio: 1.6,
  twoStopDetourSlackKm: 500,
  /** Two-stop paths are only looked for when there is no direct flight and fewer one-stop paths than this. */
  twoStopWhenFewerOneStopsThan: 2,
  maxOneStopPaths: 12,
  maxTwoStopPaths: 8,
} as const;

export const connectionMinimum = (arriving: ScheduledFlight, leaving: ScheduledFlight) =>
  arriving.airline === leaving.airline ? CONNECTION_RULES.minimumConnectionMinutes : CONNECTION_RULES.interlineConnectionMinutes;

/** Small insertion-ordered LRU for memoised answers. */
class Memo<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly limit: number) {}
  get(key: string, compute: () => V): V {
    const hit = this.map.get(key);
    if (hit !== undefined) {
      this.map.delete(key);
      this.map.set(key, hit);
      return hit;
    }
    const value = compute();
    if (this.map.size >= this.limit) this.map.delete(this.map.keys().next().value!);
    this.map.set(key, value);
    return value;
  }
}

export type Network = ReturnType<typeof createNetwork>;

/**
 * Route graph over the schedule: which airport sequences make sense between two airports, and the
 * dated itineraries along them. Paths are memoised per airport pair, flights per edge and date,
 * itineraries per pair and date, so repeated searches (nearby dates, paging) cost little.
 */
export function createNetwork(schedule: Schedule) {
  const distance = new Memo<number>(100_000);
  const distanceKm = (a: string, b: string) =>
    distance.get(a < b ? `${a}${b}` : `${b}${a}`, () => {
      const p = schedule.airports.get(a)!;
      const q = schedule.airports.get(b)!;
      return greatCircleKm(p.latitude, p.longitude, q.latitude, q.longitude);
    });
  const hasEdge = (a: string, b: string) => schedule.byEdge.get(a)?.has(b) ?? false;
  const outgoing = (a: string) => [...(schedule.byEdge.get(a)?.keys() ?? [])];

  const countryOf = (a: string) => schedule.airports.get(a)!.countryCode;
  /** Airports with domestic flights only (Khartoum, Kassala, Dongola, El Obeid) feed their country's gateway. */
  const domesticOnly = new Set(
    [...schedule.byEdge.keys()].filter((a) => outgoing(a).every((b) => countryOf(b) === countryOf(a))),
  );
  /** A hop between a domestic-only airport and an airport of its own country: exempt from detour bounds. */
  const feeder = (domestic: string, other: string) => domesticOnly.has(domestic) && countryOf(domestic) === countryOf(other);

  const oneStopLimit = (km: number) =>
    Math.max(
      km * CONNECTION_RULES.oneStopDetourRatio + CONNECTION_RULES.oneStopDetourSlackKm,
      km + CONNECTION_RULES.shortHaulDetourKm,
    );
  const oneStopOk = (origin: string, hub: string, destination: string) =>
    feeder(origin, hub) ||
    feeder(destination, hub) ||
    distanceKm(origin, hub) + distanceKm(hub, destination) <= oneStopLimit(distanceKm(origin, destination));
  function twoStopOk(origin: string, first: string, second: string, destination: string): boolean {
    const fromFeeder = feeder(origin, first);
    const toFeeder = feeder(destination, second);
    if (fromFeeder && toFeeder) return true;
    if (fromFeeder) return oneStopOk(first, second, destination);
    if (toFeeder) return oneStopOk(origin, first, second);
    // Each stop must bring the traveller closer to the destination: no zig-zags through hubs behind them.
    const direct = distanceKm(origin, destination);
    const firstLeft = distanceKm(first, destination);
    const secondLeft = distanceKm(second, destination);
    if (firstLeft >= direct || secondLeft >= firstLeft) return false;
    const km = distanceKm(origin, first) + distanceKm(first, second) + secondLeft;
    return km <= direct * CONNECTION_RULES.twoStopDetourRatio + CONNECTION_RULES.twoStopDetourSlackKm;
  }
  const pathKm = (path: string[]) => path.slice(1).reduce((km, airport, i) => km + distanceKm(path[i]!, airport), 0);
  const byLength = (a: string[], b: string[]) => pathKm(a) - pathKm(b) || a.join().localeCompare(b.join());

  const paths = new Memo<string[][]>(50_000);
  /** Airport sequences from origin to destination: direct, one stop, and two stops where needed. */
  function pathsBetween(origin: string, destination: string): string[][] {
    return paths.get(`${origin}${destination}`, () => {
      if (origin === destination || !schedule.airports.has(origin) || !schedule.airports.has(destination)) return [];
      const rules = CONNECTION_RULES;
      const direct = hasEdge(origin, destination);
      const oneStop: string[][] = [];
      for (const hub of outgoing(origin)) {
        if (hub !== destination && hasEdge(hub, destination) && oneStopOk(origin, hub, destination))
          oneStop.push([origin, hub, destination]);
      }
      const found = [...(direct ? [[origin, destination]] : []), ...oneStop.sort(byLength).slice(0, rules.maxOneStopPaths)];
      if (direct || oneStop.length >= rules.twoStopWhenFewerOneStopsThan) return found;

      const twoStop: string[][] = [];
      for (const first of outgoing(origin)) {
        if (first === destination) continue;
        for (const second of outgoing(first)) {
          if (second === origin || second === destination || !hasEdge(second, destination)) continue;
          if (twoStopOk(origin, first, second, destination)) twoStop.push([origin, first, second, destination]);
        }
      }
      return [...found, ...twoStop.sort(byLength).slice(0, rules.maxTwoStopPaths)];
    });
  }

  /** A flight on a date, or null if it does not operate that weekday. */
  function instantiate(flight: ScheduledFlight, day: number): FlightInstance | null {
    if (!(flight.daysMask & (1 << (isoWeekday(day) - 1)))) return null;
    const departureLocal = day * MINUTES_PER_DAY + flight.departureMinute;
    const departureUtc = localToUtc(departureLocal, flight.originZone);
    const arrivalUtc = departureUtc + flight.blockMinutes;
    return {
      flight,
      day,
      departureLocal,
      departureUtc,
      arrivalLocal: utcToLocal(arrivalUtc, flight.destinationZone),
      arrivalUtc,
    };
  }

  const dated = new Memo<FlightInstance[]>(100_000);
  /** Flights from one airport to another leaving on a local date, in departure order. */
  function flightsOn(origin: string, destination: string, day: number): FlightInstance[] {
    return dated.get(`${origin}${destination}${day}`, () => {
      const list = schedule.byEdge.get(origin)?.get(destination) ?? [];
      const result: FlightInstance[] = [];
      for (const flight of list) {
        const instance = instantiate(flight, day);
        if (instance) result.push(instance);
      }
      return result;
    });
  }

  /** Onward flights that respect the connection window after an arrival, earliest first. */
  function onward(arriving: FlightInstance, next: string): FlightInstance[] {
    const { maximumLayoverMinutes, onwardOptions } = CONNECTION_RULES;
    const here = arriving.flight.destination;
    const firstDay = Math.floor(arriving.arrivalLocal / MINUTES_PER_DAY);
    const lastDay = Math.floor((arriving.arrivalLocal + maximumLayoverMinutes) / MINUTES_PER_DAY);
    const options: FlightInstance[] = [];
    for (let day = firstDay; day <= lastDay && options.length < onwardOptions; day++) {
      for (const candidate of flightsOn(here, next, day)) {
        const layover = candidate.departureUtc - arriving.arrivalUtc;
        if (layover < connectionMinimum(arriving.flight, candidate.flight) || layover > maximumLayoverMinutes) continue;
        options.push(candidate);
        if (options.length >= onwardOptions) break;
      }
    }
    return options;
  }

  const itineraries = new Memo<Itinerary[]>(2_000);
  /**
   * Every itinerary (up to two connections) leaving origin on a local date. Unfiltered: cabin,
   * maxConnections and the booking cut-off are the search's business.
   */
  function itinerariesOn(origin: string, destination: string, day: number): Itinerary[] {
    return itineraries.get(`${origin}${destination}${day}`, () => {
      const result: Itinerary[] = [];
      const extend = (path: string[], segments: FlightInstance[]) => {
        const last = segments[segments.length - 1]!;
        if (segments.length === path.length - 1) {
          const departureUtc = segments[0]!.departureUtc;
          result.push({ segments, departureUtc, arrivalUtc: last.arrivalUtc, durationMinutes: last.arrivalUtc - departureUtc });
          return;
        }
        for (const next of onward(last, path[segments.length + 1]!)) extend(path, [...segments, next]);
      };
      for (const path of pathsBetween(origin, destination)) {
        for (const first of flightsOn(path[0]!, path[1]!, day)) extend(path, [first]);
      }
      return result.sort(
        (a, b) =>
          a.departureUtc - b.departureUtc ||
          a.durationMinutes - b.durationMinutes ||
          itineraryKey(a).localeCompare(itineraryKey(b)),
      );
    });
  }

  return { schedule, distanceKm, pathsBetween, instantiate, flightsOn, itinerariesOn };
}

/** Stable text key of an itinerary: flight numbers with their local departure dates (epoch days). */
export const itineraryKey = (itinerary: Itinerary) =>
  itinerary.segments.map((s) => `${s.flight.flightNumber}@${s.day}`).join('+');
