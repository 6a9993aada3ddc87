import '../zod-config.js';
import { z } from 'zod';
import { latinDigits, parseLatinNumber } from '../latin-digits.js';

/** An answer the desk does not read (sign out, an action answered with no body it needs). */
export const ignoredAnswerSchema = z.unknown();

/**
 * A number the desk typed: a JSON number, or its text as typed in either script (Arabic-Indic digits,
 * the Arabic decimal and thousands separators, grouping commas), which `schema` then checks. The web
 * app sends numbers, but the API accepts what a staff member would type (latin-digits.ts).
 */
export const typedNumber = <T extends z.ZodType<number, number>>(schema: T) =>
  z
    .union([z.number(), z.string().max(40).transform(parseLatinNumber)], {
      error: 'Expected a number (Latin or Arabic-Indic digits)',
    })
    .pipe(schema);

/** A code made of digits and letters as typed (a ticket number, a PNR): Arabic-Indic digits read as 0-9. */
export const typedDigits = <T extends z.ZodType<unknown, string>>(schema: T) => z.string().transform(latinDigits).pipe(schema);
