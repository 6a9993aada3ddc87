import { randomBytes } from 'node:crypto';
import type { CreateBookingRequest } from '@kwenda/contracts';
import type { PassengerRow } from '../../../db/schema.js';
import { AppError, validationError } from '../../../errors.js';
import { markedUpTotal, quoteOffer } from '../../rates/pricing.js';
import { bookingMoney } from '../booking-presenter.js';
import * as repo from '../booking-repository.js';
import type { Actor, BookingDeps } from './booking-deps.js';
import { noOfferFound, offerCorrupted, segmentsKeyOf } from './booking-rules.js';

const newId = (prefix: string, bytes = 16) => `${prefix}_${randomBytes(bytes).toString('base64url')}`;
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** KW + 6 unambiguous characters: easy to read out on the phone, 10^9 combinations. */
function newBookingReference(): string {
  const bytes = randomBytes(6);
  return `KW${[...bytes].map((b) => REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length]).join('')}`;
}

/**
 * A new booking in status created for a searched offer: the supplier is asked for the offer's
 * current price, one passenger row is made per traveller the offer was priced for, and the
 * amount is priced at today's rate. Answers its id and the referral code it was booked through
 * (its access cookies' paths name it).
 */
export async function createBooking(
  deps: BookingDeps,
  request: CreateBookingRequest,
  actor: Actor,
  language: 'ar' | 'en',
): Promise<{ id: string; referralCode: string | null }> {
  const { rates, logger, db } = deps;
  // A booking goes to the supplier that made its offer; the booking keeps its name for every later step.
  const supplier = deps.suppliers.forOffer(request.reference);
  const { payload } = request;
  // The rates and markups in effect now: the booking keeps them (bookings.pricing), whatever is set later.
  const pricing = await rates.snapshot();
  if (!pricing.rateOf(payload.currency))
    throw validationError([
      { path: 'payload.currency', code: 'unsupported_currency', message: `No exchange rate for ${payload.currency}` },
    ]);
  let priced;
  try {
    priced = await supplier.getOffer(request.reference, deps.clock());
  } catch (error) {
    throw new AppError(503, 'SUPPLIER_UNAVAILABLE', `The flight supplier did not answer: ${(error as Error).message}`);
  }
  if (priced.status === 'expired') throw offerCorrupted();
  if (priced.status === 'unavailable') throw noOfferFound();
  const offer = priced.offer;
  const requirements = supplier.passengerRequirements(offer);
  const counts = { adult: 0, child: 0, infant: 0 };
  for (const r of requirements) counts[r.passengerType] += 1;
  const { adults, children, infants } = payload.passengers;
  if (counts.adult !== adults || counts.child !== children || counts.infant !== infants)
    throw validationError([
      {
        path: 'payload.passengers',
        code: 'passengers_mismatch',
        message: `The offer was priced for ${counts.adult} adults, ${counts.child} children and ${counts.infant} infants`,
      },
    ]);

  // Priced as the offer was shown (modules/rates/pricing.ts): each fare with its markup, at the rate in effect.
  const quote = quoteOffer(pricing, offer, requirements, payload.currency)!;
  const rate = quote.rate.unitsPerUsd;
  const id = newId('bk');
  const passengers: repo.NewPassenger[] = requirements.map((r, position) => ({
    id: newId('px', 9),
    bookingId: id,
    position,
    passengerType: r.passengerType,
    requiredFields: r.requiredFields,
    fareUsd: quote.passengers[position]!.priceUsd,
    baggageOptions: r.baggage.map(({ price, ...option }) => ({ ...option, priceUsd: quote.supplierToUsd(price) })),
    supplierPassengerId: r.supplierPassengerId,
    extraBaggage: {},
  }));
  const money = bookingMoney(
    { currency: payload.currency, exchangeRate: rate },
    passengers.map((p) => ({ ...p, extraBaggage: {} })) as PassengerRow[],
  );
  const previousAmount =
    priced.status === 'price-changed'
      ? bookingMoney({ currency: payload.currency, exchangeRate: rate }, []).money(
          markedUpTotal(quote.supplierToUsd(priced.previousTotal), requirements.length, quote.markup),
        )
      : null;
  for (let attempt = 0; ; attempt++) {
    const row: repo.NewBooking = {
      id,
      bookingReference: newBookingReference(),
      status: 'created',
      statusTrigger: 'booking-created',
      userId: actor.userId,
      language,
      referralCode: payload.referralCode?.toUpperCase() ?? null,
      supplier: supplier.name,
      offerReference: offer.reference,
      offer,
      offerExpiresAt: new Date(offer.expiresAt),
      requestedDate: payload.requestedDate ?? null,
      passengerCounts: payload.passengers,
      requestedBaggage: payload.baggage,
      currency: payload.currency,
      exchangeRate: rate,
      pricing: quote.pricing,
      amount: money.breakdown.total,
      previousAmount,
      segmentsKey: segmentsKeyOf(offer),
    };
    try {
      await db.transaction(async (tx) => {
        await repo.insertBooking(tx, row, passengers);
        await repo.insertCreationEvent(tx, { id, status: 'created', statusTrigger: 'booking-created' }, actor.label, {
          offerReference: offer.reference,
          amount: row.amount,
          currency: row.currency,
          ...(previousAmount !== null ? { previousAmount } : {}),
        });
      });
      logger.info({ bookingId: id, reference: row.bookingReference }, 'booking created');
      return { id, referralCode: row.referralCode ?? null };
    } catch (error) {
      // A booking reference already taken (1 in 10^9): draw another.
      if (
        attempt < 3 &&
        /booking_reference/.test(String((error as { detail?: string; message?: string }).detail ?? (error as Error).message))
      )
        continue;
      throw error;
    }
  }
}
