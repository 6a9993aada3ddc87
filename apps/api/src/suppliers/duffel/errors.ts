/**
 * Typed errors of the Duffel adapter: what Duffel (or the way to it) said, in a form the callers can
 * recognise by `kind` without reading Duffel's bodies. Messages carry Duffel's error code, title and
 * the field at fault, never the values sent (names, passport numbers, e-mails and phones stay out).
 */

export type DuffelErrorKind =
  /** The offer (or what was asked for) is gone: offer_no_longer_available. */
  | 'unavailable'
  | 'expired'
  /** The airline's price moved: re-price before going on. */
  | 'price-changed'
  /** Duffel refused what was sent (422/400); `field` names the part at fault when Duffel says. */
  | 'validation'
  | 'rate-limited'
  /** The access token is missing, wrong or lacks a permission (401/403): a configuration mistake. */
  | 'auth'
  | 'not-found'
  /** The action does not fit the resource's state (already cancelled, already paid). */
  | 'invalid-state'
  /** Duffel or the airline failed (5xx, airline_error). */
  | 'server'
  /** No answer within the adapter's time limit: Duffel may still have acted. */
  | 'timeout'
  /** The connection failed or the answer was not Duffel's JSON. */
  | 'network'
  /** An order creation was accepted but not finished, or its answer was lost and the order is not found yet. */
  | 'pending'
  /** The offer must be paid at once and cannot be held. */
  | 'instant-payment-required'
  /** The order is paid but the airline has not issued every ticket yet. */
  | 'tickets-pending';

export interface DuffelErrorDetails {
  status?: number | null;
  code?: string | null;
  requestId?: string | null;
  field?: string | null;
  /** How long Duffel asked to wait before the next request (429). */
  retryAfterMs?: number | null;
  /** The request that failed, e.g. "POST air/orders". */
  operation?: string | null;
  cause?: unknown;
}

export class DuffelSupplierError extends Error {
  readonly kind: DuffelErrorKind;
  readonly status: number | null;
  readonly code: string | null;
  readonly requestId: string | null;
  readonly field: string | null;
  readonly retryAfterMs: number | null;
  readonly operation: string | null;

  constructor(kind: DuffelErrorKind, message: string, details: DuffelErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'DuffelSupplierError';
    this.kind = kind;
    this.status = details.status ?? null;
    this.code = details.code ?? null;
    this.requestId = details.requestId ?? null;
    this.field = details.field ?? null;
    this.retryAfterMs = details.retryAfterMs ?? null;
    this.operation = details.operation ?? null;
  }
}

/** Order creation went through at Duffel, or may have: settle it later by the client reference (findOrder). */
export class DuffelOrderPendingError extends DuffelSupplierError {
  constructor(
    readonly clientReference: string,
    reason: string,
    details: DuffelErrorDetails = {},
  ) {
    super(
      'pending',
      `Duffel order for ${clientReference} not confirmed yet (${reason}); look it up by its client reference`,
      details,
    );
    this.name = 'DuffelOrderPendingError';
  }
}

/** The offer has payment_requirements.requires_instant_payment: it cannot be held. */
export class DuffelInstantPaymentError extends DuffelSupplierError {
  constructor(readonly offerId: string) {
    super('instant-payment-required', `Duffel offer ${offerId} must be paid at once and cannot be held`);
    this.name = 'DuffelInstantPaymentError';
  }
}

/** The held order's price guarantee ended and the airline now asks another total: re-price before paying. */
export class DuffelPriceChangedError extends DuffelSupplierError {
  constructor(
    readonly orderId: string,
    readonly previousTotal: number,
    readonly total: number,
    readonly currency: string,
  ) {
    super(
      'price-changed',
      `Duffel order ${orderId} now costs ${total} ${currency} instead of ${previousTotal} (its price guarantee ended); not paid`,
    );
    this.name = 'DuffelPriceChangedError';
  }
}

/** Paid, but the e-tickets are not all issued yet: asking to ticket again reads them (it never pays twice). */
export class DuffelTicketsPendingError extends DuffelSupplierError {
  constructor(readonly orderId: string) {
    super('tickets-pending', `Duffel order ${orderId} is paid but its tickets are not all issued yet`);
    this.name = 'DuffelTicketsPendingError';
  }
}

/** Duffel's error bodies: `{ errors: [{ type, code, title, message, source? }], meta: { request_id, status } }`. */
interface RawDuffelError {
  meta?: { request_id?: string; status?: number } | null;
  errors?: { type?: string; code?: string; title?: string; message?: string; source?: { field?: string; pointer?: string } }[];
  headers?: { get(name: string): string | null } | null;
  status?: number;
}

