// The contracts the first page parses (airports, countries, GET /config, error answers) and the route
// notices of the offers and booking pages: a small entry, so these pages do not build every schema of
// the API to read them (a 50-70 ms task on a phone, 130 ms when the offers page read its notices).
// First: configures zod before any schema below is built.
import './zod-config.js';
export * from './airports.js';
export * from './config.js';
export * from './errors.js';
export * from './notices.js';
