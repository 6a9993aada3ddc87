/**
 * Offer times are local wall-clock times at each airport (yyyy-MM-ddTHH:mm:ss, no offset), as
 * printed on tickets. They are read as text and compared as if in UTC, never converted through the
 * browser's time zone, which would shift them.
 */
const asUtc = (localDateTime: string) => Date.parse(`${localDateTime}Z`);
const DAY_MS = 86_400_000;

/** HH:mm of a local date-time. */
export function localTime(localDateTime: string): string {
  return localDateTime.slice(11, 16);
}

/** yyyy-MM-dd of a local date-time. */
export function localDate(localDateTime: string): string {
  return localDateTime.slice(0, 10);
}

/** Calendar days between departure and arrival dates (+1 for an overnight flight, -1 flying west over midnight). */
export function dayShift(departure: string, arrival: string): number {
  return Math.round((asUtc(`${localDate(arrival)}T00:00:00`) - asUtc(`${localDate(departure)}T00:00:00`)) / DAY_MS);
}

/** Minutes between two local times at the same airport (a connection's waiting time). */
export function minutesBetween(from: string, to: string): number {
  return Math.round((asUtc(to) - asUtc(from)) / 60_000);
}

interface TimedLeg {
  origin: string;
  destination: string;
  departureDate: string;
  arrivalDate: string;
}

export interface Layover {
  /** The connection airport. */
  airport: string;
  minutes: number;
  /** Index of the segment that arrives at the connection. */
  afterSegment: number;
}

/** Waits between consecutive segments; both times are local to the connection airport. */
export function layovers(segments: readonly TimedLeg[]): Layover[] {
  return segments.slice(1).map((next, index) => {
    const previous = segments[index]!;
    return {
      airport: previous.destination,
      minutes: minutesBetween(previous.arrivalDate, next.departureDate),
      afterSegment: index,
    };
  });
}

/** Connection airports of a slice, in flying order. */
export function connectionAirports(segments: readonly TimedLeg[]): string[] {
  return segments.slice(0, -1).map((segment) => segment.destination);
}
