import { offerSearchResultSchema, type Offer } from '@kwenda/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBooking, findOffer, getBooking } from './helpers/booking-factories.js';
import { daysAhead, offerRequest } from './helpers/factories.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';
import { backends } from './helpers/test-database.js';

describe.each(backends)('fare conditions on %s', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(backend);
  });
  afterAll(async () => ctx?.close());

  const offersIn = async (currency: 'SDG' | 'USD', passengers = { adults: 2, children: 0, infants: 0 }) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/offers/request',
      payload: offerRequest({ currency, passengers, departureDate: daysAhead(24) }),
    });
    expect(response.statusCode).toBe(200);
    return offerSearchResultSchema.parse(response.json()).offers;
  };
  const rate = async (currency: string) => {
    const [row] = await ctx.database.sql.query<{ units_per_usd: string }>(
      `SELECT units_per_usd FROM exchange_rates WHERE currency = '${currency}'`,
    );
    return Number(row!.units_per_usd);
  };

  it('states every offer refund and change conditions, penalties in the traveller currency at the offers rate', async () => {
    const sdg = await offersIn('SDG');
    const usd = await offersIn('USD');
    const sdgRate = await rate('SDG');
    let paid = 0;
    for (const offer of sdg) {
      // The same offer in dollars (a reference carries the minute it was made: searches either side of a minute differ).
      const flights = JSON.stringify(offer.slices);
      const twin = usd.find((o) => o.reference === offer.reference) ?? usd.find((o) => JSON.stringify(o.slices) === flights)!;
      for (const key of ['refundBeforeDeparture', 'changeBeforeDeparture'] as const) {
        const here = offer.conditions[key]!;
        const there = twin.conditions[key]!;
        expect(here.allowed).toBe(there.allowed);
        if (here.penaltyAmount === null) {
          expect(here.penaltyCurrency).toBeNull();
          continue;
        }
        expect(here.penaltyCurrency).toBe('SDG');
        expect(there.penaltyCurrency).toBe('USD');
        // Converted like the price: whole pounds from the dollar amount.
        expect(here.penaltyAmount).toBe(Math.round(there.penaltyAmount! * sdgRate));
        expect(here.penaltyAmount).toBeLessThanOrEqual(offer.price);
        if (here.penaltyAmount > 0) paid++;
      }
    }
    expect(paid).toBeGreaterThan(0);
  });

  it('charges the fee per traveller in a seat', async () => {
    const one = await offersIn('USD', { adults: 1, children: 0, infants: 0 });
    const family = await offersIn('USD', { adults: 2, children: 1, infants: 1 });
    const feeOf = (offer: Offer) => offer.conditions.changeBeforeDeparture!.penaltyAmount!;
    const single = one.find((o) => feeOf(o) > 0 && feeOf(o) * 3 < o.price)!;
    const same = family.find(
      (o) =>
        o.slices[0]!.segments.map((s) => s.flightNumber).join() === single.slices[0]!.segments.map((s) => s.flightNumber).join(),
    )!;
    expect(feeOf(same)).toBe(3 * feeOf(single));
  });

  it('carries the conditions into the booking, in its currency', async () => {
    const offer = await findOffer(ctx, 'available', { passengers: { adults: 2, children: 0, infants: 0 } });
    const created = await createBooking(ctx, offer, { adults: 2, children: 0, infants: 0 });
    expect(created.statusCode).toBe(201);
    const booking = await getBooking(ctx, (created.json() as { booking: { id: string } }).booking.id);
    expect(booking.currency).toBe(offer.currency);
    expect(booking.conditions).toEqual(offer.conditions);
  });
});
