import { cabinClassCodes, latinDigits, parseLatinNumber, type CabinClassCode } from '@kwenda/contracts';
import { ALLOTMENT_CSV_COLUMNS, type AllotmentCsvColumn } from '@kwenda/contracts/admin';
import {
  ALLOTMENT_CURRENCIES,
  arrivalDayOffsetOf,
  dayNumber,
  type AllotmentCurrency,
  type AllotmentLine,
} from './allotment-line.js';

/**
 * The airline's sheet of allocated seats, as the agency uploads it: CSV (RFC 4180: quoted fields,
 * doubled quotes, CRLF or LF), UTF-8 with or without a byte-order mark, Arabic allowed, a header
 * line naming the columns in any order (extra columns are ignored). Digits may be Arabic-Indic.
 */
// The columns of the sheet, shared with the desk's import screen and its template.
export { ALLOTMENT_CSV_COLUMNS, type AllotmentCsvColumn } from '@kwenda/contracts/admin';

/** Lines of flights one file may hold (a season of an airline's schedule is far fewer). */
export const ALLOTMENT_CSV_MAX_LINES = 2000;
/** The most seats one dated flight may be given (a wide-body's cabin). */
const MAX_SEATS = 500;
/** Days before departure at which unsold seats may go back. */
const MAX_RELEASE_DAYS = 60;
/** A period longer than this is a typing mistake (airlines publish by season). */
const MAX_PERIOD_DAYS = 400;

/** What is wrong with the file, a line or one of its values: the line as a spreadsheet numbers it (the header is 1). */
export interface AllotmentCsvError {
  line: number;
  column: AllotmentCsvColumn | null;
  code: string;
  message: string;
}

export type AllotmentCsvResult = { ok: true; lines: AllotmentLine[] } | { ok: false; errors: AllotmentCsvError[] };

export interface AllotmentCsvOptions {
  /** Whether an IATA code names an airport Kwenda knows (the airports list). */
  isAirport: (code: string) => boolean;
}

