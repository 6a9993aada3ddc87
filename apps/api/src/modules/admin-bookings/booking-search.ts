/**
 * What the staff's one search box may have been given, read from the text as typed: a booking
 * reference (KW7F3K9Q), a booking id, a PNR, a ticket number, an e-mail, a mobile number or the
 * start of a passenger's last name. Each kind is looked up only when the text can be one, each
 * through its own index.
 */
export interface BookingSearch {
  bookingId?: string;
  reference?: string;
  pnr?: string;
  email?: string;
  /** +249912345678 */
  mobile?: string;
  /** Digits only. */
  ticketNumber?: string;
  /** Lower case, the start of the name. */
  lastName?: string;
}

/** Sudan's country code: numbers typed the local way (0912 345 678) are stored as +249912345678. */
const SUDAN = '249';

/** Arabic-Indic (٠١٢) and Persian (۰۱۲) digits as ASCII, as phones type them in Arabic. */
export const asciiDigits = (value: string) =>
  value.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => String((d.charCodeAt(0) & 0xf) % 10));

/**
 * A phone number as bookings store it (+ and digits), from the ways staff type one: +249 91..., 00249
 * 91..., 249 91..., 091... (a Sudanese number with its trunk 0) or 91... (its nine digits).
 */
export function normalizeMobile(text: string): string | undefined {
  const compact = asciiDigits(text).replace(/[\s().\-\u200e\u200f]/g, '');
  if (!/^\+?\d{7,16}$/.test(compact)) return undefined;
  if (compact.startsWith('+')) return compact;
  if (compact.startsWith('00')) return `+${compact.slice(2)}`;
  if (compact.startsWith(SUDAN) && compact.length === 12) return `+${compact}`;
  if (compact.startsWith('0')) return compact.length === 10 ? `+${SUDAN}${compact.slice(1)}` : undefined;
  if (compact.length === 9) return `+${SUDAN}${compact}`;
  return `+${compact}`;
}

export function parseBookingSearch(q: string): BookingSearch {
  const text = q.trim().replace(/\s+/g, ' ');
  const search: BookingSearch = {};
  const upper = text.toUpperCase();
  if (/^bk_[A-Za-z0-9_-]{22,64}$/.test(text)) search.bookingId = text;
  if (/^[A-Z0-9]{5,10}$/.test(upper)) {
    search.reference = upper;
    search.pnr = upper;
  }
  if (text.includes('@')) search.email = text.toLowerCase();
  const digits = asciiDigits(text).replace(/[\s-]/g, '');
  // An e-ticket number is 13 digits (airline prefix, serial); it may be typed with a dash after the prefix.
  if (/^\d{10,14}$/.test(digits)) search.ticketNumber = digits;
  const mobile = normalizeMobile(text);
  if (mobile) search.mobile = mobile;
  // Letters in any script (Latin on passports, Arabic if someone typed it so), spaces, apostrophes, dashes.
  if (/^[\p{L}\p{M}][\p{L}\p{M}' -]*$/u.test(text)) search.lastName = text.toLowerCase();
  return search;
}
