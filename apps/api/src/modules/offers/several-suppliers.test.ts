import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { OfferBatch, Supplier, SupplierOffer, SupplierSearch } from '../../suppliers/supplier.js';
import { offersFrom } from './several-suppliers.js';

/**
 * Several suppliers searched as one: their offers together, each offer priced by its own supplier,
 * one failing or out of time never taking the others' offers away.
 */

const offer = (reference: string) => ({ reference }) as unknown as SupplierOffer;
const search: SupplierSearch = {
  tripType: 'one-way',
  legs: [],
  cabinClass: null,
  passengers: { adults: 1, children: 0, infants: 0 },
  baggage: { hold: 0, carryOn: 0 },
  maxConnections: null,
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Script = (OfferBatch & { timedOut?: boolean }) | Error | number;

/** A supplier whose stream follows a script: batches, errors, and waits (numbers, in ms). */
function scripted(
  name: string,
  script: Script[],
  searchAnswer: readonly SupplierOffer[] | Error = [],
): Supplier & { stopped: boolean } {
  const supplier = {
    name,
    stopped: false,
    passengerRequirements: () => [
      { passengerType: 'adult', requiredFields: [], baggage: [], fare: name.length, supplierPassengerId: null },
    ],
    async searchOffers() {
      if (searchAnswer instanceof Error) throw searchAnswer;
      return searchAnswer;
    },
    async *streamOffers() {
      let finished = false;
      try {
        for (const step of script) {
          if (typeof step === 'number') await sleep(step);
          else if (step instanceof Error) throw step;
          else yield step;
        }
        finished = true;
      } finally {
        if (!finished) supplier.stopped = true;
      }
    },
  };
  return supplier as unknown as Supplier & { stopped: boolean };
}

const batch = (refs: string[], remainingBatches: number, totalBatches: number, timedOut?: boolean) => ({
  offers: refs.map(offer),
  remainingBatches,
  totalBatches,
  ...(timedOut ? { timedOut } : {}),
});

async function collect(iterable: AsyncIterable<OfferBatch & { timedOut?: boolean }>) {
  const out: [string[], number, number, boolean][] = [];
  for await (const b of iterable)
    out.push([b.offers.map((o) => o.reference), b.remainingBatches, b.totalBatches, Boolean(b.timedOut)]);
  return out;
}

describe('several suppliers searched as one', () => {
  it('answers every supplier’s offers, each priced by the supplier that made it', async () => {
    const duffel = scripted('duffel', [], [offer('off_1'), offer('off_2')]);
    const agency = scripted('agency-seats', [], [offer('as1.x')]);
    const source = offersFrom([duffel, agency]);
    const offers = await source.searchOffers(search);
    expect(offers.map((o) => o.reference)).toEqual(['off_1', 'off_2', 'as1.x']);
    expect(offers.map((o) => source.supplierOf(o))).toEqual(['duffel', 'duffel', 'agency-seats']);
    expect(source.passengerRequirements(offers[2]!)[0]!.fare).toBe('agency-seats'.length);
  });

  it('answers the others’ offers, incomplete, when one fails; fails only when all do', async () => {
    let incomplete = false;
    const source = offersFrom([scripted('duffel', [], new Error('503')), scripted('agency-seats', [], [offer('as1.x')])]);
    expect((await source.searchOffers(search, undefined, { onTimedOut: () => (incomplete = true) })).length).toBe(1);
    expect(incomplete).toBe(true);
    const none = offersFrom([scripted('duffel', [], new Error('503')), scripted('agency-seats', [], new Error('db down'))]);
    await expect(none.searchOffers(search)).rejects.toThrow('503');
  });

  it('answers at the deadline without a supplier still searching', async () => {
    const hanging = { ...scripted('duffel', []), searchOffers: () => new Promise<never>(() => {}) } as Supplier;
    let incomplete = false;
    const offers = await offersFrom([hanging, scripted('agency-seats', [], [offer('as1.x')])]).searchOffers(search, undefined, {
      signal: AbortSignal.timeout(50),
      onTimedOut: () => (incomplete = true),
    });
    expect(offers.map((o) => o.reference)).toEqual(['as1.x']);
    expect(incomplete).toBe(true);
  });

  it('leaves nothing listening on the search’s deadline once the suppliers answered', async () => {
    // The deadline outlives the answer by the whole search time: listeners left on it pile up under load.
    const deadline = new AbortController();
    const both = offersFrom([scripted('duffel', [], [offer('d1')]), scripted('agency-seats', [], new Error('db down'))]);
    await both.searchOffers(search, undefined, { signal: deadline.signal });
    await both.searchOffers(search, undefined, { signal: deadline.signal });
    expect(getEventListeners(deadline.signal, 'abort')).toHaveLength(0);
  });

  it('streams the agency’s seats in the first batch with the other’s first, then the other’s batches', async () => {
    const duffel = scripted('duffel', [batch(['d1'], 2, 3), 30, batch(['d2'], 1, 3), 30, batch(['d3'], 0, 3)]);
    const agency = scripted('agency-seats', [5, batch(['a1'], 0, 1)]);
    expect(await collect(offersFrom([duffel, agency]).streamOffers(search))).toEqual([
      [['d1', 'a1'], 2, 4, false],
      [['d2'], 1, 4, false],
      [['d3'], 0, 4, false],
    ]);
  });

  it('leaves a supplier that found nothing out of the counts', async () => {
    const duffel = scripted('duffel', [batch(['d1'], 1, 2), 20, batch(['d2'], 0, 2)]);
    const agency = scripted('agency-seats', [batch([], 0, 1)]);
    expect(await collect(offersFrom([duffel, agency]).streamOffers(search))).toEqual([
      [['d1'], 1, 2, false],
      [['d2'], 0, 2, false],
    ]);
  });

  it('ends incomplete, keeping what arrived, when a supplier fails or runs out of time mid-stream', async () => {
    const failing = scripted('duffel', [batch(['d1'], 2, 3), 20, new Error('connection reset')]);
    expect(await collect(offersFrom([failing, scripted('agency-seats', [batch(['a1'], 0, 1)])]).streamOffers(search))).toEqual([
      [['d1', 'a1'], 2, 4, false],
      // The two batches the failed supplier announced never came.
      [[], 2, 4, true],
    ]);
    const late = scripted('duffel', [batch(['d1'], 2, 3), 20, batch([], 1, 3, true)]);
    expect(await collect(offersFrom([late, scripted('agency-seats', [batch(['a1'], 0, 1)])]).streamOffers(search))).toEqual([
      [['d1', 'a1'], 2, 4, false],
      [[], 1, 4, true],
    ]);
    const all = offersFrom([scripted('duffel', [new Error('503')]), scripted('agency-seats', [new Error('db down')])]);
    await expect(collect(all.streamOffers(search))).rejects.toThrow('503');
  });

  it('stops every supplier still searching when the reader leaves', async () => {
    const duffel = scripted('duffel', [batch(['d1'], 2, 3), 30, batch(['d2'], 1, 3), 30, batch(['d3'], 0, 3)]);
    const agency = scripted('agency-seats', [batch(['a1'], 0, 1)]);
    for await (const first of offersFrom([duffel, agency]).streamOffers(search)) {
      expect(first.offers).toHaveLength(2);
      break;
    }
    await sleep(80);
    expect(duffel.stopped).toBe(true);
  });
});
