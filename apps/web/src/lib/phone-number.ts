import { AsYouType, getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * Phone numbers on forms: a dial code list (+249 first) and the national digits beside it, stored
 * as E.164 (+249912345678). Splitting and joining use libphonenumber's numbering plans (the same
 * library the server validates with), not the country list the page loads: a saved number must
 * come back into the form correctly even before (or without) that list, for every country.
 */

/** Arabic-Indic and Eastern Arabic-Indic digits typed on Sudanese phones, as Latin digits. */
export function latinDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => String((d.charCodeAt(0) & 0xf) % 10));
}

/** Longest E.164 number is 15 digits, so no national part is longer. */
const MAX_LOCAL_DIGITS = 15;

/** Digits only (Latin), whatever else was typed or pasted. */
export function cleanLocalNumber(value: string): string {
  return latinDigits(value).replace(/\D/g, '').slice(0, MAX_LOCAL_DIGITS);
}

/**
 * The national digits as the traveller types them: the country's trunk prefix dropped as it
 * comes (0912... in Sudan, 8912... in Russia) but a leading 0 kept where it is part of the number
 * (Italy), and a dial code typed again dropped (249912... beside +249).
 */
export function nationalDigits(value: string, dialCode: string): string {
  const digits = cleanLocalNumber(value);
  if (!digits) return '';
  try {
    const typer = new AsYouType({ defaultCallingCode: dialCode.replace(/^\+/, '') });
    typer.input(digits);
    return typer.getNationalNumber() || (digits.replace(/^0+/, '') === '' ? '' : digits);
  } catch {
    return digits.replace(/^0+/, '');
  }
}

let callingCodes: string[] | null = null;
/** Every country calling code (+1, +20, +249, +966...), longest first. */
function knownCallingCodes(): string[] {
  callingCodes ??= [...new Set(getCountries().map((country) => `+${getCountryCallingCode(country)}`))].sort(
    (a, b) => b.length - a.length,
  );
  return callingCodes;
}

/**
 * The full number from the dial code and the digits typed: the national trunk prefix dropped where
 * the country has one (0912345678 -> +249912345678), the dial code typed again in the digits
 * dropped (249912345678 -> +249912345678); empty gives null.
 */
export function toE164(dialCode: string, local: string): string | null {
  const digits = cleanLocalNumber(local);
  if (!digits) return null;
  const callingCode = dialCode.replace(/^\+/, '');
  const national = parsePhoneNumberFromString(digits, { defaultCallingCode: callingCode });
  if (national?.isValid()) return national.number;
  if (digits.startsWith(callingCode)) {
    const international = parsePhoneNumberFromString(`+${digits}`);
    if (international?.isValid() && international.countryCallingCode === callingCode) return international.number;
  }
  // Not a valid number: sent as typed (without a trunk zero) and the server says what is wrong.
  return national?.number ?? `${dialCode}${digits.replace(/^0+/, '')}`;
}

/**
 * Splits a stored +249912345678 back into dial code and national digits, whatever the country
 * (+966501234567 -> +966 / 501234567, +12025550123 -> +1 / 2025550123); null gives the fallback
 * dial code and no digits.
 */
export function splitE164(value: string | null | undefined, fallback = '+249'): { dialCode: string; local: string } {
  if (!value) return { dialCode: fallback, local: '' };
  const normalized = `+${latinDigits(value).replace(/\D/g, '')}`;
  const parsed = parsePhoneNumberFromString(normalized);
  if (parsed) return { dialCode: `+${parsed.countryCallingCode}`, local: parsed.nationalNumber };
  // Too short or unknown to the numbering plans: calling codes never prefix one another, so the
  // one the number starts with is the only candidate.
  const code = knownCallingCodes().find((c) => normalized.startsWith(c));
  return code ? { dialCode: code, local: normalized.slice(code.length) } : { dialCode: fallback, local: normalized.slice(1) };
}

/**
 * What was typed or pasted into the digits field: a whole international number (+249 91..., or
 * 00249 91...) moves its dial code into the dial code list; anything else is digits.
 */
export function readTypedNumber(typed: string, dialCode: string): { dialCode: string; local: string } {
  const latin = latinDigits(typed).trim();
  if (/^(\+|00)/.test(latin)) {
    const split = splitE164(latin.replace(/^00/, '+'), dialCode);
    if (split.local) return { dialCode: split.dialCode, local: cleanLocalNumber(split.local) };
  }
  return { dialCode, local: nationalDigits(typed, dialCode) };
}
