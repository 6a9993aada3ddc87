import { E164_PATTERN } from '@kwenda/contracts';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { AppError } from '../../errors.js';

/** Arabic-Indic (٠-٩) and Persian (۰-۹) digits as the ASCII digits they are: phones type them. */
export const westernDigits = (value: string) =>
  value.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) & 0xf));

/**
 * A mobile number that can receive a WhatsApp code, in E.164 (+249912345678), from what was typed:
 * spaces, dashes, brackets and Arabic-Indic digits are allowed; "00" stands for "+". The number must
 * be valid in its country's numbering plan and a mobile one (a landline has no WhatsApp), so it is
 * checked with the full metadata (the types of numbers), not only its length. Null when it is not.
 */
export function mobileNumberOf(input: string): string | null {
  const text = westernDigits(input.trim())
    .replace(/[\s()\-.\u200e\u200f]/g, '')
    .replace(/^00/, '+');
  if (!E164_PATTERN.test(text)) return null;
  const parsed = parsePhoneNumberFromString(text);
  if (!parsed?.isValid()) return null;
  const type = parsed.getType();
  if (type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE') return null;
  return parsed.number;
}

/** The E.164 mobile number of `field`, or 400 INVALID_PHONE naming the field. */
export function requireMobileNumber(input: string | null | undefined, field: string): string {
  const number = input ? mobileNumberOf(input) : null;
  if (number) return number;
  throw new AppError(400, 'INVALID_PHONE', 'A mobile number in the international format is required (+249912345678)', [
    { path: field, code: 'invalid_phone', message: 'Not a mobile number in the international format' },
  ]);
}

/** A number as logs may show it: the country code and the last two digits (+249•••••••78). */
export function maskPhone(phone: string): string {
  if (phone.length < 8) return '•'.repeat(phone.length);
  return `${phone.slice(0, 4)}${'•'.repeat(phone.length - 6)}${phone.slice(-2)}`;
}
