import type { OfferSearchResult } from '@kwenda/contracts';
import { expect, type Page, type Response } from '@playwright/test';

/**
 * The offers page asks for page 1 of a new search through POST /offers/stream (NDJSON: progress and
 * offers lines as the airlines answer, then `complete`); later pages, filters and orders through
 * POST /offers/request.
 */
export const isOffersAnswer = (response: Response) =>
  /\/api\/v1\/offers\/(stream|request)$/.test(new URL(response.url()).pathname) && response.ok();

/**
 * The next page of offers the page receives (start waiting before the navigation or click that asks).
 * Playwright keeps no body of a streamed answer (nor says when it ended), so the same search is asked
 * of /offers/request, which answers what the stream's `complete` line carries: the supplier's results
 * for that search (the sandbox's, which the journeys using this search, are the same at every asking).
 */
export async function nextOffersAnswer(page: Page): Promise<OfferSearchResult> {
  const response = await page.waitForResponse(isOffersAnswer);
  if (!response.url().endsWith('/offers/stream')) return (await response.json()) as OfferSearchResult;
  const again = await page.request.post('/api/v1/offers/request', { data: response.request().postDataJSON() });
  expect(again.ok(), await again.text()).toBe(true);
  return (await again.json()) as OfferSearchResult;
}
