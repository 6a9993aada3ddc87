import { describe, expect, it } from 'vitest';
import { CONNECTION_RULES, connectionMinimum, createNetwork, type Itinerary } from './itineraries.js';
import { buildSchedule } from './schedules.js';
import { epochDayOf, formatLocal } from './time.js';
import { clockMinutes, instantOf } from './test-support.js';

const schedule = buildSchedule();
const network = createNetwork(schedule);
const day = epochDayOf('2026-03-23')!;
const zone = (code: string) => schedule.airports.get(code)!.timeZone;

const PAIRS = [
  ['PZU', 'CAI'],
  ['PZU', 'LHR'],
  ['PZU', 'DXB'],
  ['PZU', 'NRT'],
  ['PZU', 'JFK'],
  ['KSL', 'LHR'],
  ['DOG', 'IST'],
  ['EBD', 'JED'],
  ['JUB', 'CAI'],
  ['CAI', 'JED'],
  ['LHR', 'SYD'],
  ['YYZ', 'ADD'],
] as const;

const sample = (): Itinerary[] =>
  PAIRS.flatMap(([o, d]) => [0, 1, 2, 3, 4, 5, 6].flatMap((i) => network.itinerariesOn(o, d, day + i)));

describe('sandbox itineraries', () => {
  it('finds direct, one-stop and two-stop itineraries through real hubs', () => {
    const pzuCai = network.itinerariesOn('PZU', 'CAI', day);
    expect(pzuCai.some((i) => i.segments.length === 1)).toBe(true);
    expect(pzuCai.some((i) => i.segments.length === 2 && i.segments[0]!.flight.destination === 'JED')).toBe(true);
    const kassala = network.itinerariesOn('KSL', 'LHR', epochDayOf('2026-03-24')!); // Tarco flies Kassala on Tuesdays
    expect(kassala.length).toBeGreaterThan(0);
    expect(kassala.every((i) => i.segments.length === 3 && i.segments[0]!.flight.destination === 'PZU')).toBe(true);
  });

  it('connects only with at least the minimum connection time and at most 12 hours', () => {
    let connections = 0;
    for (const itinerary of sample()) {
      itinerary.segments.slice(1).forEach((next, i) => {
        const previous = itinerary.segments[i]!;
        expect(next.flight.origin).toBe(previous.flight.destination);
        const arrived = instantOf(formatLocal(previous.arrivalLocal), zone(previous.flight.destination));
        const leaves = instantOf(formatLocal(next.departureLocal), zone(next.flight.origin));
        const layover = (leaves - arrived) / 60_000;
        expect(layover).toBeGreaterThanOrEqual(connectionMinimum(previous.flight, next.flight));
        expect(layover).toBeGreaterThanOrEqual(CONNECTION_RULES.minimumConnectionMinutes);
        expect(layover).toBeLessThanOrEqual(CONNECTION_RULES.maximumLayoverMinutes);
        connections++;
      });
    }
    expect(connections).toBeGreaterThan(100);
  });

  it('never repeats an airport and never back-tracks far', () => {
    for (const [origin, destination] of PAIRS) {
      for (const path of network.pathsBetween(origin, destination)) {
        expect(new Set(path).size).toBe(path.length);
        expect(path[0]).toBe(origin);
        expect(path.at(-1)).toBe(destination);
        expect(path.length).toBeLessThanOrEqual(4);
        const flown = path.slice(1).reduce((km, code, i) => km + network.distanceKm(path[i]!, code), 0);
        const feeds = ['KSL', 'DOG', 'EBD', 'KRT'].includes(origin);
        if (!feeds)
          expect(flown).toBeLessThanOrEqual(
            Math.max(network.distanceKm(origin, destination) * 1.6 + 500, network.distanceKm(origin, destination) + 1200),
          );
      }
    }
    // Port Sudan-Jeddah is 300 km: nobody should be sent via Cairo or Doha.
    expect(network.pathsBetween('PZU', 'JED')).toEqual([['PZU', 'JED']]);
  });

  it('looks for two-stop paths only when direct and one-stop ones are lacking', () => {
    expect(network.pathsBetween('PZU', 'CAI').every((p) => p.length <= 3)).toBe(true);
    expect(network.pathsBetween('PZU', 'LHR').every((p) => p.length === 3)).toBe(true);
    expect(network.pathsBetween('EBD', 'JED')).toEqual([['EBD', 'KRT', 'PZU', 'JED']]);
  });

  it('gives local times at each airport and durations across time zones', () => {
    for (const itinerary of sample()) {
      for (const s of itinerary.segments) {
        const departs = instantOf(formatLocal(s.departureLocal), zone(s.flight.origin));
        const arrives = instantOf(formatLocal(s.arrivalLocal), zone(s.flight.destination));
        expect((arrives - departs) / 60_000).toBe(s.flight.blockMinutes);
      }
      const first = itinerary.segments[0]!;
      const last = itinerary.segments.at(-1)!;
      const door =
        instantOf(formatLocal(last.arrivalLocal), zone(last.flight.destination)) -
        instantOf(formatLocal(first.departureLocal), zone(first.flight.origin));
      expect(door / 60_000).toBe(itinerary.durationMinutes);
      expect(formatLocal(first.departureLocal).slice(0, 10) >= '2026-03-23').toBe(true);
    }
  });

  it('shows Cairo-Jeddah an hour longer on the clocks than in the air in winter, equal in Egyptian summer time', () => {
    const winter = network.itinerariesOn('CAI', 'JED', day).find((i) => i.segments.length === 1)!.segments[0]!;
    expect(clockMinutes(formatLocal(winter.departureLocal), formatLocal(winter.arrivalLocal))).toBe(
      winter.flight.blockMinutes + 60,
    );
    const summer = network.itinerariesOn('CAI', 'JED', epochDayOf('2026-07-15')!).find((i) => i.segments.length === 1)!
      .segments[0]!;
    expect(clockMinutes(formatLocal(summer.departureLocal), formatLocal(summer.arrivalLocal))).toBe(summer.flight.blockMinutes);
  });

  it('answers the same itineraries every time', () => {
    const again = createNetwork(buildSchedule());
    const key = (list: Itinerary[]) => list.map((i) => i.segments.map((s) => `${s.flight.flightNumber}@${s.day}`).join('+'));
    for (const [o, d] of PAIRS) expect(key(again.itinerariesOn(o, d, day))).toEqual(key(network.itinerariesOn(o, d, day)));
  });
});
