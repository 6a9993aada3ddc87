import { addDays, todayIn } from '@kwenda/contracts';
import {
  ALLOTMENT_LIST_DEFAULT_DAYS,
  ALLOTMENT_LIST_LIMIT,
  ALLOTMENT_MANIFEST_CSV_COLUMNS,
  type AllotmentDatedFlight,
  type AllotmentDatedFlightDetail,
  type AllotmentDatedFlightPatch,
  type AllotmentDatedFlightPatchResponse,
  type AllotmentFlight,
  type AllotmentFlightPatch,
  type AllotmentFlightPatchResponse,
  type AllotmentFlightsQuery,
  type AllotmentFlightsResponse,
  type AllotmentManifest,
  type AllotmentManifestPassenger,
} from '@kwenda/contracts/admin';
import { airlineByCode } from '../../data/airlines.js';
import type { Database } from '../../db/client.js';
import { AppError, notFound, validationError } from '../../errors.js';
import { recordStaffAction } from '../staff/staff-audit.js';
import { arrivalDayOffsetOf } from './allotment-line.js';
import { releaseOf } from './allotment-release.js';
import * as desk from './allotments-desk-repository.js';
import { setSeatsAllocated } from './allotments-repository.js';

const iso = (value: Date) => value.toISOString();
const datedFlightNotFound = () => notFound('No dated flight with this id');
const flightNotFound = () => notFound('No flight with this id');
const belowTaken = (field: 'seatsAllocated' | 'infantLimit', minimum: number, what: string) =>
  new AppError(
    409,
    'BELOW_SEATS_TAKEN',
    `${field} cannot go below ${minimum}: ${what}`,
    [{ path: field, code: 'below_seats_taken', message: `At least ${minimum} (${what})` }],
    { minimum },
  );

/** The dated flight as the seats screen shows it, at `now` (sales close at the release time). */
export function toDatedFlight(view: desk.DatedFlightView, now: Date): AllotmentDatedFlight {
  const { dated, flight } = view;
  const airline = airlineByCode(flight.airline);
  const left = dated.seatsAllocated - dated.seatsHeld - dated.seatsSold;
  const release = releaseOf({
    origin: flight.origin,
    departureDate: dated.departureDate,
    departureTime: dated.departureTime,
    releaseDays: flight.releaseDays,
  });
  const salesClosed = now.getTime() >= release.at.getTime();
  const cancelled = dated.cancelledAt !== null;
  return {
    id: dated.id,
    flightId: flight.id,
    airline: {
      iataCode: flight.airline,
      nameEn: airline?.nameEn ?? flight.airline,
      nameAr: airline?.nameAr ?? flight.airline,
      logo: airline?.logo ?? null,
    },
    flightNumber: flight.flightNumber,
    origin: flight.origin,
    destination: flight.destination,
    departureDate: dated.departureDate,
    departureTime: dated.departureTime,
    arrivalTime: dated.arrivalTime,
    arrivalDayOffset: dated.arrivalDayOffset,
    arrivalDate: addDays(dated.departureDate, dated.arrivalDayOffset),
    cabin: flight.cabin,
    currency: flight.currency,
    fares: {
      adult: dated.adultFare ?? flight.adultFare,
      child: dated.childFare ?? flight.childFare,
      infant: dated.infantFare ?? flight.infantFare,
    },
    ownFares: { adult: dated.adultFare, child: dated.childFare, infant: dated.infantFare },
    seats: { allocated: dated.seatsAllocated, held: dated.seatsHeld, sold: dated.seatsSold, left },
    infants: { taken: dated.infantsTaken, limit: dated.infantLimit },
    onSale: dated.onSale,
    flightOnSale: flight.onSale,
    bookable: dated.onSale && flight.onSale && !cancelled && !salesClosed && left > 0,
    cancelled,
    cancelledAt: dated.cancelledAt && iso(dated.cancelledAt),
    releaseDays: flight.releaseDays,
    releaseAt: release.local,
    releaseAtUtc: iso(release.at),
    salesClosed,
    updatedBy: view.updatedByName,
    updatedAt: iso(dated.updatedAt),
  };
}

