import '../zod-config.js';
import { z } from 'zod';
import { iataCodeSchema, isoDateSchema } from '../common.js';
import { apiErrorSchema } from '../errors.js';
import { cabinClassCodes } from '../search-rules.js';

/**
 * The agency's own seats (/api/v1/admin/allotments): the airline's sheet imported as CSV, one line per
 * flight and period; each date the flight operates becomes a dated flight with its seats.
 */
/** The columns of the airline's sheet of allocated seats (any order; extra columns are ignored). */
export const ALLOTMENT_CSV_COLUMNS = [
  'airline',
  'flight_number',
  'origin',
  'destination',
  'departure_time',
  'arrival_time',
  'days',
  'from_date',
  'to_date',
  'cabin',
  'seats',
  'adult_fare',
  'child_fare',
  'infant_fare',
  'currency',
  'hold_bags',
  'hold_kg',
  'cabin_kg',
  'refundable',
  'refund_penalty',
  'changeable',
  'change_penalty',
  'release_days',
] as const;
export type AllotmentCsvColumn = (typeof ALLOTMENT_CSV_COLUMNS)[number];

export const allotmentImportQuerySchema = z.object({
  /** true: answer what would change and save nothing. */
  dryRun: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

export const importedDatedFlightSchema = z.object({
  airline: z.string(),
  flightNumber: z.string(),
  origin: z.string(),
  destination: z.string(),
  /** Local date and time of departure at the origin. */
  departureDate: z.string(),
  departureTime: z.string(),
  seats: z.number().int(),
  change: z.enum(['created', 'changed']),
});
export type ImportedDatedFlight = z.infer<typeof importedDatedFlightSchema>;

export const allotmentImportResponseSchema = z.object({
  dryRun: z.boolean(),
  /** Dated flights made and changed by the file (those of past days are left as they are). */
  created: z.number().int(),
  changed: z.number().int(),
  datedFlights: z.array(importedDatedFlightSchema),
});
export type AllotmentImportResponse = z.infer<typeof allotmentImportResponseSchema>;

// ---------- The seats desk (issue 28): each dated flight's seats, fares, times and passengers ----------

/** A flight over a period (allotment_flights.id) and one date of it (allotment_dated_flights.id). */
export const allotmentFlightIdSchema = z.string().regex(/^alf_[A-Za-z0-9_-]{8,64}$/, 'Not a flight id');
export const allotmentDatedFlightIdSchema = z.string().regex(/^ald_[A-Za-z0-9_-]{8,64}$/, 'Not a dated flight id');
export const allotmentFlightParamsSchema = z.object({ flightId: allotmentFlightIdSchema });
export const allotmentDatedFlightParamsSchema = z.object({ id: allotmentDatedFlightIdSchema });

/** The list covers at most this many days (from `from` to `to`, both included). */
export const ALLOTMENT_LIST_MAX_DAYS = 92;
/** The list's default period: today and the next 30 days. */
export const ALLOTMENT_LIST_DEFAULT_DAYS = 30;
/** At most this many dated flights are listed; `truncated` says there were more (narrow the period or route). */
export const ALLOTMENT_LIST_LIMIT = 1000;
export const ALLOTMENT_CURRENCY_CODES = ['USD', 'SDG'] as const;
export const ALLOTMENT_PASSENGER_TYPES = ['adult', 'child', 'infant'] as const;
/** Most seats / infants staff may give one date (the airline's allocation on one aircraft). */
export const ALLOTMENT_MAX_SEATS = 999;
export const ALLOTMENT_MAX_INFANTS = 99;

const dayNumberOf = (value: string) => Date.parse(`${value}T00:00:00Z`) / 86_400_000;
const airlineCode = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{2}$/, 'Expected a two-character airline code'));
/** HH:mm, 24 hours, local at the airport. */
export const clockTimeSchema = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'Expected a time as HH:mm');

/**
 * GET /admin/allotments/flights: the dated flights leaving from `from` to `to` (local dates at the
 * origin; default today in Sudan to 30 days later; at most 92 days), of a route or an airline.
 */
export const allotmentFlightsQuerySchema = z
  .object({
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    origin: iataCodeSchema.optional(),
    destination: iataCodeSchema.optional(),
    airline: airlineCode.optional(),
  })
  .superRefine((query, ctx) => {
    if (!query.from || !query.to) return;
    const days = dayNumberOf(query.to) - dayNumberOf(query.from);
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day is before the first' });
    else if (days >= ALLOTMENT_LIST_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `At most ${ALLOTMENT_LIST_MAX_DAYS} days at once` });
  });
export type AllotmentFlightsQuery = z.input<typeof allotmentFlightsQuerySchema>;

const fares = z.object({ adult: z.number(), child: z.number(), infant: z.number() });
const ownFares = z.object({ adult: z.number().nullable(), child: z.number().nullable(), infant: z.number().nullable() });

