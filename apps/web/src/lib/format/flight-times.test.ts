import { describe, expect, it } from 'vitest';
import { connectionAirports, dayShift, layovers, localDate, localTime, minutesBetween } from './flight-times';

const segment = (origin: string, destination: string, departureDate: string, arrivalDate: string) => ({
  origin,
  destination,
  departureDate,
  arrivalDate,
});

describe('local flight times', () => {
  it('reads the wall-clock time and date without time-zone conversion', () => {
    expect(localTime('2026-12-12T23:05:00')).toBe('23:05');
    expect(localDate('2026-12-12T23:05:00')).toBe('2026-12-12');
  });

  it('counts calendar days between departure and arrival', () => {
    expect(dayShift('2026-12-12T08:00:00', '2026-12-12T11:00:00')).toBe(0);
    expect(dayShift('2026-12-12T23:30:00', '2026-12-13T02:10:00')).toBe(1);
    expect(dayShift('2026-12-31T22:00:00', '2027-01-02T06:00:00')).toBe(2);
    expect(dayShift('2026-12-13T00:30:00', '2026-12-12T23:50:00')).toBe(-1);
  });

  it('measures waits across midnight and month ends', () => {
    expect(minutesBetween('2026-12-12T10:15:00', '2026-12-12T12:25:00')).toBe(130);
    expect(minutesBetween('2026-11-30T23:00:00', '2026-12-01T01:30:00')).toBe(150);
  });

  it('lists layovers and connection airports between segments', () => {
    const segments = [
      segment('PZU', 'JED', '2026-12-12T08:00:00', '2026-12-12T09:30:00'),
      segment('JED', 'IST', '2026-12-12T11:45:00', '2026-12-12T16:10:00'),
      segment('IST', 'LHR', '2026-12-12T18:00:00', '2026-12-12T20:15:00'),
    ];
    expect(layovers(segments)).toEqual([
      { airport: 'JED', minutes: 135, afterSegment: 0 },
      { airport: 'IST', minutes: 110, afterSegment: 1 },
    ]);
    expect(connectionAirports(segments)).toEqual(['JED', 'IST']);
    expect(layovers(segments.slice(0, 1))).toEqual([]);
    expect(connectionAirports(segments.slice(0, 1))).toEqual([]);
  });
});
