import type { CabinClassCode, Currency } from '@kwenda/contracts';
import { describe, expect, it } from 'vitest';
import type { SupplierOffer } from '../../suppliers/supplier.js';
import { priceForTravellers } from '../offers/offer-fares.js';
import { markupOn, pickMarkup, specificity, tripKeyOf, type MarkupTerms } from './markup-match.js';
import { priceFares, quoteOffer, type PricingSnapshot, type RateInEffect } from './pricing.js';

const trip = (origin = 'KRT', destination = 'DXB', airline = 'SD', cabin: CabinClassCode = 'economy', totalCurrency = 'USD') =>
  ({
    totalCurrency,
    slices: [
      {
        origin,
        destination,
        cabinClasses: [{ code: cabin, labelAr: '', labelEn: '' }],
        segments: [{ airline: { iataCode: airline } }],
      },
    ],
  }) as unknown as Pick<SupplierOffer, 'slices' | 'totalCurrency'>;

let seq = 0;
const rule = (terms: Partial<MarkupTerms>): MarkupTerms => ({
  id: `mk_${++seq}`,
  percent: 0,
  fixedUsd: 0,
  airline: null,
  origin: null,
  destination: null,
  cabin: null,
  updatedAt: new Date('2025-01-01T00:00:00Z'),
  ...terms,
});

const RATES: Record<string, number> = { SDG: 2600, EGP: 47.5, SAR: 3.75, USD: 1, EUR: 0.86 };
const snapshot = (markups: MarkupTerms[], rates = RATES): PricingSnapshot => ({
  rateOf: (currency: Currency): RateInEffect | undefined =>
    rates[currency] === undefined
      ? undefined
      : { id: `rate_${currency}`, currency, unitsPerUsd: rates[currency]!, effectiveAt: new Date('2025-11-24T08:00:00Z') },
  markups,
  version: 'test',
});

const adult = (fare: number) => ({ passengerType: 'adult' as const, fare });

describe('markup rules', () => {
  it('mark up nothing when no rule matches', () => {
    const quote = quoteOffer(snapshot([rule({ airline: 'EK', percent: 10 })]), trip(), [adult(200)], 'USD')!;
    expect(quote.markup).toBeNull();
    expect(quote.passengers).toEqual([{ passengerType: 'adult', fareUsd: 200, markupUsd: 0, priceUsd: 200 }]);
    expect(quote.pricing).toMatchObject({ fareUsd: 200, markupUsd: 0, totalUsd: 200, markupRuleIds: [] });
  });

  it('add a percent of each fare, a fixed amount per passenger, or both', () => {
    expect(markupOn(200, { percent: 5, fixedUsd: 0 })).toBe(10);
    expect(markupOn(200, { percent: 0, fixedUsd: 15 })).toBe(15);
    expect(markupOn(200, { percent: 5, fixedUsd: 15 })).toBe(25);
    // 7 % of 123.45 is 8.6415: to the cent.
    expect(markupOn(123.45, { percent: 7, fixedUsd: 0 })).toBe(8.64);
    expect(markupOn(123.45, null)).toBe(0);
  });

  it('apply only the most specific matching rule: rules never add up', () => {
    const general = rule({ percent: 5 });
    const airline = rule({ airline: 'SD', percent: 2 });
    const route = rule({ origin: 'KRT', destination: 'DXB', fixedUsd: 3 });
    const airlineRoute = rule({ airline: 'SD', origin: 'KRT', destination: 'DXB', percent: 1 });
    const all = [general, airline, route, airlineRoute];
    expect(pickMarkup(all, tripKeyOf(trip()))).toBe(airlineRoute);
    // Another airline on the route: the route rule (two things named) beats the general one.
    expect(pickMarkup(all, tripKeyOf(trip('KRT', 'DXB', 'EK')))).toBe(route);
    // The airline elsewhere: the airline rule.
    expect(pickMarkup(all, tripKeyOf(trip('KRT', 'CAI', 'SD')))).toBe(airline);
    // Nothing named matches: the general rule.
    expect(pickMarkup(all, tripKeyOf(trip('PZU', 'JED', 'SV')))).toBe(general);
    const quote = quoteOffer(snapshot(all), trip(), [adult(300), adult(300)], 'USD')!;
    expect(quote.pricing).toMatchObject({ fareUsd: 600, markupUsd: 6, totalUsd: 606, markupRuleIds: [airlineRoute.id] });
  });

  it('prefer, among rules naming as many things, airline then destination then origin then cabin', () => {
    const destination = rule({ destination: 'DXB', percent: 3 });
    const airline = rule({ airline: 'SD', percent: 4 });
    const origin = rule({ origin: 'KRT', percent: 2 });
    const cabin = rule({ cabin: 'business', percent: 1 });
    expect(specificity(airline)).toBeGreaterThan(specificity(destination));
    expect(specificity(destination)).toBeGreaterThan(specificity(origin));
    expect(specificity(origin)).toBeGreaterThan(specificity(cabin));
    // Two things named beat any one thing.
    expect(specificity({ airline: null, origin: 'KRT', destination: null, cabin: 'first' })).toBeGreaterThan(
      specificity(airline),
    );
    const key = tripKeyOf(trip('KRT', 'DXB', 'SD', 'business'));
    expect(pickMarkup([cabin, origin, destination, airline], key)).toBe(airline);
    expect(pickMarkup([cabin, origin, destination], key)).toBe(destination);
    expect(pickMarkup([cabin, origin], key)).toBe(origin);
    expect(pickMarkup([cabin], key)).toBe(cabin);
    expect(pickMarkup([cabin], tripKeyOf(trip()))).toBeNull();
  });

  it('let a rule of 0 % and 0 USD exempt the trips it names from the general rule', () => {
    const exempt = rule({ airline: 'SD' });
    const quote = quoteOffer(snapshot([rule({ percent: 8 }), exempt]), trip(), [adult(250)], 'USD')!;
    expect(quote.markup).toBe(exempt);
    expect(quote.pricing).toMatchObject({ markupUsd: 0, totalUsd: 250, markupRuleIds: [exempt.id] });
  });

  it('mark up every passenger, infants included, each on their own fare', () => {
    const prices = priceFares(
      [
        { passengerType: 'adult', fareUsd: 300 },
        { passengerType: 'child', fareUsd: 225 },
        { passengerType: 'infant', fareUsd: 30 },
      ],
      {
        percent: 10,
        fixedUsd: 5,
      },
    );
    expect(prices.map((p) => p.markupUsd)).toEqual([35, 27.5, 8]);
    expect(prices.map((p) => p.priceUsd)).toEqual([335, 252.5, 38]);
  });
});

