import { staffRoleAtLeast, type StaffRole } from '@kwenda/contracts/admin';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import type { Db } from '../db/client.js';
import { sessions, staffMembers, users } from '../db/schema.js';
import { AppError } from '../errors.js';
import { readSessionToken } from './auth-tokens.js';

/**
 * Who is asking, read once per request from the bearer token: the user, their session, whether it is
 * a traveller's or a staff session, and the staff member's role. Routes guard themselves with
 * `app.requireUser` / `app.requireStaff(role)` (listed as a preHandler or preValidation, they run first
 * of all, see authenticateFirst); a route open to guests reads `request.auth` (null for a guest).
 */
export interface RequestAuth {
  userId: string;
  sessionId: string;
  kind: 'traveller' | 'staff';
  /** The staff member's role for a staff session; null for a traveller's. */
  staffRole: StaffRole | null;
  /** A staff session in which the second factor was given (always false for a traveller's). */
  secondFactor: boolean;
}

export interface StaffGuardOptions {
  /** The few routes that set the second factor up (and me, logout) work before it is on. */
  withoutSecondFactor?: boolean;
}

type PreHandler = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    /** null for a guest, and for a token that is forged, expired or whose session ended (see authRejected). */
    auth: RequestAuth | null;
    /** A token was sent but names no live session: routes that need one answer 401, guest routes ignore it. */
    authRejected: boolean;
  }
  interface FastifyInstance {
    /** 401 UNAUTHORIZED without a live traveller session. */
    requireUser: PreHandler;
    /**
     * 401 without a token (or a dead one); 403 STAFF_SESSION_REQUIRED for a traveller's token; 403
     * SECOND_FACTOR_REQUIRED before the second factor is on; 403 FORBIDDEN below `minRole`.
     */
    requireStaff: (minRole: StaffRole, options?: StaffGuardOptions) => PreHandler;
  }
}

/** The session a bearer token names while it is live, with its user's staff role; null otherwise. */
export async function readAuth(
  db: Db,
  secret: Uint8Array,
  authorization: string | undefined,
  now: Date,
): Promise<RequestAuth | null> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  const claims = match ? await readSessionToken(secret, match[1]!) : null;
  if (!claims) return null;
  const [row] = await db
    .select({
      userId: sessions.userId,
      kind: sessions.kind,
      secondFactorAt: sessions.secondFactorAt,
      active: users.active,
      role: staffMembers.role,
      disabledAt: staffMembers.disabledAt,
      totpEnabledAt: staffMembers.totpEnabledAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(staffMembers, eq(staffMembers.userId, sessions.userId))
    .where(and(eq(sessions.id, claims.sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  if (!row || row.userId !== claims.userId || !row.active) return null;
  if (row.kind === 'traveller')
    return { userId: row.userId, sessionId: claims.sessionId, kind: 'traveller', staffRole: null, secondFactor: false };
  // A staff session of someone who is no longer staff, or was disabled, is over.
  if (!row.role || row.disabledAt) return null;
  return {
    userId: row.userId,
    sessionId: claims.sessionId,
    kind: 'staff',
    staffRole: row.role,
    secondFactor: Boolean(row.secondFactorAt && row.totpEnabledAt),
  };
}

const unauthorized = () => new AppError(401, 'UNAUTHORIZED', 'Log in first');

/** The guards requireUser and requireStaff hand out, wherever a route lists them. */
const guards = new WeakSet<PreHandler>();
const guard = (handler: PreHandler) => {
  guards.add(handler);
  return handler;
};

/**
 * Moves a route's guards, wherever it lists them (preHandler, preValidation), to the front of its
 * onRequest hooks: who is asking is settled before the path, query or body are parsed and validated, so
 * a stranger's malformed id is 401/403 like any other, never a 400 that says the route would take a
 * well-formed one.
 */
function authenticateFirst(route: RouteOptions) {
  const moved: PreHandler[] = [];
  for (const hook of ['preValidation', 'preHandler'] as const) {
    const listed = route[hook];
    if (!listed) continue;
    const handlers = [listed].flat() as unknown as PreHandler[];
    const kept = handlers.filter((handler) => !guards.has(handler));
    if (kept.length === handlers.length) continue;
    moved.push(...handlers.filter((handler) => guards.has(handler)));
    route[hook] = (kept.length ? kept : undefined) as never;
  }
  if (!moved.length) return;
  const existing = route.onRequest ? [route.onRequest].flat() : [];
  route.onRequest = [...(moved as unknown as onRequestHookHandler[]), ...existing];
}

/** Private answers: an /api/ answer that names no caching of its own is not kept by browsers or proxies. */
const NO_STORE = 'no-store';

/**
 * Registers the request's auth on the root instance (before the routes), so every route plugin
 * sees `request.auth`, `app.requireUser` and `app.requireStaff`.
 */
export function registerAuth(app: FastifyInstance, deps: { db: Db; secret: Uint8Array; clock?: () => Date }) {
  const clock = deps.clock ?? (() => new Date());
  app.decorateRequest('auth', null);
  app.decorateRequest('authRejected', false);
  app.addHook('onRequest', async (request) => {
    const authorization = request.headers.authorization;
    if (!authorization || !request.url.startsWith('/api/')) return;
    request.auth = await readAuth(deps.db, deps.secret, authorization, clock());
    request.authRejected = request.auth === null;
  });
  app.addHook('onRoute', authenticateFirst);
  // A route that may be cached says so itself (the airports, the countries, /config); every other API
  // answer (a staff list, a traveller's booking, an error) is private to whoever asked.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', NO_STORE);
  });

  app.decorate(
    'requireUser',
    guard(async (request: FastifyRequest) => {
      if (request.auth?.kind !== 'traveller') throw new AppError(401, 'UNAUTHORIZED', 'The session has ended; log in again');
    }),
  );
  app.decorate('requireStaff', (minRole: StaffRole, options: StaffGuardOptions = {}) =>
    guard(async (request: FastifyRequest) => {
      const auth = request.auth;
      if (!auth) throw unauthorized();
      if (auth.kind !== 'staff' || !auth.staffRole)
        throw new AppError(403, 'STAFF_SESSION_REQUIRED', 'Sign in to the agency workspace at /admin');
      if (!options.withoutSecondFactor && !auth.secondFactor)
        throw new AppError(403, 'SECOND_FACTOR_REQUIRED', 'Turn on the authenticator app first');
      if (!staffRoleAtLeast(auth.staffRole, minRole))
        throw new AppError(403, 'FORBIDDEN', `This needs the ${minRole} role or above`);
    }),
  );
}

/** The id of the signed-in traveller, or null for a guest; a dead token is 401 (the traveller logs in again). */
export function travellerIdOf(request: FastifyRequest): string | null {
  if (request.authRejected) throw new AppError(401, 'UNAUTHORIZED', 'The session has ended; log in again');
  return request.auth?.kind === 'traveller' ? request.auth.userId : null;
}

/** The `actor` every booking transition and audit row records for a staff member: 'staff:<user id>'. */
export function staffActor(request: FastifyRequest): `staff:${string}` {
  const auth = request.auth;
  if (auth?.kind !== 'staff') throw new AppError(403, 'STAFF_SESSION_REQUIRED', 'Sign in to the agency workspace at /admin');
  return `staff:${auth.userId}`;
}

/** The staff member's user id behind a guarded route. */
export function staffUserIdOf(request: FastifyRequest): string {
  return staffActor(request).slice('staff:'.length);
}