function toFlight(view: desk.FlightView): AllotmentFlight {
  const { flight } = view;
  return {
    id: flight.id,
    days: flight.days,
    fromDate: flight.fromDate,
    toDate: flight.toDate,
    departureTime: flight.departureTime,
    arrivalTime: flight.arrivalTime,
    arrivalDayOffset: flight.arrivalDayOffset,
    seats: flight.seats,
    currency: flight.currency,
    fares: { adult: flight.adultFare, child: flight.childFare, infant: flight.infantFare },
    bags: { holdPieces: flight.holdPieces, holdKg: flight.holdKg, cabinKg: flight.cabinKg },
    refund: { allowed: flight.refundable, penalty: flight.refundPenalty },
    change: { allowed: flight.changeable, penalty: flight.changePenalty },
    releaseDays: flight.releaseDays,
    onSale: flight.onSale,
    datedFlights: view.datedFlights,
    createdBy: view.createdByName,
    createdAt: iso(flight.createdAt),
    updatedBy: view.updatedByName,
    updatedAt: iso(flight.updatedAt),
  };
}

/**
 * A field of the manifest's CSV: quoted when it holds a separator, a quote or a line break; a value a
 * spreadsheet would run as a formula (=, +, -, @ first) is written with a leading apostrophe, except a
 * mobile number in E.164, which is only digits after its +.
 */
function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^\+[0-9]{6,15}$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A name as the passport prints it, for the airline's office: upper-case Latin ("Osman X" as typed
 * becomes "OSMAN X"), spaces trimmed and single; a name in another script (Arabic) is left as it is.
 */
export const passportName = (name: string | null) =>
  name === null ? null : name.trim().replace(/\s+/g, ' ').toLocaleUpperCase('en-US');

/** The manifest as a UTF-8 CSV with a byte-order mark, so Excel reads Arabic right; CRLF line ends. */
export function manifestCsv(manifest: AllotmentManifest): string {
  const lines = [ALLOTMENT_MANIFEST_CSV_COLUMNS.join(',')];
  for (const p of manifest.passengers)
    lines.push(
      [
        p.bookingReference,
        p.bookingStatus,
        p.pnr,
        p.ticketNumber,
        p.lastName,
        p.firstName,
        p.passengerType,
        p.dateOfBirth,
        p.gender,
        p.nationality,
        p.documentNumber,
        p.documentExpiryDate,
        p.email,
        p.mobile,
        p.bags.includedPieces,
        p.bags.holdKg,
        p.bags.extraPieces,
      ]
        .map(csvField)
        .join(','),
    );
  return `\ufeff${lines.join('\r\n')}\r\n`;
}

/** The file name of a dated flight's manifest: manifest-3T212-PZU-CAI-2026-12-01.csv. */
export const manifestFileName = (flight: AllotmentDatedFlight) =>
  `manifest-${flight.airline.iataCode}${flight.flightNumber}-${flight.origin}-${flight.destination}-${flight.departureDate}.csv`;

/**
 * The seats desk (issue 28): staff list the agency's dated flights, change one date's seats, fares,
 * times, infant limit, sale or cancellation, pause or resume a whole flight, and read a date's
 * passenger list for the airline's office. Every change, and every reading of the passenger list
 * (it shows document numbers), leaves a row in the staff audit trail with who did it.
 */
