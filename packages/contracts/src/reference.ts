// The contracts the first page parses (airports, countries, GET /config, error answers): a small
// entry, so the home page does not build every schema of the API (a 50-70 ms task on a phone).
// First: configures zod before any schema below is built.
import './zod-config.js';
export * from './airports.js';
export * from './config.js';
export * from './errors.js';