/** One date of a flight the agency holds seats on, as the seats screen lists it. */
export const allotmentDatedFlightSchema = z.object({
  /** The dated flight (PATCH /admin/allotments/dated-flights/:id, the manifest). */
  id: z.string(),
  /** The flight over its period (PATCH /admin/allotments/flights/:flightId). */
  flightId: z.string(),
  airline: z.object({
    iataCode: z.string(),
    /** The code itself when the airline is not one Kwenda knows by name. */
    nameEn: z.string(),
    nameAr: z.string(),
    /** Path of the locally served logo, e.g. /airlines/3T.png; null when there is none. */
    logo: z.string().nullable(),
  }),
  /** The number without the airline's code ("212"). */
  flightNumber: z.string(),
  origin: z.string(),
  destination: z.string(),
  /** Local at the origin: yyyy-MM-dd and HH:mm. */
  departureDate: z.string(),
  departureTime: z.string(),
  /** Local at the destination: HH:mm, on departureDate plus arrivalDayOffset days (arrivalDate). */
  arrivalTime: z.string(),
  arrivalDayOffset: z.union([z.literal(0), z.literal(1)]),
  arrivalDate: z.string(),
  cabin: z.enum(cabinClassCodes),
  currency: z.enum(ALLOTMENT_CURRENCY_CODES),
  /** Net fares per passenger in `currency` as sold: this date's own, else the flight's. */
  fares,
  /** This date's own fares (null: the flight's). */
  ownFares,
  seats: z.object({
    allocated: z.number().int(),
    held: z.number().int(),
    sold: z.number().int(),
    /** allocated - held - sold. */
    left: z.number().int(),
  }),
  /** Infants on a lap take no seat, up to the airline's limit. */
  infants: z.object({ taken: z.number().int(), limit: z.number().int() }),
  /** This date on sale (staff may pause one date), and its flight on sale (paused for all dates). */
  onSale: z.boolean(),
  flightOnSale: z.boolean(),
  /** Travellers can book it now: both on sale, not cancelled, sales not closed, seats left. */
  bookable: z.boolean(),
  cancelled: z.boolean(),
  cancelledAt: z.iso.datetime().nullable(),
  /**
   * When unsold seats go back to the airline and sales stop: the departure minus the flight's
   * release days, local at the origin (yyyy-MM-ddTHH:mm:ss) and as an instant.
   */
  releaseDays: z.number().int(),
  releaseAt: z.string(),
  releaseAtUtc: z.iso.datetime(),
  salesClosed: z.boolean(),
  /** Who last changed this date (staff name; null when no longer known), and when. */
  updatedBy: z.string().nullable(),
  updatedAt: z.iso.datetime(),
});
export type AllotmentDatedFlight = z.infer<typeof allotmentDatedFlightSchema>;

/** Sorted by departure date, then time, then airline and flight number. */
export const allotmentFlightsResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  datedFlights: z.array(allotmentDatedFlightSchema),
  /** More than ALLOTMENT_LIST_LIMIT dated flights matched: the first ones are listed. */
  truncated: z.boolean(),
});
export type AllotmentFlightsResponse = z.infer<typeof allotmentFlightsResponseSchema>;

/** The flight over its period, as the airline's sheet gave it (each date may differ: see the dated flight). */
export const allotmentFlightSchema = z.object({
  id: z.string(),
  /** Monday = 1 ... Sunday = 7. */
  days: z.array(z.number().int()),
  fromDate: z.string(),
  toDate: z.string(),
  departureTime: z.string(),
  arrivalTime: z.string(),
  arrivalDayOffset: z.union([z.literal(0), z.literal(1)]),
  /** Seats per date when imported. */
  seats: z.number().int(),
  currency: z.enum(ALLOTMENT_CURRENCY_CODES),
  fares,
  bags: z.object({ holdPieces: z.number().int(), holdKg: z.number().int(), cabinKg: z.number().int() }),
  /** Whether the fare may be refunded / changed before departure, and the penalty in `currency`. */
  refund: z.object({ allowed: z.boolean(), penalty: z.number().nullable() }),
  change: z.object({ allowed: z.boolean(), penalty: z.number().nullable() }),
  releaseDays: z.number().int(),
  onSale: z.boolean(),
  /** Dates of the period loaded (from the day it was imported on). */
  datedFlights: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedBy: z.string().nullable(),
  updatedAt: z.iso.datetime(),
});
export type AllotmentFlight = z.infer<typeof allotmentFlightSchema>;

/** GET /admin/allotments/dated-flights/:id */
export const allotmentDatedFlightDetailSchema = z.object({
  datedFlight: allotmentDatedFlightSchema,
  flight: allotmentFlightSchema,
});
export type AllotmentDatedFlightDetail = z.infer<typeof allotmentDatedFlightDetailSchema>;

const fareInput = z
  .number()
  .positive('A fare is more than 0')
  .max(10_000_000, 'At most 10,000,000')
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'At most 2 decimals');

/**
 * PATCH /admin/allotments/dated-flights/:id: any of these, all saved together or none. Seats never go
 * below those held and sold (409 BELOW_SEATS_TAKEN naming seatsAllocated and the minimum), the infant
 * limit never below the infants taken. A fare of null goes back to the flight's. An arrival time
 * earlier than the departure is the next day. Cancelled true cancels the date even with seats held or
 * sold: the answer lists the bookings affected, for the desk to deal with; false reinstates it.
 */
