// The contracts the offers page parses (POST /offers/request), as '@kwenda/contracts/offers': an entry
// of its own, so the page does not build every schema of the API (accounts, bookings, payments) when its
// code loads, 18 ms of module evaluation here, 70 ms on Lighthouse's slow phone.
// First: configures zod before any schema below is built.
import './zod-config.js';
export * from './offers.js';
export * from './fare-calendar.js';