const looksLikeDuffelError = (error: unknown): error is RawDuffelError & Error =>
  error instanceof Error && ('errors' in error || 'meta' in error) && 'headers' in error;

const UNAVAILABLE_CODES = new Set(['offer_no_longer_available', 'offer_not_found', 'not_available', 'no_availability']);
const EXPIRED_CODES = new Set(['offer_expired', 'offer_request_expired']);
const PRICE_CODES = new Set(['price_changed', 'offer_price_changed', 'total_amount_changed', 'amount_mismatch']);

/**
 * How long Duffel asks us to wait: `retry-after` (seconds or an HTTP date), else `ratelimit-reset`
 * (seconds to wait, a Unix time, or an HTTP date, as gateways differ). Null when neither says.
 */
export function retryAfterMs(headers: { get(name: string): string | null } | null | undefined, now = Date.now()): number | null {
  const parse = (value: string | null): number | null => {
    if (!value) return null;
    const text = value.trim();
    if (/^\d+(\.\d+)?$/.test(text)) {
      const n = Number(text);
      // A Unix time (seconds) rather than a delay.
      if (n > 1_000_000_000) return Math.max(0, n * 1000 - now);
      return n * 1000;
    }
    const at = Date.parse(text);
    return Number.isNaN(at) ? null : Math.max(0, at - now);
  };
  return parse(headers?.get('retry-after') ?? null) ?? parse(headers?.get('ratelimit-reset') ?? null);
}

/**
 * Turns whatever a call to Duffel threw into a DuffelSupplierError. The client throws its DuffelError
 * (meta, errors, headers, status) for a non-2xx answer; a non-JSON answer or a dropped connection
 * arrives as a plain error.
 */
export function toDuffelSupplierError(error: unknown, operation: string): DuffelSupplierError {
  if (error instanceof DuffelSupplierError) return error;
  if (!looksLikeDuffelError(error)) {
    const message = error instanceof Error ? error.message : String(error);
    return new DuffelSupplierError('network', `${operation}: no usable answer from Duffel (${message})`, {
      operation,
      cause: error,
    });
  }
  const status = error.status ?? error.meta?.status ?? null;
  const first = Array.isArray(error.errors) ? error.errors[0] : undefined;
  const type = first?.type ?? null;
  const code = first?.code ?? null;
  const requestId = error.meta?.request_id ?? error.headers?.get('x-request-id') ?? null;
  const field = first?.source?.field ?? first?.source?.pointer ?? null;
  const details: DuffelErrorDetails = { status, code, requestId, field, operation };
  const describe = (what: string) =>
    `${operation}: ${what} (Duffel ${status ?? '?'}${code ? ` ${code}` : ''}${first?.title ? `: ${first.title}` : ''}${
      field ? `; field ${field}` : ''
    }${requestId ? `; request ${requestId}` : ''})`;

  if (status === 429 || type === 'rate_limit_error')
    return new DuffelSupplierError('rate-limited', describe('rate limited'), {
      ...details,
      retryAfterMs: retryAfterMs(error.headers),
    });
  if (status === 401 || status === 403 || type === 'authentication_error' || type === 'authorization_error')
    return new DuffelSupplierError('auth', describe('access refused: check DUFFEL_ACCESS_TOKEN'), details);
  if (code && UNAVAILABLE_CODES.has(code))
    return new DuffelSupplierError('unavailable', describe('no longer available'), details);
  if (code && EXPIRED_CODES.has(code)) return new DuffelSupplierError('expired', describe('expired'), details);
  if (code && PRICE_CODES.has(code)) return new DuffelSupplierError('price-changed', describe('price changed'), details);
  if (status === 404 || code === 'not_found') return new DuffelSupplierError('not-found', describe('not found'), details);
  if (status !== null && status >= 500) return new DuffelSupplierError('server', describe('Duffel failed'), details);
  if (type === 'invalid_state_error' || code === 'already_cancelled' || code === 'order_already_cancelled')
    return new DuffelSupplierError('invalid-state', describe('not possible in its current state'), details);
  if (type === 'validation_error' || type === 'invalid_request_error')
    return new DuffelSupplierError('validation', describe('refused'), details);
  // A 4xx airline_error: the airline turned the action down (an order it already cancelled, an unsupported action).
  if (type === 'airline_error') return new DuffelSupplierError('invalid-state', describe('the airline refused'), details);
  if (status === 422 || status === 400) return new DuffelSupplierError('validation', describe('refused'), details);
  return new DuffelSupplierError('server', describe('unexpected answer'), details);
}
