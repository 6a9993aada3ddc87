import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateBook, PRICING_TTL_MS } from '../src/modules/rates/rate-book.js';
import { backends, createTestDatabase, type TestDatabase } from './helpers/test-database.js';

describe.each(backends)('the rate book of a process on %s', (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
  });
  afterAll(async () => database?.destroy());

  /** A rate written by "another process": straight into the table, this book is not told. */
  const insertRate = (id: string, currency: string, units: number, effectiveAt: Date) =>
    database.sql.query('INSERT INTO exchange_rate_changes (id, currency, units_per_usd, effective_at) VALUES ($1, $2, $3, $4)', [
      id,
      currency,
      units,
      effectiveAt.toISOString(),
    ]);

  it('prices from the starting rates of the installation', async () => {
    const book = createRateBook(database.db);
    const snapshot = await book.snapshot();
    expect(snapshot.rateOf('SDG')).toMatchObject({ id: 'rate_start_sdg', unitsPerUsd: 2600 });
    expect(snapshot.rateOf('USD')).toMatchObject({ unitsPerUsd: 1 });
    expect(snapshot.markups).toEqual([]);
  });

  /** The database handle, counting the queries the book makes (each read is three). */
  const counting = () => {
    const counter = { queries: 0 };
    const db = new Proxy(database.db, {
      get(target, key, receiver) {
        if (key === 'select' || key === 'selectDistinctOn') counter.queries += 1;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    return { db, counter };
  };

  it('reads again once its snapshot is older than the TTL, and not before', async () => {
    let now = Date.now();
    const { db, counter } = counting();
    const book = createRateBook(db, { clock: () => now });
    expect((await book.snapshot()).rateOf('QAR')!.unitsPerUsd).toBe(3.64);
    await insertRate('rate_qar_other', 'QAR', 3.7, new Date(now));
    now += PRICING_TTL_MS - 100;
    expect((await book.snapshot()).rateOf('QAR')!.unitsPerUsd).toBe(3.64);
    expect(counter.queries).toBe(3);
    now += 200;
    expect((await book.snapshot()).rateOf('QAR')!.unitsPerUsd).toBe(3.7);
    expect(counter.queries).toBe(6);
  });

  it('shares one read among the requests that arrive together', async () => {
    const { db, counter } = counting();
    const book = createRateBook(db);
    await Promise.all(Array.from({ length: 20 }, () => book.snapshot()));
    // One read: the rates in effect, those set for later, and the markups.
    expect(counter.queries).toBe(3);
  });

  it('takes a rate set for later into effect at its time, without reading again', async () => {
    const start = Date.now();
    let now = start;
    const book = createRateBook(database.db, { clock: () => now, ttlMs: 60_000 });
    await insertRate('rate_try_later', 'TRY', 45, new Date(start + 10_000));
    expect((await book.snapshot()).rateOf('TRY')!.unitsPerUsd).toBe(42.5);
    now = start + 10_000;
    const later = await book.snapshot();
    expect(later.rateOf('TRY')).toMatchObject({ id: 'rate_try_later', unitsPerUsd: 45 });
    expect(later.version).not.toBe((await book.snapshot(new Date(start))).version);
  });

  it('reads again at once after a change made in this process', async () => {
    const book = createRateBook(database.db, { ttlMs: 60_000 });
    expect((await book.snapshot()).rateOf('EGP')!.unitsPerUsd).toBe(47.5);
    await insertRate('rate_egp_here', 'EGP', 50, new Date());
    expect((await book.snapshot()).rateOf('EGP')!.unitsPerUsd).toBe(47.5);
    book.invalidate();
    expect((await book.snapshot()).rateOf('EGP')!.unitsPerUsd).toBe(50);
  });
});
