import type {
  AirlineInitiatedChange,
  Order,
  OrderCancellation,
  OrderPassenger,
  OrderSlice,
  OrderSliceSegment,
} from '@duffel/api/types';

// Duffel's error bodies: `{ errors: [{ type, title, message, code, documentation_url, source? }], meta }`.
// Codes marked "seen" in README.md were observed on Duffel's test mode; the others are best guesses.

export type DuffelErrorType =
  | 'airline_error'
  | 'api_error'
  | 'authentication_error'
  | 'invalid_request_error'
  | 'invalid_state_error'
  | 'rate_limit_error'
  | 'validation_error';

export interface DuffelErrorItem {
  type: DuffelErrorType;
  title: string;
  message: string;
  code: string;
  documentation_url: string;
  source?: { field: string; pointer: string };
}

const DOCS = 'https://duffel.com/docs/api/overview/errors';

export class DuffelHttpError extends Error {
  constructor(
    readonly status: number,
    readonly errors: DuffelErrorItem[],
    readonly headers: Record<string, string> = {},
  ) {
    super(errors.map((e) => `${e.code}: ${e.message}`).join('; '));
  }
}

function item(
  type: DuffelErrorType,
  code: string,
  title: string,
  message: string,
  source?: DuffelErrorItem['source'],
): DuffelErrorItem {
  return { type, title, message, code, documentation_url: DOCS, ...(source ? { source } : {}) };
}

export const duffelErrors = {
  unauthorized: () =>
    new DuffelHttpError(401, [
      item(
        'authentication_error',
        'unauthorized',
        'Unauthorized',
        'The access token used is not valid. Check the Authorization header.',
      ),
    ]),
  unsupportedVersion: (given: string | undefined) =>
    new DuffelHttpError(400, [
      item(
        'invalid_request_error',
        'unsupported_version',
        'Unsupported version',
        given ? `Duffel-Version '${given}' is not supported; use 'v2'.` : "The 'Duffel-Version' header is required; use 'v2'.",
      ),
    ]),
  badRequest: (message: string) =>
    new DuffelHttpError(400, [item('invalid_request_error', 'bad_request', 'Bad request', message)]),
  notFound: () =>
    new DuffelHttpError(404, [
      item('invalid_request_error', 'not_found', 'Not found', 'The resource you are trying to access does not exist.'),
    ]),
  offerGone: () =>
    new DuffelHttpError(422, [
      item(
        'airline_error',
        'offer_no_longer_available',
        'Requested offer is no longer available',
        'The requested offer is no longer available, please select another offer.',
      ),
    ]),
  priceChanged: (newTotal: string, currency: string) =>
    new DuffelHttpError(422, [
      item(
        'airline_error',
        'price_changed',
        'Price changed',
        `The price has changed since it was last retrieved. The new total is ${newTotal} ${currency}.`,
      ),
    ]),
  amountMismatch: () =>
    new DuffelHttpError(422, [
      item(
        'validation_error',
        'payment_amount_does_not_match_order_amount',
        'Payment amount does not match order amount',
        'The payment amount must match the total amount of the order, including services.',
        { field: 'amount', pointer: '/payments/0/amount' },
      ),
    ]),
  alreadyCancelled: () =>
    new DuffelHttpError(422, [
      item('invalid_state_error', 'already_cancelled', 'Order already cancelled', 'This order has already been cancelled.'),
    ]),
  orderExpired: () =>
    new DuffelHttpError(422, [
      item(
        'invalid_state_error',
        'order_expired',
        'Order expired',
        'The time to pay for this order has passed and the space has been released.',
      ),
    ]),
  alreadyPaid: () =>
    new DuffelHttpError(422, [
      item('invalid_state_error', 'already_paid', 'Order already paid', 'This order has already been paid for.'),
    ]),
  cancellationExpired: () =>
    new DuffelHttpError(422, [
      item(
        'invalid_state_error',
        'order_cancellation_expired',
        'Cancellation quote expired',
        'This order cancellation has expired; create a new one.',
      ),
    ]),
  staleChange: () =>
    new DuffelHttpError(422, [
      item(
        'invalid_state_error',
        'stale_airline_initiated_change_accept',
        'Not the latest change',
        'Only the latest airline-initiated change of an order can be accepted.',
      ),
    ]),
  changeAlreadyActioned: () =>
    new DuffelHttpError(422, [
      item(
        'invalid_state_error',
        'already_actioned',
        'Change already actioned',
        'An action has already been taken on this airline-initiated change.',
      ),
    ]),
  rateLimited: (resetAt: Date, retryAfterSeconds: number) =>
    new DuffelHttpError(
      429,
      [
        item(
          'rate_limit_error',
          'rate_limit_exceeded',
          'Rate limit exceeded',
          'You have exceeded the rate limit. Wait until the reset time before retrying.',
        ),
      ],
      {
        'ratelimit-limit': '4000',
        'ratelimit-remaining': '0',
        'ratelimit-reset': resetAt.toUTCString(),
        'retry-after': String(retryAfterSeconds),
      },
    ),
  gatewayTimeout: () =>
    new DuffelHttpError(504, [
      item('api_error', 'gateway_timeout_error', 'Gateway timeout', 'The airlines did not answer in time. Please retry later.'),
    ]),
};

