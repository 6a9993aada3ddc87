import type { Booking, Currency, PayBookingRequest } from '@kwenda/contracts';
import { crashPoint } from '../../../crash-points.js';
import type { BookingRow, PassengerRow } from '../../../db/schema.js';
import type { SupplierCallRow } from '../../../db/supplier-calls-schema.js';
import type { Tx } from '../../../db/tx.js';
import { AppError, bookingNotFound } from '../../../errors.js';
import type { CreateOrderResult, SupplierOffer } from '../../../suppliers/supplier.js';
import { repriceBooking } from '../../rates/pricing.js';
import { requestCancel, runCancel } from '../../supplier-calls/order-cancellation.js';
import * as calls from '../../supplier-calls/supplier-calls-repository.js';
import { bookingMoney } from '../booking-presenter.js';
import * as repo from '../booking-repository.js';
import { transitionLocked } from '../booking-transitions.js';
import type { Actor, BookingDeps } from './booking-deps.js';
import {
  alreadyBooked,
  checkOwner,
  instantPaymentOnly,
  isComplete,
  noOfferFound,
  offerCorrupted,
  ownDuplicates,
  requesterOf,
  toSupplierPassenger,
} from './booking-rules.js';
import { loadBooking, mustLoadBooking } from './load-booking.js';
import { templateParams } from '../../whatsapp/templates.js';
import { notifyTraveller } from '../notify-traveller.js';

/** How long a pay waits for a hold another request is making for the same booking, before a 503. */
const WAIT_FOR_OTHER_HOLD_MS = 30_000;
const POLL_MS = 100;

/** What the traveller chose, kept on the hold call: a hold found after its answer was lost is taken with it. */
interface HoldRequest {
  method: 'card' | 'bank-transfer';
  trigger: 'payment-info-submit' | 'payment-started';
  actor: string;
}

/**
 * The booking as it was when the hold was asked for (its updated_at): a hold is taken only by the
 * booking it was made for, not one whose passengers changed meanwhile.
 */
const unchangedSince = (row: BookingRow, call: SupplierCallRow) =>
  row.status === 'created' && row.updatedAt.toISOString() === (call.details as { bookingUpdatedAt?: string }).bookingUpdatedAt;

/**
 * New fares for the passengers and a new amount after a supplier re-priced the offer: marked up with
 * the booking's own terms at its own rate, never the ones set since it was made.
 */
