export const currencies = ['SDG', 'USD', 'EUR', 'SAR', 'AED', 'EGP', 'QAR', 'TRY'] as const;
export type Currency = (typeof currencies)[number];
export const DEFAULT_CURRENCY: Currency = 'SDG';