export function validationItem(
  code: string,
  field: string,
  pointer: string,
  message: string,
  title = 'Invalid field',
): DuffelErrorItem {
  return item('validation_error', code, title, message, { field, pointer });
}

/** The item of a required field left out or blank. */
export function requiredField(field: string): DuffelErrorItem {
  return validationItem('validation_required', field, `/${field}`, `Field '${field}' can't be blank`, 'Required field');
}

export function validationError(items: DuffelErrorItem[]): DuffelHttpError {
  return new DuffelHttpError(422, items);
}

export function errorBody(error: DuffelHttpError, requestId: string) {
  return { errors: error.errors, meta: { status: error.status, request_id: requestId } };
}

/** Opaque cursors for Duffel-style pagination (`meta.after`, `meta.limit`). */
export function paginate<T>(
  items: T[],
  query: URLSearchParams,
): { data: T[]; meta: { limit: number; after: string | null; before: string | null } } {
  const rawLimit = Number(query.get('limit') ?? 50);
  const limit = Number.isInteger(rawLimit) && rawLimit >= 1 && rawLimit <= 200 ? rawLimit : 50;
  const after = query.get('after');
  let start = 0;
  if (after) {
    const decoded = Number(Buffer.from(after, 'base64url').toString('utf8').replace(/^g3Q/, ''));
    start = Number.isInteger(decoded) && decoded >= 0 ? decoded : 0;
  }
  const page = items.slice(start, start + limit);
  const next = start + limit < items.length ? Buffer.from(`g3Q${start + limit}`, 'utf8').toString('base64url') : null;
  return { data: page, meta: { limit, after: next, before: null } };
}

// The order as the server keeps and returns it. Duffel's order passengers echo neither a type nor the
// infant link (seen on Duffel's test mode), so those two fields are left out here as well.
export type LocalOrderPassenger = Omit<OrderPassenger, 'type' | 'infant_passenger_id'>;

export interface LocalPayment {
  id: string;
  order_id: string;
  type: 'balance';
  amount: string;
  currency: string;
  status: 'succeeded';
  created_at: string;
  live_mode: false;
}

/** Duffel writes `confirmed_at: null` until a cancellation is confirmed. */
export type LocalCancellation = Omit<OrderCancellation, 'confirmed_at'> & { confirmed_at: string | null };

export type LocalOrder = Omit<Order, 'passengers' | 'cancellation' | 'airline_initiated_changes'> & {
  type: 'instant' | 'hold';
  passengers: LocalOrderPassenger[];
  cancellation: LocalCancellation | null;
  airline_initiated_changes: AirlineInitiatedChange[];
  changes: unknown[];
  users: string[];
};

export type { OrderSlice, OrderSliceSegment };

/** A bag's metadata as Duffel sends it: its kind and at most its weight (the sizes are left out). */
export function bagMetadata(type: 'checked' | 'carry_on', maximumWeightKg: number | null = null) {
  return { type, maximum_weight_kg: maximumWeightKg, maximum_height_cm: null, maximum_length_cm: null, maximum_depth_cm: null };
}
