// Apart from error-codes.ts: the search form on the home page needs these few, not the list of every
// error code the API can send (which only the lazily loaded error parsing needs).
/** Stable field error codes used by the shared refinements (translated on screen). */
export const fieldErrorCodes = {
  dateInPast: 'date_in_past',
  dateTooFar: 'date_too_far',
  returnBeforeDeparture: 'return_before_departure',
  returnRequired: 'return_required',
  sameStations: 'same_stations',
  noTraveller: 'no_traveller',
  infantsExceedAdults: 'infants_exceed_adults',
  /** Adults and children together need more seats than one booking can hold. */
  tooManyPassengers: 'too_many_passengers',
  legDateOrder: 'leg_date_order',
  legsRequired: 'legs_required',
  unknownAirport: 'unknown_airport',
} as const;
