/**
 * A receipt's date and time read from glyphs the matcher was unsure of, by the shape a date must have.
 *
 * Under blur ٢ and ٣ (one tooth apart) and '-' and ٠ stay too close to tell one glyph at a time, and a
 * space between the time and the date can vanish. A date line has a grammar: its separators in fixed
 * places, a month 1-12, a day of that month, an hour and minutes, a year that is this year or the last
 * (a receipt uploaded now is not from the future nor years old). Each glyph keeps every label it could be
 * (candidates); a reading is taken only when exactly one combination of candidates makes a valid date
 * and time: never a guess between two valid ones.
 */

export interface Candidate {
  label: string;
  distance: number;
}

/**
 * The shapes of an app's date line in Arabic-Indic digits, as its glyphs lie left to right (the
 * bidirectional algorithm lays each group of Arabic numbers out on its own: «٢٨-١١-٢٠٢٦ ٠٢:١٢:٠٧» shows as
 * ٠٢:١٢:٠٧ ٢٠٢٦-١١-٢٨), spaces left out; and the text in logical order the parser reads.
 */
const SHAPES: { visual: RegExp; logical: (g: Record<string, string>) => string; twelveHour?: boolean }[] = [
  {
    visual: /^(?<h>\d\d):(?<min>\d\d):(?<s>\d\d)(?<d>\d\d)\/(?<m>\d\d)\/(?<y>\d{4})$/,
    logical: (g) => `${g.d}/${g.m}/${g.y} ${g.h}:${g.min}:${g.s}`,
  },
  {
    visual: /^(?<h>\d\d):(?<min>\d\d):(?<s>\d\d)(?<y>\d{4})-(?<m>\d\d)-(?<d>\d\d)$/,
    logical: (g) => `${g.d}-${g.m}-${g.y} ${g.h}:${g.min}:${g.s}`,
    twelveHour: true,
  },
  {
    visual: /^(?<h>\d\d):(?<min>\d\d)-(?<y>\d{4})\/(?<m>\d\d)\/(?<d>\d\d)$/,
    logical: (g) => `${g.y}/${g.m}/${g.d} - ${g.h}:${g.min}`,
  },
];

/** Combinations tried at most: a line with more doubt than this is left unread. */
const MAX_COMBINATIONS = 4096;

function validDate(groups: Record<string, string>, twelveHour: boolean, now: Date): boolean {
  const year = Number(groups.y);
  const month = Number(groups.m);
  const day = Number(groups.d);
  const hour = Number(groups.h);
  const thisYear = now.getUTCFullYear();
  if (year < thisYear - 1 || year > thisYear) return false;
  if (month < 1 || month > 12) return false;
  if (day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return false;
  if (twelveHour ? hour < 1 || hour > 12 : hour > 23) return false;
  if (Number(groups.min) > 59 || (groups.s !== undefined && Number(groups.s) > 59)) return false;
  return true;
}

/**
 * The date line in logical order when exactly one combination of the glyphs' candidates reads as a valid
 * date and time of one of the shapes; undefined otherwise.
 */
export function readDateByGrammar(glyphs: Candidate[][], now: Date = new Date()): string | undefined {
  if (glyphs.length < 12 || glyphs.some((candidates) => candidates.length === 0)) return undefined;
  let combinations = 1;
  for (const candidates of glyphs) combinations *= candidates.length;
  if (combinations > MAX_COMBINATIONS) return undefined;
  const found = new Set<string>();
  const labels = new Array<string>(glyphs.length);
  const visit = (index: number) => {
    if (found.size > 1) return;
    if (index === glyphs.length) {
      const visual = labels.join('');
      for (const shape of SHAPES) {
        const groups = shape.visual.exec(visual)?.groups;
        if (groups && validDate(groups, shape.twelveHour ?? false, now)) found.add(shape.logical(groups));
      }
      return;
    }
    for (const candidate of glyphs[index]!) {
      labels[index] = candidate.label;
      visit(index + 1);
    }
  };
  visit(0);
  return found.size === 1 ? [...found][0] : undefined;
}
