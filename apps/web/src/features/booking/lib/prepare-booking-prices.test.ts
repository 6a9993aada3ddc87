// @vitest-environment jsdom
import type { Booking } from '@kwenda/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HeldWorker } from '../../../lib/format/testing/held-worker';
import { WARM_WAIT_MS } from '../../../lib/format/warm-price-formats';
import { prepareBookingPrices } from './prepare-booking-prices';

const booking = {
  amount: 795678,
  currency: 'KWD',
  transferAccounts: [{ amount: 306.03, currency: 'BHD' }],
} as unknown as Booking;

/** Prices the page has formatted (each format is built on first use). */
const pageBuilds = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.length;

describe('prepareBookingPrices', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("builds the page's price formats only once a worker has loaded the number data", async () => {
    vi.useFakeTimers();
    vi.stubGlobal('Worker', HeldWorker);
    const built = vi.spyOn(Intl.NumberFormat.prototype, 'formatToParts');
    const prepared = prepareBookingPrices(booking, 'en');
    await vi.advanceTimersByTimeAsync(WARM_WAIT_MS - 1);
    expect(pageBuilds(built)).toBe(0);

    HeldWorker.last!.onmessage!();
    await vi.runAllTimersAsync();
    await prepared;
    expect(pageBuilds(built)).toBe(2);
  });

  it('builds them itself when the worker has not answered in time', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('Worker', HeldWorker);
    const built = vi.spyOn(Intl.NumberFormat.prototype, 'formatToParts');
    const prepared = prepareBookingPrices({ ...booking, currency: 'TRY', transferAccounts: [] }, 'en');
    await vi.advanceTimersByTimeAsync(WARM_WAIT_MS + 10);
    await prepared;
    expect(pageBuilds(built)).toBe(1);
  });
});