/** Splits CSV text into records of fields; an unclosed quote is reported with the line it opened on. */
export function splitCsv(text: string): { records: { line: number; fields: string[] }[]; unclosedQuoteAt: number | null } {
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let quoteOpenedAt = 0;
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const endRecord = () => {
    fields.push(field);
    // A line with nothing on it (a trailing newline, a spacer row) is not a record.
    if (fields.length > 1 || fields[0]!.trim() !== '') records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };
  for (let i = 0; i < body.length; i++) {
    const char = body[i]!;
    if (quoted) {
      if (char === '"') {
        if (body[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (char === '\n') line++;
        field += char;
      }
      continue;
    }
    if (char === '"' && field.trim() === '') {
      quoted = true;
      quoteOpenedAt = line;
      field = '';
    } else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && body[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else field += char;
  }
  if (quoted) return { records, unclosedQuoteAt: quoteOpenedAt };
  endRecord();
  return { records, unclosedQuoteAt: null };
}

const isValidDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** Reads one line's values; every problem is collected, none stops the others being checked. */
function readLine(
  line: number,
  value: (column: AllotmentCsvColumn) => string,
  options: AllotmentCsvOptions,
  errors: AllotmentCsvError[],
): AllotmentLine | null {
  const before = errors.length;
  const fail = (column: AllotmentCsvColumn, code: string, message: string) => {
    errors.push({ line, column, code, message });
    return null;
  };
  const required = (column: AllotmentCsvColumn) => {
    const text = value(column);
    return text === '' ? fail(column, 'required', `${column} is empty`) : text;
  };
  const code = (column: AllotmentCsvColumn, pattern: RegExp, what: string) => {
    const text = required(column)?.toUpperCase() ?? null;
    if (text === null) return null;
    return pattern.test(text) ? text : fail(column, `invalid_${column}`, `${column} "${text}" is not ${what}`);
  };
  const airport = (column: 'origin' | 'destination') => {
    const text = code(column, /^[A-Z]{3}$/, 'an IATA airport code (three letters)');
    if (text === null) return null;
    return options.isAirport(text) ? text : fail(column, 'unknown_airport', `${column} "${text}" is not an airport Kwenda knows`);
  };
  const time = (column: 'departure_time' | 'arrival_time') => {
    const text = required(column);
    if (text === null) return null;
    const match = /^(\d{1,2}):(\d{2})$/.exec(text);
    if (!match || Number(match[1]) > 23 || Number(match[2]) > 59)
      return fail(column, 'invalid_time', `${column} "${text}" is not a time HH:mm (00:00 to 23:59)`);
    return `${match[1]!.padStart(2, '0')}:${match[2]}`;
  };
  const date = (column: 'from_date' | 'to_date') => {
    const text = required(column);
    if (text === null) return null;
    return isValidDate(text) ? text : fail(column, 'invalid_date', `${column} "${text}" is not a date yyyy-MM-dd`);
  };
  const whole = (column: AllotmentCsvColumn, min: number, max: number) => {
    const text = required(column);
    if (text === null) return null;
    const n = parseLatinNumber(text);
    return Number.isInteger(n) && n >= min && n <= max
      ? n
      : fail(column, 'invalid_number', `${column} "${text}" is not a whole number from ${min} to ${max}`);
  };
  const amount = (column: AllotmentCsvColumn, positive: boolean) => {
    const text = required(column);
    if (text === null) return null;
    const n = parseLatinNumber(text);
    if (!Number.isFinite(n) || (positive ? n <= 0 : n < 0) || Math.round(n * 100) !== n * 100)
      return fail(
        column,
        'invalid_amount',
        `${column} "${text}" is not ${positive ? 'an amount above zero' : 'an amount of zero or more'} (at most two decimals)`,
      );
    return n;
  };
  const flag = (column: 'refundable' | 'changeable') => {
    const text = required(column)?.toLowerCase() ?? null;
    if (text === null) return null;
    if (text === 'true' || text === 'false') return text === 'true';
    return fail(column, 'invalid_boolean', `${column} "${text}" is not true or false`);
  };
  /** A penalty is read only for a fare that allows the change: empty means none. */
  const penalty = (column: 'refund_penalty' | 'change_penalty', allowed: boolean | null) =>
    allowed && value(column) !== '' ? amount(column, false) : null;

  const airline = code('airline', /^[A-Z0-9]{2}$/, 'an IATA airline code (two letters or digits)');
  const flightNumberText = required('flight_number');
  const flightNumber =
    flightNumberText === null
      ? null
      : /^\d{1,4}[A-Z]?$/i.test(flightNumberText)
        ? flightNumberText.toUpperCase().replace(/^0+(?=\d)/, '')
        : fail(
            'flight_number',
            'invalid_flight_number',
            `flight_number "${flightNumberText}" is not a flight number (up to four digits, without the airline's code)`,
          );
  const origin = airport('origin');
  const destination = airport('destination');
  if (origin && destination && origin === destination)
    fail('destination', 'same_airport', `destination "${destination}" is the origin as well`);
  const departureTime = time('departure_time');
  const arrivalTime = time('arrival_time');
  if (departureTime && arrivalTime && departureTime === arrivalTime)
    fail('arrival_time', 'invalid_time', `arrival_time "${arrivalTime}" is the departure time as well`);
  const daysText = required('days');
  let days: number[] | null = null;
  if (daysText !== null) {
    const digits = [...daysText.replace(/\s/g, '')].map(Number);
    if (!/^[1-7]+$/.test(daysText.replace(/\s/g, '')) || new Set(digits).size !== digits.length)
      fail(
        'days',
        'invalid_days',
        `days "${daysText}" is not a list of days of the week, each once (Monday = 1 ... Sunday = 7, e.g. 1357)`,
      );
    else days = [...digits].sort((a, b) => a - b);
  }
  const fromDate = date('from_date');
  const toDate = date('to_date');
  if (fromDate && toDate) {
    const length = dayNumber(toDate) - dayNumber(fromDate);
    if (length < 0) fail('to_date', 'date_range_reversed', `to_date ${toDate} is before from_date ${fromDate}`);
    else if (length > MAX_PERIOD_DAYS) fail('to_date', 'period_too_long', `the period is longer than ${MAX_PERIOD_DAYS} days`);
  }
  const cabinText = required('cabin');
  const cabin =
    cabinText === null
      ? null
      : (cabinClassCodes as readonly string[]).includes(cabinText.toLowerCase())
        ? (cabinText.toLowerCase() as CabinClassCode)
        : fail('cabin', 'invalid_cabin', `cabin "${cabinText}" is not one of ${cabinClassCodes.join(', ')}`);
  const seats = whole('seats', 1, MAX_SEATS);
  const adult = amount('adult_fare', true);
  const child = amount('child_fare', true);
  const infant = amount('infant_fare', true);
  const currencyText = required('currency')?.toUpperCase() ?? null;
  const currency =
    currencyText === null
      ? null
      : (ALLOTMENT_CURRENCIES as readonly string[]).includes(currencyText)
        ? (currencyText as AllotmentCurrency)
        : fail('currency', 'invalid_currency', `currency "${currencyText}" is not one of ${ALLOTMENT_CURRENCIES.join(', ')}`);
  const holdPieces = whole('hold_bags', 0, 5);
  const holdKg = whole('hold_kg', 0, 100);
  const cabinKg = whole('cabin_kg', 0, 30);
  if (holdPieces === 0 && holdKg !== null && holdKg > 0)
    fail('hold_kg', 'invalid_number', 'hold_kg is given for a fare without checked bags (hold_bags is 0)');
  const refundable = flag('refundable');
  const refundPenalty = penalty('refund_penalty', refundable);
  const changeable = flag('changeable');
  const changePenalty = penalty('change_penalty', changeable);
  const releaseDays = whole('release_days', 0, MAX_RELEASE_DAYS);

  if (errors.length > before) return null;
  return {
    airline: airline!,
    flightNumber: flightNumber!,
    origin: origin!,
    destination: destination!,
    departureTime: departureTime!,
    arrivalTime: arrivalTime!,
    // Airlines publish local times only: an arrival at or before the departure's clock time is the next day.
    arrivalDayOffset: arrivalDayOffsetOf(departureTime!, arrivalTime!),
    days: days!,
    fromDate: fromDate!,
    toDate: toDate!,
    cabin: cabin!,
    seats: seats!,
    fares: { adult: adult!, child: child!, infant: infant! },
    currency: currency!,
    bags: { holdPieces: holdPieces!, holdKg: holdKg!, cabinKg: cabinKg! },
    refund: { allowed: refundable!, penalty: refundPenalty },
    change: { allowed: changeable!, penalty: changePenalty },
    releaseDays: releaseDays!,
  };
}

/** Two lines of the same flight and cabin whose periods share a day the flight operates. */
function overlaps(a: AllotmentLine, b: AllotmentLine) {
  if (a.airline !== b.airline || a.flightNumber !== b.flightNumber || a.origin !== b.origin || a.cabin !== b.cabin) return false;
  const from = Math.max(dayNumber(a.fromDate), dayNumber(b.fromDate));
  const to = Math.min(dayNumber(a.toDate), dayNumber(b.toDate));
  if (from > to) return false;
  // Within the shared dates (at most a week needs looking at), a day both lines fly.
  for (let day = from; day <= Math.min(to, from + 6); day++) {
    const weekday = ((new Date(day * 86_400_000).getUTCDay() + 6) % 7) + 1;
    if (a.days.includes(weekday) && b.days.includes(weekday)) return true;
  }
  return false;
}

/**
 * The airline's sheet read whole: every flight line, or every problem of the file (each bad line and
 * column named), so that a file with any mistake changes nothing.
 */
export function parseAllotmentCsv(text: string, options: AllotmentCsvOptions): AllotmentCsvResult {
  const fileError = (code: string, message: string, line = 1): AllotmentCsvResult => ({
    ok: false,
    errors: [{ line, column: null, code, message }],
  });
  if (text.includes('\u0000')) return fileError('not_csv', 'The file is not text: upload the sheet saved as CSV (UTF-8)');
  const { records, unclosedQuoteAt } = splitCsv(text);
  if (unclosedQuoteAt !== null) return fileError('unclosed_quote', 'A quoted value is never closed', unclosedQuoteAt);
  const [header, ...rows] = records;
  if (!header) return fileError('empty_file', 'The file is empty: it needs a header line and one line per flight');
  const names = header.fields.map((name) => latinDigits(name).trim().toLowerCase());
  const missing = ALLOTMENT_CSV_COLUMNS.filter((column) => !names.includes(column));
  if (missing.length)
    return {
      ok: false,
      errors: missing.map((column) => ({
        line: header.line,
        column,
        code: 'missing_column',
        message: `The header has no ${column} column`,
      })),
    };
  const repeated = names.find((name, i) => name !== '' && names.indexOf(name) !== i);
  if (repeated) return fileError('repeated_column', `The header names ${repeated} twice`, header.line);
  if (!rows.length) return fileError('empty_file', 'The file has a header but no flight lines', header.line);
  if (rows.length > ALLOTMENT_CSV_MAX_LINES)
    return fileError('too_many_lines', `A file holds at most ${ALLOTMENT_CSV_MAX_LINES} flight lines; split it`, header.line);

  const index = new Map(names.map((name, i) => [name, i]));
  const errors: AllotmentCsvError[] = [];
  const lines: (AllotmentLine & { line: number })[] = [];
  for (const row of rows) {
    if (row.fields.length !== names.length) {
      errors.push({
        line: row.line,
        column: null,
        code: 'wrong_field_count',
        message: `The line has ${row.fields.length} values where the header names ${names.length} columns`,
      });
      continue;
    }
    const value = (column: AllotmentCsvColumn) => latinDigits(row.fields[index.get(column)!]!).trim();
    const read = readLine(row.line, value, options, errors);
    if (read) lines.push({ ...read, line: row.line });
  }
  for (let i = 0; i < lines.length; i++)
    for (let j = 0; j < i; j++)
      if (overlaps(lines[i]!, lines[j]!))
        errors.push({
          line: lines[i]!.line,
          column: 'from_date',
          code: 'overlapping_period',
          message: `Flight ${lines[i]!.airline} ${lines[i]!.flightNumber} (${lines[i]!.cabin}) flies on days line ${lines[j]!.line} already gives`,
        });
  if (errors.length) return { ok: false, errors: errors.sort((a, b) => a.line - b.line) };
  return { ok: true, lines: lines.map(({ line: _, ...rest }) => rest) };
}
