/**
 * The page a visitor saw, as analytics and error reports may keep it: the pathname only, with
 * the secrets some paths carry replaced by placeholders. A booking id is enough to open the
 * booking (GET /bookings/{id} needs no token) and a reset token sets a password, so neither may
 * leave the browser in a page view or an error report. Zod-free: the home page imports it.
 */
const placeholders: Record<string, string> = { booking: ':id', bookings: ':id', password_reset: ':token' };

/** Long or address-like segments on unknown paths (a pasted token, an e-mail) are not kept either. */
const looksPersonal = (segment: string) => segment.length >= 24 || segment.includes('@') || /^(bk|rc)_/.test(segment);

export const MAX_PAGE_PATH_LENGTH = 200;

/** '/booking/bk_x?step=2' -> '/booking/:id'; '/password_reset/abc' -> '/password_reset/:token'. */
export function cleanPagePath(pathname: string): string {
  const segments = (pathname.split(/[?#]/, 1)[0] ?? '').split('/').filter(Boolean);
  const cleaned = segments.map((segment, index) => {
    const previous = index > 0 ? segments[index - 1]! : '';
    if (placeholders[previous]) return placeholders[previous];
    return looksPersonal(segment) ? ':redacted' : segment;
  });
  return `/${cleaned.join('/')}`.slice(0, MAX_PAGE_PATH_LENGTH);
}
