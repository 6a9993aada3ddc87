import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateBook } from '../src/modules/rates/rate-book.js';
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

  /** The database handle, counting the queries the book makes (a check is one; a read of the rows three). */
  const counting = (db = database.db) => {
    const counter = { queries: 0 };
    const counted = new Proxy(db, {
      get(target, key, receiver) {
        if (key === 'select' || key === 'selectDistinctOn') counter.queries += 1;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    return { db: counted, counter };
  };

  it('sees a rate written by another process at its next snapshot, and reads the rows again only then', async () => {
    const { db, counter } = counting();
    const book = createRateBook(db);
    expect((await book.snapshot()).rateOf('QAR')!.unitsPerUsd).toBe(3.64);
    expect(counter.queries).toBe(4);
    // Nothing changed: one check of the pricing version, no read.
    expect((await book.snapshot()).rateOf('QAR')!.unitsPerUsd).toBe(3.64);
    expect(counter.queries).toBe(5);
    await insertRate('rate_qar_other', 'QAR', 3.7, new Date());
    expect((await book.snapshot()).rateOf('QAR')!.unitsPerUsd).toBe(3.7);
    expect(counter.queries).toBe(9);
  });

  it('sees a markup changed by another process at its next snapshot', async () => {
    const book = createRateBook(database.db);
    expect((await book.snapshot()).markups).toEqual([]);
    await database.sql.query("INSERT INTO markup_rules (id, percent, fixed_usd, airline) VALUES ('mk_other', 7.5, 0, 'SD')");
    expect((await book.snapshot()).markups).toEqual([expect.objectContaining({ id: 'mk_other', percent: 7.5, airline: 'SD' })]);
    await database.sql.query("UPDATE markup_rules SET active = false WHERE id = 'mk_other'");
    expect((await book.snapshot()).markups).toEqual([]);
  });

  it('shares one check among the requests that arrive together, and one more for those that came during it', async () => {
    const { db, counter } = counting();
    const book = createRateBook(db);
    await Promise.all(Array.from({ length: 20 }, () => book.snapshot()));
    // The first request's check and read (four queries); the 19 that arrived while it ran share one check after it.
    expect(counter.queries).toBe(5);
  });

  it('takes a rate set for later into effect at its time, without reading again', async () => {
    const start = Date.now();
    let now = start;
    const book = createRateBook(database.db, { clock: () => now });
    await insertRate('rate_try_later', 'TRY', 45, new Date(start + 10_000));
    expect((await book.snapshot()).rateOf('TRY')!.unitsPerUsd).toBe(42.5);
    now = start + 10_000;
    const later = await book.snapshot();
    expect(later.rateOf('TRY')).toMatchObject({ id: 'rate_try_later', unitsPerUsd: 45 });
    expect(later.version).not.toBe((await book.snapshot(new Date(start))).version);
  });

  it.runIf(backend === 'pglite')(
    'on the embedded database, checks the version only after a change was told, and prices the next search with it',
    async () => {
      const { db, counter } = counting();
      let listening!: () => void;
      const listened = new Promise<void>((resolve) => (listening = resolve));
      const book = createRateBook(db, {
        listen: async (channel, onNotify) => {
          await database.listen!(channel, onNotify);
          listening();
        },
      });
      await listened;
      // The book's own continuation after listening (it checks once more, for changes made before).
      await new Promise((resolve) => setTimeout(resolve, 0));
      await book.snapshot();
      const afterFirst = counter.queries;
      await Promise.all(Array.from({ length: 20 }, () => book.snapshot()));
      for (let i = 0; i < 5; i++) await book.snapshot();
      expect(counter.queries).toBe(afterFirst);

      await insertRate('rate_egp_told', 'EGP', 51, new Date());
      expect((await book.snapshot()).rateOf('EGP')).toMatchObject({ id: 'rate_egp_told', unitsPerUsd: 51 });
      const afterChange = counter.queries;
      expect(afterChange).toBeGreaterThan(afterFirst);
      await book.snapshot();
      expect(counter.queries).toBe(afterChange);

      await database.sql.transaction(async (tx) => {
        await tx.query("INSERT INTO markup_rules (id, percent, fixed_usd) VALUES ('mk_told', 3, 0)");
      });
      expect((await book.snapshot()).markups).toEqual([expect.objectContaining({ id: 'mk_told', percent: 3 })]);
      await database.sql.query("DELETE FROM markup_rules WHERE id = 'mk_told'");
      expect((await book.snapshot()).markups).toEqual([]);
    },
  );

  it.runIf(backend === 'pglite')('a change made before listening began is priced too', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const book = createRateBook(database.db, {
      listen: async (channel, onNotify) => {
        await held;
        await database.listen!(channel, onNotify);
      },
    });
    expect((await book.snapshot()).rateOf('AED')?.id).not.toBe('rate_aed_early');
    await insertRate('rate_aed_early', 'AED', 3.66, new Date());
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await book.snapshot()).rateOf('AED')).toMatchObject({ id: 'rate_aed_early', unitsPerUsd: 3.66 });
  });
});
