// @vitest-environment jsdom
import { bookingResponseSchema } from '@kwenda/contracts';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectionStateOf, type ConnectionState } from '../../../components/connection-notice';
import { readErrorAnswer } from '../../../lib/api-error';
import { usePayBooking } from './booking-api';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: false });

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The booking writes against a fetch the test answers: what was sent, and what the page would show. */
describe('a booking write on a connection that drops', () => {
  let root: Root;
  let sent: { url: string; key: string | null; body: string }[];
  let answers: (() => Promise<Response>)[];
  let seen: { connection: ConnectionState; success: boolean; error: unknown };
  let pay: ReturnType<typeof usePayBooking> | undefined;
  const queryClient = new QueryClient();

  function Probe() {
    pay = usePayBooking('bk_1');
    seen = { connection: connectionStateOf(pay), success: pay.isSuccess, error: pay.error };
    return null;
  }
  /**
   * Checks again after each 20 ms of the fake clock (10 s of it, or `forMs`, at the most), letting React
   * render in between: the waits between tries (1 and 2 s) pass at once, and a state that lasts one wait is seen.
   */
  const until = async (check: () => void, forMs = 10_000) => {
    for (let waited = 0; waited < forMs; waited += 20) {
      try {
        return check();
      } catch {
        await new Promise((rendered) => setImmediate(rendered));
        await vi.advanceTimersByTimeAsync(20);
      }
    }
    check();
  };
  /** Longer than any wait between tries (8 s at the most): what has not been sent by then never is. */
  const waitOutEveryRetry = () => vi.advanceTimersByTimeAsync(10_000);

  // An error answer is read by a module the page loads at its first error (its contract and the errors
  // catalog): loaded here first, so the fake clock below does not run out while a cold import compiles.
  beforeAll(async () => {
    await readErrorAnswer({ code: 'WARM_UP', message: 'warm-up' });
  });

  beforeEach(() => {
    // The page's clocks are fake; setImmediate, which React renders with, stays real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    sessionStorage.clear();
    pay = undefined;
    onlineManager.setOnline(true);
    sent = [];
    answers = [];
    // The test's answers are not whole bookings: what the contract would parse passes as it is.
    vi.spyOn(bookingResponseSchema, 'parse').mockImplementation((value) => value as never);
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      const headers = init.headers as Record<string, string>;
      sent.push({ url, key: headers['idempotency-key'] ?? null, body: String(init.body) });
      const answer = answers.shift();
      return answer ? answer() : Promise.reject(new TypeError('Failed to fetch'));
    });
    root = createRoot(document.createElement('div'));
    root.render(
      <QueryClientProvider client={queryClient}>
        <Probe />
      </QueryClientProvider>,
    );
  });
  afterEach(() => {
    root.unmount();
    queryClient.clear();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  const held = () => Promise.resolve(json({ booking: { id: 'bk_1', status: 'pending-payment' } }));

  it('an answer lost on the way back is asked again with the same key, so the server does it once', async () => {
    answers.push(() => Promise.reject(new TypeError('Failed to fetch')), held);
    await until(() => expect(pay).toBeDefined());
    pay!.mutate({ payLater: true });
    await until(() => expect(seen.connection).toBe('waiting'));
    await until(() => expect(seen.success).toBe(true));
    expect(sent).toHaveLength(2);
    expect(sent[0]!.key).toMatch(/^[\w-]{16,}$/);
    expect(sent[1]!.key).toBe(sent[0]!.key);
    expect(seen.connection).toBeNull();
  });

  it('offline, the write waits without being sent, and goes once the browser is back online', async () => {
    answers.push(held);
    onlineManager.setOnline(false);
    await until(() => expect(pay).toBeDefined());
    pay!.mutate({ payLater: true });
    await until(() => expect(seen.connection).toBe('waiting'));
    await waitOutEveryRetry();
    expect(sent).toHaveLength(0);
    onlineManager.setOnline(true);
    await until(() => expect(seen.success).toBe(true));
    expect(sent).toHaveLength(1);
  });

  it('after three tries without an answer it fails; "try again" sends the same key, other details a new one', async () => {
    await until(() => expect(pay).toBeDefined());
    pay!.mutate({ payLater: true });
    await until(() => expect(seen.connection).toBe('failed'));
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((s) => s.key)).size).toBe(1);

    answers.push(held);
    pay!.mutate({ payLater: true });
    await until(() => expect(seen.success).toBe(true));
    expect(sent[3]!.key).toBe(sent[0]!.key);

    // Done: the next write is a new request with a new key.
    answers.push(held);
    pay!.mutate({ payLater: false });
    await until(() => expect(sent).toHaveLength(5));
    expect(sent[4]!.key).not.toBe(sent[0]!.key);
  });

  it("a server's refusal is shown at once, never sent again by itself", async () => {
    answers.push(() => Promise.resolve(json({ code: 'INVALID_BOOKING_STATE', message: 'no' }, 409)));
    await until(() => expect(pay).toBeDefined());
    pay!.mutate({ payLater: true });
    await until(() => expect(seen.error).toMatchObject({ status: 409 }));
    expect(seen.connection).toBeNull();
    await waitOutEveryRetry();
    expect(sent).toHaveLength(1);
  });

  it('409 IDEMPOTENCY_KEY_IN_USE (the first try still running on the server) is asked again with the same key', async () => {
    answers.push(() => Promise.resolve(json({ code: 'IDEMPOTENCY_KEY_IN_USE', message: 'running' }, 409)), held);
    await until(() => expect(pay).toBeDefined());
    pay!.mutate({ payLater: true });
    await until(() => expect(seen.success).toBe(true));
    expect(sent.map((s) => s.key)).toEqual([sent[0]!.key, sent[0]!.key]);
  });

  it('"still running" is asked again for longer than a dead process holds its key (20 s), then shown', async () => {
    const stillRunning = () => Promise.resolve(json({ code: 'IDEMPOTENCY_KEY_IN_USE', message: 'running' }, 409));
    answers.push(stillRunning, stillRunning, stillRunning, stillRunning, stillRunning, held);
    await until(() => expect(pay).toBeDefined());
    const started = Date.now();
    pay!.mutate({ payLater: true });
    // Meanwhile the page says the first try is still being completed, not that the connection dropped.
    await until(() => expect(seen.connection).toBe('busy'));
    await until(() => expect(seen.success).toBe(true), 40_000);
    expect(seen.connection).toBeNull();
    expect(Date.now() - started).toBeGreaterThan(20_000);
    expect(new Set(sent.map((s) => s.key)).size).toBe(1);
    expect(sent).toHaveLength(6);

    // A server that says so for ever is shown after the seventh try, not asked again.
    answers.push(...Array.from({ length: 10 }, () => stillRunning));
    pay!.mutate({ payLater: false });
    await until(() => expect(seen.error).toMatchObject({ status: 409 }), 40_000);
    await waitOutEveryRetry();
    expect(sent).toHaveLength(6 + 7);
  });
});
