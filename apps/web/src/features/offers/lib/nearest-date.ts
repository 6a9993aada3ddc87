/**
 * The automatic booking from a single alternative-date suggestion, made the traveller's obvious next
 * step instead: when the asked date has no flight and exactly one nearby date has, that offer is
 * shown as "the nearest date with seats". Nothing is booked, and no login or guest dialog opens,
 * until the traveller presses book: a dialog nobody asked for read as an error, and a booking on a
 * date nobody chose is a surprise (see docs/decisions, single suggestion).
 */
export function nearestDateOffer<T>(flightsOnDate: boolean, suggestions: readonly T[]): T | null {
  return !flightsOnDate && suggestions.length === 1 ? suggestions[0]! : null;
}
