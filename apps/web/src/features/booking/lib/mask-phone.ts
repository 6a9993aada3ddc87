import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * A number on the booking page, partly hidden as anyone looking over a shoulder should see it:
 * the dial code, the first two and last two digits (+249 91•••78). A number already masked by the
 * server (the limited view) is shown as it came.
 */
export function maskPhone(e164: string): string {
  if (e164.includes('•')) return e164;
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  const national = parsed.nationalNumber;
  if (national.length < 6) return `+${parsed.countryCallingCode} ${national}`;
  return `+${parsed.countryCallingCode} ${national.slice(0, 2)}•••${national.slice(-2)}`;
}
