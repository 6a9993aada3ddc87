import type { FareCalendarResult, Offer, OfferSearchResult, OfferStreamEvent } from '@kwenda/contracts';
import type * as OffersEntry from '@kwenda/contracts/offers';
import { workerContract } from '../../../lib/contract-worker';
import { whenIdle } from '../../../lib/use-idle';

export type OffersContract = typeof OffersEntry;

let loading: Promise<OffersContract> | undefined;

const idle = () => new Promise<void>((resolve) => whenIdle(resolve));

/** Lets the browser paint and handle input before the next piece of work. */
const breathe = () => new Promise<void>((resolve) => setTimeout(resolve));

/**
 * The offers' contracts ('@kwenda/contracts/offers'), imported when the browser is next idle: building zod
 * and the schemas took 180 ms of a slow phone's main thread (4x CPU) in the task that hydrated the page, when
 * they came with the page's code. Zod comes first, with the small contracts of the first page
 * ('@kwenda/contracts/reference'), then the offers' schemas in an idle moment of their own: two shorter
 * tasks rather than one long one. A failed download is tried again at the next call.
 */
export function offersContract(): Promise<OffersContract> {
  return (loading ??= idle()
    .then(() => import('@kwenda/contracts/reference'))
    .then(idle)
    .then(() => import('@kwenda/contracts/offers'))
    // What waits for the contract (a line to parse) runs in a task after the one that built its schemas.
    .then(async (contract) => {
      await breathe();
      return contract;
    })
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

/**
 * The offers page's answers, parsed in a worker (lib/contract-worker.ts); on the main thread, with the
 * contracts imported when idle (offersContract), only where there is no worker.
 */
export const offerStreamEventContract = workerContract<OfferStreamEvent>('offerStreamEvent', async () => {
  const contract = await offersContract();
  return { parseAsync: (line) => parseStreamEvent(contract, line) };
});
export const offerSearchResultContract = workerContract<OfferSearchResult>('offerSearchResult', () =>
  offersContract().then((contract) => contract.offerSearchResultSchema),
);
export const fareCalendarContract = workerContract<FareCalendarResult>('fareCalendar', () =>
  offersContract().then((contract) => contract.fareCalendarResultSchema),
);

/** Offers parsed with their contract one at a time, the main thread let go between them. */
async function parseOffers(contract: OffersContract, offers: unknown[]): Promise<Offer[]> {
  const parsed: Offer[] = [];
  for (const offer of offers) {
    parsed.push(contract.offerSchema.parse(offer));
    await breathe();
  }
  return parsed;
}

/**
 * A line of POST /offers/stream parsed with its contract, the offers of its page one at a time: a page
 * in one parse was a 40-60 ms task on a slow phone, just as its offers were shown. Throws the
 * contract's ZodError for anything it refuses, as a parse of the whole line would.
 */
export async function parseStreamEvent(contract: OffersContract, line: unknown): Promise<OfferStreamEvent> {
  const page = (line as { result?: { offers?: unknown; suggestions?: unknown } } | null)?.result;
  if (!page || typeof page !== 'object' || !Array.isArray(page.offers) || !Array.isArray(page.suggestions))
    return contract.offerStreamEventSchema.parse(line);
  // The line around the offers (its type, the page's counts, facets and rate), then each offer.
  const event = contract.offerStreamEventSchema.parse({ ...(line as object), result: { ...page, offers: [], suggestions: [] } });
  if (!('result' in event)) return event;
  const offers = await parseOffers(contract, page.offers);
  const suggestions = await parseOffers(contract, page.suggestions);
  return { ...event, result: { ...event.result, offers, suggestions } };
}
