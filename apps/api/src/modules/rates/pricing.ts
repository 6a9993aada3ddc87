import type { Currency, PassengerType } from '@kwenda/contracts';
import type { BookingPricing } from '@kwenda/contracts/admin';
import type { PassengerRequirements, SupplierOffer } from '../../suppliers/supplier.js';
import { convertUsd } from './convert-usd.js';
import { markupOn, pickMarkup, tripKeyOf, type MarkupTerms } from './markup-match.js';

/** The rate of a currency in effect at some time. */
export interface RateInEffect {
  id: string;
  currency: Currency;
  unitsPerUsd: number;
  effectiveAt: Date;
}

/** What prices are computed from at one moment: the rates in effect and the active markup rules. */
export interface PricingSnapshot {
  rateOf(currency: Currency): RateInEffect | undefined;
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

export interface OfferQuote {
  rate: RateInEffect;
  markup: MarkupTerms | null;
  /** In the order of the supplier's passenger requirements. */
  passengers: PassengerPrice[];
  /** USD -> the quote's currency at its rate, rounded as a price tag shows it. */
  fromUsd(amountUsd: number): number;
  /** What the booking keeps (bookings.pricing). */
  pricing: BookingPricing;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * Marks up each passenger's fare with the terms given. A booking re-priced by the supplier keeps the
 * terms it was first priced with (BookingPricing.markupPercent / markupFixedUsd).
 */
export function priceFares(
  requirements: readonly Pick<PassengerRequirements, 'passengerType' | 'fareUsd'>[],
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
): BookingPricing {
  const fareUsd = round2(passengers.reduce((sum, p) => sum + p.fareUsd, 0));
  const markupUsd = round2(passengers.reduce((sum, p) => sum + p.markupUsd, 0));
  return {
    currency: rate.currency,
    exchangeRate: rate.unitsPerUsd,
    rateId: rate.id,
    rateEffectiveAt: rate.effectiveAt.toISOString(),
    fareUsd,
    markupUsd,
    markupRuleIds: markup ? [markup.id] : [],
    totalUsd: round2(fareUsd + markupUsd),
    markupPercent: markup?.percent ?? 0,
    markupFixedUsd: markup?.fixedUsd ?? 0,
  };
}

/**
 * The one price of an offer, as the offers list, the best offers, the fare calendar and a new booking
 * all compute it: each passenger's supplier fare, plus the markup of the most specific matching rule,
 * at the rate of `currency` in effect. Undefined when the currency has no rate.
 */
export function quoteOffer(
  snapshot: PricingSnapshot,
  offer: Pick<SupplierOffer, 'slices'>,
  requirements: readonly Pick<PassengerRequirements, 'passengerType' | 'fareUsd'>[],
  currency: Currency,
): OfferQuote | undefined {
  const rate = snapshot.rateOf(currency);
  if (!rate) return undefined;
  const markup = pickMarkup(snapshot.markups, tripKeyOf(offer));
  const passengers = priceFares(requirements, markup);
  return {
    rate,
    markup,
    passengers,
    fromUsd: (amountUsd) => convertUsd(amountUsd, rate.unitsPerUsd, currency),
    pricing: pricingRecord(rate, markup, passengers),
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
  requirements: readonly Pick<PassengerRequirements, 'passengerType' | 'fareUsd'>[],
): { passengers: PassengerPrice[]; pricing: BookingPricing | null } {
  const passengers = priceFares(requirements, bookingMarkupTerms(pricing));
  if (!pricing) return { passengers, pricing: null };
  const fareUsd = round2(passengers.reduce((sum, p) => sum + p.fareUsd, 0));
  const markupUsd = round2(passengers.reduce((sum, p) => sum + p.markupUsd, 0));
  return { passengers, pricing: { ...pricing, fareUsd, markupUsd, totalUsd: round2(fareUsd + markupUsd) } };
}

/** A supplier's total for `count` passengers marked up as a quote marks up each of them (a price shown before). */
export const markedUpTotal = (totalUsd: number, count: number, terms: Pick<MarkupTerms, 'percent' | 'fixedUsd'> | null) =>
  terms ? round2(totalUsd + (totalUsd * terms.percent) / 100 + terms.fixedUsd * count) : totalUsd;
