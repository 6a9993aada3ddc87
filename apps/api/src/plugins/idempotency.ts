import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { AppError } from '../errors.js';
import { addressKey } from './client-address.js';
import * as repo from './idempotency-repository.js';

/** The requests a retry must not do twice: creating a booking, saving its passengers, paying it. */
export const IDEMPOTENT_ROUTES = ['POST /api/v1/bookings', 'PUT /api/v1/bookings/:id', 'PUT /api/v1/bookings/:id/pay'];

/** How long an answer is kept for a retry. */
export const IDEMPOTENCY_KEEP_MS = 24 * 3_600_000;
/**
 * How long a running request's hold on its key lasts unless renewed. A live request renews it four
 * times a lease, so a process that died mid-request frees its keys this long after its last renewal:
 * the traveller's retry then runs instead of hearing "still running" for minutes.
 */
export const IDEMPOTENCY_LEASE_MS = 20_000;
/** A request still running after this long stops renewing its key (a handler that never answers cannot hold it forever). */
export const IDEMPOTENCY_MAX_HOLD_MS = 10 * 60_000;

const headersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, 'At most 255 visible ASCII characters, such as a UUID')
    .optional()
    .describe(
      'Makes a retry safe: the same key with the same body within 24 hours gets the first answer again ' +
        '(Idempotent-Replayed: true); with another body, 422 IDEMPOTENCY_KEY_REUSED; while the first is still ' +
        'running, 409 IDEMPOTENCY_KEY_IN_USE. Keys are per account (or, for a guest, per client address).',
    ),
});

interface Claim {
  scope: string;
  key: string;
  claimId: string;
  /** Stops renewing the lease. */
  stopRenewing: () => void;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The idempotency key this request holds while it runs (plugins/idempotency.ts). */
    idempotencyClaim: Claim | null;
  }
}

/** JSON with object keys in one order: the same body, however its keys were written, has one fingerprint. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** The headers a retry needs as the first answer had them (a new guest booking's access cookie among them). */
const REPLAYED_HEADERS = ['content-type', 'set-cookie', 'location', 'cache-control'];
function replayedHeaders(reply: FastifyReply) {
  const kept: Record<string, string | string[]> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) kept[name] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return kept;
}

/** A key belongs to its caller: one client never gets another's answer. */
function scopeOf(request: FastifyRequest) {
  if (request.auth) return `${request.auth.kind}:${request.auth.userId}`;
  return `guest:${addressKey(request.ip) ?? request.ip}`;
}

/**
 * Idempotency keys, as Stripe has them, on IDEMPOTENT_ROUTES: a request with an `Idempotency-Key`
 * header claims the key (in the database, so every process sees it) and its answer is kept for 24
 * hours; a retry with the same key and body gets that answer again, with another body a 422, and
 * while the first still runs a 409. An answer that decided nothing (5xx) frees the key for a retry.
 * Registered before the routes (it adds itself to them as they are declared) and before compression
 * (the answer is kept as sent, before it is compressed).
 */
export function registerIdempotency(app: FastifyInstance, deps: { db: Db; clock?: () => Date; leaseMs?: number }) {
  const clock = deps.clock ?? (() => new Date());
  const leaseMs = deps.leaseMs ?? IDEMPOTENCY_LEASE_MS;
  app.decorateRequest('idempotencyClaim', null);
  const renewing = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const stop of renewing) stop();
  });

  /** Renews the request's lease while it runs, until its answer is kept (or it gives up). */
  function keepHolding(request: FastifyRequest, held: Omit<Claim, 'stopRenewing'>): Claim {
    const started = Date.now();
    const timer = setInterval(() => {
      if (request.idempotencyClaim !== claimed || Date.now() - started > IDEMPOTENCY_MAX_HOLD_MS) return stop();
      repo.renewKey(deps.db, held, new Date(clock().getTime() + leaseMs)).then(
        (still) => still || stop(),
        (error: unknown) => request.log.warn({ err: error }, 'could not renew the lease of an idempotency key'),
      );
    }, leaseMs / 4);
    timer.unref();
    const stop = () => {
      clearInterval(timer);
      renewing.delete(stop);
    };
    renewing.add(stop);
    const claimed: Claim = { ...held, stopRenewing: stop };
    return claimed;
  }

  async function claim(request: FastifyRequest, reply: FastifyReply) {
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || !key) return;
    const scope = scopeOf(request);
    const fingerprint = createHash('sha256')
      .update(`${request.method} ${request.url}\n${canonicalJson(request.body ?? null)}`)
      .digest('hex');
    // A key freed between the claim and the read (its request failed) is claimed again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const claimId = randomUUID();
      const claimed = await repo.claimKey(deps.db, {
        scope,
        key,
        fingerprint,
        claimId,
        now: clock(),
        leaseMs,
        keepMs: IDEMPOTENCY_KEEP_MS,
      });
      if (claimed) {
        request.idempotencyClaim = keepHolding(request, { scope, key, claimId });
        return;
      }
      const row = await repo.findKey(deps.db, scope, key);
      if (!row) continue;
      if (row.fingerprint !== fingerprint)
        throw new AppError(
          422,
          'IDEMPOTENCY_KEY_REUSED',
          'This Idempotency-Key was used with another request (method, path or body); use a new key for a new request',
        );
      if (row.status === 'running') break;
      reply.code(row.responseStatus ?? 200).headers({ ...row.responseHeaders, 'idempotent-replayed': 'true' });
      return reply.send(row.responseBody ?? '');
    }
    throw new AppError(409, 'IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still running; retry in a moment');
  }

  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((method) => IDEMPOTENT_ROUTES.includes(`${method} ${route.url}`))) return;
    route.schema = { ...route.schema, headers: headersSchema };
    const before = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : [];
    // Last: a request its own guards refused never claims a key.
    route.preHandler = [...before, claim];
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const held = request.idempotencyClaim;
    if (!held) return payload;
    request.idempotencyClaim = null;
    held.stopRenewing();
    try {
      if (reply.statusCode >= 500 || typeof payload !== 'string') await repo.releaseKey(deps.db, held);
      else
        await repo.saveAnswer(deps.db, held, {
          status: reply.statusCode,
          headers: replayedHeaders(reply),
          body: payload,
        });
    } catch (error) {
      // The answer still goes out; the key is freed when its lease ends, and a retry runs again.
      request.log.error({ err: error }, 'could not keep the answer of an idempotent request');
    }
    return payload;
  });
}
