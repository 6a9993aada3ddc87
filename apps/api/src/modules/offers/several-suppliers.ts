import { afterAbort } from './after-abort.js';
import type { OfferBatch, SearchOptions, Supplier, SupplierOffer, SupplierSearch } from '../../suppliers/supplier.js';

/** What the offers service asks of the suppliers that sell: their searches, as one. */
export type OfferSource = Pick<Supplier, 'searchOffers' | 'streamOffers' | 'recentOffers' | 'passengerRequirements'> & {
  /** The name of the supplier that made this offer. */
  supplierOf(offer: SupplierOffer): string;
};

interface Logger {
  warn(obj: object, msg?: string): void;
}

/** How long a supplier still gets, once the search's time is up, before the others answer without it. */
const AFTER_DEADLINE_MS = 100;
/**
 * The first batch out waits this long at most for every supplier's first answer, so that offers that
 * answer at once (the agency's seats, a database read) come in the first batch with the others'.
 */
export const FIRST_BATCH_WAIT_MS = 250;

/**
 * The suppliers that sell (the current one, and the agency's own seats) searched as one source: every
 * search asks them all at once and answers their offers together. One supplier failing or running out
 * of time never takes the others' offers away: the search answers what the others found and says it
 * is incomplete (onTimedOut; a stream's last batch has `timedOut`), as a supplier that ran out of time
 * does. Only when every supplier fails does the search fail. Each offer remembers its supplier, whose
 * passengerRequirements price it.
 */
export function offersFrom(suppliers: readonly Supplier[], logger?: Logger): OfferSource {
  if (suppliers.length === 0) throw new Error('No supplier sells');
  const madeBy = new WeakMap<SupplierOffer, Supplier>();
  const tag = (supplier: Supplier, offers: readonly SupplierOffer[]) => {
    for (const offer of offers) if (!madeBy.has(offer)) madeBy.set(offer, supplier);
    return offers;
  };
  const ownerOf = (offer: SupplierOffer) =>
    madeBy.get(offer) ?? suppliers.find((s) => s.ownsOfferReference?.(offer.reference)) ?? suppliers[0]!;
  const failed = (supplier: Supplier, error: unknown) =>
    logger?.warn({ supplier: supplier.name, err: error }, 'a supplier failed; the search answers the others');
  // The suppliers answer a search they answered a moment ago with the same arrays (their search caches):
  // the same answers together are the same list, so the offers service prices and sorts it once.
  const together = new WeakMap<
    readonly SupplierOffer[],
    { parts: readonly (readonly SupplierOffer[])[]; offers: SupplierOffer[] }
  >();
  const joined = (parts: readonly (readonly SupplierOffer[])[]) => {
    const kept = parts.length ? together.get(parts[0]!) : undefined;
    if (kept && kept.parts.length === parts.length && kept.parts.every((part, i) => part === parts[i])) return kept.offers;
    const offers = parts.flat();
    if (parts.length) together.set(parts[0]!, { parts, offers });
    return offers;
  };

  return {
    supplierOf: (offer) => ownerOf(offer).name,
    passengerRequirements: (offer) => ownerOf(offer).passengerRequirements(offer),

    async searchOffers(search: SupplierSearch, now?: Date, options: SearchOptions = {}) {
      const { signal, onTimedOut } = options;
      let incomplete = false;
      const answers = await Promise.allSettled(
        suppliers.map(async (supplier) => {
          const asked = supplier.searchOffers(search, now, { signal, onTimedOut: () => (incomplete = true) });
          if (!signal) return tag(supplier, await asked);
          asked.catch(() => {}); // an answer after the deadline is nobody's error
          const deadline = afterAbort(signal, null, AFTER_DEADLINE_MS);
          const answered = await Promise.race([asked, deadline.answer]).finally(deadline.stop);
          if (answered) return tag(supplier, answered);
          incomplete = true;
          return [];
        }),
      );
      const parts: (readonly SupplierOffer[])[] = [];
      answers.forEach((answer, index) => {
        if (answer.status === 'fulfilled') parts.push(answer.value);
        else {
          incomplete = true;
          failed(suppliers[index]!, answer.reason);
        }
      });
      if (answers.every((answer) => answer.status === 'rejected')) throw (answers[0] as PromiseRejectedResult).reason;
      if (incomplete) onTimedOut?.();
      return joined(parts);
    },

    streamOffers(search: SupplierSearch, now?: Date, options: SearchOptions = {}) {
      if (suppliers.length === 1) {
        const only = suppliers[0]!;
        return (async function* () {
          for await (const batch of only.streamOffers(search, now, options)) yield { ...batch, offers: tag(only, batch.offers) };
        })();
      }
      return mergeStreams(suppliers, search, now, options, tag, failed);
    },

    async recentOffers(search: SupplierSearch, now?: Date) {
      // A supplier without a search cache of its own (the agency's seats, the sandbox) answers at once.
      const answers = await Promise.all(
        suppliers.map(async (supplier) => {
          const offers = supplier.recentOffers
            ? await supplier.recentOffers(search, now)
            : await supplier.searchOffers(search, now);
          return offers && tag(supplier, offers);
        }),
      );
      const known = answers.filter((offers): offers is readonly SupplierOffer[] => offers !== null);
      // A day no metered supplier searched yet and no other sells is not priced (rather than shown empty).
      if (known.length < answers.length && known.every((offers) => offers.length === 0)) return null;
      return known.flat();
    },
  };
}

