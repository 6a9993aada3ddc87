import { pricedCurrencies, type Currency, type PassengerType, type PricedCurrency } from '@kwenda/contracts';
import type { BookingPricing } from '@kwenda/contracts/admin';
import type { PassengerRequirements, SupplierOffer } from '../../suppliers/supplier.js';
import { convertUsd } from './convert-usd.js';
import { markupOn, pickMarkup, tripKeyOf, type MarkupTerms } from './markup-match.js';

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The rate of a currency in effect at some time. */
export interface RateInEffect {
  id: string;
  currency: PricedCurrency;
  unitsPerUsd: number;
  effectiveAt: Date;
}

/** What prices are computed from at one moment: the rates in effect and the active markup rules. */
export interface PricingSnapshot {
  rateOf(currency: PricedCurrency): RateInEffect | undefined;
  markups: readonly MarkupTerms[];
  /** Changes whenever a rate takes effect or a rule changes: keys caches of priced offers. */
  version: string;
}

export interface PassengerPrice {
  passengerType: PassengerType;
  /** The supplier's fare of this passenger. */
  fareUsd: number;
  markupUsd: number;
  /** What the traveller pays for the seat, USD: fare + markup. */
  priceUsd: number;
}

/**
 * The agency keeps its books in USD (rates are units per USD; markups and commissions are in USD).
 * A supplier's amounts come in the supplier's currency and become USD here, at the agency's rate in
 * effect, before any markup: the one place a supplier currency is converted. Undefined when the
 * agency has no rate for it (such offers are not sold).
 */
export function supplierUnitsPerUsd(snapshot: Pick<PricingSnapshot, 'rateOf'>, supplierCurrency: string): number | undefined {
  if (supplierCurrency === 'USD') return 1;
  if (!(pricedCurrencies as readonly string[]).includes(supplierCurrency)) return undefined;
  return snapshot.rateOf(supplierCurrency as PricedCurrency)?.unitsPerUsd;
}

/** A supplier amount in USD at `unitsPerUsd` units of its currency per USD, to the cent. */
export const supplierAmountInUsd = (amount: number, unitsPerUsd: number) => round2(amount / unitsPerUsd);

/** The supplier rate a booking was priced with (USD for bookings made before it was kept). */
export function bookingSupplierUnitsPerUsd(pricing: BookingPricing | null, supplierCurrency: string): number {
  const recorded = pricing?.supplierCurrency ?? 'USD';
  if (recorded !== supplierCurrency)
    throw new Error(`The supplier re-priced in ${supplierCurrency}, the booking was priced in ${recorded}`);
  return pricing?.supplierUnitsPerUsd ?? 1;
}

/** Requirements with each fare in USD. */
const faresInUsd = (requirements: readonly Pick<PassengerRequirements, 'passengerType' | 'fare'>[], unitsPerUsd: number) =>
  requirements.map(({ passengerType, fare }) => ({ passengerType, fareUsd: supplierAmountInUsd(fare, unitsPerUsd) }));

export interface OfferQuote {
  rate: RateInEffect;
  markup: MarkupTerms | null;
  /** In the order of the supplier's passenger requirements. */
  passengers: PassengerPrice[];
  /** USD -> the quote's currency at its rate, rounded as a price tag shows it. */
  fromUsd(amountUsd: number): number;
  /** An amount in the supplier's currency -> USD (bags, seats, penalties of the offer). */
  supplierToUsd(amount: number): number;
  /** What the booking keeps (bookings.pricing). */
  pricing: BookingPricing;
}

/**
 * Marks up each passenger's fare with the terms given. A booking re-priced by the supplier keeps the
 * terms it was first priced with (BookingPricing.markupPercent / markupFixedUsd).
 */
export function priceFares(
  requirements: readonly { passengerType: PassengerType; fareUsd: number }[],
  terms: Pick<MarkupTerms, 'percent' | 'fixedUsd'> | null,
): PassengerPrice[] {
  return requirements.map(({ passengerType, fareUsd }) => {
    const markupUsd = markupOn(fareUsd, terms);
    return { passengerType, fareUsd, markupUsd, priceUsd: round2(fareUsd + markupUsd) };
  });
}

