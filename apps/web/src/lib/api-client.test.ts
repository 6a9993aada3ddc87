// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n, { i18nReady } from '../i18n';
import { ApiRequestError, apiRequest, isNetworkError, shouldRetryRead } from './api-client';

/** Any contract serves (loaded lazily, as on the home page): the answers here are shaped as API errors. */
const okSchema = () => import('@kwenda/contracts/reference').then((m) => m.apiErrorSchema);
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const failure = (call: Promise<unknown>) =>
  call.then(
    () => null,
    (error: unknown) => error,
  );

describe('apiRequest tells a dropped connection from an answer of the server', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('no answer (the browser\'s "Failed to fetch") is a network error, status 0', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(apiRequest('/x', okSchema));
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK' });
    expect(isNetworkError(error)).toBe(true);
  });

  it("a server's 5xx or 4xx is an answer, not a network error", async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(json({ code: 'SUPPLIER_UNAVAILABLE', message: 'down' }, 503)));
    const down = await failure(apiRequest('/x', okSchema));
    expect(down).toMatchObject({ status: 503, code: 'SUPPLIER_UNAVAILABLE' });
    expect(isNetworkError(down)).toBe(false);
    vi.stubGlobal('fetch', () => Promise.resolve(json({ code: 'PRICE_CHANGED', message: 'repriced' }, 409)));
    expect(isNetworkError(await failure(apiRequest('/x', okSchema)))).toBe(false);
  });

  it('a connection that drops while the answer arrives is a network error too', async () => {
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        controller.enqueue(new TextEncoder().encode('{"code":'));
        controller.error(new TypeError('network error'));
      },
    });
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(body, { status: 200 })));
    expect(await failure(apiRequest('/x', okSchema))).toMatchObject({ status: 0, code: 'NETWORK' });
  });

  it('no answer before a timeout signal is a network error; the caller aborting is not an error to show', async () => {
    // A fetch that never answers, and fails only when its signal aborts (as the browser's does).
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal!.reason))),
    );
    expect(await failure(apiRequest('/x', okSchema, { signal: AbortSignal.timeout(20) }))).toMatchObject({ status: 0 });
    const controller = new AbortController();
    const aborted = failure(apiRequest('/x', okSchema, { signal: controller.signal }));
    controller.abort();
    const error = await aborted;
    expect(error).not.toBeInstanceOf(ApiRequestError);
    expect((error as Error).name).toBe('AbortError');
  });

  it('sends the idempotency key it is given', async () => {
    const fetch = vi.fn(() => Promise.resolve(json({ code: 'NOT_FOUND', message: 'shaped as an error, parsed as one' })));
    vi.stubGlobal('fetch', fetch);
    await apiRequest('/bookings', okSchema, { method: 'POST', body: { a: 1 }, idempotencyKey: 'key-1' });
    expect(fetch).toHaveBeenCalledWith(
      '/api/v1/bookings',
      expect.objectContaining({ headers: expect.objectContaining({ 'idempotency-key': 'key-1' }) }),
    );
  });
});

describe("apiRequest's parseAfter: an answer used as sent, parsed with its contract once the page is touched", () => {
  afterEach(() => vi.unstubAllGlobals());
  const later = () => {
    let settle = () => {};
    const settled = new Promise<void>((resolve) => (settle = resolve));
    return { settled, settle };
  };

  it('the contract is not even loaded before the page is touched; a refused answer is then reported and dropped', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(json({ code: 42 })));
    const touch = later();
    const schema = vi.fn(okSchema);
    const onRefused = vi.fn();
    expect(await apiRequest('/x', schema, { parseAfter: { settled: touch.settled, onRefused } })).toEqual({ code: 42 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(schema).not.toHaveBeenCalled();
    touch.settle();
    await vi.waitFor(() => expect(onRefused).toHaveBeenCalledOnce());
    expect(schema).toHaveBeenCalledOnce();
  });

  it('an answer the contract takes stays; a body that is not JSON waits for the contract and fails as before', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(json({ code: 'NOT_FOUND', message: 'gone' })));
    const touch = later();
    const onRefused = vi.fn();
    await apiRequest('/x', okSchema, { parseAfter: { settled: touch.settled, onRefused } });
    touch.settle();
    await okSchema();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onRefused).not.toHaveBeenCalled();

    vi.stubGlobal('fetch', () => Promise.resolve(new Response('<html>captive portal</html>', { status: 200 })));
    const ready = Promise.resolve();
    const error = await failure(apiRequest('/x', okSchema, { parseAfter: { settled: ready, onRefused } }));
    expect(error).toMatchObject({ name: 'ZodError' });
  });

  it('an API error brings the whole errors catalog, so its code is translated', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(json({ code: 'RATE_LIMITED', message: 'slow down' }, 429)));
    await i18nReady;
    const translate = i18n.t as (key: string) => string;
    await failure(apiRequest('/x', okSchema));
    expect(translate('errors:codes.RATE_LIMITED')).toBe('طلبات كثيرة، يرجى المحاولة بعد قليل');
  });
});

describe('shouldRetryRead', () => {
  it('asks again three times when no answer came, once when the server failed, never after a refusal', () => {
    const network = new ApiRequestError(0, null);
    expect([0, 1, 2, 3].map((n) => shouldRetryRead(n, network))).toEqual([true, true, true, false]);
    const down = new ApiRequestError(503, null);
    expect([0, 1].map((n) => shouldRetryRead(n, down))).toEqual([true, false]);
    expect(shouldRetryRead(0, new ApiRequestError(404, null))).toBe(false);
    expect(shouldRetryRead(0, new ApiRequestError(400, null))).toBe(false);
  });
});
