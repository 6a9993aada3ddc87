import { ALLOTMENT_CSV_COLUMNS, type AllotmentCsvColumn } from '@kwenda/contracts/admin';
import { ApiRequestError } from '../../../lib/api-client';

/**
 * The airline's sheet as the desk handles it before and after the server reads it: the columns the
 * import takes (in the order of the template), the template itself, and the server's refusal of a
 * file read back into one problem per line and column.
 */
/** The columns the import takes, in the order of the template. */
export const SHEET_COLUMNS = ALLOTMENT_CSV_COLUMNS;
export type SheetColumn = AllotmentCsvColumn;

/** Tarco's Port Sudan - Cairo on Mondays, Wednesdays and Fridays, five seats: the template's example line. */
export const TEMPLATE_EXAMPLE =
  '3T,212,PZU,CAI,13:30,15:40,135,2026-12-01,2026-12-31,economy,5,420,315,42,USD,1,23,7,true,60,true,25,3';

/** The template staff download and fill in: the header line and one example line (CRLF, as spreadsheets save). */
export const sheetTemplate = () => `${SHEET_COLUMNS.join(',')}\r\n${TEMPLATE_EXAMPLE}\r\n`;

/** One thing wrong with the sheet: its line (the header is line 1), the column when one is named. */
export interface SheetProblem {
  line: number | null;
  column: string | null;
  code: string;
  /** The value the sheet had, when the server quoted it ("3T" in `airline "3T" is not ...`). */
  value: string | null;
}

/**
 * The problems a refused import names: each field of a VALIDATION_ERROR (`line 4: adult_fare`,
 * `line 1`, `file`). Empty when the refusal names none (then the general message is shown).
 */
export function sheetProblems(error: unknown): SheetProblem[] {
  if (!(error instanceof ApiRequestError)) return [];
  return (error.body?.fields ?? []).map((field) => {
    const match = /^line (\d+)(?::\s*(\S+))?$/.exec(field.path);
    const value = /"([^"]*)"/.exec(field.message)?.[1] ?? null;
    if (match) return { line: Number(match[1]), column: match[2] ?? null, code: field.code, value };
    return { line: null, column: field.path === 'file' ? null : field.path, code: field.code, value };
  });
}

/** Whether a file chosen by staff looks like the sheet saved as CSV (the server checks the content). */
export const looksLikeCsv = (file: File) => /\.csv$/i.test(file.name) || file.type === 'text/csv';
