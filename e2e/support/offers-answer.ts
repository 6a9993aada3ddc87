import type { OfferSearchResult } from '@kwenda/contracts';
import { expect, type Page, type Response } from '@playwright/test';
import { sandboxRepricingOutcome } from '../../apps/api/src/suppliers/sandbox/offer-reference';

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

/**
 * The position of the first offer the sandbox airline sells as shown: its re-pricing rule, a hash of
 * the flights and dates (apps/api/src/suppliers/sandbox/README.md), neither sells it out nor changes
 * its price when it is booked. The journeys book it directly instead of trying offers in turn.
 */
export function firstAvailableOffer(offers: readonly { reference: string }[]): number {
  const index = offers.findIndex((offer) => sandboxRepricingOutcome(offer.reference)?.kind === 'available');
  if (index < 0) throw new Error('No offer the sandbox sells as shown');
  return index;
}
