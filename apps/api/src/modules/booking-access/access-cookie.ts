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
 * The same grant goes out twice: once for the API address, and once path-scoped to the booking's page
 * (/booking/<id>), so that the page's own request proves it and the server can send the page painted
 * with the booking (apps/api/src/plugins/web-app.ts). Both are set together and read by the same check
 * (booking-access-guard.ts seesWhole); neither reaches other bookings' pages or addresses.
 */
export const ACCESS_COOKIE = 'kwenda_booking';

/** Browsers keep a cookie at most 400 days; the grant lasts as long. */
export const GRANT_DAYS = 400;

/** The booking's address under the API, where its cookie applies. */
export const bookingApiPath = (bookingId: string) => `/api/v1/bookings/${bookingId}`;

/** The booking's page, where the copy of its cookie applies (the page is sent painted to its owner). */
export const bookingPagePath = (bookingId: string) => `/booking/${bookingId}`;

/** The booking's access cookies: its API address's and its page's, holding the same grant. */
export function accessCookies(bookingId: string, token: string, options: { secure: boolean }): string[] {
  return [accessCookie(bookingId, token, options), accessCookie(bookingId, token, options, bookingPagePath(bookingId))];
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
