import type { BaggageOption, Booking, Currency, Passenger, PriceBreakdown, TransferAccount } from '@kwenda/contracts';
import type { BookingBaggageOption, BookingRow, PassengerRow, ReceiptRow } from '../../db/schema.js';
import { convertUsd } from '../rates/convert-usd.js';
import { presentFareConditions } from '../offers/present-fare-conditions.js';
import { supplierAmountInUsd } from '../rates/pricing.js';
import { managePath, ticketPath } from '../mail/public-links.js';
import { AGENCY_SEATS_SUPPLIER } from '../../suppliers/agency-seats/name.js';
import { travellerReading } from '../receipts/checks/present-reading.js';

/** A passenger's travel document as the airline asks for it (each null until given). */
export const travelDocumentOf = (p: PassengerRow) => ({
  placeOfBirth: p.placeOfBirth,
  nationalityCountry: p.nationalityCountry,
  documentNumber: p.documentNumber,
  documentIssuanceCountry: p.documentIssuanceCountry,
  documentIssuanceDate: p.documentIssuanceDate,
  documentExpiryDate: p.documentExpiryDate,
});

/**
 * Prices a booking shows, all in its currency at the rate it was made at. The total is the sum of
 * the parts as shown (each fare and each bag converted on its own), so the summary always adds up.
 */
export function bookingMoney(
  row: Pick<BookingRow, 'currency' | 'exchangeRate'>,
  passengers: Pick<PassengerRow, 'passengerType' | 'fareUsd' | 'baggageOptions' | 'extraBaggage'>[],
) {
  const currency = row.currency as Currency;
  const money = (usd: number) => convertUsd(usd, row.exchangeRate, currency);
  const breakdown: PriceBreakdown = {
    adults: { count: 0, amount: 0 },
    children: { count: 0, amount: 0 },
    infants: { count: 0, amount: 0 },
    hold: { count: 0, amount: 0 },
    carryOn: { count: 0, amount: 0 },
    total: 0,
  };
  const perPassenger = passengers.map((p) => {
    const group =
      p.passengerType === 'adult' ? breakdown.adults : p.passengerType === 'child' ? breakdown.children : breakdown.infants;
    const fare = money(p.fareUsd);
    group.count += 1;
    group.amount += fare;
    let extras = 0;
    for (const option of p.baggageOptions) {
      const pieces = option.priceUsd > 0 ? (p.extraBaggage[option.reference] ?? 0) : 0;
      if (!pieces) continue;
      const cost = pieces * money(option.priceUsd);
      const bucket = option.category === 'hold' ? breakdown.hold : breakdown.carryOn;
      bucket.count += pieces;
      bucket.amount += cost;
      extras += cost;
    }
    return round(fare + extras);
  });
  for (const part of [breakdown.adults, breakdown.children, breakdown.infants, breakdown.hold, breakdown.carryOn])
    part.amount = round(part.amount);
  breakdown.total = round(perPassenger.reduce((sum, amount) => sum + amount, 0));
  return { breakdown, perPassenger, money };
}

const round = (value: number) => Math.round(value * 100) / 100;

function baggageView(
  options: BookingBaggageOption[],
  chosen: Record<string, number>,
  money: (usd: number) => number,
): BaggageOption[] {
  return options.map((o) => ({
    reference: o.reference,
    category: o.category,
    baggageType: o.baggageType,
    price: o.priceUsd > 0 ? money(o.priceUsd) : 0,
    weight: o.weight,
    count: o.priceUsd > 0 ? (chosen[o.reference] ?? 0) : o.included,
    limit: o.limit,
  }));
}

// The site's addresses of a booking are built in one place, with every link a traveller is sent.
export { managePath, ticketPath };

