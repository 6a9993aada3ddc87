// @vitest-environment jsdom
import { bookingSchema } from '@kwenda/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bookingWith, readReceipt } from '../components/receipt-booking.fixture';
import { useBooking } from './booking-api';

/** The booking page re-reads a booking while one of its receipts is being read, and only then. */

let reads: number;
let answer: () => unknown;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  reads = 0;
  vi.spyOn(bookingSchema, 'parse').mockImplementation((value) => value as never);
  vi.stubGlobal('fetch', async () => {
    reads += 1;
    return new Response(JSON.stringify(answer()), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function watch() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useBooking('bk_1'), { wrapper });
  return { ...hook, done: () => client.clear() };
}

describe('useBooking while a receipt is read', () => {
  it('asks every 2 s while the receipt is being read, and stops once it is read', async () => {
    let answered = 0;
    answer = () => bookingWith([readReceipt({ state: ++answered < 4 ? 'reading' : 'read' })]);
    const { result, done } = watch();
    await vi.advanceTimersByTimeAsync(100);
    expect(reads).toBe(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(reads).toBe(2);
    await vi.advanceTimersByTimeAsync(4000);
    expect(reads).toBe(4);
    expect(result.current.data?.receipts[0]?.reading.state).toBe('read');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(reads).toBe(4);
    done();
  });

  it('gives up after about 90 s of reading (the agency reads it by eye)', async () => {
    answer = () => bookingWith([readReceipt({ state: 'reading' })]);
    const { done } = watch();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(reads).toBeGreaterThanOrEqual(44);
    expect(reads).toBeLessThanOrEqual(47);
    const stopped = reads;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reads).toBe(stopped);
    done();
  });

  it('does not ask again for a booking whose receipts are all read', async () => {
    answer = () => bookingWith([readReceipt()]);
    const { done } = watch();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(reads).toBe(1);
    done();
  });
});
