import { bookingIdSchema } from '@kwenda/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import { AppError } from '../../errors.js';
import { travellerIdOf } from '../../plugins/auth.js';
import { accessTokensOf } from './access-cookie.js';
import type { BookingAccessService } from './booking-access-service.js';

/** Every route under one booking's address. */
const BOOKING_ROUTE = /^\/api\/v1\/bookings\/:id(\/|$)/;

/**
 * What holding a booking's link allows: reading its limited view and the seat map. Every other route of
 * a booking, present or future, is its owner's alone: deny by default, so a new route cannot forget it.
 */
export const OPEN_TO_LINK_HOLDERS: ReadonlySet<string> = new Set([
  'GET /api/v1/bookings/:id',
  'GET /api/v1/bookings/:id/seat-map',
]);

declare module 'fastify' {
  interface FastifyInstance {
    /** The booking routes only the owner may use, as "METHOD url" (tests check none is missing). */
    ownerOnlyBookingRoutes: string[];
  }
}

/**
 * Whether the asker sees (and may change) the booking whole: an account's booking, only that account
 * signed in; a guest's booking, a browser holding one of its grants. `userId` is the signed-in
 * traveller, if any.
 */
export async function seesWhole(
  access: Pick<BookingAccessService, 'holdsGrant'>,
  booking: { id: string; userId: string | null },
  asker: { userId: string | null; cookieHeader: string | undefined },
): Promise<boolean> {
  if (booking.userId) return asker.userId === booking.userId;
  const tokens = accessTokensOf(asker.cookieHeader);
  return tokens.length > 0 && access.holdsGrant(booking.id, tokens);
}

/**
 * Puts the owner check in front of every owner-only route of a booking (registered on the root before
 * the routes, so it sees every route as it is added). It runs on request, before the body is read or
 * any other hook (an idempotent replay included) answers: a stranger's 5 MB receipt is refused unread.
 */
export function registerBookingAccessGuard(app: FastifyInstance, { access }: { access: BookingAccessService }) {
  const requireWholeAccess = async (request: FastifyRequest, reply: FastifyReply) => {
    const id = (request.params as { id?: string }).id ?? '';
    // Not a booking id, or no such booking: the route answers its own 404.
    if (!bookingIdSchema.safeParse(id).success) return;
    const owner = await access.ownerOf(id);
    if (!owner) return;
    const whole = await seesWhole(
      access,
      { id, userId: owner.userId },
      { userId: travellerIdOf(request), cookieHeader: request.headers.cookie },
    );
    if (whole) return;
    // The e-ticket link of an e-mail opened on another device: the booking's page, which offers Find my booking.
    if (request.method === 'GET' && /text\/html/.test(request.headers.accept ?? ''))
      return reply.redirect(`/booking/${encodeURIComponent(id)}`, 303);
    throw owner.userId
      ? new AppError(403, 'BOOKING_ACCOUNT_REQUIRED', 'This booking belongs to an account: log in with it to change it')
      : new AppError(
          403,
          'BOOKING_ACCESS_REQUIRED',
          'Only the browser that made this booking can change it; use Find my booking to open it on this device',
        );
  };

  const ownerOnly: string[] = [];
  app.decorate('ownerOnlyBookingRoutes', ownerOnly);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!BOOKING_ROUTE.test(route.url)) return;
    const methods = [route.method].flat();
    // A HEAD route mirrors its GET route.
    const open = (method: string) => OPEN_TO_LINK_HOLDERS.has(`${method === 'HEAD' ? 'GET' : method} ${route.url}`);
    if (methods.every(open)) return;
    ownerOnly.push(...methods.map((method) => `${method} ${route.url}`));
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [...existing, requireWholeAccess as onRequestHookHandler];
  });
}
