// The searches the benches load the API with (bench/run.mjs, bench/agency-seats.mjs).

/** The date `n` days from today (UTC), yyyy-MM-dd. */
export const day = (n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** The 8 searches of "POST /offers/request": [from, to, days ahead], in rotation. */
export const SEARCH_ROUTES = [
  ['PZU', 'CAI', 21],
  ['PZU', 'JED', 14],
  ['KRT', 'DOH', 30],
  ['PZU', 'IST', 45],
  ['PZU', 'ADD', 10],
  ['PZU', 'DOG', 18],
  ['KRT', 'LHR', 60],
  ['PZU', 'RUH', 25],
];

/** The filters of search `i` of SEARCH_ROUTES: every third a round trip back a week later. */
export const searchFilters = (i) => {
  const [from, to, days] = SEARCH_ROUTES[i];
  return {
    tripType: i % 3 === 0 ? 'round-trip' : 'one-way',
    departureStation: from,
    destinationStation: to,
    departureDate: day(days),
    ...(i % 3 === 0 ? { returnDate: day(days + 7) } : {}),
    passengers: { adults: 1 + (i % 2), children: 0, infants: 0 },
    currency: i % 2 ? 'USD' : 'SDG',
  };
};

/** The 8 searches as autocannon requests (one-way and round-trip, pages 1-2, SDG/USD). */
export const searches = SEARCH_ROUTES.map((_, i) => ({
  method: 'POST',
  path: '/api/v1/offers/request',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ filters: searchFilters(i), page: 1 + (i % 2), order: i % 4 === 0 ? 'fastest' : 'lowest' }),
}));

/** The 10 routes of the distinct searches. */
export const routes = [
  ['PZU', 'CAI'],
  ['PZU', 'JED'],
  ['KRT', 'DOH'],
  ['PZU', 'IST'],
  ['PZU', 'ADD'],
  ['PZU', 'RUH'],
  ['KRT', 'CAI'],
  ['PZU', 'DXB'],
  ['PZU', 'LHR'],
  ['KRT', 'NBO'],
];

// 300 different searches (routes x dates, 3 to 32 days ahead): most requests miss the supplier's one-minute memo.
export const coldSearches = Array.from({ length: 300 }, (_, i) => ({
  method: 'POST',
  path: '/api/v1/offers/request',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    filters: {
      tripType: 'one-way',
      departureStation: routes[i % 10][0],
      destinationStation: routes[i % 10][1],
      departureDate: day(3 + Math.floor(i / 10)),
      currency: 'SDG',
    },
    page: 1,
    order: 'lowest',
  }),
}));
