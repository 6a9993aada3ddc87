// First: configures zod before any schema below is built.
import './zod-config.js';
export * from './rules.js';
export * from './display.js';
export * from './common.js';
export * from './errors.js';
export * from './airports.js';
export * from './search.js';
export * from './offers.js';
export * from './fare-calendar.js';
export * from './offer-filters.js';
export * from './config.js';
export * from './bookings.js';
export * from './receipt-checks.js';
export * from './accounts.js';
export * from './whatsapp.js';
export * from './analytics.js';
export * from './booking-access.js';
export * from './notices.js';