export const allotmentDatedFlightPatchSchema = z
  .strictObject({
    seatsAllocated: z.number().int().min(0).max(ALLOTMENT_MAX_SEATS).optional(),
    adultFare: fareInput.nullable().optional(),
    childFare: fareInput.nullable().optional(),
    infantFare: fareInput.nullable().optional(),
    departureTime: clockTimeSchema.optional(),
    arrivalTime: clockTimeSchema.optional(),
    infantLimit: z.number().int().min(0).max(ALLOTMENT_MAX_INFANTS).optional(),
    onSale: z.boolean().optional(),
    cancelled: z.boolean().optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), 'Nothing to change');
export type AllotmentDatedFlightPatch = z.input<typeof allotmentDatedFlightPatchSchema>;

/** A booking holding seats on a dated flight (held or sold, booking not cancelled). */
export const allotmentAffectedBookingSchema = z.object({
  bookingId: z.string(),
  bookingReference: z.string(),
  bookingStatus: z.string(),
  seats: z.number().int(),
  holdState: z.enum(['held', 'sold']),
});
export type AllotmentAffectedBooking = z.infer<typeof allotmentAffectedBookingSchema>;

export const allotmentDatedFlightPatchResponseSchema = z.object({
  datedFlight: allotmentDatedFlightSchema,
  /** When this change cancelled the date: the bookings holding seats on it (else empty). */
  affectedBookings: z.array(allotmentAffectedBookingSchema),
});
export type AllotmentDatedFlightPatchResponse = z.infer<typeof allotmentDatedFlightPatchResponseSchema>;

/** 409 BELOW_SEATS_TAKEN: seatsAllocated (or infantLimit) below what is already taken; `minimum` is the lowest allowed. */
export const allotmentBelowTakenErrorSchema = apiErrorSchema.extend({ minimum: z.number().int() });
export type AllotmentBelowTakenError = z.infer<typeof allotmentBelowTakenErrorSchema>;

/** PATCH /admin/allotments/flights/:flightId: the whole flight on sale or paused, with each of its dates from today. */
export const allotmentFlightPatchSchema = z.strictObject({ onSale: z.boolean() });
export type AllotmentFlightPatch = z.infer<typeof allotmentFlightPatchSchema>;
export const allotmentFlightPatchResponseSchema = z.object({
  flight: allotmentFlightSchema,
  /** Dates from today whose on-sale flag this changed. */
  datedFlightsChanged: z.number().int(),
});
export type AllotmentFlightPatchResponse = z.infer<typeof allotmentFlightPatchResponseSchema>;

/** GET /admin/allotments/flights/:id/manifest (:id a dated flight): JSON, or ?format=csv (Accept: text/csv). */
export const allotmentManifestQuerySchema = z.object({ format: z.enum(['json', 'csv']).optional() });

/** One passenger of the manifest, as the airline's office asks for them. */
export const allotmentManifestPassengerSchema = z.object({
  bookingId: z.string(),
  bookingReference: z.string(),
  bookingStatus: z.string(),
  /** The airline's record locator and this passenger's ticket, once staff entered them. */
  pnr: z.string().nullable(),
  ticketNumber: z.string().nullable(),
  passengerId: z.string(),
  passengerType: z.enum(ALLOTMENT_PASSENGER_TYPES),
  /** As in the passport (upper-case, as stored); null while the traveller has not given them. */
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  gender: z.enum(['M', 'F']).nullable(),
  /** ISO country code. */
  nationality: z.string().nullable(),
  documentNumber: z.string().nullable(),
  documentExpiryDate: z.string().nullable(),
  /** The booking's contact. */
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  /** Hold bags in the fare (infants on a lap: none) and extra pieces bought; kilograms per piece. */
  bags: z.object({
    includedPieces: z.number().int(),
    holdKg: z.number().int(),
    cabinKg: z.number().int(),
    extraPieces: z.number().int(),
  }),
});
export type AllotmentManifestPassenger = z.infer<typeof allotmentManifestPassengerSchema>;

/** Passengers by booking reference, then in the booking's order. Every reading is in the staff audit trail. */
export const allotmentManifestSchema = z.object({
  datedFlight: allotmentDatedFlightSchema,
  passengers: z.array(allotmentManifestPassengerSchema),
  generatedAt: z.iso.datetime(),
});
export type AllotmentManifest = z.infer<typeof allotmentManifestSchema>;

/** The manifest CSV's columns, in order (a UTF-8 file with a BOM, so Excel shows Arabic right). */
export const ALLOTMENT_MANIFEST_CSV_COLUMNS = [
  'booking_reference',
  'booking_status',
  'pnr',
  'ticket_number',
  'last_name',
  'first_name',
  'type',
  'date_of_birth',
  'gender',
  'nationality',
  'document_number',
  'document_expiry',
  'email',
  'mobile',
  'bags_included',
  'hold_kg',
  'extra_bags',
] as const;