/** The booking whole, as whoever made it sees it (its account, or the guest's browser); limitedView for anyone else. */
export function presentBooking(
  row: BookingRow,
  passengers: PassengerRow[],
  receipts: (ReceiptRow & { sameFileElsewhere: boolean })[],
  options: {
    publicUrl: string;
    paymentLink: string | null;
    transferAccounts?: TransferAccount[];
    /** The WhatsApp number replied STOP (messenger.isOptedOut). */
    whatsappOptedOut?: boolean;
  },
): Booking {
  const { breakdown, perPassenger, money } = bookingMoney(row, passengers);
  const slices = row.offer.slices;
  const first = slices[0]!;
  const ticketed = row.status === 'confirmed' && row.pnr !== null;
  return {
    id: row.id,
    access: 'full',
    heldByAccount: row.userId !== null,
    bookingReference: row.bookingReference,
    status: row.status,
    statusTrigger: row.statusTrigger,
    amount: row.amount,
    currency: row.currency as Currency,
    priceBreakdown: breakdown,
    previousAmount: row.previousAmount,
    mobile: row.mobile,
    email: row.email,
    whatsapp: row.whatsapp,
    whatsappUpdates: row.whatsappUpdates,
    whatsappOptedOut: options.whatsappOptedOut ?? false,
    pnr: row.pnr,
    date: row.createdAt.toISOString(),
    origin: first.origin,
    destination: first.destination,
    slices,
    // Offers stored before fare conditions were recorded have none.
    conditions: row.offer.conditions
      ? presentFareConditions(row.offer.conditions, row.currency as Currency, (amount) =>
          money(supplierAmountInUsd(amount, row.pricing?.supplierUnitsPerUsd ?? 1)),
        )
      : null,
    tripType: row.offer.tripType,
    cabinClass: first.cabinClasses[0]?.code ?? 'economy',
    requestedHoldBaggage: row.requestedBaggage.hold,
    requestedCarryOnBaggage: row.requestedBaggage.carryOn,
    requestedDate: row.requestedDate,
    passengers: passengers.map((p, index): Passenger => ({
      id: p.id,
      passengerType: p.passengerType,
      firstName: p.firstName,
      lastName: p.lastName,
      dateOfBirth: p.dateOfBirth,
      gender: p.gender,
      ...travelDocumentOf(p),
      amount: perPassenger[index]!,
      baggage: baggageView(p.baggageOptions, p.extraBaggage, money),
      requiredFields: p.requiredFields,
      ticketNumber: p.ticketNumber,
    })),
    paymentMethod: row.paymentMethod,
    // A created booking carries one only when its hold was not made (order_creation_failed): to be paid again.
    paymentError: row.status === 'pending-payment' || row.status === 'created' ? row.paymentError : null,
    receipts: receipts.map((r) => ({
      id: r.id,
      fileName: r.fileName,
      uploadedAt: r.uploadedAt.toISOString(),
      status: r.status,
      sameFileElsewhere: r.sameFileElsewhere,
      typedTransactionNumber: r.typedTransactionNumber,
      reading: travellerReading(r, {
        owed: options.transferAccounts ?? [],
        booking: { amount: row.amount, currency: row.currency as Currency },
      }),
    })),
    ticketLink: ticketed ? ticketPath(row.id) : null,
    ticketLinkUrl: ticketed ? `${options.publicUrl}${ticketPath(row.id)}` : null,
    manageMyBookingLink: managePath(row.id),
    paymentLink: options.paymentLink,
    transferAccounts: options.transferAccounts ?? [],
    manualTicketingBy: row.status === 'payment-confirmed' && row.manualTicketingBy ? row.manualTicketingBy.toISOString() : null,
    ticketsIssuedByAgency: row.supplier === AGENCY_SEATS_SUPPLIER,
    // A booking rescheduled before it was paid still ends at its hold's deadline.
    holdExpiresAt:
      (row.status === 'pending-payment' || (row.status === 'rescheduled' && !row.ticketedAt)) && row.holdExpiresAt
        ? row.holdExpiresAt.toISOString()
        : null,
    offerExpiresAt: row.offerExpiresAt.toISOString(),
    instantPaymentOnly: row.offer.requiresInstantPayment === true,
    referralCode: row.referralCode,
    // What a cancellation left owed is read apart (use-cases/load-booking.ts).
    cancellation: null,
  };
}

/** 'AHMED' -> 'A.': a name as the limited view shows it. */
const initial = (name: string | null) => (name ? `${name.trim().charAt(0).toUpperCase()}.` : null);

