import { addDays } from '@kwenda/contracts';
import { findAirport } from '../../data/airports.js';

// Offsets need Intl, and building an Intl.DateTimeFormat costs far more than using one: one per zone.
const formats = new Map<string, Intl.DateTimeFormat>();
function zoneFormat(timeZone: string) {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The zone's offset from UTC at this instant, in milliseconds. */
function offsetAt(timeZone: string, instant: number): number {
  const parts = Object.fromEntries(
    zoneFormat(timeZone)
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  const wall = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** A wall-clock time at an airport (yyyy-MM-dd and HH:mm) as an instant; an unknown airport is taken as UTC. */
export function instantAt(airport: string, date: string, time: string): Date {
  const wall = Date.parse(`${date}T${time}:00Z`);
  const timeZone = findAirport(airport)?.timeZone;
  if (!timeZone) return new Date(wall);
  // The offset at the wall time read as UTC is right except within hours of a change of offset: look again.
  const guess = wall - offsetAt(timeZone, wall);
  return new Date(wall - offsetAt(timeZone, guess));
}

/** Flights leaving sooner than this are no longer sold, whatever their release days. */
export const BOOKING_CUTOFF_MINUTES = 120;

/**
 * When sales of a dated flight stop: unsold seats go back to the airline its release days before the
 * departure (local at the origin), and no flight is sold in its last BOOKING_CUTOFF_MINUTES. Answers
 * the local time at the origin (yyyy-MM-ddTHH:mm:ss) and the instant. The desk's "sales closed" and
 * the agency-seats supplier's sales and holds both end here.
 */
export function releaseOf(flight: { origin: string; departureDate: string; departureTime: string; releaseDays: number }) {
  if (flight.releaseDays > 0) {
    const date = addDays(flight.departureDate, -flight.releaseDays);
    return { local: `${date}T${flight.departureTime}:00`, at: instantAt(flight.origin, date, flight.departureTime) };
  }
  const departure = instantAt(flight.origin, flight.departureDate, flight.departureTime).getTime();
  const [hours, minutes] = flight.departureTime.split(':').map(Number) as [number, number];
  const wall = Date.UTC(2000, 0, 1, hours, minutes) - BOOKING_CUTOFF_MINUTES * 60_000;
  const date = wall < Date.UTC(2000, 0, 1) ? addDays(flight.departureDate, -1) : flight.departureDate;
  const time = new Date(wall).toISOString().slice(11, 16);
  return { local: `${date}T${time}:00`, at: new Date(departure - BOOKING_CUTOFF_MINUTES * 60_000) };
}
