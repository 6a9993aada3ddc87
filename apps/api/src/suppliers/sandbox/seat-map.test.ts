import { describe, expect, it } from 'vitest';
import { buildSchedule } from './schedules.js';
import { exitRows, seatMapFor } from './seat-map.js';
import { epochDayOf } from './time.js';

const schedule = buildSchedule();
const day = epochDayOf('2026-03-23')!;

describe('sandbox seat maps', () => {
  it('shows rows 3-30 in two blocks of three, exit rows marked, seats priced 30-50 USD', () => {
    const flight = schedule.byNumber.get('MS856')!;
    const map = seatMapFor(flight, day);
    expect(map.rows.map((r) => r.number)).toEqual(Array.from({ length: 28 }, (_, i) => i + 3));
    for (const row of map.rows) {
      expect(row.columns.map((c) => c.seats.map((s) => s.letter).join(''))).toEqual(['ABC', 'DEF']);
      expect(row.nextToExit).toBe(exitRows(flight.aircraft).includes(row.number));
      for (const seat of row.columns.flatMap((c) => c.seats)) {
        if (seat.available) {
          expect(seat.price).toBeGreaterThanOrEqual(30);
          expect(seat.price).toBeLessThanOrEqual(50);
        } else expect(seat.price).toBeNull();
      }
    }
    expect(map.rows.filter((r) => r.nextToExit).map((r) => r.number)).toEqual([12, 13]);
    const seats = map.rows.flatMap((r) => r.columns.flatMap((c) => c.seats));
    const free = seats.filter((s) => s.available).length;
    expect(free).toBeGreaterThan(0);
    expect(free).toBeLessThan(seats.length);
  });

  it('is the same map for the same flight and date, and another on another date', () => {
    const flight = schedule.byNumber.get('ET339')!;
    expect(seatMapFor(flight, day)).toEqual(seatMapFor(flight, day));
    expect(seatMapFor(flight, day + 1)).not.toEqual(seatMapFor(flight, day));
  });

  it('puts wide-body exits mid-cabin', () => {
    const wide = schedule.flights.find((f) => f.aircraft.startsWith('B777'))!;
    expect(
      seatMapFor(wide, day)
        .rows.filter((r) => r.nextToExit)
        .map((r) => r.number),
    ).toEqual([10, 26]);
  });
});