/** 'amna.osman@gmail.com' -> 'a•••@g•••.com': enough for its owner to recognise, too little to write to. */
export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const [local = '', domain = ''] = email.split('@');
  const dot = domain.lastIndexOf('.');
  const name = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local.charAt(0)}•••@${name.charAt(0)}•••${tld}`;
}

/** '+249912345678' -> '+249•••••••78': the country and the last two digits. */
export function maskMobile(mobile: string | null): string | null {
  if (!mobile) return null;
  if (mobile.length < 8) return '•'.repeat(mobile.length);
  return `${mobile.slice(0, 4)}${'•'.repeat(mobile.length - 6)}${mobile.slice(-2)}`;
}

/** A receipt's file name may carry a name ('transfer-amna-osman.jpg'): only its type is shown. */
const maskFileName = (fileName: string) => `•••${/\.[A-Za-z0-9]{1,5}$/.exec(fileName)?.[0] ?? ''}`;

/**
 * The booking as anyone holding only its link sees it: the itinerary, status, price and fare
 * conditions; names initialled, e-mail and mobile masked; no birth dates, gender, nationality,
 * documents, PNR, ticket numbers, e-ticket or payment links. Built field by field, not copied and
 * trimmed: a field added to the booking later stays out of this view until someone decides it may
 * be shown (the type check asks).
 */
export function limitedView(booking: Booking): Booking {
  return {
    id: booking.id,
    access: 'limited',
    heldByAccount: booking.heldByAccount,
    bookingReference: booking.bookingReference,
    status: booking.status,
    statusTrigger: booking.statusTrigger,
    amount: booking.amount,
    currency: booking.currency,
    priceBreakdown: booking.priceBreakdown,
    previousAmount: booking.previousAmount,
    mobile: maskMobile(booking.mobile),
    email: maskEmail(booking.email),
    whatsapp: maskMobile(booking.whatsapp),
    whatsappUpdates: booking.whatsappUpdates,
    whatsappOptedOut: booking.whatsappOptedOut,
    pnr: null,
    date: booking.date,
    origin: booking.origin,
    destination: booking.destination,
    slices: booking.slices,
    conditions: booking.conditions,
    tripType: booking.tripType,
    cabinClass: booking.cabinClass,
    requestedHoldBaggage: booking.requestedHoldBaggage,
    requestedCarryOnBaggage: booking.requestedCarryOnBaggage,
    requestedDate: booking.requestedDate,
    passengers: booking.passengers.map((p): Passenger => ({
      id: p.id,
      passengerType: p.passengerType,
      firstName: initial(p.firstName),
      lastName: initial(p.lastName),
      dateOfBirth: null,
      gender: null,
      placeOfBirth: null,
      nationalityCountry: null,
      documentNumber: null,
      documentIssuanceCountry: null,
      documentIssuanceDate: null,
      documentExpiryDate: null,
      amount: p.amount,
      baggage: p.baggage,
      requiredFields: p.requiredFields,
      ticketNumber: null,
    })),
    paymentMethod: booking.paymentMethod,
    paymentError: booking.paymentError,
    receipts: booking.receipts.map((r) => ({
      id: r.id,
      fileName: maskFileName(r.fileName),
      uploadedAt: r.uploadedAt,
      status: r.status,
      sameFileElsewhere: false,
      // Whether it was read and how it compares, without what it says (names, accounts, the number).
      typedTransactionNumber: null,
      reading: { ...r.reading, values: null },
    })),
    ticketLink: null,
    ticketLinkUrl: null,
    manageMyBookingLink: booking.manageMyBookingLink,
    paymentLink: null,
    // The agency's accounts and the amount are no secret: whoever pays for the traveller needs them.
    transferAccounts: booking.transferAccounts,
    manualTicketingBy: booking.manualTicketingBy,
    ticketsIssuedByAgency: booking.ticketsIssuedByAgency ?? false,
    holdExpiresAt: booking.holdExpiresAt,
    offerExpiresAt: booking.offerExpiresAt,
    instantPaymentOnly: booking.instantPaymentOnly,
    referralCode: booking.referralCode,
    // What the traveller paid and is refunded is theirs alone.
    cancellation: null,
  };
}
