import { randomBytes } from 'node:crypto';
import {
  todayIn,
  type Booking,
  type CreateBookingRequest,
  type Currency,
  type PayBookingRequest,
  type UpdateBookingRequest,
} from '@kwenda/contracts';
import type { Database } from '../../db/client.js';
import type { BookingRow, PassengerRow } from '../../db/schema.js';
import { AppError, validationError } from '../../errors.js';
import type { Supplier, SupplierOffer, SupplierPassenger } from '../../suppliers/supplier.js';
import type { ExchangeRates } from '../offers/exchange-rates.js';
import type { BookingPaymentsPort, CheckoutPort, MailPort, Tx } from './booking-ports.js';
import type { BookingMessages } from './booking-emails.js';
import { bookingMoney, presentBooking } from './booking-presenter.js';
import * as repo from './booking-repository.js';
import { transition, transitionLocked } from './booking-transitions.js';
import { validatePassengers } from './passenger-validation.js';

export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface BookingServiceDeps {
  database: Database;
  supplier: Supplier;
  rates: ExchangeRates;
  publicUrl: string;
  holdMinutes: number;
  /** The agency's inbox: told about every booking held for pay-later. */
  agencyEmail: string;
  mail: MailPort;
  /** Every e-mail and document of a booking (booking-emails.ts): links from PUBLIC_URL, times on the agency's clock. */
  messages: BookingMessages;
  logger: Logger;
  clock?: () => Date;
}

/** Who asked: an account (issue 4), a guest holding the unguessable id, a job or a provider. */
export interface Actor {
  userId: string | null;
  label: string;
}

const newId = (prefix: string, bytes = 16) => `${prefix}_${randomBytes(bytes).toString('base64url')}`;
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** KW + 6 unambiguous characters: easy to read out on the phone, 10^9 combinations. */
function newBookingReference(): string {
  const bytes = randomBytes(6);
  return `KW${[...bytes].map((b) => REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length]).join('')}`;
}

/** Flights and dates of every segment: two bookings with the same key fly the same aircraft. */
export const segmentsKeyOf = (offer: SupplierOffer) =>
  offer.slices.map((slice) => slice.segments.map((s) => `${s.flightNumber}@${s.departureDate.slice(0, 10)}`).join('+')).join(';');

const travelDates = (offer: SupplierOffer) => {
  const segments = offer.slices.flatMap((s) => s.segments);
  return {
    firstDate: segments[0]!.departureDate.slice(0, 10),
    lastDate: segments[segments.length - 1]!.arrivalDate.slice(0, 10),
  };
};

const eTicketKeyPrefix = 'e-ticket:';
const eTicketKey = (bookingId: string) => `${eTicketKeyPrefix}${bookingId}`;

const offerCorrupted = () => new AppError(409, 'OFFER_CORRUPTED', 'The offer has expired; search again for current prices');
const noOfferFound = () => new AppError(409, 'NoOfferFound', 'The offer is no longer available');

const toSupplierPassenger = (p: PassengerRow): SupplierPassenger => ({
  id: p.id,
  passengerType: p.passengerType,
  firstName: p.firstName!,
  lastName: p.lastName!,
  dateOfBirth: p.dateOfBirth!,
  gender: p.gender!,
  placeOfBirth: p.placeOfBirth,
  nationalityCountry: p.nationalityCountry!,
  documentNumber: p.documentNumber!,
  documentIssuanceCountry: p.documentIssuanceCountry!,
  documentIssuanceDate: p.documentIssuanceDate,
  documentExpiryDate: p.documentExpiryDate!,
  extraBaggage: p.extraBaggage,
});

/** Every field the airline asked for is filled (the columns carry the field names). */
const isComplete = (p: PassengerRow) => p.requiredFields.every((field) => Boolean(p[field]));

