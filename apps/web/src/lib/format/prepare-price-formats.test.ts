// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preparePriceFormats } from './format-price';
import { WARM_WAIT_MS, warmPriceFormats } from './warm-price-formats';
import { HeldWorker } from './testing/held-worker';

const pageBuilds = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.filter(([, options]) => (options as Intl.NumberFormatOptions | undefined)?.currency === 'QAR').length;

describe('preparePriceFormats', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("has a worker build a currency's price formats first (ICU's number data), then builds them on the page", async () => {
    vi.useFakeTimers();
    vi.stubGlobal('Worker', HeldWorker);
    const built = vi.spyOn(Intl, 'NumberFormat');
    preparePriceFormats('QAR', 'ar');
    const worker = HeldWorker.last!;
    expect(worker.sent).toEqual(
      [0, 2].map((digits) => ({
        locale: 'ar-u-nu-latn',
        options: { style: 'currency', currency: 'QAR', minimumFractionDigits: digits, maximumFractionDigits: digits },
      })),
    );
    await vi.advanceTimersByTimeAsync(WARM_WAIT_MS - 1);
    expect(pageBuilds(built)).toBe(0);

    worker.onmessage!();
    expect(worker.terminated).toBe(true);
    await vi.runAllTimersAsync();
    expect(pageBuilds(built)).toBe(2);
  });

  it('builds them on the page at once where there are no workers', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('Worker', undefined);
    const built = vi.spyOn(Intl, 'NumberFormat');
    preparePriceFormats('QAR', 'en');
    await vi.runAllTimersAsync();
    expect(pageBuilds(built)).toBe(2);
  });
});

describe('warmPriceFormats', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks one worker for every price format of the currencies, however often asked, and answers once it has', async () => {
    vi.stubGlobal('Worker', HeldWorker);
    const warmed = warmPriceFormats(['SDG', 'USD', 'SDG'], 'ar');
    const worker = HeldWorker.last!;
    expect(worker.sent?.map(({ options }) => [options.currency, options.minimumFractionDigits])).toEqual([
      ['SDG', 0],
      ['SDG', 2],
      ['USD', 0],
      ['USD', 2],
    ]);
    expect(warmPriceFormats(['USD', 'SDG'], 'ar')).toBe(warmed);
    expect(HeldWorker.last).toBe(worker);
    let answered = false;
    void warmed.then(() => (answered = true));
    await Promise.resolve();
    expect(answered).toBe(false);
    worker.onmessage!();
    await warmed;
    expect(answered).toBe(true);
    expect(worker.terminated).toBe(true);
  });
});
