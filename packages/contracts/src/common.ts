import { z } from 'zod';

/** Calendar date as travellers write it on the wire: yyyy-MM-dd. */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date as yyyy-MM-dd')
  .refine((value) => {
    const [y, m, d] = value.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  }, 'Not a real calendar date');

/** Local wall-clock time at an airport, as airlines print it: yyyy-MM-ddTHH:mm:ss (no offset). */
export const localDateTimeSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);

export const iataCodeSchema = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}$/, 'Expected a three-letter IATA airport code'));

export const currencies = ['SDG', 'USD', 'EUR', 'SAR', 'AED', 'EGP', 'QAR', 'TRY'] as const;
export const currencySchema = z.enum(currencies, {
  error: () => `Unsupported currency; use one of ${currencies.join(', ')}`,
});
export type Currency = z.infer<typeof currencySchema>;
export const DEFAULT_CURRENCY: Currency = 'SDG';

/** Agency's home time zone: "today" for date rules is today in Sudan. */
export const AGENCY_TIME_ZONE = 'Africa/Khartoum';

/** Today's date (yyyy-MM-dd) in a time zone. */
export function todayIn(timeZone: string = AGENCY_TIME_ZONE, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Adds days to a yyyy-MM-dd date. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
