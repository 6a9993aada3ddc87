import { randomBytes } from 'node:crypto';
import { todayIn } from '@kwenda/contracts';
import type { AllotmentImportResponse, ImportedDatedFlight } from '@kwenda/contracts/admin';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import { AppError } from '../../errors.js';
import { recordStaffAction } from '../staff/staff-audit.js';
import { parseAllotmentCsv, type AllotmentCsvError } from './allotment-csv.js';
import { createAllotmentsDeskService } from './allotments-desk-service.js';
import { dayNumber, type AllotmentLine } from './allotment-line.js';
import * as schedule from './allotment-schedule-repository.js';
import { setSeatsAllocated } from './allotments-repository.js';

const DAY_MS = 86_400_000;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** Monday = 1 ... Sunday = 7, as the sheet writes days. */
const weekdayOf = (day: number) => ((new Date(day * DAY_MS).getUTCDay() + 6) % 7) + 1;

/** The dates a line's flight operates, from today on (past days are history, never changed by a file). */
function operatingDates(line: Pick<AllotmentLine, 'fromDate' | 'toDate' | 'days'>, today: string): string[] {
  const dates: string[] = [];
  for (let day = Math.max(dayNumber(line.fromDate), dayNumber(today)); day <= dayNumber(line.toDate); day++)
    if (line.days.includes(weekdayOf(day))) dates.push(dateOf(day));
  return dates;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;
const invalidFile = (errors: AllotmentCsvError[]) =>
  new AppError(
    400,
    'VALIDATION_ERROR',
    `The file was not imported: ${errors.length} problem${errors.length === 1 ? '' : 's'}; ${errors
      .slice(0, 5)
      .map((e) => `line ${e.line}${e.column ? ` ${e.column}` : ''}: ${e.message}`)
      .join('; ')}`,
    errors.map((e) => ({ path: e.column ? `line ${e.line}: ${e.column}` : `line ${e.line}`, code: e.code, message: e.message })),
  );

/** Thrown inside a dry run's transaction so that nothing it wrote stays. */
class DryRunDone {
  constructor(readonly answer: AllotmentImportResponse) {}
}

/**
 * The agency's own seats as staff load them: the airline's sheet imported whole (a file with any
 * bad line changes nothing), each line a flight over a period and each date it operates a dated
 * flight with its seats. A line for a flight and period already loaded changes it: its fares and
 * rules, and each date's times and seats (never below the seats already held and sold). The seats
 * desk's listing and changes of each date are in allotments-desk-service.ts.
 */
export function createAllotmentsService(deps: { database: Database; isAirport: (code: string) => boolean; clock?: () => Date }) {
  const { db } = deps.database;
  const clock = deps.clock ?? (() => new Date());

  async function applyLine(tx: Tx, line: AllotmentLine, lineNumber: number, staffUserId: string, today: string, now: Date) {
    const errors: AllotmentCsvError[] = [];
    const fields = {
      destination: line.destination,
      departureTime: line.departureTime,
      arrivalTime: line.arrivalTime,
      arrivalDayOffset: line.arrivalDayOffset,
      days: line.days,
      seats: line.seats,
      currency: line.currency,
      adultFare: line.fares.adult,
      childFare: line.fares.child,
      infantFare: line.fares.infant,
      holdPieces: line.bags.holdPieces,
      holdKg: line.bags.holdKg,
      cabinKg: line.bags.cabinKg,
      refundable: line.refund.allowed,
      refundPenalty: line.refund.penalty,
      changeable: line.change.allowed,
      changePenalty: line.change.penalty,
      releaseDays: line.releaseDays,
      updatedBy: staffUserId,
      updatedAt: now,
    };
    const loaded = await schedule.flightsOf(tx, line);
    const same = loaded.find((f) => f.fromDate === line.fromDate && f.toDate === line.toDate);
    const overlapping = loaded.find(
      (f) => f !== same && dayNumber(f.fromDate) <= dayNumber(line.toDate) && dayNumber(line.fromDate) <= dayNumber(f.toDate),
    );
    if (overlapping) {
      errors.push({
        line: lineNumber,
        column: 'from_date',
        code: 'overlapping_period',
        message: `Flight ${line.airline} ${line.flightNumber} (${line.cabin}) is already loaded from ${overlapping.fromDate} to ${overlapping.toDate}: import that period again with the same dates to change it`,
      });
      return { errors, flights: [] };
    }
    let flightId = same?.id;
    if (flightId) await schedule.updateFlight(tx, flightId, fields);
    else {
      flightId = newId('alf');
      await schedule.insertFlight(tx, {
        id: flightId,
        airline: line.airline,
        flightNumber: line.flightNumber,
        origin: line.origin,
        fromDate: line.fromDate,
        toDate: line.toDate,
        cabin: line.cabin,
        createdBy: staffUserId,
        createdAt: now,
        ...fields,
      });
    }
    const flights: ImportedDatedFlight[] = [];
    for (const date of operatingDates(line, today)) {
      const existing = await schedule.datedFlightOf(tx, flightId, date);
      const times = { departureTime: line.departureTime, arrivalTime: line.arrivalTime, arrivalDayOffset: line.arrivalDayOffset };
      if (existing) {
        const set = await setSeatsAllocated(tx, existing.id, line.seats, staffUserId);
        if (!set.changed) {
          errors.push({
            line: lineNumber,
            column: 'seats',
            code: 'below_seats_taken',
            message: `${line.airline} ${line.flightNumber} on ${date} has ${set.reason === 'below-taken' ? set.minimum : 0} seats held or sold: seats cannot go below that`,
          });
          continue;
        }
        await schedule.updateDatedFlightTimes(tx, existing.id, { ...times, updatedBy: staffUserId, updatedAt: now });
      } else
        await schedule.insertDatedFlight(tx, {
          id: newId('ald'),
          flightId,
          departureDate: date,
          ...times,
          seatsAllocated: line.seats,
          updatedBy: staffUserId,
          updatedAt: now,
        });
      flights.push({
        airline: line.airline,
        flightNumber: line.flightNumber,
        origin: line.origin,
        destination: line.destination,
        departureDate: date,
        departureTime: line.departureTime,
        seats: line.seats,
        change: existing ? 'changed' : 'created',
      });
    }
    return { errors, flights };
  }

  return {
    ...createAllotmentsDeskService(deps),
    /** Imports the airline's sheet; with `dryRun`, answers what would change and saves nothing. */
    async importCsv(text: string, options: { dryRun: boolean; staffUserId: string }): Promise<AllotmentImportResponse> {
      const parsed = parseAllotmentCsv(text, { isAirport: deps.isAirport });
      if (!parsed.ok) throw invalidFile(parsed.errors);
      const now = clock();
      const today = todayIn(undefined, now);
      // The header is line 1: the file's lines are numbered as the sheet shows them.
      const numbered = parsed.lines.map((line, i) => ({ line, number: i + 2 }));
      try {
        return await db.transaction(async (tx) => {
          await schedule.lockImports(tx);
          const errors: AllotmentCsvError[] = [];
          const datedFlights: ImportedDatedFlight[] = [];
          for (const { line, number } of numbered) {
            const applied = await applyLine(tx, line, number, options.staffUserId, today, now);
            errors.push(...applied.errors);
            datedFlights.push(...applied.flights);
          }
          // Any line refused: the whole file changes nothing.
          if (errors.length) throw invalidFile(errors);
          const answer: AllotmentImportResponse = {
            dryRun: options.dryRun,
            created: datedFlights.filter((f) => f.change === 'created').length,
            changed: datedFlights.filter((f) => f.change === 'changed').length,
            datedFlights,
          };
          if (options.dryRun) throw new DryRunDone(answer);
          await recordStaffAction(tx, {
            staffUserId: options.staffUserId,
            action: 'allotments-imported',
            targetType: 'allotments',
            targetId: null,
            details: { lines: numbered.length, created: answer.created, changed: answer.changed },
          });
          return answer;
        });
      } catch (error) {
        if (error instanceof DryRunDone) return error.answer;
        throw error;
      }
    },
  };
}
export type AllotmentsService = ReturnType<typeof createAllotmentsService>;
