import './zod-config.js';
import { z } from 'zod';
import {
  baggageCategories,
  baggageTypes,
  bookingStatuses,
  genders,
  passengerFields,
  passengerTypes,
  paymentMethods,
  statusTriggers,
} from './booking-rules.js';
import { currencySchema, isoDateSchema } from './common.js';
import { bankAccountSchema } from './config.js';
import { apiErrorSchema } from './errors.js';
import { receiptReadingSchema } from './receipt-checks.js';
import { SEARCH_LIMITS } from './search-rules.js';
import { fareConditionsSchema, offerSliceSchema } from './offers.js';
import { baggageRequestSchema, cabinClassCodeSchema, passengerCountsSchema, tripTypeSchema } from './search.js';

export const bookingStatusSchema = z.enum(bookingStatuses);
export const statusTriggerSchema = z.enum(statusTriggers);
export const passengerTypeSchema = z.enum(passengerTypes);
export const genderSchema = z.enum(genders);
export const passengerFieldSchema = z.enum(passengerFields);
export const paymentMethodSchema = z.enum(paymentMethods);

/**
 * Booking ids are 22+ url-safe characters of randomness: unguessable, so a link to a booking is never
 * guessed. A link is forwarded, screenshotted and logged, though: holding it shows only the booking's
 * limited view (see bookingAccessSchema).
 */
export const bookingIdSchema = z.string().regex(/^bk_[A-Za-z0-9_-]{22,64}$/, 'Not a booking id');

// ---------- POST /bookings ----------

export const createBookingRequestSchema = z.object({
  /** The offer reference from the search. The price is re-read from the supplier, never taken from here. */
  reference: z.string().min(1).max(2048),
  payload: z
    .object({
      referralCode: z
        .string()
        .regex(/^[A-Za-z0-9_-]{2,32}$/)
        .nullish(),
      passengers: passengerCountsSchema,
      baggage: baggageRequestSchema,
      /** The currency the offer was shown in; the booking is priced and paid in it. */
      currency: currencySchema.default('SDG'),
      /** The traveller's language, for e-mails and the e-ticket. */
      language: z.enum(['ar', 'en']).optional(),
      /** Present when the offer came from an alternative-date suggestion (the date first asked for). */
      requestedDate: isoDateSchema.nullish(),
    })
    .default({ passengers: { adults: 1, children: 0, infants: 0 }, baggage: { hold: 1, carryOn: 0 }, currency: 'SDG' }),
});
export type CreateBookingRequest = z.infer<typeof createBookingRequestSchema>;
export type CreateBookingRequestInput = z.input<typeof createBookingRequestSchema>;

export const createBookingResponseSchema = z.object({
  success: z.literal(true),
  booking: z.object({ id: bookingIdSchema }),
});

// ---------- the Booking (GET /bookings/{id}) ----------

/**
 * A baggage option of an offer. Free options (price 0) show what the fare includes (`count`
 * pieces); paid options are extras a passenger may buy, `count` chosen so far, at most `limit`.
 */
export const baggageOptionSchema = z.object({
  reference: z.string(),
  category: z.enum(baggageCategories),
  baggageType: z.enum(baggageTypes),
  /** Per piece, in the booking currency, for the whole trip. 0 = included in the fare. */
  price: z.number().nonnegative(),
  weight: z.number().nonnegative(),
  count: z.number().int().min(0),
  limit: z.number().int().min(0),
});
export type BaggageOption = z.infer<typeof baggageOptionSchema>;

export const passengerSchema = z.object({
  id: z.string(),
  passengerType: passengerTypeSchema,
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  dateOfBirth: isoDateSchema.nullable(),
  gender: genderSchema.nullable(),
  placeOfBirth: z.string().nullable(),
  nationalityCountry: z.string().nullable(),
  documentNumber: z.string().nullable(),
  documentIssuanceCountry: z.string().nullable(),
  documentIssuanceDate: isoDateSchema.nullable(),
  documentExpiryDate: isoDateSchema.nullable(),
  /** Fare of this passenger plus the extras chosen for them, in the booking currency. */
  amount: z.number().nonnegative(),
  baggage: z.array(baggageOptionSchema),
  requiredFields: z.array(passengerFieldSchema),
  ticketNumber: z.string().nullable(),
});
export type Passenger = z.infer<typeof passengerSchema>;

/** The price summary panel: fares per passenger type, extras, total. */
export const priceBreakdownSchema = z.object({
  adults: z.object({ count: z.number().int(), amount: z.number() }),
  children: z.object({ count: z.number().int(), amount: z.number() }),
  infants: z.object({ count: z.number().int(), amount: z.number() }),
  /** Extra pieces chosen on the booking page (bags asked for in the search are in the fares). */
  hold: z.object({ count: z.number().int(), amount: z.number() }),
  carryOn: z.object({ count: z.number().int(), amount: z.number() }),
  total: z.number(),
});
export type PriceBreakdown = z.infer<typeof priceBreakdownSchema>;