describe('prices in each currency', () => {
  // 123.45 USD + 7 % = 132.09 USD per adult.
  const sevenPercent = [rule({ percent: 7 })];
  const cases: [Currency, number][] = [
    // 132.09 x 2600 = 343,434 (whole pounds)
    ['SDG', 343_434],
    // 132.09 x 47.5 = 6274.275 -> 6274 (whole pounds)
    ['EGP', 6274],
    // 132.09 x 3.75 = 495.3375 -> 495.34
    ['SAR', 495.34],
    // 132.09 x 0.86 = 113.5974 -> 113.6
    ['EUR', 113.6],
    ['USD', 132.09],
  ];
  it.each(cases)('round the marked-up fare as a price tag in %s shows it', (currency, expected) => {
    const quote = quoteOffer(snapshot(sevenPercent), trip(), [adult(123.45)], currency)!;
    expect(quote.passengers[0]!.priceUsd).toBe(132.09);
    expect(quote.fromUsd(quote.passengers[0]!.priceUsd)).toBe(expected);
    expect(quote.pricing).toMatchObject({ currency, exchangeRate: RATES[currency], rateId: `rate_${currency}` });
  });

  it('total an offer as the sum of each passenger converted on its own, as a booking adds up', () => {
    // Three adults at 99.01 USD + 1 USD each, in EGP: 100.01 x 47.5 = 4750.475 -> 4750 each, 14,250 in all;
    // converting the 300.03 USD total at once would show 14,251 on the card and 14,250 on the booking.
    const quote = quoteOffer(snapshot([rule({ fixedUsd: 1 })]), trip(), [adult(99.01), adult(99.01), adult(99.01)], 'EGP')!;
    const shown = priceForTravellers(
      quote.passengers.map((p) => ({ passengerType: p.passengerType, fareUsd: p.priceUsd })),
      quote.fromUsd,
    );
    expect(quote.fromUsd(quote.pricing.totalUsd)).toBe(14_251);
    expect(shown.price).toBe(14_250);
    expect(shown.fares).toEqual([{ passengerType: 'adult', count: 3, amount: 14_250 }]);
  });

  it('quote nothing in a currency without a rate', () => {
    expect(quoteOffer(snapshot([], { USD: 1 }), trip(), [adult(100)], 'SDG')).toBeUndefined();
  });

  it('record on the booking the rate, when it took effect, the fares and the markup', () => {
    const applied = rule({ percent: 5, fixedUsd: 2 });
    const quote = quoteOffer(snapshot([applied]), trip(), [adult(100), { passengerType: 'infant', fare: 10 }], 'SDG')!;
    expect(quote.pricing).toEqual({
      currency: 'SDG',
      exchangeRate: 2600,
      rateId: 'rate_SDG',
      rateEffectiveAt: '2025-11-24T08:00:00.000Z',
      fareUsd: 110,
      markupUsd: 7 + 2.5,
      markupRuleIds: [applied.id],
      totalUsd: 119.5,
      markupPercent: 5,
      markupFixedUsd: 2,
    });
  });

  it('convert a supplier selling in another currency to USD at the agency rate before the markup, and record that rate', () => {
    const applied = rule({ percent: 10 });
    // 86 EUR at 0.86 EUR a dollar = 100 USD, +10 % = 110 USD.
    const quote = quoteOffer(snapshot([applied]), trip('FRA', 'PZU', 'LH', 'economy', 'EUR'), [adult(86)], 'USD')!;
    expect(quote.passengers).toEqual([{ passengerType: 'adult', fareUsd: 100, markupUsd: 10, priceUsd: 110 }]);
    expect(quote.supplierToUsd(43)).toBe(50);
    expect(quote.pricing).toMatchObject({ fareUsd: 100, totalUsd: 110, supplierCurrency: 'EUR', supplierUnitsPerUsd: 0.86 });
    // A supplier currency the agency has no rate for is not sold.
    expect(quoteOffer(snapshot([]), trip('LHR', 'PZU', 'BA', 'economy', 'GBP'), [adult(100)], 'USD')).toBeUndefined();
  });
});