export function createBookingService(deps: BookingServiceDeps) {
  const { database, supplier, rates, logger } = deps;
  const db = database.db;
  const clock = deps.clock ?? (() => new Date());
  let checkout: CheckoutPort | undefined;
  const checkoutPort = () => {
    if (!checkout) throw new Error('No payment provider attached to the booking service');
    return checkout;
  };

  async function load(id: string, tx: Tx = db): Promise<Booking | null> {
    // One round trip for the booking and its passengers (the page polls this while a card payment
    // is confirmed); receipts exist only for bank transfers.
    const found = await repo.findBookingWithPassengers(tx, id);
    if (!found) return null;
    const { row, passengers } = found;
    const receipts = row.paymentMethod === 'bank-transfer' ? await repo.findReceipts(tx, id) : [];
    const paymentLink =
      row.status === 'pending-payment' && row.paymentMethod === 'card' && checkout ? await checkout.openCheckoutUrl(id) : null;
    return presentBooking(row, passengers, receipts, { publicUrl: deps.publicUrl, paymentLink });
  }

  async function mustLoad(id: string): Promise<Booking> {
    const booking = await load(id);
    if (!booking) throw new AppError(404, 'NOT_FOUND', 'No booking with this id');
    return booking;
  }

  /** A booking made by an account is changed only by that account (issue 4 fills in the accounts). */
  function checkOwner(row: BookingRow, actor: Actor) {
    if (row.userId && row.userId !== actor.userId)
      throw new AppError(403, 'FORBIDDEN', 'This booking belongs to another account');
  }

  /**
   * A passenger already holds these flights in another live booking: not an expired offer, so the
   * traveller is told who and, when that booking is their own account's, where it is. Anyone
   * holding a booking's id can open it, so the id of a guest's or another account's booking is
   * never given (typing a stranger's name and birth date must not reveal their booking).
   */
  function alreadyBooked(
    dupes: { id: string; firstName: string; lastName: string; heldBy: { bookingId: string; userId: string | null } }[],
    actor: Actor,
  ) {
    const own = dupes.find((d) => actor.userId !== null && d.heldBy.userId === actor.userId);
    return new AppError(
      409,
      'PASSENGER_ALREADY_BOOKED',
      `${dupes.map((d) => `${d.firstName} ${d.lastName}`).join(', ')} already hold a booking on these flights`,
      undefined,
      {
        alreadyBooked: dupes.map(({ id, firstName, lastName }) => ({ id, firstName, lastName })),
        existingBookingId: own?.heldBy.bookingId ?? null,
      },
    );
  }

  /** New fares for the passengers and a new amount after a supplier re-priced the offer. */
  async function applyNewPrice(tx: Tx, row: BookingRow, offer: SupplierOffer, actor: Actor) {
    const requirements = supplier.passengerRequirements(offer);
    const passengers = await repo.findPassengers(tx, row.id);
    for (const [index, p] of passengers.entries())
      await repo.updatePassenger(tx, p.id, { fareUsd: requirements[index]!.fareUsd });
    const repriced = passengers.map((p, index) => ({ ...p, fareUsd: requirements[index]!.fareUsd }));
    const amount = bookingMoney(row, repriced).breakdown.total;
    return transitionLocked(tx, row, 'price-changed', {
      actor: actor.label,
      patch: {
        offer,
        offerReference: offer.reference,
        offerExpiresAt: new Date(offer.expiresAt),
        amount,
        previousAmount: row.amount,
      },
      details: { previousAmount: row.amount, amount },
    });
  }

  /** The traveller learns what to pay and where, the agency that money may come (once per booking). */
  async function tellHeld(tx: Tx, id: string) {
    const booking = await load(id, tx);
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

  const service = {
    getBooking: load,
    getBookingRow: (id: string) => repo.findBooking(db, id),

    async createBooking(request: CreateBookingRequest, actor: Actor, language: 'ar' | 'en'): Promise<{ id: string }> {
      const { payload } = request;
      if (!rates.has(payload.currency))
        throw validationError([
          { path: 'payload.currency', code: 'unsupported_currency', message: `No exchange rate for ${payload.currency}` },
        ]);
      let priced;
      try {
        priced = await supplier.getOffer(request.reference, clock());
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

      const rate = rates.rate(payload.currency);
      const id = newId('bk');
      const passengers: repo.NewPassenger[] = requirements.map((r, position) => ({
        id: newId('px', 9),
        bookingId: id,
        position,
        passengerType: r.passengerType,
        requiredFields: r.requiredFields,
        fareUsd: r.fareUsd,
        baggageOptions: r.baggage,
        extraBaggage: {},
      }));
      const money = bookingMoney(
        { currency: payload.currency, exchangeRate: rate },
        passengers.map((p) => ({ ...p, extraBaggage: {} })) as PassengerRow[],
      );
      const previousAmount =
        priced.status === 'price-changed'
          ? bookingMoney({ currency: payload.currency, exchangeRate: rate }, []).money(priced.previousTotal)
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
          offerReference: offer.reference,
          offer,
          offerExpiresAt: new Date(offer.expiresAt),
          requestedDate: payload.requestedDate ?? null,
          passengerCounts: payload.passengers,
          requestedBaggage: payload.baggage,
          currency: payload.currency,
          exchangeRate: rate,
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
          return { id };
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
    },

    async submitPassengers(id: string, request: UpdateBookingRequest, actor: Actor): Promise<Booking> {
      if (request.bookingId !== id)
        throw validationError([{ path: 'bookingId', code: 'mismatch', message: 'bookingId must equal the id in the path' }]);
      const now = clock();
      await db.transaction(async (tx) => {
        const row = await repo.lockBooking(tx, id);
        if (!row) throw new AppError(404, 'NOT_FOUND', 'No booking with this id');
        checkOwner(row, actor);
        if (row.status === 'offer-unavailable') throw noOfferFound();
        if (row.status !== 'created')
          throw new AppError(409, 'INVALID_BOOKING_STATE', `Passengers can no longer be changed: the booking is ${row.status}`);
        if (now >= row.offerExpiresAt) throw offerCorrupted();
        const booked = await repo.findPassengers(tx, id);
        const result = validatePassengers(request.payload, booked, { ...travelDates(row.offer), today: todayIn(undefined, now) });
        if (!result.ok) {
          throw new AppError(400, 'VALIDATION_ERROR', 'Please review the passenger data', undefined, {
            success: false,
            validationErrors: result.errors,
          });
        }
        const dupes = await repo.findDuplicatePassengers(tx, {
          bookingId: id,
          segmentsKey: row.segmentsKey,
          passengers: result.passengers,
        });
        if (dupes.length) throw alreadyBooked(dupes, actor);
        for (const p of result.passengers) {
          const { id: passengerId, ...fields } = p;
          await repo.updatePassenger(tx, passengerId, fields);
        }
        const updated = booked.map((b) => ({ ...b, extraBaggage: result.passengers.find((p) => p.id === b.id)!.extraBaggage }));
        const amount = bookingMoney(row, updated).breakdown.total;
        await transitionLocked(tx, row, 'passengers-submit', {
          actor: actor.label,
          patch: { email: result.email, mobile: result.mobile, amount },
          details: { amount, extras: updated.map((p) => p.extraBaggage) },
        });
      });
      return mustLoad(id);
    },

    async payBooking(id: string, request: PayBookingRequest, actor: Actor): Promise<Booking> {
      const method = request.payLater ? 'bank-transfer' : 'card';
      const trigger = request.payLater ? 'payment-info-submit' : 'payment-started';
      const now = clock();
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
              if (method === 'bank-transfer') await tellHeld(tx, id);
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
              return applyNewPrice(tx, current, order.offer, actor);
            }
            orderToRelease = order.orderId;
            const holdUntil = new Date(Math.min(order.paymentRequiredBy.getTime(), now.getTime() + deps.holdMinutes * 60_000));
            const held = await transitionLocked(tx, current, trigger, {
              actor: actor.label,
              patch: { supplierOrderId: order.orderId, holdExpiresAt: holdUntil, paymentMethod: method, paymentError: null },
              details: { orderId: order.orderId, holdExpiresAt: holdUntil.toISOString(), amount: current.amount },
            });
            if (method === 'bank-transfer') await tellHeld(tx, id);
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
            booking: await mustLoad(id),
          },
        );
      }
      if (method === 'card') {
        await checkoutPort().openCheckout({
          bookingId: id,
          bookingReference: row.bookingReference,
          amount: row.amount,
          currency: row.currency as Currency,
          email: row.email,
          language: row.language,
          expiresAt: row.holdExpiresAt!,
        });
      }
      return mustLoad(id);
    },

    /** Held bookings past their hold: canceled, checkouts closed, seats released. Returns how many. */
    async expireHolds(now = clock(), limit = 50): Promise<number> {
      const ids = await repo.findExpiredHolds(db, now, limit);
      let expired = 0;
      for (const id of ids) {
        const orderId = await db.transaction(async (tx) => {
          const row = await repo.lockBooking(tx, id);
          // Another process got there first, or a payment landed in time.
          if (!row || row.status !== 'pending-payment' || !row.holdExpiresAt || row.holdExpiresAt > now) return null;
          await transitionLocked(tx, row, 'hold-expired', {
            actor: 'job:hold-expiry',
            details: { holdExpiresAt: row.holdExpiresAt.toISOString() },
          });
          const canceled = row.email ? await load(id, tx) : null;
          if (canceled)
            await deps.mail.enqueue(tx, {
              to: canceled.email!,
              ...deps.messages.canceled(canceled, row.holdExpiresAt),
              dedupeKey: `canceled:${id}`,
            });
          await checkout?.expireCheckouts(tx, id);
          return row.supplierOrderId ?? '';
        });
        if (orderId === null) continue;
        expired += 1;
        if (orderId)
          await supplier
            .cancelOrder(orderId)
            .catch((error: unknown) =>
              logger.error({ err: error, bookingId: id }, 'supplier cancel failed; its own hold lapses anyway'),
            );
        logger.info({ bookingId: id }, 'hold expired, booking canceled');
      }
      return expired;
    },

    /** Ticketing that failed or was interrupted, retried by the job. */
    async fulfilPending(now = clock(), limit = 20): Promise<number> {
      const ids = await repo.findUnticketed(db, new Date(now.getTime() - 60_000), limit);
      for (const id of ids)
        await ports.fulfil(id).catch((error: unknown) => logger.error({ err: error, bookingId: id }, 'ticketing retry failed'));
      for (const id of await repo.findTicketedWithoutMail(db, eTicketKeyPrefix, limit))
        await sendETicket(id).catch((error: unknown) =>
          logger.error({ err: error, bookingId: id }, 'e-ticket e-mail failed; the job retries'),
        );
      return ids.length;
    },

    /** An account's bookings, newest first (GET /account/bookings). */
    async listForUser(userId: string): Promise<Booking[]> {
      const rows = await repo.listUserBookings(db, userId);
      const found = await Promise.all(rows.map((row) => load(row.id)));
      return found.filter((b): b is Booking => b !== null);
    },

    events: (id: string) => repo.findEvents(db, id),
    findByReference: (reference: string) => repo.findBookingByReference(db, reference),
    attachCheckout(port: CheckoutPort) {
      checkout = port;
    },
  };

  const ports: BookingPaymentsPort = {
    async confirmPayment(tx, input) {
      const row = await repo.lockBooking(tx, input.bookingId);
      if (!row) return 'not-payable';
      if (['payment-confirmed', 'confirmed'].includes(row.status)) return 'already-paid';
      if (row.status !== 'pending-payment' || (row.holdExpiresAt && row.holdExpiresAt <= clock())) return 'not-payable';
      if (Math.abs(row.amount - input.amount) > 0.005 || row.currency !== input.currency) {
        logger.error(
          { bookingId: row.id, expected: row.amount, got: input.amount, currency: input.currency },
          'payment amount does not match the booking',
        );
        return 'not-payable';
      }
      await transitionLocked(tx, row, input.method === 'card' ? 'payment-succeeded' : 'receipt-confirmed', {
        actor: input.actor,
        patch: { paymentMethod: input.method, paymentError: null },
        details: { amount: input.amount, currency: input.currency },
      });
      // Told in the same transaction: the ticket follows in its own e-mail, or later if the airline is slow.
      const paid = row.email ? await load(row.id, tx) : null;
      if (paid) await deps.mail.enqueue(tx, { to: paid.email!, ...deps.messages.paid(paid), dedupeKey: `paid:${row.id}` });
      return 'confirmed';
    },

    async recordPaymentFailure(tx, input) {
      await transition(tx, input.bookingId, 'payment-failed', {
        actor: input.actor,
        patch: { paymentError: input.failureCode },
        details: { failureCode: input.failureCode },
      });
    },

    async recordReceipt(tx, input) {
      await transition(tx, input.bookingId, 'receipt-uploaded', {
        actor: input.actor,
        guard: (row) => {
          checkOwner(row, { userId: input.userId, label: input.actor });
          if (row.paymentMethod !== 'bank-transfer')
            throw new AppError(409, 'INVALID_BOOKING_STATE', 'This booking is being paid by card');
        },
        details: { receiptId: input.receiptId },
      });
    },

    async recordReceiptRejected(tx, input) {
      await transition(tx, input.bookingId, 'receipt-rejected', { actor: input.actor, details: { receiptId: input.receiptId } });
    },

    async fulfil(bookingId) {
      // The lock makes a second call (webhook retry, job) wait and then find the booking ticketed.
      const ticketed = await db.transaction(async (tx) => {
        const row = await repo.lockBooking(tx, bookingId);
        if (!row || row.status !== 'payment-confirmed') return false;
        const passengers = await repo.findPassengers(tx, bookingId);
        let order;
        try {
          order = await supplier.ticketOrder(row.supplierOrderId ?? '', passengers.map(toSupplierPassenger), row.offer);
        } catch (error) {
          logger.error({ err: error, bookingId }, 'ticketing failed; the job retries');
          await transitionLocked(tx, row, 'ticketing-failed', {
            actor: 'supplier',
            details: { error: (error as Error).message },
          });
          return false;
        }
        for (const t of order.tickets) await repo.updatePassenger(tx, t.passengerId, { ticketNumber: t.ticketNumber });
        await transitionLocked(tx, row, 'ticket-issued', {
          actor: `supplier:${supplier.name}`,
          patch: { pnr: order.pnr, ticketedAt: clock() },
          details: { pnr: order.pnr, tickets: order.tickets },
        });
        logger.info({ bookingId, pnr: order.pnr }, 'booking ticketed');
        return true;
      });
      if (ticketed) await sendETicket(bookingId);
    },

    getBooking: load,
  };

  /**
   * The e-ticket e-mail, rendered outside the booking's lock (a PDF takes up to a second, and
   * PGlite is one connection). Sent once per booking whoever calls (dedupe key); the job sends it
   * for a ticketed booking whose e-mail was never queued (a crash between the two steps).
   */
  async function sendETicket(bookingId: string) {
    const booking = await load(bookingId);
    if (!booking?.email || booking.status !== 'confirmed') return;
    const pdf = await deps.messages.renderETicket(booking);
    const message = deps.messages.eTicket(booking);
    await db.transaction((tx) =>
      deps.mail.enqueue(tx, {
        to: booking.email!,
        ...message,
        attachments: [
          { filename: `kwenda-e-ticket-${booking.bookingReference}.pdf`, contentType: 'application/pdf', content: pdf },
        ],
        dedupeKey: eTicketKey(bookingId),
      }),
    );
  }

  return { ...service, ports };
}

export type BookingService = ReturnType<typeof createBookingService>;