export const receiptSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  uploadedAt: z.iso.datetime(),
  status: z.enum(['submitted', 'accepted', 'rejected']),
  /**
   * The same file (byte for byte) was already sent for another booking: the agency checks it before
   * taking it as this booking's payment. The other booking is never named to the traveller.
   */
  sameFileElsewhere: z.boolean(),
  /** The transfer's transaction number as the traveller typed it (normalized), or null when none was typed. */
  typedTransactionNumber: z.string().nullable(),
  /** What the server read on it and how it compares (receipt-checks.ts). */
  reading: receiptReadingSchema,
});

/**
 * How much of a booking the asker sees. `full`: whoever made it (its account when it belongs to one,
 * else the guest's browser holding its access cookie, or a device that proved the booking's e-mail with
 * Find my booking). `limited`: anyone else holding the link: the itinerary, status and price, names
 * initialled, contacts masked, no birth dates, documents, PNR, ticket numbers or links that act on the
 * booking, and nothing can be changed.
 */
export const bookingAccessSchema = z.enum(['full', 'limited']);
export type BookingAccess = z.infer<typeof bookingAccessSchema>;

/** One of the agency's accounts, and what a booking owes into it in the account's own currency. */
export const transferAccountSchema = bankAccountSchema.extend({ amount: z.number().nonnegative() });
export type TransferAccount = z.infer<typeof transferAccountSchema>;

/** Where the airline sends its refund of a cancelled order (its quote's refund_to). */
export const refundToSchema = z.enum([
  'original_form_of_payment',
  'balance',
  'voucher',
  'airline_credits',
  'arc_bsp_cash',
  'none',
]);

/**
 * What cancelling a booking left owed back to the traveller, in the booking's currency: what it had
 * received, what the airline keeps of it, the agency's own fee (none unless the owner sets a rule),
 * what is owed and what was refunded so far.
 */
export const cancellationMoneySchema = z.object({
  currency: currencySchema,
  paid: z.number(),
  /** What the airline refunds of it; null when it refunds everything (a hold, an order not yet ticketed). */
  airlineRefund: z.number().nullable(),
  airlineFee: z.number(),
  agencyFee: z.number(),
  owed: z.number(),
  refunded: z.number(),
  /** Where the airline sends its refund; null without a quote. */
  refundTo: refundToSchema.nullable(),
  /** The airline's own figure as it quoted it; null without a quote. */
  supplierRefund: z.object({ amount: z.number(), currency: z.string() }).nullable(),
});
export type CancellationMoney = z.infer<typeof cancellationMoneySchema>;