async function applyNewPrice(deps: BookingDeps, tx: Tx, row: BookingRow, offer: SupplierOffer, actor: string) {
  const repricing = repriceBooking(
    row.pricing,
    deps.suppliers.get(row.supplier).passengerRequirements(offer),
    offer.totalCurrency,
  );
  const passengers = await repo.findPassengers(tx, row.id);
  for (const [index, p] of passengers.entries())
    await repo.updatePassenger(tx, p.id, { fareUsd: repricing.passengers[index]!.priceUsd });
  const repriced = passengers.map((p, index) => ({ ...p, fareUsd: repricing.passengers[index]!.priceUsd }));
  const amount = bookingMoney(row, repriced).breakdown.total;
  return transitionLocked(tx, row, 'price-changed', {
    actor,
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
  await notifyTraveller(deps, tx, {
    bookingId: id,
    email: deps.messages.held(booking),
    emailKey: `held:${id}`,
    whatsapp: { template: 'hold_confirmation', params: (language) => templateParams.hold_confirmation(booking, language) },
  });
  await deps.mail.enqueue(tx, {
    to: deps.agencyEmail,
    ...deps.messages.agencyHeld(booking),
    dedupeKey: `held-agency:${id}`,
  });
}

const passengerKeys = (passengers: PassengerRow[]) =>
  passengers.map((p) => ({ id: p.id, firstName: p.firstName!, lastName: p.lastName!, dateOfBirth: p.dateOfBirth! }));

/**
 * The booking takes the supplier's held order (created -> pending-payment): Kwenda's hold ends at
 * HOLD_MINUTES after the hold was asked for, or at the airline's own deadline if sooner.
 */
async function takeHold(
  deps: BookingDeps,
  tx: Tx,
  current: BookingRow,
  hold: { orderId: string; paymentRequiredBy: Date; askedAt: Date },
  request: HoldRequest,
  actor: string,
) {
  const holdUntil = new Date(Math.min(hold.paymentRequiredBy.getTime(), hold.askedAt.getTime() + deps.holdMinutes * 60_000));
  const held = await transitionLocked(tx, current, request.trigger, {
    actor,
    patch: {
      supplierOrderId: hold.orderId,
      holdExpiresAt: holdUntil,
      // The airline's own deadline: the most staff may extend the hold to (staff-extend-hold.ts).
      supplierHoldDeadline: hold.paymentRequiredBy,
      paymentMethod: request.method,
      paymentError: null,
    },
    details: { orderId: hold.orderId, holdExpiresAt: holdUntil.toISOString(), amount: current.amount },
  });
  if (request.method === 'bank-transfer') await tellHeld(deps, tx, current.id);
  return held;
}

type Prepared =
  | { kind: 'ready'; row: BookingRow }
  | { kind: 'expired' }
  /** Another request is holding seats for this booking: its answer decides. */
  | { kind: 'wait' }
  /** A hold call of this booking lost its answer (or its process): settled here and now, not left to the job. */
  | { kind: 'settle'; call: SupplierCallRow }
  | { kind: 'hold'; row: BookingRow; passengers: PassengerRow[]; call: SupplierCallRow };

/**
 * Under the booking's lock: the checks, then the hold call journaled (committed before the supplier
 * is asked, so a crash after the supplier acted leaves a call the reconciliation job settles). One
 * open hold call per booking: a second tab, a double click or a retry waits for its answer.
 */
function prepareHold(deps: BookingDeps, id: string, request: HoldRequest, actor: Actor): Promise<Prepared> {
  const now = deps.clock();
  return deps.db.transaction(async (tx): Promise<Prepared> => {
    const current = await repo.lockBooking(tx, id);
    if (!current) throw bookingNotFound();
    checkOwner(current, actor);
    // An offer the airline sells for immediate payment only cannot be held while a transfer comes.
    if (request.method === 'bank-transfer' && current.offer.requiresInstantPayment) throw instantPaymentOnly();
    if (current.status === 'pending-payment') {
      if (current.holdExpiresAt && current.holdExpiresAt <= now)
        throw new AppError(409, 'INVALID_BOOKING_STATE', 'The hold has ended; search again');
      // The same choice again (a retry, a second tab) changes nothing; a new choice or a
      // new try after a declined card is recorded.
      if (current.paymentMethod === request.method && current.statusTrigger !== 'payment-failed')
        return { kind: 'ready', row: current };
      // A receipt the desk is checking may be money already sent: a card now could charge twice.
      if (request.method === 'card' && (await repo.findReceipts(tx, id)).some((r) => r.status === 'submitted'))
        throw new AppError(
          409,
          'RECEIPT_UNDER_REVIEW',
          'A transfer receipt of this booking is being checked by the agency; it cannot switch to card until it is decided',
        );
      // The method changes, the hold and its deadline stay.
      const switched = await transitionLocked(tx, current, request.trigger, {
        actor: actor.label,
        patch: { paymentMethod: request.method, paymentError: null },
        details: { from: current.paymentMethod, to: request.method },
      });
      if (request.method === 'bank-transfer') {
        // The card page left open in another tab must not take money for a booking paid by transfer.
        await deps.checkout.expireCheckouts(tx, id);
        await tellHeld(deps, tx, id);
      }
      return { kind: 'ready', row: switched };
    }
    if (current.status === 'offer-unavailable') throw noOfferFound();
    if (current.status !== 'created')
      throw new AppError(409, 'INVALID_BOOKING_STATE', `The booking is ${current.status}; it cannot be paid again`);
    const open = await calls.findOpenCall(tx, id, 'hold');
    if (open)
      return calls.isDue(open, now, deps.supplierCallLeaseMs ?? calls.DEFAULT_LEASE_MS)
        ? { kind: 'settle', call: open }
        : { kind: 'wait' };
    const passengers = await repo.findPassengers(tx, id);
    if (!current.email || !passengers.every(isComplete))
      throw new AppError(409, 'INVALID_BOOKING_STATE', 'Passenger details are missing: submit the passengers first');
    if (now >= current.offerExpiresAt) {
      await transitionLocked(tx, current, 'offer-unavailable', { actor: actor.label, details: { reason: 'expired' } });
      return { kind: 'expired' };
    }
    const dupes = ownDuplicates(
      await repo.findDuplicatePassengers(tx, {
        bookingId: id,
        segmentsKey: current.segmentsKey,
        passengers: passengerKeys(passengers),
      }),
      requesterOf(current, actor),
    );
    if (dupes.length) throw alreadyBooked(dupes, actor);
    await deps.holds.assertHoldAllowed(tx, current, passengers, actor);
    // Refused before anything is journaled when the booking's supplier is not configured here.
    deps.suppliers.get(current.supplier);

    if (current.offer.requiresInstantPayment) {
      // Nothing to hold: the card is charged first, then the order is made and paid at once
      // (fulfil-booking.ts), while the offer is still valid (docs/decisions/0028-suppliers-by-name.md).
      const until = new Date(Math.min(current.offerExpiresAt.getTime(), now.getTime() + deps.holdMinutes * 60_000));
      const started = await transitionLocked(tx, current, request.trigger, {
        actor: actor.label,
        patch: { holdExpiresAt: until, paymentMethod: request.method, paymentError: null },
        details: { instantOrder: true, holdExpiresAt: until.toISOString(), amount: current.amount },
      });
      return { kind: 'ready', row: started };
    }

    const call = await calls.insertCall(tx, {
      bookingId: id,
      kind: 'hold',
      supplier: current.supplier,
      details: { ...request, bookingUpdatedAt: current.updatedAt.toISOString() },
      now,
    });
    return call ? { kind: 'hold', row: current, passengers, call } : { kind: 'wait' };
  });
}

type Recorded =
  | { kind: 'held'; row: BookingRow }
  | { kind: 'price-changed'; row: BookingRow }
  | { kind: 'offer-gone'; reason: 'expired' | 'unavailable' }
  /** The answer came after the reconciliation job had settled the call without it: released. */
  | { kind: 'too-late' };

/**
 * The supplier's answer and its effect on the booking, in one transaction under the booking's lock.
 * A held order the booking cannot take (it moved on, or the job settled the call first) is released.
 */
async function recordHoldAnswer(
  deps: BookingDeps,
  call: SupplierCallRow,
  order: CreateOrderResult,
  request: HoldRequest,
): Promise<Recorded> {
  const now = deps.clock();
  let release: SupplierCallRow | null = null;
  const recorded = await deps.db.transaction(async (tx): Promise<Recorded> => {
    const current = await repo.lockBooking(tx, call.bookingId);
    const open = await calls.lockCall(tx, call.id);
    if (!current || !open) throw new Error(`Booking ${call.bookingId} or its hold call ${call.id} is gone`);
    if (open.answeredAt) {
      if (order.status === 'held' && open.outcome === 'adopted' && open.orderId === order.orderId)
        return { kind: 'held', row: current };
      if (order.status === 'held')
        release = await requestCancel(tx, deps, {
          bookingId: current.id,
          supplier: current.supplier,
          orderId: order.orderId,
          reason: 'hold-answer-late',
        });
      return { kind: 'too-late' };
    }
    switch (order.status) {
      case 'expired':
      case 'unavailable':
        await calls.answerCall(tx, call.id, { outcome: order.status, now });
        await transitionLocked(tx, current, 'offer-unavailable', { actor: request.actor, details: { reason: order.status } });
        return { kind: 'offer-gone', reason: order.status };
      case 'price-changed':
        await calls.answerCall(tx, call.id, { outcome: 'price-changed', now });
        return { kind: 'price-changed', row: await applyNewPrice(deps, tx, current, order.offer, request.actor) };
      case 'held': {
        if (!unchangedSince(current, call)) {
          await calls.answerCall(tx, call.id, { outcome: 'released', orderId: order.orderId, now });
          release = await requestCancel(tx, deps, {
            bookingId: current.id,
            supplier: current.supplier,
            orderId: order.orderId,
            reason: 'booking-moved-on',
          });
          return { kind: 'too-late' };
        }
        const held = await takeHold(
          deps,
          tx,
          current,
          { orderId: order.orderId, paymentRequiredBy: order.paymentRequiredBy, askedAt: call.requestedAt },
          request,
          request.actor,
        );
        await calls.answerCall(tx, call.id, { outcome: 'held', orderId: order.orderId, now });
        return { kind: 'held', row: held };
      }
    }
  });
  if (release) await runCancel(deps, release);
  return recorded;
}

/**
 * Asks the supplier to hold the seats, outside any transaction (the call may take seconds, and the
 * sandbox airline's own tables live in the same database). The hold call carries its id as the
 * client reference: if the answer is lost, the reconciliation job finds the order by it.
 */
async function holdSeats(
  deps: BookingDeps,
  row: BookingRow,
  passengers: PassengerRow[],
  call: SupplierCallRow,
  request: HoldRequest,
): Promise<BookingRow> {
  let order: CreateOrderResult;
  try {
    order = await deps.suppliers.get(call.supplier).createOrder(
      {
        offerReference: row.offerReference,
        passengers: passengers.map((p) => toSupplierPassenger(p, row)),
        holdMinutes: deps.holdMinutes,
        clientReference: call.id,
      },
      call.requestedAt,
    );
  } catch (error) {
    const message = (error as Error).message || String(error);
    // It may have held seats before the answer was lost: the job looks the hold up at once.
    await deps.db.transaction((tx) => calls.markUnanswered(tx, call.id, message, deps.clock()));
    throw new AppError(503, 'SUPPLIER_UNAVAILABLE', `The flight supplier did not answer: ${message}`);
  }
  await crashPoint('supplier.hold-answered');

  let recorded: Recorded;
  try {
    recorded = await recordHoldAnswer(deps, call, order, request);
  } catch (error) {
    // The booking could not record the answer: the call stays open for the job, which adopts the
    // hold or releases it (never left holding seats).
    deps.logger.error({ err: error, bookingId: row.id, callId: call.id }, 'could not record a hold; the job settles it');
    await deps.db
      .transaction((tx) => calls.markUnanswered(tx, call.id, (error as Error).message, deps.clock()))
      .catch(() => undefined);
    throw error;
  }
  switch (recorded.kind) {
    case 'held':
      return recorded.row;
    case 'offer-gone':
      throw recorded.reason === 'expired' ? offerCorrupted() : noOfferFound();
    case 'too-late':
      throw new AppError(503, 'SUPPLIER_UNAVAILABLE', 'The airline answered too late; try again');
    case 'price-changed':
      throw new AppError(
        409,
        'PRICE_CHANGED',
        `The airline changed the price from ${recorded.row.previousAmount} to ${recorded.row.amount} ${recorded.row.currency}; confirm to continue`,
        undefined,
        { success: false, booking: await mustLoadBooking(deps, row.id) },
      );
  }
}

/**
 * The traveller chose how to pay: the supplier holds the seats (one order per booking), the
 * booking waits for payment until the hold ends; by card a checkout opens, for a bank transfer
 * the traveller and the agency are e-mailed. Choosing again while held switches the method.
 */
export async function payBooking(deps: BookingDeps, id: string, request: PayBookingRequest, actor: Actor): Promise<Booking> {
  const hold: HoldRequest = request.payLater
    ? { method: 'bank-transfer', trigger: 'payment-info-submit', actor: actor.label }
    : { method: 'card', trigger: 'payment-started', actor: actor.label };
  const giveUpAt = Date.now() + WAIT_FOR_OTHER_HOLD_MS;
  let row: BookingRow;
  for (;;) {
    const prepared = await prepareHold(deps, id, hold, actor);
    if (prepared.kind === 'expired') throw offerCorrupted();
    if (prepared.kind === 'ready') {
      row = prepared.row;
      break;
    }
    if (prepared.kind === 'hold') {
      row = await holdSeats(deps, prepared.row, prepared.passengers, prepared.call, hold);
      break;
    }
    if (Date.now() >= giveUpAt)
      throw new AppError(
        503,
        'SUPPLIER_UNAVAILABLE',
        'The airline is still confirming the seats of this booking; try again in a minute',
      );
    if (prepared.kind === 'settle')
      await reconcileHold(deps, prepared.call).catch((error: unknown) => {
        throw new AppError(503, 'SUPPLIER_UNAVAILABLE', `The flight supplier did not answer: ${(error as Error).message}`);
      });
    else await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  if (hold.method === 'bank-transfer') await deps.checkout.closeExpiredCheckouts(id);
  if (hold.method === 'card') {
    await deps.checkout.openCheckout({
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

/**
 * A hold call left without an answer (the process died, the supplier's answer was lost): what the
 * supplier did decides, found by the call's client reference. No order: nothing was held (the
 * traveller may pay again). A held order the booking can still use (it still waits to be held, the
 * hold has not ended, the same requester booked none of its passengers on these flights since) is adopted as if
 * the answer had come; any other is released. Throws when the supplier cannot be asked (the job
 * tries again later).
 */
export async function reconcileHold(deps: BookingDeps, call: SupplierCallRow): Promise<void> {
  const order = await deps.suppliers.get(call.supplier).findOrder(call.id);
  const now = deps.clock();
  const request = call.details as unknown as HoldRequest;
  const release = await deps.db.transaction(async (tx) => {
    const current = await repo.lockBooking(tx, call.bookingId);
    const open = await calls.lockCall(tx, call.id);
    if (!current || !open || open.answeredAt) return null;
    if (!order || order.state !== 'held') {
      await calls.answerCall(tx, call.id, {
        outcome: order ? 'released' : 'not-found',
        orderId: order?.orderId ?? null,
        details: order ? { state: order.state } : undefined,
        now,
      });
      return null;
    }
    const hold = { orderId: order.orderId, paymentRequiredBy: order.paymentRequiredBy, askedAt: call.requestedAt };
    const holdEnds = Math.min(hold.paymentRequiredBy.getTime(), hold.askedAt.getTime() + deps.holdMinutes * 60_000);
    const usable =
      unchangedSince(current, call) &&
      holdEnds > now.getTime() &&
      ownDuplicates(
        await repo.findDuplicatePassengers(tx, {
          bookingId: current.id,
          segmentsKey: current.segmentsKey,
          passengers: passengerKeys(await repo.findPassengers(tx, current.id)),
        }),
        requesterOf(current, { userId: null }),
      ).length === 0;
    if (usable) {
      await takeHold(deps, tx, current, hold, request, 'job:supplier-calls');
      await calls.answerCall(tx, call.id, { outcome: 'adopted', orderId: order.orderId, now });
      return null;
    }
    await calls.answerCall(tx, call.id, { outcome: 'released', orderId: order.orderId, now });
    return requestCancel(tx, deps, {
      bookingId: current.id,
      supplier: current.supplier,
      orderId: order.orderId,
      reason: 'hold-answer-lost',
    });
  });
  if (release) await runCancel(deps, release);
  deps.logger.info({ bookingId: call.bookingId, callId: call.id, orderId: order?.orderId }, 'hold call reconciled');
}
