import './zod-config.js';
import { z } from 'zod';
import { currencies } from './currencies.js';

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

export const currencySchema = z.enum(currencies, {
  error: () => `Unsupported currency; use one of ${currencies.join(', ')}`,
});
