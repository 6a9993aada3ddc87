import { describe, expect, it } from 'vitest';
import { ALLOTMENT_CSV_COLUMNS, parseAllotmentCsv, splitCsv } from './allotment-csv.js';

const KNOWN = new Set(['PZU', 'CAI', 'JED', 'KRT', 'JUB']);
const options = { isAirport: (code: string) => KNOWN.has(code) };
const HEADER = ALLOTMENT_CSV_COLUMNS.join(',');
/** Tarco's Port Sudan - Cairo, Monday, Wednesday and Friday in December, five seats. */
const TARCO = '3T,212,PZU,CAI,13:30,15:40,135,2026-12-01,2026-12-31,economy,5,420,315,42,USD,1,23,7,true,60,true,25,3';
const csv = (...lines: string[]) => [HEADER, ...lines].join('\n');
const errorsOf = (text: string) => {
  const result = parseAllotmentCsv(text, options);
  if (result.ok) throw new Error('the file was accepted');
  return result.errors;
};

describe("the airline's sheet of allocated seats (CSV)", () => {
  it('reads a flight line into the flight the agency sells', () => {
    const result = parseAllotmentCsv(csv(TARCO), options);
    expect(result).toEqual({
      ok: true,
      lines: [
        {
          airline: '3T',
          flightNumber: '212',
          origin: 'PZU',
          destination: 'CAI',
          departureTime: '13:30',
          arrivalTime: '15:40',
          arrivalDayOffset: 0,
          days: [1, 3, 5],
          fromDate: '2026-12-01',
          toDate: '2026-12-31',
          cabin: 'economy',
          seats: 5,
          fares: { adult: 420, child: 315, infant: 42 },
          currency: 'USD',
          bags: { holdPieces: 1, holdKg: 23, cabinKg: 7 },
          refund: { allowed: true, penalty: 60 },
          change: { allowed: true, penalty: 25 },
          releaseDays: 3,
        },
      ],
    });
  });

  it('takes a byte-order mark, CRLF, columns in any order, quoted values, Arabic-Indic digits and an arrival the next day', () => {
    const columns = [...ALLOTMENT_CSV_COLUMNS].reverse();
    const values: Record<string, string> = Object.fromEntries(ALLOTMENT_CSV_COLUMNS.map((c, i) => [c, TARCO.split(',')[i]!]));
    values.departure_time = '23:50';
    values.arrival_time = '٠١:٥٥';
    values.adult_fare = '"1,250.50"';
    values.seats = '١٢';
    values.currency = 'sdg';
    values.refundable = 'FALSE';
    values.refund_penalty = '';
    const text = `\ufeff${columns.join(',')}\r\n${columns.map((c) => values[c]).join(',')}\r\n\r\n`;
    const result = parseAllotmentCsv(text, options);
    expect(result.ok && result.lines[0]).toMatchObject({
      departureTime: '23:50',
      arrivalTime: '01:55',
      arrivalDayOffset: 1,
      seats: 12,
      fares: { adult: 1250.5 },
      currency: 'SDG',
      refund: { allowed: false, penalty: null },
    });
  });

  it('names every bad line and column, and gives no flight of a file with any mistake', () => {
    const bad = TARCO.split(',');
    const line = (changes: Record<number, string>) => bad.map((v, i) => changes[i] ?? v).join(',');
    const errors = errorsOf(
      csv(
        TARCO,
        line({ 0: 'TARCO', 2: 'XXX', 4: '24:10' }),
        line({ 6: '1337', 7: '2026-12-31', 8: '2026-12-01' }),
        line({ 9: 'cargo', 10: '0', 11: '-5', 12: '0', 14: 'EUR' }),
        line({ 1: '3T212', 3: 'PZU', 18: 'yes', 22: '2.5' }),
      ),
    );
    expect(errors.map((e) => [e.line, e.column, e.code])).toEqual([
      [3, 'airline', 'invalid_airline'],
      [3, 'origin', 'unknown_airport'],
      [3, 'departure_time', 'invalid_time'],
      [4, 'days', 'invalid_days'],
      [4, 'to_date', 'date_range_reversed'],
      [5, 'cabin', 'invalid_cabin'],
      [5, 'seats', 'invalid_number'],
      [5, 'adult_fare', 'invalid_amount'],
      [5, 'child_fare', 'invalid_amount'],
      [5, 'currency', 'invalid_currency'],
      [6, 'flight_number', 'invalid_flight_number'],
      [6, 'destination', 'same_airport'],
      [6, 'refundable', 'invalid_boolean'],
      [6, 'release_days', 'invalid_number'],
    ]);
    expect(errors.find((e) => e.code === 'invalid_days')!.message).toContain('"1337"');
  });

  it('refuses two lines of the same flight and cabin that fly on a same day, and accepts them on different days', () => {
    const mondays = TARCO.replace(',135,', ',1,');
    const fridaysJanuary = TARCO.replace(',135,2026-12-01,2026-12-31,', ',5,2026-12-20,2027-01-31,');
    const overlapping = errorsOf(csv(TARCO, fridaysJanuary));
    expect(overlapping).toEqual([expect.objectContaining({ line: 3, column: 'from_date', code: 'overlapping_period' })]);
    expect(overlapping[0]!.message).toContain('line 2');
    expect(parseAllotmentCsv(csv(mondays, fridaysJanuary), options).ok).toBe(true);
    // The same flight in another cabin is another allocation.
    expect(parseAllotmentCsv(csv(TARCO, TARCO.replace(',economy,', ',business,')), options).ok).toBe(true);
  });

  it('answers a file it cannot read with one clear error', () => {
    expect(errorsOf('')).toEqual([expect.objectContaining({ code: 'empty_file' })]);
    expect(errorsOf(HEADER)).toEqual([expect.objectContaining({ code: 'empty_file' })]);
    expect(errorsOf(csv('"3T,212'))).toEqual([expect.objectContaining({ code: 'unclosed_quote', line: 2 })]);
    expect(errorsOf('PK\u0003\u0004\u0000\u0000')).toEqual([expect.objectContaining({ code: 'not_csv' })]);
    const withoutSeats = HEADER.replace(',seats,', ',');
    expect(errorsOf(`${withoutSeats}\n${TARCO}`)).toEqual([
      expect.objectContaining({ line: 1, column: 'seats', code: 'missing_column' }),
    ]);
    expect(errorsOf(csv(`${TARCO},extra`))).toEqual([expect.objectContaining({ line: 2, code: 'wrong_field_count' })]);
  });

  it('counts lines as a spreadsheet numbers them, a quoted value over two lines included', () => {
    const { records } = splitCsv('a,b\n"one\ntwo",x\nlast,y');
    expect(records.map((r) => [r.line, r.fields])).toEqual([
      [1, ['a', 'b']],
      [2, ['one\ntwo', 'x']],
      [4, ['last', 'y']],
    ]);
    expect(splitCsv('a,"say ""hi"""').records[0]!.fields).toEqual(['a', 'say "hi"']);
  });
});
