// @vitest-environment jsdom
import type { OfferSearchResult, OfferStreamEvent } from '@kwenda/contracts';
import type { OfferFilterValues } from '@kwenda/contracts/rules';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../../lib/api-client';
import { aResult, anOffer, aSearch as search } from '../testing/offer-results';
import { clearStreamProgress, setStreamProgress, useStreamProgress } from './offers-stream-progress';
import { streamOffers } from './stream-offers';
import { offersQueryKey, useOffersSearch, type OffersPage } from './use-offers-search';

// The updates come from a network stream, as in the browser: the test waits for what it expects to see.
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: false });

/** A streamed answer the test writes line by line. */
function streamedAnswer() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return {
    response: new Response(body, { headers: { 'content-type': 'application/x-ndjson; charset=utf-8' } }),
    send: (event: OfferStreamEvent) => controller.enqueue(new TextEncoder().encode(`${JSON.stringify(event)}\n`)),
    end: () => controller.close(),
  };
}
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** What the page sees of the search: the query's first page and the stream's progress. */
interface Seen {
  pending: boolean;
  error: Error | null;
  page: OffersPage | undefined;
  streamed: string[] | undefined;
  batches: [number, number] | undefined;
}

describe('the offers search on the page', () => {
  let root: Root;
  let seen: Seen;
  let calls: string[];
  let answers: Record<string, () => Response | Promise<Response>>;

  function Probe({ filters }: { filters: OfferFilterValues }) {
    const query = useOffersSearch(search, 'lowest', filters);
    const stream = useStreamProgress(offersQueryKey(search, 'lowest', filters));
    seen = {
      pending: query.isPending,
      error: query.error,
      page: query.data?.pages[0],
      streamed: stream?.result?.offers.map((o) => o.reference),
      batches: stream && [stream.totalBatches - stream.remainingBatches, stream.totalBatches],
    };
    return null;
  }
  const queryClient = new QueryClient();
  const show = async (filters: OfferFilterValues = {}) =>
    root.render(
      <QueryClientProvider client={queryClient}>
        <Probe filters={filters} />
      </QueryClientProvider>,
    );
  const until = (check: () => void) => vi.waitFor(check, { timeout: 2000, interval: 5 });

  beforeEach(() => {
    queryClient.clear();
    calls = [];
    answers = {};
    vi.stubGlobal('fetch', async (url: string) => {
      calls.push(url);
      const answer = answers[url];
      if (!answer) throw new TypeError('Failed to fetch');
      return answer();
    });
    root = createRoot(document.createElement('div'));
  });
  afterEach(() => {
    root.unmount();
    vi.unstubAllGlobals();
  });

  it('lists the offers of a new search as they stream in, then keeps the complete page in the cache', async () => {
    const stream = streamedAnswer();
    answers['/api/v1/offers/stream'] = () => stream.response;
    await show();
    stream.send({ type: 'progress', receivedOffers: 1, remainingBatches: 2, totalBatches: 3 });
    stream.send({ type: 'offers', result: aResult([anOffer('of_a', 900)]) });
    await until(() => expect(seen.streamed).toEqual(['of_a']));
    expect(seen).toMatchObject({ pending: true, batches: [1, 3] });

    stream.send({ type: 'progress', receivedOffers: 2, remainingBatches: 0, totalBatches: 3 });
    stream.send({ type: 'complete', result: aResult([anOffer('of_b', 700), anOffer('of_a', 900)]), timedOut: true });
    stream.end();
    await until(() => expect(seen.pending).toBe(false));
    expect(seen.page?.offers.map((o) => o.reference)).toEqual(['of_b', 'of_a']);
    expect(seen.page?.timedOut).toBe(true);
    // The streamed list stays until the page, which has rendered the answer, lets it go: gone with the
    // stream's end, the page had a render with neither (OffersResults).
    expect(seen.streamed).toEqual(['of_a']);
    act(() => clearStreamProgress(offersQueryKey(search, 'lowest', {})));
    await until(() => expect(seen.streamed).toBeUndefined());

    // Other filters of the same search: the supplier's recent results answer, not a new stream.
    const direct: OfferSearchResult = aResult([anOffer('of_b', 700)]);
    answers['/api/v1/offers/request'] = () => json(direct);
    await show({ stops: ['direct'] });
    await until(() => expect(seen.page?.offers.map((o) => o.reference)).toEqual(['of_b']));
    expect(calls).toEqual(['/api/v1/offers/stream', '/api/v1/offers/request']);
    expect(seen.page?.timedOut).toBeUndefined();
  });

  it('lists nothing of an earlier stream while the search is asked again', async () => {
    // What a first run streamed, kept until its page let it go (a rerun resets the query first).
    setStreamProgress(offersQueryKey(search, 'lowest', {}), {
      receivedOffers: 1,
      remainingBatches: 0,
      totalBatches: 1,
      result: aResult([anOffer('of_old', 500)]),
    });
    const stream = streamedAnswer();
    answers['/api/v1/offers/stream'] = () => stream.response;
    await show();
    await until(() => expect(calls).toEqual(['/api/v1/offers/stream']));
    await until(() => expect(seen.streamed).toBeUndefined());
    expect(seen.pending).toBe(true);
    stream.send({ type: 'offers', result: aResult([anOffer('of_new', 600)]) });
    await until(() => expect(seen.streamed).toEqual(['of_new']));
  });

  it('asks /offers/request when the stream breaks before its end', async () => {
    const stream = streamedAnswer();
    answers['/api/v1/offers/stream'] = () => stream.response;
    answers['/api/v1/offers/request'] = () => json(aResult([anOffer('of_c', 800)]));
    await show();
    stream.send({ type: 'progress', receivedOffers: 0, remainingBatches: 1, totalBatches: 2 });
    stream.end();
    await until(() => expect(seen.page?.offers.map((o) => o.reference)).toEqual(['of_c']));
    expect(calls).toEqual(['/api/v1/offers/stream', '/api/v1/offers/request']);
  });

  it('shows a streamed batch as sent, and asks /offers/request once its contract refuses an offer of it', async () => {
    const stream = streamedAnswer();
    answers['/api/v1/offers/stream'] = () => stream.response;
    answers['/api/v1/offers/request'] = () => json(aResult([anOffer('of_e', 800)]));
    await show();
    stream.send({ type: 'offers', result: aResult([{ ...anOffer('of_bad', 900), price: -1 }]) });
    await until(() => expect(seen.streamed).toEqual(['of_bad']));
    stream.send({ type: 'complete', result: aResult([anOffer('of_ok', 700)]), timedOut: false });
    stream.end();
    await until(() => expect(seen.page?.offers.map((o) => o.reference)).toEqual(['of_e']));
    expect(calls).toEqual(['/api/v1/offers/stream', '/api/v1/offers/request']);
  });

  it('asks /offers/request when the contract refuses a suggestion of the complete page', async () => {
    const stream = streamedAnswer();
    answers['/api/v1/offers/stream'] = () => stream.response;
    answers['/api/v1/offers/request'] = () => json(aResult([anOffer('of_f', 800)]));
    await show();
    const suggestion = { ...anOffer('of_later', 500), slices: [] };
    stream.send({
      type: 'complete',
      result: { ...aResult([anOffer('of_ok', 700)]), suggestions: [suggestion] },
      timedOut: false,
    });
    stream.end();
    await until(() => expect(seen.page?.offers.map((o) => o.reference)).toEqual(['of_f']));
    expect(calls).toEqual(['/api/v1/offers/stream', '/api/v1/offers/request']);
  });

  it('asks /offers/request when the stream cannot be opened at all', async () => {
    answers['/api/v1/offers/request'] = () => json(aResult([anOffer('of_d', 800)]));
    await show();
    await until(() => expect(seen.page?.offers.map((o) => o.reference)).toEqual(['of_d']));
    expect(calls).toEqual(['/api/v1/offers/stream', '/api/v1/offers/request']);
  });

  it('lists nothing of a stream that failed, from its failure on', async () => {
    const stream = streamedAnswer();
    answers['/api/v1/offers/stream'] = () => stream.response;
    await show();
    stream.send({ type: 'offers', result: aResult([anOffer('of_x', 900)]) });
    await until(() => expect(seen.streamed).toEqual(['of_x']));
    stream.send({ type: 'error', error: { code: 'SUPPLIER_UNAVAILABLE', message: 'airline down' } });
    stream.end();
    // At once, not with the retry a second later (a server's failure is asked once more).
    await vi.waitFor(() => expect(seen.streamed).toBeUndefined(), { timeout: 500, interval: 5 });
    expect(calls).toEqual(['/api/v1/offers/stream']);
  });

  it('shows a refused search as refused, without asking again the other way', async () => {
    answers['/api/v1/offers/stream'] = () =>
      json(
        { code: 'VALIDATION_ERROR', message: 'bad', fields: [{ path: 'filters.departureDate', code: 'past', message: 'x' }] },
        400,
      );
    await show();
    await until(() => expect(seen.error).toBeInstanceOf(ApiRequestError));
    expect((seen.error as ApiRequestError).code).toBe('VALIDATION_ERROR');
    expect(calls).toEqual(['/api/v1/offers/stream']);
  });
});

describe('streamOffers', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("reports the supplier's failure at the end of the stream as SUPPLIER_UNAVAILABLE", async () => {
    const stream = streamedAnswer();
    vi.stubGlobal('fetch', async () => stream.response);
    const progress = vi.fn();
    stream.send({ type: 'progress', receivedOffers: 3, remainingBatches: 1, totalBatches: 2 });
    stream.send({ type: 'error', error: { code: 'SUPPLIER_UNAVAILABLE', message: 'airline down' } });
    stream.end();
    const failure = await streamOffers(aRequest(), { onProgress: progress }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect((failure as ApiRequestError).code).toBe('SUPPLIER_UNAVAILABLE');
    expect(progress).toHaveBeenCalledWith({ receivedOffers: 3, remainingBatches: 1, totalBatches: 2, result: null });
  });
});

function aRequest() {
  return {
    filters: {
      tripType: 'one-way' as const,
      departureStation: 'PZU',
      destinationStation: 'CAI',
      departureDate: '2030-01-10',
      passengers: { adults: 1, children: 0, infants: 0 },
      baggage: { hold: 0, carryOn: 0 },
      currency: 'SDG' as const,
    },
    page: 1,
    order: 'lowest' as const,
  };
}
