import type { Booking, Currency, PayBookingRequest } from '@kwenda/contracts';
import type { BookingRow } from '../../../db/schema.js';
import type { Tx } from '../../../db/tx.js';
import { AppError } from '../../../errors.js';
import type { SupplierOffer } from '../../../suppliers/supplier.js';
import { repriceBooking } from '../../rates/pricing.js';
import { bookingMoney } from '../booking-presenter.js';
import * as repo from '../booking-repository.js';
import { transitionLocked } from '../booking-transitions.js';
import { requireCheckout, type Actor, type BookingDeps } from './booking-deps.js';
import { alreadyBooked, checkOwner, isComplete, noOfferFound, offerCorrupted, toSupplierPassenger } from './booking-rules.js';
import { loadBooking, mustLoadBooking } from './load-booking.js';

/**
 * New fares for the passengers and a new amount after a supplier re-priced the offer: marked up with
 * the booking's own terms at its own rate, never the ones set since it was made.
 */
async function applyNewPrice(deps: BookingDeps, tx: Tx, row: BookingRow, offer: SupplierOffer, actor: Actor) {
  const repricing = repriceBooking(row.pricing, deps.supplier.passengerRequirements(offer));
  const passengers = await repo.findPassengers(tx, row.id);
  for (const [index, p] of passengers.entries())
    await repo.updatePassenger(tx, p.id, { fareUsd: repricing.passengers[index]!.priceUsd });
  const repriced = passengers.map((p, index) => ({ ...p, fareUsd: repricing.passengers[index]!.priceUsd }));
  const amount = bookingMoney(row, repriced).breakdown.total;
  return transitionLocked(tx, row, 'price-changed', {
    actor: actor.label,
    patch: {
      offer,
      offerReference: offer.reference,
      offerExpiresAt: new Date(offer.expiresAt),
      amount,
      previousAmount: row.amount,
      pricing: repricing.pricing,
    },
    details: { previousAmount: row.amount, amount },
  });
}

/** The traveller learns what to pay and where, the agency that money may come (once per booking). */
async function tellHeld(deps: BookingDeps, tx: Tx, id: string) {
  const booking = await loadBooking(deps, id, tx);
  if (!booking?.holdExpiresAt) return;
  if (booking.email)
    await deps.mail.enqueue(tx, {
      to: booking.email,
      ...deps.messages.held(booking),
      dedupeKey: `held:${id}`,
    });
  await deps.mail.enqueue(tx, {
    to: deps.agencyEmail,
    ...deps.messages.agencyHeld(booking),
    dedupeKey: `held-agency:${id}`,
  });
}

/**
 * The traveller chose how to pay: the supplier holds the seats (one order per booking), the
 * booking waits for payment until the hold ends; by card a checkout opens, for a bank transfer
 * the traveller and the agency are e-mailed. Choosing again while held switches the method.
 */
