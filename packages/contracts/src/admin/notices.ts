import '../zod-config.js';
import { z } from 'zod';
import { iataCodeSchema, isoDateSchema } from '../common.js';

/**
 * Notices for travellers (/api/v1/admin/notices): staff write one for a route (either way round), an
 * airport (flights from or to it) or an airline, for the flights leaving in a period, in Arabic and
 * English ("Sudanese carriers cannot land in the UAE", "Juba airport closed on Sunday"). Travellers
 * see the notices that match their flights on the offers page and before they pay.
 */
export const ROUTE_NOTICE_SCOPES = ['route', 'airport', 'airline'] as const;
export type RouteNoticeScope = (typeof ROUTE_NOTICE_SCOPES)[number];
export const routeNoticeScopeSchema = z.enum(ROUTE_NOTICE_SCOPES);

/** A notice's text in each language: long enough for a rule and a link to follow, short enough to read on a phone. */
export const ROUTE_NOTICE_TEXT_MAX = 600;
/** How far apart a notice's first and last day may be (a season at most). */
export const ROUTE_NOTICE_MAX_DAYS = 366;

export const routeNoticeIdSchema = z.string().regex(/^ntc_[A-Za-z0-9_-]{8,64}$/, 'Not a notice id');
// A path id of the wrong shape is simply not found (404), like a well-formed id that matches nothing.
export const routeNoticePathParamsSchema = z.object({ id: z.string().max(100) });

const airlineCodeSchema = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{2}$/, 'Expected a two-character airline code'));
const noticeText = z
  .string()
  .trim()
  .min(1, 'Write the notice')
  .max(ROUTE_NOTICE_TEXT_MAX, `At most ${ROUTE_NOTICE_TEXT_MAX} characters`);

const dayNumber = (value: string) => Date.parse(`${value}T00:00:00Z`) / 86_400_000;

/** POST /admin/notices and PUT /admin/notices/:id: the fields its scope needs, and no other. */
export const routeNoticeInputSchema = z
  .object({
    scope: routeNoticeScopeSchema,
    origin: iataCodeSchema.nullish(),
    destination: iataCodeSchema.nullish(),
    airport: iataCodeSchema.nullish(),
    airline: airlineCodeSchema.nullish(),
    startsOn: isoDateSchema,
    endsOn: isoDateSchema,
    textAr: noticeText,
    textEn: noticeText,
  })
  .superRefine((input, ctx) => {
    const needs: Record<RouteNoticeScope, ('origin' | 'destination' | 'airport' | 'airline')[]> = {
      route: ['origin', 'destination'],
      airport: ['airport'],
      airline: ['airline'],
    };
    for (const field of ['origin', 'destination', 'airport', 'airline'] as const) {
      const wanted = needs[input.scope].includes(field);
      if (wanted && !input[field])
        ctx.addIssue({ code: 'custom', path: [field], message: `A ${input.scope} notice needs its ${field}` });
      if (!wanted && input[field])
        ctx.addIssue({ code: 'custom', path: [field], message: `A ${input.scope} notice has no ${field}` });
    }
    if (input.scope === 'route' && input.origin && input.origin === input.destination)
      ctx.addIssue({ code: 'custom', path: ['destination'], message: 'The destination is the origin as well' });
    const days = dayNumber(input.endsOn) - dayNumber(input.startsOn);
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['endsOn'], message: 'The last day is before the first' });
    else if (days >= ROUTE_NOTICE_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['endsOn'], message: `A notice lasts at most ${ROUTE_NOTICE_MAX_DAYS} days` });
  });
export type RouteNoticeInput = z.input<typeof routeNoticeInputSchema>;

export const routeNoticeSchema = z.object({
  id: routeNoticeIdSchema,
  scope: routeNoticeScopeSchema,
  origin: z.string().nullable(),
  destination: z.string().nullable(),
  airport: z.string().nullable(),
  airline: z.string().nullable(),
  startsOn: z.string(),
  endsOn: z.string(),
  textAr: z.string(),
  textEn: z.string(),
  /** Who last wrote it (staff name), and when. */
  updatedBy: z.string().nullable(),
  updatedAt: z.iso.datetime(),
  /** When it was withdrawn (travellers no longer see it); null while in force. */
  withdrawnAt: z.iso.datetime().nullable(),
});
export type RouteNotice = z.infer<typeof routeNoticeSchema>;

export const routeNoticeResponseSchema = z.object({ notice: routeNoticeSchema });
/** GET /admin/notices: the notices in force (the default) or the withdrawn ones. */
export const ROUTE_NOTICE_LISTS = ['in-force', 'withdrawn'] as const;
export type RouteNoticeList = (typeof ROUTE_NOTICE_LISTS)[number];
export const listRouteNoticesQuerySchema = z.object({ state: z.enum(ROUTE_NOTICE_LISTS).default('in-force') });
/** How many withdrawn notices the desk lists (the latest withdrawn first). */
export const WITHDRAWN_NOTICES_LISTED = 50;

/** In force: not withdrawn and not over, soonest first. Withdrawn: the latest withdrawn first. */
export const listRouteNoticesResponseSchema = z.object({ notices: z.array(routeNoticeSchema) });
export type ListRouteNoticesResponse = z.infer<typeof listRouteNoticesResponseSchema>;
