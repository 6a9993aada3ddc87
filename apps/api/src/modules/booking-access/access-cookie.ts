import { REFERRAL_CODE_PATTERN } from '@kwenda/contracts/rules';

/**
 * The guest's key to a booking: an HttpOnly cookie holding a random token (the server keeps only its
 * hash), set when the browser creates the booking or proves its e-mail with Find my booking.
 *
 * - Path-scoped to the booking's API address (/api/v1/bookings/<id>): the browser sends it with that
 *   booking's calls only (its reads, changes, receipt and e-ticket), never with pages, other bookings
 *   or third parties, and page scripts cannot read it (HttpOnly).
 * - SameSite=Lax: sent when the e-ticket link of an e-mail opens in this browser (a top-level GET from
 *   another site), never with another site's form posts.
 * - Secure when the site is served over https.
 *
 * The same grant goes out again path-scoped to the booking's page (/booking/<id>), and for a booking made
 * through an agent's link also to the page under the agent's code (/KW2024/booking/<id>, where the site
 * takes the traveller after booking there), so that the page's own request proves it and the server can
 * send the page painted with the booking (apps/api/src/plugins/web-app.ts). All are set together and read
 * by the same check (booking-access-guard.ts seesWhole); none reaches other bookings' pages or addresses.
 */
export const ACCESS_COOKIE = 'kwenda_booking';

/** Browsers keep a cookie at most 400 days; the grant lasts as long. */
export const GRANT_DAYS = 400;

/** The booking's address under the API, where its cookie applies. */
export const bookingApiPath = (bookingId: string) => `/api/v1/bookings/${bookingId}`;

/**
 * The booking's page addresses, where the copies of its cookie apply (the page is sent painted to its
 * owner): its own, and under the referral code it was booked through when that code is one the site's
 * addresses take (an agent's link: /KW2024/booking/<id>).
 */
export function bookingPagePaths(bookingId: string, referralCode: string | null): string[] {
  const own = `/booking/${bookingId}`;
  return referralCode && REFERRAL_CODE_PATTERN.test(referralCode) ? [own, `/${referralCode}${own}`] : [own];
}

/** The booking as its cookies need it: its id and the referral code it was booked through. */
export interface CookieBooking {
  id: string;
  referralCode: string | null;
}

/** The copies of the booking's access cookie for its pages (set again when the booking is read whole). */
export function pageAccessCookies(booking: CookieBooking, token: string, options: { secure: boolean }): string[] {
  return bookingPagePaths(booking.id, booking.referralCode).map((page) => accessCookie(booking.id, token, options, page));
}

/** The booking's access cookies: its API address's, then its pages', holding the same grant. */
export function accessCookies(booking: CookieBooking, token: string, options: { secure: boolean }): string[] {
  return [accessCookie(booking.id, token, options), ...pageAccessCookies(booking, token, options)];
}

export function accessCookie(
  bookingId: string,
  token: string,
  options: { secure: boolean },
  cookiePath = bookingApiPath(bookingId),
): string {
  return [
    `${ACCESS_COOKIE}=${token}`,
    `Path=${cookiePath}`,
    `Max-Age=${GRANT_DAYS * 24 * 60 * 60}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

/** At most this many access cookies are looked up per request (a browser sends one per booking path). */
const MAX_TOKENS = 4;

/** Every access token in a Cookie header (one normally; none for a stranger). */
export function accessTokensOf(header: string | undefined): string[] {
  const tokens: string[] = [];
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index <= 0 || part.slice(0, index).trim() !== ACCESS_COOKIE) continue;
    const value = part.slice(index + 1).trim();
    if (/^[A-Za-z0-9_-]{20,100}$/.test(value)) tokens.push(value);
    if (tokens.length === MAX_TOKENS) break;
  }
  return tokens;
}
