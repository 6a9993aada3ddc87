/**
 * The page a visitor saw, as analytics and error reports may keep it: the pathname only, with
 * the secrets some paths carry replaced by placeholders. A booking id is enough to open the
 * booking (GET /bookings/{id} needs no token) and a reset token sets a password, so neither may
 * leave the browser in a page view or an error report. Zod-free: the home page imports it.
 */
const placeholders: Record<string, string> = { booking: ':id', bookings: ':id', password_reset: ':token', setup: ':token' };

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

/**
 * Referral codes are 4-16 upper-case letters and digits with at least one digit (KW2024, AGENT7),
 * so /ABOUT or /hello never pass for one (docs/decisions/0003-referral-segment.md).
 */
export const REFERRAL_CODE_PATTERN = /^(?=[A-Z0-9]*\d)[A-Z0-9]{4,16}$/;

/**
 * The site's pages, as the web app routes them (apps/web/src/app/router.tsx builds its routes from
 * this list), each also under a leading referral code. Any other path is the coming-soon page, which
 * the server answers with 404 (apps/api/src/plugins/web-app.ts).
 */
export const SITE_PAGES = [
  '',
  'offers',
  'booking/:id',
  'login',
  'signup',
  'email_confirmation',
  'forgot_password',
  'password_reset/:token',
  'profile',
  'logout_success',
  'about',
  'faqs',
  'privacy_policy',
  'changelog',
  'agent',
  'find_booking',
] as const;
export type SitePage = (typeof SITE_PAGES)[number];

/**
 * The agency desk's screens (staff only; the web app routes them under /admin, outside the traveller's
 * layout). Never under a referral code.
 */
export const STAFF_PAGES = [
  'admin',
  'admin/login',
  'admin/setup/:token',
  'admin/security',
  'admin/bookings',
  'admin/bookings/:id',
  'admin/transfers',
  'admin/ticketing',
  'admin/refunds',
  'admin/rates',
  'admin/agents',
  'admin/staff',
  'admin/limits',
  'admin/notices',
  'admin/seats',
  'admin/seats/import',
  'admin/seats/:id/manifest',
] as const;
export type StaffPage = (typeof STAFF_PAGES)[number];

export interface SitePageMatch {
  page: SitePage | StaffPage;
  /** The page's parameters (booking/:id gives id), decoded. */
  params: Record<string, string>;
  referralCode: string | null;
}

function matchPage(
  segments: string[],
  pages: readonly (SitePage | StaffPage)[] = SITE_PAGES,
): Omit<SitePageMatch, 'referralCode'> | null {
  for (const page of pages) {
    const parts = page ? page.split('/') : [];
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    // As React Router matches: static segments in any letter case, a parameter takes any one segment.
    const matches = parts.every((part, index) => {
      const segment = segments[index]!;
      if (part.startsWith(':')) {
        try {
          params[part.slice(1)] = decodeURIComponent(segment);
        } catch {
          params[part.slice(1)] = segment;
        }
        return true;
      }
      return part.toLowerCase() === segment.toLowerCase();
    });
    if (matches) return { page, params };
  }
  return null;
}

/** The page a path opens ('/KW2024/booking/bk_1' -> booking/:id under KW2024), or null for the coming-soon page. */
export function matchSitePage(pathname: string): SitePageMatch | null {
  const segments = (pathname.split(/[?#]/, 1)[0] ?? '').split('/').filter(Boolean);
  const direct = matchPage(segments, [...SITE_PAGES, ...STAFF_PAGES]);
  if (direct) return { ...direct, referralCode: null };
  const [first, ...rest] = segments;
  const scoped = first && REFERRAL_CODE_PATTERN.test(first) ? matchPage(rest) : null;
  return scoped ? { ...scoped, referralCode: first! } : null;
}

/**
 * The path a site page has without the referral code it is opened under ('/KW2024/offers' -> '/offers',
 * '/KW2024' -> '/'): the server renders, and the browser hydrates, the same page for both. Any other
 * path (a page without a code, an unknown one, the desk's) as it is.
 */
export function withoutReferralCode(pathname: string): string {
  if (!matchSitePage(pathname)?.referralCode) return pathname;
  return pathname.replace(/^\/*[^/]+/, '') || '/';
}
