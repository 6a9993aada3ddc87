import { addDays, todayIn, type PassengerCounts } from '@kwenda/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAirport } from '../src/data/airports.js';
import { ALLOTMENT_CSV_COLUMNS } from '../src/modules/allotments/allotment-csv.js';
import { createAllotmentsService } from '../src/modules/allotments/allotments-service.js';
import { decodeAgencyOfferReference, encodeAgencyOfferReference } from '../src/suppliers/agency-seats/agency-offer-reference.js';
import { createAgencySeatsSupplier } from '../src/suppliers/agency-seats/agency-seats-supplier.js';
import { backends, createTestDatabase, type TestDatabase } from './helpers/test-database.js';
import { supplierPassenger, supplierSearch } from './helpers/supplier-search.js';

/**
 * What the agency's seats sell beyond the supplier contract: sales stop when unsold seats go back to
 * the airline, a party larger than the seats left is not offered the flight, infants on a lap take
 * no seat up to the flight's limit, a paused or cancelled date is not sold, and an offer reference is
 * never trusted for money.
 */
describe.each(backends)("the agency's seats as a supplier on %s", (backend) => {
  let database: TestDatabase;
  const today = todayIn();
  const day = (n: number) => addDays(today, n);
  const supplier = () => createAgencySeatsSupplier({ database });
  const adults = (n: number, infants = 0): PassengerCounts => ({ adults: n, children: 0, infants });
  const search = (date: string, passengers = adults(1)) => supplierSearch([['PZU', 'CAI', date]], passengers);
  const exec = (text: string, params: unknown[] = []) => database.sql.query(text, params);

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    await exec(`INSERT INTO users (id, full_name, email) VALUES ('usr_seats', 'Desk', 'seats@agency.test')`);
    // 3T 212: 3 seats a day, 2 infants at most (set below), seats go back to the airline 5 days before.
    const line = (number: string, from: string, to: string, seats: number, release: number) =>
      `3T,${number},PZU,CAI,13:30,15:40,1234567,${from},${to},economy,${seats},100,80,20,USD,1,23,7,false,,true,10,${release}`;
    const csv = [ALLOTMENT_CSV_COLUMNS.join(','), line('212', day(1), day(30), 3, 5)].join('\n');
    await createAllotmentsService({ database, isAirport: (code) => Boolean(findAirport(code)) }).importCsv(csv, {
      dryRun: false,
      staffUserId: 'usr_seats',
    });
    await exec(`UPDATE allotment_dated_flights SET infant_limit = 2`);
  });
  afterAll(() => database?.destroy());

  it('stops selling a date once its unsold seats go back to the airline', async () => {
    expect(await supplier().searchOffers(search(day(3)))).toEqual([]);
    expect(await supplier().searchOffers(search(day(7)))).toHaveLength(1);
  });

  it('offers a flight only to a party it has seats for; infants on a lap take none, up to the limit', async () => {
    expect(await supplier().searchOffers(search(day(8), adults(3)))).toHaveLength(1);
    expect(await supplier().searchOffers(search(day(8), adults(4)))).toEqual([]);
    const [withInfants] = await supplier().searchOffers(search(day(8), adults(2, 2)));
    expect(withInfants?.totalAmount).toBe(2 * 100 + 2 * 20);
    expect(await supplier().searchOffers(search(day(8), adults(3, 3)))).toEqual([]);
  });

  it('reads the seats once for the same search asked several times at once, and again the next minute', async () => {
    // Many travellers at once (a minute's first searches under load) wait for one read, not one each.
    const seats = supplier();
    const now = new Date();
    const answers = await Promise.all(Array.from({ length: 5 }, () => seats.searchOffers(search(day(12)), now)));
    expect(answers[0]).toHaveLength(1);
    for (const answer of answers) expect(answer).toBe(answers[0]);
    const nextMinute = await seats.searchOffers(search(day(12)), new Date(now.getTime() + 60_000));
    expect(nextMinute).toHaveLength(1);
    expect(nextMinute).not.toBe(answers[0]);
  });

  it('does not sell a paused or cancelled date, and says a held offer is gone', async () => {
    const [offer] = await supplier().searchOffers(search(day(9)));
    await exec(`UPDATE allotment_dated_flights SET on_sale = false WHERE departure_date = $1`, [day(9)]);
    expect(await supplier().getOffer(offer!.reference)).toEqual({ status: 'unavailable' });
    const [other] = await supplier().searchOffers(search(day(10)));
    await exec(`UPDATE allotment_dated_flights SET cancelled_at = now() WHERE departure_date = $1`, [day(10)]);
    expect(await supplier().getOffer(other!.reference)).toEqual({ status: 'unavailable' });
    expect(await supplier().searchOffers(search(day(10), adults(2)))).toEqual([]);
  });

  it('holds until the traveller must pay, never after the seats go back to the airline', async () => {
    const [offer] = await supplier().searchOffers(search(day(7)));
    const requirements = supplier().passengerRequirements(offer!);
    expect(requirements[0]!.baggage.map((b) => [b.reference, b.included])).toEqual([
      ['hold-included', 1],
      ['cabin-included', 1],
    ]);
    const held = await supplier().createOrder({
      offerReference: offer!.reference,
      passengers: [supplierPassenger()],
      holdMinutes: 10 * 24 * 60,
      clientReference: 'call_release',
    });
    if (held.status !== 'held') throw new Error(held.status);
    // Departing day 7 at 13:30 in Port Sudan (UTC+2), released 5 days before.
    expect(held.paymentRequiredBy.toISOString()).toBe(new Date(`${day(2)}T11:30:00Z`).toISOString());
  });

  it('answers unavailable, holding nothing, to the hold that finds the last seat taken meanwhile', async () => {
    const date = day(13);
    await exec(`UPDATE allotment_dated_flights SET seats_allocated = 1 WHERE departure_date = $1`, [date]);
    const [offer] = await supplier().searchOffers(search(date));
    const passenger = supplierPassenger();
    // Both re-price while the seat is free; only one can take it.
    const answers = await Promise.all(
      ['call_last_a', 'call_last_b'].map((clientReference) =>
        supplier().createOrder({ offerReference: offer!.reference, passengers: [passenger], holdMinutes: 60, clientReference }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual(['held', 'unavailable']);
    const [orders] = await exec(`SELECT count(*)::int AS n FROM allotment_orders WHERE client_reference LIKE 'call_last_%'`);
    expect(orders).toEqual({ n: 1 });
  });

  it('prices from the database, whatever the reference says', async () => {
    const [offer] = await supplier().searchOffers(search(day(11)));
    const token = decodeAgencyOfferReference(offer!.reference)!;
    // A reference edited to a lower total and more passengers: the real price of the flights asked for.
    const edited = encodeAgencyOfferReference({ ...token, passengers: adults(2), totalCents: 100 });
    expect(await supplier().getOffer(edited)).toMatchObject({ status: 'price-changed', offer: { totalAmount: 200 } });
    for (const reference of ['as1.', 'as1.bm90LWpzb24', `as1.${Buffer.from('[1,2]').toString('base64url')}`, 'off_123'])
      expect(await supplier().getOffer(reference)).toEqual({ status: 'unavailable' });
  });
});
