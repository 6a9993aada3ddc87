export const currencies = ['SDG', 'USD', 'EUR', 'SAR', 'AED', 'EGP', 'QAR', 'TRY'] as const;
export type Currency = (typeof currencies)[number];
export const DEFAULT_CURRENCY: Currency = 'SDG';

/**
 * Currencies airlines flying to Sudan sell their fares in that travellers are not shown prices in:
 * the agency keeps a rate for each so those fares are converted and sold, not left out.
 */
export const supplierOnlyCurrencies = ['GBP', 'KES', 'ETB', 'UGX', 'OMR', 'KWD', 'BHD', 'JOD'] as const;
/**
 * Every currency the agency keeps a rate for: those travellers see prices in, and suppliers' own.
 * Written out, not spread from the two lists: a spread at the top of a module is code the bundler must
 * run, and it then kept every constant of '@kwenda/contracts/rules' in the home page's first script
 * (currencies.test.ts keeps it equal to the two lists).
 */
export const pricedCurrencies = [
  'SDG',
  'USD',
  'EUR',
  'SAR',
  'AED',
  'EGP',
  'QAR',
  'TRY',
  'GBP',
  'KES',
  'ETB',
  'UGX',
  'OMR',
  'KWD',
  'BHD',
  'JOD',
] as const;
export type PricedCurrency = (typeof pricedCurrencies)[number];
