import { DuffelError } from '@duffel/api';
import { describe, expect, it } from 'vitest';
import { createCaller, MAX_RATE_LIMIT_WAIT_MS, RATE_LIMIT_RETRIES } from './duffel-calls.js';
import { DuffelSupplierError, retryAfterMs, toDuffelSupplierError } from './errors.js';

/** What the client throws for a non-2xx answer. */
function duffelError(
  status: number,
  error: { type: string; code: string; title?: string; source?: { field: string; pointer: string } },
  headers: Record<string, string> = {},
) {
  return new DuffelError({
    meta: { status, request_id: 'req_123' },
    errors: [{ title: 'Title', message: 'A message about the request', documentation_url: '', ...error }],
    headers: new Headers(headers) as never,
    status,
  });
}

describe('Duffel errors', () => {
  it.each([
    [422, 'airline_error', 'offer_no_longer_available', 'unavailable'],
    [422, 'airline_error', 'price_changed', 'price-changed'],
    [404, 'invalid_request_error', 'not_found', 'not-found'],
    [401, 'authentication_error', 'unauthorized', 'auth'],
    [403, 'authorization_error', 'forbidden', 'auth'],
    [422, 'invalid_state_error', 'already_cancelled', 'invalid-state'],
    [422, 'airline_error', 'unsupported_action', 'invalid-state'],
    [422, 'validation_error', 'validation_format', 'validation'],
    [400, 'invalid_request_error', 'bad_request', 'validation'],
    [500, 'api_error', 'internal_server_error', 'server'],
    [502, 'airline_error', 'order_not_created', 'server'],
    [504, 'api_error', 'gateway_timeout_error', 'server'],
    [429, 'rate_limit_error', 'rate_limit_exceeded', 'rate-limited'],
  ])('%i %s %s is %s', (status, type, code, kind) => {
    const error = toDuffelSupplierError(duffelError(status, { type, code }), 'POST air/orders');
    expect(error).toBeInstanceOf(DuffelSupplierError);
    expect(error).toMatchObject({ kind, status, code, requestId: 'req_123', operation: 'POST air/orders' });
  });

  it("names the field Duffel refused, without Duffel's message (it may quote what was sent)", () => {
    const error = toDuffelSupplierError(
      duffelError(422, {
        type: 'validation_error',
        code: 'validation_format',
        title: 'Invalid format',
        source: { field: 'given_name', pointer: '/passengers/0/given_name' },
      }),
      'POST air/orders',
    );
    expect(error.field).toBe('given_name');
    expect(error.message).toContain('given_name');
    expect(error.message).toContain('Invalid format');
    expect(error.message).not.toContain('A message about the request');
  });

  it('reads how long to wait from retry-after or ratelimit-reset', () => {
    const now = Date.parse('2026-03-02T06:00:00Z');
    const headers = (h: Record<string, string>) => new Headers(h);
    expect(retryAfterMs(headers({ 'retry-after': '3' }), now)).toBe(3000);
    expect(retryAfterMs(headers({ 'ratelimit-reset': 'Mon, 02 Mar 2026 06:00:20 GMT' }), now)).toBe(20_000);
    expect(retryAfterMs(headers({ 'ratelimit-reset': String(now / 1000 + 7) }), now)).toBe(7000);
    expect(retryAfterMs(headers({}), now)).toBeNull();
    const limited = toDuffelSupplierError(
      duffelError(429, { type: 'rate_limit_error', code: 'rate_limit_exceeded' }, { 'retry-after': '2' }),
      'GET',
    );
    expect(limited.retryAfterMs).toBe(2000);
  });

  it('takes what is not an answer from Duffel for a network failure', () => {
    expect(toDuffelSupplierError(new TypeError('fetch failed'), 'GET air/offers/off_1')).toMatchObject({ kind: 'network' });
  });
});

describe('calls', () => {
  const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const answer = { data: 'ok', status: 200, headers: new Headers({ 'x-request-id': 'req_9' }) };

  it('gives up on a call that does not answer in time, as a timeout', async () => {
    const call = createCaller({ logger: silent });
    const never = () => new Promise<typeof answer>(() => undefined);
    const started = Date.now();
    await expect(call({ operation: 'GET air/orders/ord_1', timeoutMs: 50, retryRateLimited: true }, never)).rejects.toMatchObject(
      {
        kind: 'timeout',
      },
    );
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('asks a read again after a 429, a bounded number of times, never a change', async () => {
    const waits: number[] = [];
    const call = createCaller({ logger: silent, sleep: async (ms) => void waits.push(ms) });
    let tries = 0;
    const limitedTwice = async () => {
      tries += 1;
      if (tries <= 2) throw duffelError(429, { type: 'rate_limit_error', code: 'rate_limit_exceeded' }, { 'retry-after': '60' });
      return answer;
    };
    expect((await call({ operation: 'GET', timeoutMs: 1000, retryRateLimited: true }, limitedTwice)).data).toBe('ok');
    expect(waits).toEqual([MAX_RATE_LIMIT_WAIT_MS, MAX_RATE_LIMIT_WAIT_MS]);

    tries = 0;
    await expect(
      call({ operation: 'POST air/orders', timeoutMs: 1000, retryRateLimited: false }, limitedTwice),
    ).rejects.toMatchObject({
      kind: 'rate-limited',
    });
    expect(tries).toBe(1);

    tries = 0;
    const always = async (): Promise<typeof answer> => {
      tries += 1;
      throw duffelError(429, { type: 'rate_limit_error', code: 'rate_limit_exceeded' });
    };
    await expect(call({ operation: 'GET', timeoutMs: 1000, retryRateLimited: true }, always)).rejects.toMatchObject({
      kind: 'rate-limited',
    });
    expect(tries).toBe(1 + RATE_LIMIT_RETRIES);
  });

  it('logs the operation, status, duration and request id', async () => {
    const lines: object[] = [];
    const call = createCaller({ logger: { ...silent, info: (obj: object) => void lines.push(obj) } });
    await call({ operation: 'GET air/offers/off_1', timeoutMs: 1000, retryRateLimited: true }, async () => answer);
    expect(lines).toEqual([
      { duffel: { operation: 'GET air/offers/off_1', status: 200, durationMs: expect.any(Number), requestId: 'req_9' } },
    ]);
  });
});