export function createAllotmentsDeskService(deps: { database: Database; clock?: () => Date }) {
  const { db } = deps.database;
  const clock = deps.clock ?? (() => new Date());

  return {
    /** The dated flights of a period (default today and the next 30 days in Sudan), of a route or an airline. */
    async listDatedFlights(query: AllotmentFlightsQuery): Promise<AllotmentFlightsResponse> {
      const now = clock();
      const from = query.from ?? todayIn(undefined, now);
      const to = query.to ?? addDays(from, ALLOTMENT_LIST_DEFAULT_DAYS);
      if (to < from)
        throw validationError([{ path: 'to', code: 'custom', message: `The last day is before the first (${from})` }]);
      const rows = await desk.listDatedFlights(
        db,
        { from, to, origin: query.origin, destination: query.destination, airline: query.airline },
        ALLOTMENT_LIST_LIMIT + 1,
      );
      return {
        from,
        to,
        datedFlights: rows.slice(0, ALLOTMENT_LIST_LIMIT).map((row) => toDatedFlight(row, now)),
        truncated: rows.length > ALLOTMENT_LIST_LIMIT,
      };
    },

    /** One dated flight with its flight over the period. */
    async getDatedFlight(id: string): Promise<AllotmentDatedFlightDetail> {
      const view = await desk.findDatedFlight(db, id);
      if (!view) throw datedFlightNotFound();
      const flight = await desk.findFlight(db, view.flight.id);
      return { datedFlight: toDatedFlight(view, clock()), flight: toFlight(flight!) };
    },

    /**
     * Changes one date, all of it or nothing: seats (never below those held and sold), fares (null: the
     * flight's), times (an arrival before the departure is the next day), infant limit (never below the
     * infants taken), sale, cancellation. Cancelling answers the bookings holding seats on the date.
     */
    async changeDatedFlight(
      id: string,
      patch: AllotmentDatedFlightPatch,
      staffUserId: string,
    ): Promise<AllotmentDatedFlightPatchResponse> {
      return db.transaction(async (tx) => {
        const before = await desk.findDatedFlight(tx, id, { lock: true });
        if (!before) throw datedFlightNotFound();
        const { dated } = before;
        const now = clock();
        const flightName = `${before.flight.airline} ${before.flight.flightNumber} on ${dated.departureDate}`;
        const changes: Record<string, { from: unknown; to: unknown }> = {};
        const note = (field: string, from: unknown, to: unknown) => {
          if (from !== to) changes[field] = { from, to };
        };

        if (patch.seatsAllocated !== undefined && patch.seatsAllocated !== dated.seatsAllocated) {
          const set = await setSeatsAllocated(tx, id, patch.seatsAllocated, staffUserId);
          if (!set.changed) {
            if (set.reason === 'not-found') throw datedFlightNotFound();
            throw belowTaken(
              'seatsAllocated',
              set.minimum,
              `${set.counts.held} held and ${set.counts.sold} sold on ${flightName}`,
            );
          }
          note('seatsAllocated', dated.seatsAllocated, patch.seatsAllocated);
        }
        if (patch.infantLimit !== undefined && patch.infantLimit !== dated.infantLimit) {
          if (!(await desk.setInfantLimit(tx, id, patch.infantLimit, staffUserId, now)))
            throw belowTaken('infantLimit', dated.infantsTaken, `${dated.infantsTaken} infants taken on ${flightName}`);
          note('infantLimit', dated.infantLimit, patch.infantLimit);
        }

        const change: desk.DatedFlightChange = { updatedBy: staffUserId, updatedAt: now };
        for (const [field, column] of [
          ['adultFare', 'adultFare'],
          ['childFare', 'childFare'],
          ['infantFare', 'infantFare'],
        ] as const) {
          const value = patch[field];
          if (value === undefined || value === dated[column]) continue;
          change[column] = value;
          note(field, dated[column], value);
        }
        if (patch.departureTime !== undefined || patch.arrivalTime !== undefined) {
          const departureTime = patch.departureTime ?? dated.departureTime;
          const arrivalTime = patch.arrivalTime ?? dated.arrivalTime;
          if (departureTime === arrivalTime)
            throw validationError([
              {
                path: patch.arrivalTime !== undefined ? 'arrivalTime' : 'departureTime',
                code: 'same_as_departure',
                message: 'The arrival time is the departure time',
              },
            ]);
          const arrivalDayOffset = arrivalDayOffsetOf(departureTime, arrivalTime);
          Object.assign(change, { departureTime, arrivalTime, arrivalDayOffset });
          note('departureTime', dated.departureTime, departureTime);
          note('arrivalTime', dated.arrivalTime, arrivalTime);
          note('arrivalDayOffset', dated.arrivalDayOffset, arrivalDayOffset);
        }
        if (patch.onSale !== undefined && patch.onSale !== dated.onSale) {
          change.onSale = patch.onSale;
          note('onSale', dated.onSale, patch.onSale);
        }
        if (patch.cancelled !== undefined && patch.cancelled !== (dated.cancelledAt !== null)) {
          change.cancelledAt = patch.cancelled ? now : null;
          note('cancelled', dated.cancelledAt !== null, patch.cancelled);
        }
        await desk.updateDatedFlight(tx, id, change);

        const affectedBookings = patch.cancelled === true ? await desk.bookingsHolding(tx, id) : [];
        if (Object.keys(changes).length)
          await recordStaffAction(tx, {
            staffUserId,
            action: 'allotment-date-changed',
            targetType: 'allotment-dated-flight',
            targetId: id,
            details: {
              flight: `${before.flight.airline} ${before.flight.flightNumber}`,
              date: dated.departureDate,
              changes,
              ...(patch.cancelled === true ? { affectedBookings: affectedBookings.map((b) => b.bookingReference) } : {}),
            },
          });
        const after = await desk.findDatedFlight(tx, id);
        return { datedFlight: toDatedFlight(after!, now), affectedBookings };
      });
    },

    /** Puts a flight on sale or pauses it: the flight and each of its dates from today (cancelled ones aside). */
    async changeFlight(
      flightId: string,
      patch: AllotmentFlightPatch,
      staffUserId: string,
    ): Promise<AllotmentFlightPatchResponse> {
      return db.transaction(async (tx) => {
        // Locked: two staff pausing and resuming at once each audit the state the other left.
        const before = await desk.findFlight(tx, flightId, { lock: true });
        if (!before) throw flightNotFound();
        const now = clock();
        const changed = await desk.setFlightOnSale(tx, flightId, {
          onSale: patch.onSale,
          fromDate: todayIn(undefined, now),
          updatedBy: staffUserId,
          updatedAt: now,
        });
        if (changed === undefined) throw flightNotFound();
        await recordStaffAction(tx, {
          staffUserId,
          action: 'allotment-flight-changed',
          targetType: 'allotment-flight',
          targetId: flightId,
          details: {
            flight: `${before.flight.airline} ${before.flight.flightNumber}`,
            fromDate: before.flight.fromDate,
            toDate: before.flight.toDate,
            changes: { onSale: { from: before.flight.onSale, to: patch.onSale } },
            datedFlightsChanged: changed,
          },
        });
        return { flight: toFlight((await desk.findFlight(tx, flightId))!), datedFlightsChanged: changed };
      });
    },

    /**
     * The passengers of the bookings holding seats on a dated flight (held or sold, booking not
     * cancelled), as the airline's office asks for them. Each reading is audited: it shows documents.
     */
    async getManifest(id: string, staffUserId: string, format: 'json' | 'csv'): Promise<AllotmentManifest> {
      return db.transaction(async (tx) => {
        const view = await desk.findDatedFlight(tx, id);
        if (!view) throw datedFlightNotFound();
        const now = clock();
        const { flight } = view;
        const rows = await desk.manifestPassengers(tx, id);
        const passengers = rows.map(({ passenger: p, ...booking }): AllotmentManifestPassenger => {
          const onLap = p.passengerType === 'infant';
          const ticket = booking.orderTickets?.find(
            (t) => t.passengerId === p.id || (p.supplierPassengerId !== null && t.passengerId === p.supplierPassengerId),
          );
          return {
            bookingId: booking.bookingId,
            bookingReference: booking.bookingReference,
            bookingStatus: booking.bookingStatus,
            pnr: booking.bookingPnr ?? booking.orderPnr,
            ticketNumber: p.ticketNumber ?? ticket?.ticketNumber ?? null,
            passengerId: p.id,
            passengerType: p.passengerType,
            firstName: passportName(p.firstName),
            lastName: passportName(p.lastName),
            dateOfBirth: p.dateOfBirth,
            gender: p.gender,
            nationality: p.nationality,
            documentNumber: p.documentNumber,
            documentExpiryDate: p.documentExpiryDate,
            email: booking.email,
            mobile: booking.mobile,
            bags: {
              includedPieces: onLap ? 0 : flight.holdPieces,
              holdKg: onLap ? 0 : flight.holdKg,
              cabinKg: onLap ? 0 : flight.cabinKg,
              extraPieces: Object.values(p.extraBaggage ?? {}).reduce((sum, pieces) => sum + pieces, 0),
            },
          };
        });
        await recordStaffAction(tx, {
          staffUserId,
          action: 'allotment-manifest-viewed',
          targetType: 'allotment-dated-flight',
          targetId: id,
          details: {
            flight: `${flight.airline} ${flight.flightNumber}`,
            date: view.dated.departureDate,
            format,
            passengers: passengers.length,
          },
        });
        return { datedFlight: toDatedFlight(view, now), passengers, generatedAt: iso(now) };
      });
    },
  };
}
export type AllotmentsDeskService = ReturnType<typeof createAllotmentsDeskService>;
