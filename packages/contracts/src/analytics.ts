import './zod-config.js';
import { z } from 'zod';
import { MAX_PAGE_PATH_LENGTH } from './page-path.js';

/**
 * POST /analytics/pageview: one page seen (sent on every route change). Nothing personal:
 * no address, no user, no user agent; the path is cleaned by cleanPagePath in the browser and
 * again on the server. Unknown members are refused so that none can be added by accident.
 */
export const pageViewSchema = z.strictObject({
  path: z
    .string()
    .max(MAX_PAGE_PATH_LENGTH)
    .regex(/^\/[^?#\s]*$/, 'must be a pathname starting with / (no query string or fragment)'),
  /** Where the visitor came from: an origin (https://www.google.com) or '' for none or an in-site link. */
  referrer: z
    .string()
    .max(200)
    .regex(/^(https?:\/\/[^/?#\s@]+)?$/, 'must be an origin such as https://example.com, or empty'),
  language: z.enum(['ar', 'en']),
  referralCode: z
    .string()
    .regex(/^[A-Za-z0-9_-]{2,32}$/)
    .nullable(),
});
export type PageView = z.infer<typeof pageViewSchema>;

/** Page views per day (yyyy-MM-dd in Sudan) and path, for the back-office. */
export const pageViewCountSchema = z.object({ day: z.string(), path: z.string(), views: z.number().int() });
export type PageViewCount = z.infer<typeof pageViewCountSchema>;