/** The booking's record of a quote: fares, markup and rate. */
export function pricingRecord(
  rate: Omit<RateInEffect, 'id'> & { id: string | null },
  markup: Pick<MarkupTerms, 'id' | 'percent' | 'fixedUsd'> | null,
  passengers: readonly PassengerPrice[],
  supplier: { currency: string; unitsPerUsd: number } = { currency: 'USD', unitsPerUsd: 1 },
): BookingPricing {
  const fareUsd = round2(passengers.reduce((sum, p) => sum + p.fareUsd, 0));
  const markupUsd = round2(passengers.reduce((sum, p) => sum + p.markupUsd, 0));
  return {
    // The rate of the currency the traveller pays in: always one of theirs, never a supplier's own.
    currency: rate.currency as Currency,
    exchangeRate: rate.unitsPerUsd,
    rateId: rate.id,
    rateEffectiveAt: rate.effectiveAt.toISOString(),
    fareUsd,
    markupUsd,
    markupRuleIds: markup ? [markup.id] : [],
    totalUsd: round2(fareUsd + markupUsd),
    markupPercent: markup?.percent ?? 0,
    markupFixedUsd: markup?.fixedUsd ?? 0,
    ...(supplier.currency !== 'USD' ? { supplierCurrency: supplier.currency, supplierUnitsPerUsd: supplier.unitsPerUsd } : {}),
  };
}

/**
 * The one price of an offer, as the offers list, the best offers, the fare calendar and a new booking
 * all compute it: each passenger's supplier fare, plus the markup of the most specific matching rule,
 * at the rate of `currency` in effect. Undefined when the currency has no rate, or the supplier's
 * currency has none.
 */
export function quoteOffer(
  snapshot: PricingSnapshot,
  offer: Pick<SupplierOffer, 'slices' | 'totalCurrency'>,
  requirements: readonly Pick<PassengerRequirements, 'passengerType' | 'fare'>[],
  currency: Currency,
): OfferQuote | undefined {
  const rate = snapshot.rateOf(currency);
  const unitsPerUsd = supplierUnitsPerUsd(snapshot, offer.totalCurrency);
  if (!rate || !unitsPerUsd) return undefined;
  const markup = pickMarkup(snapshot.markups, tripKeyOf(offer));
  const passengers = priceFares(faresInUsd(requirements, unitsPerUsd), markup);
  return {
    rate,
    markup,
    passengers,
    fromUsd: (amountUsd) => convertUsd(amountUsd, rate.unitsPerUsd, currency),
    supplierToUsd: (amount) => supplierAmountInUsd(amount, unitsPerUsd),
    pricing: pricingRecord(rate, markup, passengers, { currency: offer.totalCurrency, unitsPerUsd }),
  };
}

/** The markup terms a booking was priced with (none for bookings made before markups). */
export const bookingMarkupTerms = (pricing: BookingPricing | null): Pick<MarkupTerms, 'percent' | 'fixedUsd'> | null =>
  pricing ? { percent: pricing.markupPercent ?? 0, fixedUsd: pricing.markupFixedUsd ?? 0 } : null;

/**
 * A booking's fares after the supplier re-priced its offer: marked up with the terms the booking was
 * priced with and kept at its own rate, whatever the agency has set since. Bookings made before
 * pricing was recorded stay without markup and without a record.
 */
export function repriceBooking(
  pricing: BookingPricing | null,
  requirements: readonly Pick<PassengerRequirements, 'passengerType' | 'fare'>[],
  supplierCurrency: string,
): { passengers: PassengerPrice[]; pricing: BookingPricing | null } {
  const unitsPerUsd = bookingSupplierUnitsPerUsd(pricing, supplierCurrency);
  const passengers = priceFares(faresInUsd(requirements, unitsPerUsd), bookingMarkupTerms(pricing));
  if (!pricing) return { passengers, pricing: null };
  const fareUsd = round2(passengers.reduce((sum, p) => sum + p.fareUsd, 0));
  const markupUsd = round2(passengers.reduce((sum, p) => sum + p.markupUsd, 0));
  return { passengers, pricing: { ...pricing, fareUsd, markupUsd, totalUsd: round2(fareUsd + markupUsd) } };
}

/** A supplier's total for `count` passengers marked up as a quote marks up each of them (a price shown before). */
export const markedUpTotal = (totalUsd: number, count: number, terms: Pick<MarkupTerms, 'percent' | 'fixedUsd'> | null) =>
  terms ? round2(totalUsd + (totalUsd * terms.percent) / 100 + terms.fixedUsd * count) : totalUsd;
