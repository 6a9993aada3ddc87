import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { axeViolations, daysAhead, expect, test } from './fixtures';
import { tr } from './i18n';

/**
 * A new search streams in (POST /offers/stream): the first offers are on screen while airlines are
 * still answering, with how many have answered; a search whose time ran out says so and offers to
 * search again. The sandbox answers in one batch; the slow airline below re-paces its real answer.
 */

const cairo = (language: string) =>
  `/offers?tripType=one-way&departureStation=PZU&destinationStation=CAI&departureDate=${daysAhead(21)}&lang=${language}`;

/** Screenshots for review when STREAM_SHOTS_DIR is set (not a check: the assertions are). */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  const dir = process.env.STREAM_SHOTS_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}-${testInfo.project.name}.png`), fullPage: false });
}

type StreamWindow = Window & { releaseOffersStream?: () => void };

/**
 * The server's stream, as a slow airline would send it: two offers at once (batch 1 of 3), the rest when
 * the test releases it; `timedOut` makes the search end before the third batch.
 */
async function slowAirline(page: Page, { timedOut }: { timedOut: boolean }) {
  await page.addInitScript(
    ({ timedOut }) => {
      const realFetch = window.fetch.bind(window);
      window.fetch = async (input, init) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (!url.endsWith('/api/v1/offers/stream')) return realFetch(input, init);
        const answer = await realFetch(input, init);
        const events = (await answer.text())
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as { type: string; result: { offers: unknown[]; facets: object } });
        const complete = events.find((event) => event.type === 'complete')!;
        const released = new Promise<void>((resolve) => ((window as StreamWindow).releaseOffersStream = resolve));
        const encoder = new TextEncoder();
        const body = new ReadableStream<Uint8Array>({
          async start(controller) {
            const send = (event: object) => controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
            const first = complete.result.offers.slice(0, 2);
            send({ type: 'progress', receivedOffers: first.length, remainingBatches: 2, totalBatches: 3 });
            send({
              type: 'offers',
              result: {
                ...complete.result,
                offers: first,
                total: first.length,
                facets: { ...complete.result.facets, unfiltered: 2 },
              },
            });
            await released;
            send({
              type: 'progress',
              receivedOffers: complete.result.offers.length,
              remainingBatches: timedOut ? 1 : 0,
              totalBatches: 3,
            });
            send({ ...complete, timedOut });
            controller.close();
          },
        });
        return new Response(body, { status: answer.status, headers: answer.headers });
      };
    },
    { timedOut },
  );
}

test('a new search streams its offers onto the page, and paging goes on from them', async ({ page, language }) => {
  const searches: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/v1\/offers\/(stream|request)$/.test(request.url()))
      searches.push(`${new URL(request.url()).pathname} ${(request.postDataJSON() as { page?: number }).page ?? 1}`);
  });
  const streamed = page.waitForResponse((response) => response.url().endsWith('/api/v1/offers/stream'));
  await page.goto(cairo(language));
  const answer = await streamed;
  expect(answer.headers()['content-type']).toMatch(/^application\/x-ndjson/);
  await expect(page.locator('article').first()).toBeVisible();
  const [countBefore] = tr(language, 'offers:states.resultCount').split('{{count}}');
  await expect(page.getByRole('status').filter({ hasText: countBefore! })).toBeVisible();
  await expect(page.locator('article')).toHaveCount(10);
  // Nothing timed out on the sandbox.
  await expect(page.getByText(tr(language, 'offers:stream.timedOutTitle'))).toHaveCount(0);

  // The next page comes from /offers/request (the supplier's recent results), not a second stream.
  await page.locator('article').last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 4000);
  await expect.poll(() => page.locator('article').count()).toBeGreaterThan(10);
  expect(searches).toEqual(['/api/v1/offers/stream 1', '/api/v1/offers/request 2']);
});

test(
  'the first offers show while airlines are still answering, then the whole list',
  { tag: '@en-desktop' },
  async ({ page, language }, testInfo) => {
    await slowAirline(page, { timedOut: false });
    await page.goto(cairo(language));
    const progress = page
      .getByRole('status')
      .filter({ hasText: tr(language, 'offers:stream.progress', { answered: 1, total: 3 }) });
    await expect(progress).toBeVisible();
    await expect(progress).toHaveAttribute('aria-live', 'polite');
    await expect(page.getByRole('progressbar', { name: tr(language, 'offers:stream.progressLabel') })).toBeVisible();
    await expect(page.locator('article')).toHaveCount(2);
    // The spinner beside the words shows, and turns, only once the wait has lasted a second: no frame
    // drawn for it before (components/waiting-loader.module.css). Its own animations, set to a moment:
    const spinnerAt = (ms: number) =>
      progress.locator('.mantine-Loader-root').evaluate((spinner, at) => {
        const animations = spinner.getAnimations({ subtree: true });
        for (const animation of animations) animation.currentTime = at;
        const spin = animations.find((animation) => (animation.effect as KeyframeEffect).pseudoElement === '::after');
        return { opacity: getComputedStyle(spinner).opacity, turning: spin?.effect?.getComputedTiming().progress != null };
      }, ms);
    expect(await spinnerAt(500)).toEqual({ opacity: '0', turning: false });
    expect(await spinnerAt(1500)).toEqual({ opacity: '1', turning: true });
    await shot(page, testInfo, 'mid-stream');
    expect(await axeViolations(page)).toEqual([]);

    await page.evaluate(() => (window as StreamWindow).releaseOffersStream!());
    await expect(page.locator('article')).toHaveCount(10);
    await expect(progress).toHaveCount(0);
    await expect(page.getByText(tr(language, 'offers:stream.timedOutTitle'))).toHaveCount(0);
  },
);

test(
  'on a tablet, the sort, the count and the filters button keep their line from the first airline to the last',
  { tag: '@both' },
  async ({ page, language }) => {
    // 768 px: "Searching airlines… 1 of 3" sent the filters button to a line of its own, and the count that
    // replaced it brought it back (layout shifts of 0.31 in English, twice that in Arabic).
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.addInitScript(() => {
      const seen = { shift: 0 };
      (window as unknown as { __shifts: typeof seen }).__shifts = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput) seen.shift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await slowAirline(page, { timedOut: false });
    await page.goto(cairo(language));
    const filtersButton = page.getByRole('button', { name: tr(language, 'offers:filters.open') });
    const sort = page.getByRole('radio', { name: tr(language, 'offers:sort.lowest') });
    await expect(
      page.getByRole('status').filter({ hasText: tr(language, 'offers:stream.progress', { answered: 1, total: 3 }) }),
    ).toBeVisible();
    const line = async () => {
      const [button, radio] = await Promise.all([filtersButton.boundingBox(), sort.boundingBox()]);
      return { button: Math.round(button!.y + button!.height / 2), sort: Math.round(radio!.y + radio!.height / 2) };
    };
    const searching = await line();
    expect(Math.abs(searching.button - searching.sort), 'the filters button beside the sort while searching').toBeLessThan(12);

    await page.evaluate(() => (window as StreamWindow).releaseOffersStream!());
    await expect(page.locator('article')).toHaveCount(10);
    const [countBefore] = tr(language, 'offers:states.resultCount').split('{{count}}');
    await expect(page.getByRole('status').filter({ hasText: countBefore! })).toBeVisible();
    expect(await line(), 'the toolbar where it was').toEqual(searching);
    const shift = await page.evaluate(() => (window as unknown as { __shifts: { shift: number } }).__shifts.shift);
    expect(shift).toBeLessThan(0.05);
  },
);

test('a search that ran out of time shows what arrived, says so, and searches again', async ({ page, language }, testInfo) => {
  await slowAirline(page, { timedOut: true });
  await page.goto(cairo(language));
  await expect(page.locator('article')).toHaveCount(2);
  await page.evaluate(() => (window as StreamWindow).releaseOffersStream!());
  const notice = page.getByRole('status').filter({ hasText: tr(language, 'offers:stream.timedOutTitle') });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(tr(language, 'offers:stream.timedOutBody'));
  await expect(page.locator('article')).toHaveCount(10);
  await shot(page, testInfo, 'timed-out');
  expect(await axeViolations(page)).toEqual([]);

  const again = page.waitForRequest((request) => request.url().endsWith('/api/v1/offers/stream'));
  await notice.getByRole('button', { name: tr(language, 'offers:stream.retry') }).click();
  await again;
  await expect(
    page.getByRole('status').filter({ hasText: tr(language, 'offers:stream.progress', { answered: 1, total: 3 }) }),
  ).toBeVisible();
});
