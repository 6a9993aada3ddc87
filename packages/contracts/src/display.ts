/**
 * What a traveller reads about time, as '@kwenda/contracts/display': instants on the agency's clock
 * (display-time.ts), calendar dates (display-date.ts) and durations (display-duration.ts), for the web
 * app's pages past the first, the e-mails and the e-ticket. Zod-free. Apart from the rules entry so the
 * home page, which needs only calendar dates (in rules), does not carry the rest.
 */
export * from './display-date.js';
export * from './display-time.js';
export * from './display-duration.js';
