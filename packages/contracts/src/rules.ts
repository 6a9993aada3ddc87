/**
 * The zod-free half of the contracts: constants, error codes, dates and the cross-field search
 * rules, as '@kwenda/contracts/rules'. The web app's first download imports only this entry
 * (and types), so zod and the schemas load in a later chunk; nothing here may import zod at
 * run time. The main entry re-exports all of it.
 */
export * from './calendar.js';
export * from './display-date.js';
export * from './currencies.js';
export * from './error-codes.js';
export * from './search-rules.js';
export * from './offer-filter-rules.js';
export * from './booking-rules.js';
export * from './page-path.js';
export * from './languages.js';
export * from './latin-digits.js';
export * from './account-limits.js';