interface Stream {
  supplier: Supplier;
  iterator: AsyncIterator<OfferBatch & { timedOut?: boolean }>;
  /** Batches still to come as the supplier last said; 1 until it says. */
  remaining: number;
  total: number;
  finished: boolean;
  /** Ran out of its time or failed: what it still announced will not come. */
  cut: boolean;
  offers: number;
}

/**
 * The suppliers' streams as one: each batch goes out as it arrives (the agency's seats at once,
 * Duffel's as they come), counted against the batches the suppliers still announce. A supplier that
 * ends having found nothing is left out of the counts (it adds no batch to wait for), and an empty
 * batch is not sent while others still search. The last batch out says `timedOut` when any
 * supplier ran out of time or failed, with the batches that then never came. A supplier is asked for
 * its next batch only once the one before has been taken, so leaving early stops every search.
 */
async function* mergeStreams(
  suppliers: readonly Supplier[],
  search: SupplierSearch,
  now: Date | undefined,
  options: SearchOptions,
  tag: (supplier: Supplier, offers: readonly SupplierOffer[]) => readonly SupplierOffer[],
  failed: (supplier: Supplier, error: unknown) => void,
): AsyncGenerator<OfferBatch & { timedOut?: boolean }, void, undefined> {
  const streams: Stream[] = suppliers.map((supplier) => ({
    supplier,
    iterator: supplier.streamOffers(search, now, options)[Symbol.asyncIterator](),
    remaining: 1,
    total: 1,
    finished: false,
    cut: false,
    offers: 0,
  }));
  type Step = { index: number; result?: IteratorResult<OfferBatch & { timedOut?: boolean }>; error?: unknown; failed?: true };
  const pending = new Map<number, Promise<Step>>();
  const pull = (index: number) =>
    pending.set(
      index,
      streams[index]!.iterator.next().then(
        (result) => ({ index, result }),
        (error: unknown) => ({ index, error, failed: true as const }),
      ),
    );
  streams.forEach((_, index) => pull(index));
  const counted = () => streams.filter((s) => !s.finished || s.offers > 0);
  const stillToCome = () => streams.reduce((sum, s) => sum + (s.finished ? 0 : s.remaining), 0);
  const announced = () => streams.reduce((sum, s) => sum + (s.cut ? s.remaining : 0), 0);
  const total = () =>
    Math.max(
      1,
      counted().reduce((sum, s) => sum + s.total, 0),
    );
  const last = (offers: readonly SupplierOffer[]) => {
    const cut = streams.some((s) => s.cut);
    return { offers, remainingBatches: cut ? announced() : 0, totalBatches: total(), ...(cut ? { timedOut: true } : {}) };
  };
  let failures = 0;
  let firstError: unknown;
  // Until every supplier has answered once (or the wait is over), batches are gathered into the first.
  const answered = new Set<number>();
  let gathered: SupplierOffer[] | null = [];
  let waitOver: Promise<'wait-over'> | null = null;
  const deferred: number[] = [];
  const release = function* () {
    const offers = gathered ?? [];
    gathered = null;
    for (const index of deferred.splice(0)) pull(index);
    if (stillToCome() === 0) yield last(offers);
    else if (offers.length > 0) yield { offers, remainingBatches: stillToCome(), totalBatches: total() };
  };
  try {
    while (pending.size > 0 || gathered) {
      if (pending.size === 0) {
        // Every supplier answered once: out goes what was gathered, and the next batches are asked for.
        yield* release();
        continue;
      }
      const step = await Promise.race<Step | 'wait-over'>([...pending.values(), ...(waitOver ? [waitOver] : [])]);
      if (step === 'wait-over') {
        waitOver = null;
        yield* release();
        continue;
      }
      pending.delete(step.index);
      answered.add(step.index);
      const stream = streams[step.index]!;
      if (step.failed || !step.result || step.result.done) {
        if (step.failed) {
          failures += 1;
          firstError ??= step.error;
          stream.cut = true;
          failed(stream.supplier, step.error);
        }
        stream.finished = true;
        if (gathered) {
          if (answered.size === streams.length && failures < streams.length) yield* release();
        } else if (stillToCome() === 0 && failures < streams.length) yield last([]);
        continue;
      }
      const batch = step.result.value;
      stream.remaining = batch.remainingBatches;
      stream.total = batch.totalBatches;
      stream.offers += batch.offers.length;
      const ends = batch.remainingBatches === 0 || Boolean(batch.timedOut);
      if (ends) {
        // A supplier's last batch (or the one that ran out of its time) ends its stream.
        stream.finished = true;
        stream.cut = Boolean(batch.timedOut);
        void stream.iterator.return?.()?.catch(() => {});
      }
      const offers = tag(stream.supplier, batch.offers);
      if (gathered) {
        gathered.push(...offers);
        if (!ends) deferred.push(step.index);
        waitOver ??= new Promise((resolve) => setTimeout(() => resolve('wait-over'), FIRST_BATCH_WAIT_MS).unref?.());
        if (answered.size === streams.length) {
          waitOver = null;
          yield* release();
        }
        continue;
      }
      if (stillToCome() === 0) yield last(offers);
      else if (offers.length > 0) yield { offers, remainingBatches: stillToCome(), totalBatches: total() };
      if (!ends) pull(step.index);
    }
    if (failures === streams.length) throw firstError;
  } finally {
    // Left early: every supplier still searching stops.
    for (const stream of streams) if (!stream.finished) void stream.iterator.return?.()?.catch(() => {});
  }
}
