import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** An E.164 number as people read it (+249 91 234 5678); as given when it cannot be parsed. */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