export const bookingSchema = z.object({
  id: bookingIdSchema,
  access: bookingAccessSchema,
  /** The booking belongs to an account: only that account, signed in, sees it whole. */
  heldByAccount: z.boolean(),
  /** The short reference a person reads out on the phone or WhatsApp (e.g. KW7F3K9Q). */
  bookingReference: z.string(),
  status: bookingStatusSchema,
  statusTrigger: statusTriggerSchema,
  amount: z.number().nonnegative(),
  currency: currencySchema,
  priceBreakdown: priceBreakdownSchema,
  /** Set when the supplier re-priced the offer: the amount the traveller saw before. */
  previousAmount: z.number().nullable(),
  /** Masked in the limited view (+249•••••••78, a•••@example.com). */
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  /** Where WhatsApp updates go (E.164; masked like mobile in the limited view), and whether the traveller wants them. */
  whatsapp: z.string().nullable(),
  whatsappUpdates: z.boolean(),
  /** The WhatsApp number replied STOP: no more updates go there until it writes again. */
  whatsappOptedOut: z.boolean(),
  /** The airline's reference: with a last name it manages the booking on the airline's site, so null in the limited view. */
  pnr: z.string().nullable(),
  /** When the booking was made (ISO). */
  date: z.iso.datetime(),
  origin: z.string(),
  destination: z.string(),
  slices: z.array(offerSliceSchema),
  /** Refund and change before departure as the offer was booked, penalties in `currency`; null for bookings made before they were recorded. */
  conditions: fareConditionsSchema.nullable(),
  tripType: tripTypeSchema,
  cabinClass: cabinClassCodeSchema,
  requestedHoldBaggage: z.number().int(),
  requestedCarryOnBaggage: z.number().int(),
  /** The date first asked for when the offer was an alternative-date suggestion (the banner). */
  requestedDate: isoDateSchema.nullable(),
  passengers: z.array(passengerSchema),
  paymentMethod: paymentMethodSchema.nullable(),
  /** Code of the last failed card payment (card_declined, insufficient_funds, ...), cleared on success. */
  paymentError: z.string().nullable(),
  receipts: z.array(receiptSchema),
  /** The e-ticket PDF, once ticketed. */
  ticketLink: z.string().nullable(),
  ticketLinkUrl: z.string().nullable(),
  manageMyBookingLink: z.string().nullable(),
  /** The hosted card payment page while a card payment is open. */
  paymentLink: z.string().nullable(),
  /**
   * While held for a bank transfer: the agency's accounts that can take its money, each with the
   * amount due in the account's own currency at the booking's own rates. Empty when none can (the
   * traveller pays by card or asks the agency) and when it is not paid by transfer.
   */
  transferAccounts: z.array(transferAccountSchema),
  /**
   * Paid, but the airline would not issue the tickets: the agency issues them by hand, promised by
   * this time (ISO). Null otherwise, and once ticketed.
   */
  manualTicketingBy: z.iso.datetime().nullable(),
  /**
   * The agency's own seats: the agency issues the tickets in the airline's own system (manualTicketingBy
   * is then when it promised them), not because anything failed.
   */
  ticketsIssuedByAgency: z.boolean().optional(),
  /** Until when seats are held (ISO), once held. */
  holdExpiresAt: z.iso.datetime().nullable(),
  /** Until when the offer can be held. */
  offerExpiresAt: z.iso.datetime(),
  /** The airline sells this fare for immediate payment only: it cannot be held, so pay-later is not offered. */
  instantPaymentOnly: z.boolean(),
  referralCode: z.string().nullable(),
  /** A cancelled booking: what the cancellation left owed back (absent on other bookings and in the limited view). */
  cancellation: cancellationMoneySchema.nullable().optional(),
});
export type Booking = z.infer<typeof bookingSchema>;

// ---------- PUT /bookings/{id} ----------

const text = (max: number) => z.string().max(max).nullish();

export const passengerInputSchema = z.object({
  id: z.string().min(1).max(64),
  firstName: text(200),
  lastName: text(200),
  dateOfBirth: text(32),
  gender: text(8),
  placeOfBirth: text(200),
  nationalityCountry: text(8),
  documentNumber: text(64),
  documentIssuanceCountry: text(8),
  documentIssuanceDate: text(32),
  documentExpiryDate: text(32),
  /** Paid extras chosen for this passenger: option reference -> pieces (in order: 2 means the 1st and 2nd). */
  baggage: z
    .array(z.object({ reference: z.string().min(1).max(64), count: z.number().int().min(0).max(9) }))
    .max(10)
    .default([]),
});
export type PassengerInput = z.input<typeof passengerInputSchema>;

export const updateBookingRequestSchema = z.object({
  bookingId: z.string().max(80),
  payload: z.object({
    // At most the seats one booking sells, and as many infants on laps (one per adult).
    passengers: z
      .array(passengerInputSchema)
      .min(1)
      .max(SEARCH_LIMITS.seats * 2),
    email: z.string().max(254).nullish(),
    /** E.164, e.g. +249912345678 (dial code plus digits). */
    mobile: z.string().max(32).nullish(),
    /** The WhatsApp number for updates (E.164); absent or null: the mobile number. */
    whatsapp: z.string().max(32).nullish(),
    /** Updates on WhatsApp; absent: on when a WhatsApp number is given (a client that sends neither keeps e-mail). */
    whatsappUpdates: z.boolean().nullish(),
  }),
});
export type UpdateBookingRequest = z.infer<typeof updateBookingRequestSchema>;
export type UpdateBookingRequestInput = z.input<typeof updateBookingRequestSchema>;

export const bookingResponseSchema = z.object({ success: z.literal(true), booking: bookingSchema });
export type BookingResponse = z.infer<typeof bookingResponseSchema>;

/** 400 of PUT /bookings/{id}: passenger id (or "contact") -> field -> code (translated on screen). */
export const validationErrorsSchema = z.record(z.string(), z.record(z.string(), z.string()));
export const bookingValidationErrorSchema = apiErrorSchema.extend({
  success: z.literal(false),
  validationErrors: validationErrorsSchema,
});
export type BookingValidationError = z.infer<typeof bookingValidationErrorSchema>;

/** Who of this booking already holds the same flights, named as the traveller typed them. */
const alreadyBookedPassengerSchema = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });

/**
 * 409 of the booking calls; PRICE_CHANGED carries the re-priced booking, PASSENGER_ALREADY_BOOKED
 * the passengers and, when it is the requester's own (an account's booking, asked by that account),
 * the id of the booking they already hold. Anyone holding a booking id can open that booking, so
 * another person's is never named.
 */
export const bookingConflictSchema = apiErrorSchema.extend({
  success: z.literal(false).optional(),
  booking: bookingSchema.optional(),
  alreadyBooked: z.array(alreadyBookedPassengerSchema).optional(),
  existingBookingId: z.string().nullable().optional(),
});

/** The PASSENGER_ALREADY_BOOKED answer, as the web app reads it. */
export const passengerAlreadyBookedSchema = apiErrorSchema.extend({
  code: z.literal('PASSENGER_ALREADY_BOOKED'),
  alreadyBooked: z.array(alreadyBookedPassengerSchema),
  existingBookingId: z.string().nullable(),
});
export type PassengerAlreadyBooked = z.infer<typeof passengerAlreadyBookedSchema>;

// ---------- PUT /bookings/{id}/pay ----------

export const payBookingRequestSchema = z.object({
  /** true: hold for two hours and pay by bank transfer / mobile banking; false: pay by card now. */
  payLater: z.boolean(),
});
export type PayBookingRequest = z.infer<typeof payBookingRequestSchema>;

// ---------- seat map (GET /bookings/{id}/seat-map?slice=0) ----------

/**
 * View only: seats are given at check-in and Kwenda sells none, so the map says which seats are
 * free and carries no seat prices (a price nobody can pay would only mislead).
 */
export const seatMapSchema = z.object({
  sliceIndex: z.number().int(),
  flightNumber: z.string(),
  rows: z.array(
    z.object({
      number: z.number().int(),
      nextToExit: z.boolean(),
      columns: z.array(
        z.object({
          seats: z.array(z.object({ letter: z.string(), available: z.boolean() })),
        }),
      ),
    }),
  ),
});
export type SeatMapView = z.infer<typeof seatMapSchema>;

// ---------- airline changes (GET /bookings/{id}/airline-change, POST .../airline-change/accept) ----------

/**
 * A change the airline made to a ticketed booking's flights: the flights as booked and as the airline
 * flies them now, times local at each airport. While undecided the booking is `rescheduled` and the
 * traveller accepts the new flights or cancels for a refund.
 */
export const airlineChangeSchema = z.object({
  id: z.string(),
  detectedAt: z.iso.datetime(),
  removed: z.array(offerSliceSchema),
  added: z.array(offerSliceSchema),
  /** What the airline lets the traveller do (accept the new flights, cancel). */
  availableActions: z.array(z.enum(['accept', 'cancel', 'change', 'update'])),
  decision: z.enum(['accepted', 'cancelled']).nullable(),
});
export type AirlineChangeView = z.infer<typeof airlineChangeSchema>;

export const airlineChangeResponseSchema = z.object({
  success: z.literal(true),
  /** The latest change of the booking; null when the airline changed nothing. */
  change: airlineChangeSchema.nullable(),
});
export type AirlineChangeResponse = z.infer<typeof airlineChangeResponseSchema>;

// ---------- cancelling for a refund (POST /bookings/{id}/cancellation-quote, POST /bookings/{id}/cancellation) ----------

/** What cancelling would refund now, as the airline quotes it; valid until expiresAt. */
export const cancellationQuoteSchema = z.object({
  id: z.string(),
  /** In the booking's currency at the booking's own rates; null when they cannot convert the airline's currency. */
  refundAmount: z.number().nonnegative().nullable(),
  currency: currencySchema,
  /** As the airline states it. */
  supplierRefundAmount: z.number().nonnegative(),
  supplierRefundCurrency: z.string(),
  refundTo: refundToSchema,
  expiresAt: z.iso.datetime(),
});
export type CancellationQuoteView = z.infer<typeof cancellationQuoteSchema>;

export const cancellationQuoteResponseSchema = z.object({ success: z.literal(true), quote: cancellationQuoteSchema });
export type CancellationQuoteResponse = z.infer<typeof cancellationQuoteResponseSchema>;

export const confirmCancellationRequestSchema = z.object({ quoteId: z.string().min(1).max(200) });
export type ConfirmCancellationRequest = z.infer<typeof confirmCancellationRequestSchema>;

/** The desk's cancellation of a ticketed booking at a quote it was shown (POST /admin/bookings/{id}/cancellation). */
export const staffCancellationRequestSchema = z.object({
  reason: z.string().trim().min(3).max(500),
  quoteId: z.string().min(1).max(200),
});
export type StaffCancellationRequest = z.infer<typeof staffCancellationRequestSchema>;