export async function payBooking(deps: BookingDeps, id: string, request: PayBookingRequest, actor: Actor): Promise<Booking> {
  const { db, supplier, logger } = deps;
  const method = request.payLater ? 'bank-transfer' : 'card';
  const trigger = request.payLater ? 'payment-info-submit' : 'payment-started';
  const now = deps.clock();
  let orderToRelease: string | null = null;
  let priceChanged = false;
  let row: BookingRow;
  try {
    // The row stays locked while the supplier holds seats: a second tab, a double click or a
    // retry waits here and then finds the booking already held (one order, one hold).
    row = await db
      .transaction(async (tx) => {
        const current = await repo.lockBooking(tx, id);
        if (!current) throw new AppError(404, 'NOT_FOUND', 'No booking with this id');
        checkOwner(current, actor);
        if (current.status === 'pending-payment') {
          if (current.holdExpiresAt && current.holdExpiresAt <= now)
            throw new AppError(409, 'INVALID_BOOKING_STATE', 'The hold has ended; search again');
          // The same choice again (a retry, a second tab) changes nothing; a new choice or a
          // new try after a declined card is recorded.
          if (current.paymentMethod === method && current.statusTrigger !== 'payment-failed') return current;
          const switched = await transitionLocked(tx, current, trigger, {
            actor: actor.label,
            patch: { paymentMethod: method, paymentError: null },
          });
          if (method === 'bank-transfer') await tellHeld(deps, tx, id);
          return switched;
        }
        if (current.status === 'offer-unavailable') throw noOfferFound();
        if (current.status !== 'created')
          throw new AppError(409, 'INVALID_BOOKING_STATE', `The booking is ${current.status}; it cannot be paid again`);
        const passengers = await repo.findPassengers(tx, id);
        if (!current.email || !passengers.every(isComplete))
          throw new AppError(409, 'INVALID_BOOKING_STATE', 'Passenger details are missing: submit the passengers first');
        if (now >= current.offerExpiresAt) {
          await transitionLocked(tx, current, 'offer-unavailable', { actor: actor.label, details: { reason: 'expired' } });
          return 'expired' as const;
        }
        const dupes = await repo.findDuplicatePassengers(tx, {
          bookingId: id,
          segmentsKey: current.segmentsKey,
          passengers: passengers.map((p) => ({
            id: p.id,
            firstName: p.firstName!,
            lastName: p.lastName!,
            dateOfBirth: p.dateOfBirth!,
          })),
        });
        if (dupes.length) throw alreadyBooked(dupes, actor);

        let order;
        try {
          order = await supplier.createOrder(
            {
              offerReference: current.offerReference,
              passengers: passengers.map(toSupplierPassenger),
              holdMinutes: deps.holdMinutes,
            },
            now,
          );
        } catch (error) {
          throw new AppError(503, 'SUPPLIER_UNAVAILABLE', `The flight supplier did not answer: ${(error as Error).message}`);
        }
        if (order.status === 'expired' || order.status === 'unavailable') {
          await transitionLocked(tx, current, 'offer-unavailable', { actor: actor.label, details: { reason: order.status } });
          return order.status;
        }
        if (order.status === 'price-changed') {
          priceChanged = true;
          return applyNewPrice(deps, tx, current, order.offer, actor);
        }
        orderToRelease = order.orderId;
        const holdUntil = new Date(Math.min(order.paymentRequiredBy.getTime(), now.getTime() + deps.holdMinutes * 60_000));
        const held = await transitionLocked(tx, current, trigger, {
          actor: actor.label,
          patch: {
            supplierOrderId: order.orderId,
            holdExpiresAt: holdUntil,
            // The airline's own deadline: the most staff may extend the hold to (staff-extend-hold.ts).
            supplierHoldDeadline: order.paymentRequiredBy,
            paymentMethod: method,
            paymentError: null,
          },
          details: { orderId: order.orderId, holdExpiresAt: holdUntil.toISOString(), amount: current.amount },
        });
        if (method === 'bank-transfer') await tellHeld(deps, tx, id);
        orderToRelease = null;
        return held;
      })
      .then((result) => {
        if (result === 'expired') throw offerCorrupted();
        if (result === 'unavailable') throw noOfferFound();
        return result;
      });
  } catch (error) {
    // Seats held but the booking could not record them: give them back.
    if (orderToRelease)
      await supplier
        .cancelOrder(orderToRelease)
        .catch((e: unknown) => logger.error({ err: e, orderId: orderToRelease }, 'could not release a hold'));
    throw error;
  }
  if (priceChanged) {
    throw new AppError(
      409,
      'PRICE_CHANGED',
      `The airline changed the price from ${row.previousAmount} to ${row.amount} ${row.currency}; confirm to continue`,
      undefined,
      {
        success: false,
        booking: await mustLoadBooking(deps, id),
      },
    );
  }
  if (method === 'card') {
    await requireCheckout(deps).openCheckout({
      bookingId: id,
      bookingReference: row.bookingReference,
      amount: row.amount,
      currency: row.currency as Currency,
      email: row.email,
      language: row.language,
      expiresAt: row.holdExpiresAt!,
    });
  }
  return mustLoadBooking(deps, id);
}
