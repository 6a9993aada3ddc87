import data from './digit-glyphs.json' with { type: 'json' };
import { readDateByGrammar, type Candidate } from './date-grammar.js';
import { deblurStrip, lineBlur } from './deblur-strip.js';
import {
  BITMAP,
  classifyGlyph,
  stripGlyphs,
  type Glyph,
  type GlyphMatch,
  type GlyphTemplate,
  type GreyImage,
} from './digit-glyphs.js';
import { union } from './parse-receipt-text.js';
import type { ReceiptLine, TextBox } from './receipt-reading.js';

/**
 * The numbers of a receipt printed in Arabic-Indic digits, read by digit-glyphs.ts in the lines the OCR
 * engine found, and written into those lines in Latin digits and in logical order, for the parser.
 *
 * Order: inside a number the digits run left to right; but numbers separated by a space or '-' inside
 * one value are laid out right to left (the Unicode bidirectional algorithm treats Arabic-Indic digits
 * as Arabic numbers), so «٢٥-١١-٢٠٢٦» shows as ٢٠٢٦-١١-٢٥ and an account grouped in fours shows its
 * last group first. The groups of a run are therefore read in reverse.
 *
 * Never a wrong number: a glyph between digits that matches no template well makes its whole number
 * unreadable ('؟'), and on a receipt in Arabic-Indic digits the OCR's own digits are dropped.
 */

const templates: GlyphTemplate[] = (data.templates as [string, string, number[], number][]).map(
  ([label, bitmap, geometry, pieces]) => ({
    label,
    bitmap: Float32Array.from(bitmap, (c) => parseInt(c, 16) / 15),
    geometry,
    pieces,
  }),
);
if (data.bitmap !== BITMAP) throw new Error('digit-glyphs.json was made for another bitmap size');

const isArabicIndic = (label: string) => /^\d$/.test(label);
const DISTINCT_ARABIC_INDIC = /^[234678]$/;
const isLatin = (label: string) => /^L\d$/.test(label);
const isSeparator = (label: string) => /^[,.:/-]$/.test(label);
const arabicIndicOrSeparator = (label: string) => isArabicIndic(label) || (isSeparator(label) && label !== '.');

/** A glyph further than this from every template is not one the reader knows. */
export const MATCH_LIMIT = 0.12;
/** A gap wider than this share of the line's height ends a number; a narrower one above SPACE is a space. */
const RUN_GAP = 1.3;
const SPACE = 0.3;
/** The second likeliest digit must be this much further than the likeliest. */
const MARGIN = 1.25;
/** Digits a blur turns into each other (٢ and ٣ differ by one tooth, ٤ and ٣ nearly): a wider margin. */
const CONFUSABLE = new Set(['23', '32', '34', '43', '24', '42']);
const CONFUSABLE_MARGIN = 1.8;

interface Run {
  glyphs: { glyph: Glyph; label: string }[];
  box: TextBox;
  text: string;
  /** Read on a deblurred strip (readDeblurred). */
  deblurred?: boolean;
  /** The run's glyphs before specks at its ends were left out: where a deblurred reading looks. */
  extent?: TextBox;
}

/**
 * A number cut in pieces by a space the reader saw in it: a group that starts or ends with a separator
 * ('2,242,'), or an amount (grouped with ',') in more than one group. Dates and times use / : - only.
 */
const broken = (visual: string) => /(?:^|\s)[,.:/]|[,.:/](?:\s|$)/.test(visual) || (/,/.test(visual) && /\s/.test(visual));

/** Reverses the groups of a run split at spaces and '-', keeping each group's digits in order. */
export function logicalOrder(visual: string): string {
  return (visual.match(/[^\s-]+|\s+|-/g) ?? []).reverse().join('');
}

const CANDIDATE_LABELS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '-', '/', ':', ','];

/**
 * Every label a glyph could be: its likeliest and each other that the likeliest is not sure against (the
 * margins above); none when it is like no digit or separator.
 */
function candidatesOf(glyph: Glyph): Candidate[] {
  const all = CANDIDATE_LABELS.map((label) => ({
    label,
    distance: classifyGlyph(glyph, templates, (other) => other === label).distance,
  }));
  const best = all.reduce((a, b) => (b.distance < a.distance ? b : a));
  if (best.distance > 2 * MATCH_LIMIT) return [];
  return all.filter(({ label, distance }) => {
    if (label === best.label) return true;
    const margin = CONFUSABLE.has(`${best.label}${label}`) ? CONFUSABLE_MARGIN : MARGIN;
    const sure = (best.distance <= MATCH_LIMIT && distance >= margin * best.distance + 0.005) || distance >= 2 * best.distance;
    return !sure;
  });
}

/** The runs of Arabic-Indic digits in one strip of the image. */
export function arabicIndicRuns(
  image: GreyImage,
  strip: TextBox,
  middle?: { y0: number; y1: number },
  level = 1,
  deblurred = false,
): { runs: Run[]; votes: { arabic: number; latin: number } } {
  const glyphs = stripGlyphs(image, strip, middle, level);
  const heights = glyphs.map((g) => g.box.y1 - g.box.y0).sort((a, b) => a - b);
  const lineHeight = heights[Math.floor(heights.length * 0.75)] ?? 1;
  const matched = glyphs.flatMap((glyph) => {
    const match = classifyGlyph(glyph, templates);
    const numeric = match.distance <= MATCH_LIMIT && !match.label.startsWith('x:');
    if (numeric || glyph.geometry[3]! < 0.9 || glyph.geometry[3]! > 2 || glyph.geometry[1]! > 1.2 || !glyph.splits)
      return [{ glyph, match }];
    // A wide glyph of a digit's height that is no digit may be two digits touching.
    let best: { glyph: Glyph; match: GlyphMatch }[] | undefined;
    let bestDistance = Infinity;
    for (const parts of glyph.splits()) {
      const matches = parts.map((part) => ({ glyph: part, match: classifyGlyph(part, templates) }));
      const worst = Math.max(...matches.map(({ match: m }) => m.distance));
      if (
        matches.every(({ match: m }) => isArabicIndic(m.label)) &&
        worst <= Math.min(MATCH_LIMIT, match.distance) &&
        worst < bestDistance
      ) {
        best = matches;
        bestDistance = worst;
      }
    }
    return best ?? [{ glyph, match }];
  });
  // Runs of glyphs close together; a glyph matched to a letter (or a Latin digit) is kept in the run, to be judged below.
  const runs: { glyph: Glyph; label: string; distance: number }[][] = [];
  let current: { glyph: Glyph; label: string; distance: number }[] = [];
  const marks: Run[] = [];
  for (const { glyph, match } of matched) {
    const last = current[current.length - 1];
    const known = match.distance <= MATCH_LIMIT;
    const numeric = known && (isArabicIndic(match.label) || isLatin(match.label) || isSeparator(match.label));
    if (last && glyph.box.x0 - last.glyph.box.x1 > RUN_GAP * lineHeight) {
      runs.push(current);
      current = [];
    }
    if (known && !numeric && last && glyph.box.x0 - last.glyph.box.x1 <= SPACE * lineHeight) {
      // A "letter" right against a digit is more likely digits the reader cannot separate: it spoils the number.
      current.push({ glyph, label: '?', distance: match.distance });
      continue;
    }
    if (known && !numeric) {
      // A letter ends the number; the morning and afternoon marks of a time (ص, م) are kept as words.
      runs.push(current);
      current = [];
      if (match.label === 'x:م' || match.label === 'x:ص') marks.push({ glyphs: [], box: glyph.box, text: match.label.slice(2) });
      continue;
    }
    current.push({ glyph, label: known ? match.label : '?', distance: match.distance });
  }
  runs.push(current);

  const result: Run[] = [];
  const votes = { arabic: 0, latin: 0 };
  for (const run of runs) {
    // Pieces of the run apart from the rest (a space wide) that hold an unknown mark and at most one digit are
    // a speck or a letter beside the number (the dot of «ج.س» looks like ٠), not part of it.
    const pieces: (typeof run)[] = [];
    run.forEach((entry, index) => {
      if (index === 0 || entry.glyph.box.x0 - run[index - 1]!.glyph.box.x1 > SPACE * lineHeight) pieces.push([]);
      pieces[pieces.length - 1]!.push(entry);
    });
    const stray = (piece: typeof run) =>
      piece.every((entry) => !isArabicIndic(entry.label) && !isLatin(entry.label)) ||
      (piece.some((entry) => entry.label === '?') &&
        piece.filter((entry) => isArabicIndic(entry.label) || isLatin(entry.label)).length <= 1);
    const extent = union(run.map((entry) => entry.glyph.box));
    while (pieces.length > 0 && stray(pieces[0]!)) pieces.shift();
    while (pieces.length > 0 && stray(pieces[pieces.length - 1]!)) pieces.pop();
    run.splice(0, run.length, ...pieces.flat());
    while (run.length > 0 && isSeparator(run[0]!.label)) run.shift();
    while (run.length > 0 && isSeparator(run[run.length - 1]!.label)) run.pop();
    // ٢٣٤٦٧٨ look like no Latin digit; ٠١٥٩ do, once blurred (٥ and 0, ٩ and 9).
    const arabic = run.filter((g) => DISTINCT_ARABIC_INDIC.test(g.label)).length;
    const latin = run.filter((g) => isLatin(g.label) && g.label !== 'L1').length;
    votes.arabic += arabic;
    votes.latin += latin;
    const digits = run.filter((g) => isArabicIndic(g.label) || isLatin(g.label)).length;
    // Whether the receipt's digits are Arabic-Indic is decided over all its runs (readArabicIndicNumbers).
    // At a darker threshold than Otsu's, letters break into digit-like pieces: no Latin-looking glyph at all.
    if (digits < 2 || latin > arabic || (level < 1 && latin > 0)) continue;
    // Read again among Arabic-Indic digits and separators only; an unknown glyph inside spoils the number.
    let visual = '';
    let spoiled = false;
    // A space is a gap well over the number's own spacing (wide in a wide font or a letter-spaced figure).
    const gaps = run.slice(1).map((entry, index) => entry.glyph.box.x0 - run[index]!.glyph.box.x1);
    const space = Math.max(SPACE * lineHeight, 2 * (gaps.sort((a, b) => a - b)[Math.floor(gaps.length / 2)] ?? 0));
    run.forEach((entry, index) => {
      const previous = run[index - 1];
      if (previous && entry.glyph.box.x0 - previous.glyph.box.x1 > space) visual += ' ';
      const match = classifyGlyph(entry.glyph, templates, arabicIndicOrSeparator);
      // Near enough to one template, or a little further but much nearer to that class than to any other.
      const runnerUp = classifyGlyph(entry.glyph, templates, (label) => arabicIndicOrSeparator(label) && label !== match.label);
      const margin = CONFUSABLE.has(`${match.label}${runnerUp.label}`) ? CONFUSABLE_MARGIN : MARGIN;
      const sure =
        (match.distance <= MATCH_LIMIT && runnerUp.distance >= margin * match.distance + 0.005) ||
        (match.distance <= 2 * MATCH_LIMIT && runnerUp.distance >= 2 * match.distance);
      if (!sure) spoiled = true;
      visual += match.label;
    });
    const unread = spoiled || broken(visual.trim()) || (level < 1 && !deblurred && /\s/.test(visual.trim()));
    // Deblurred, a line the matcher was unsure of, or read in no receipt number's shape (the space between a
    // time and its date lost), is read by the shape of a date (date-grammar.ts); readDeblurred then takes
    // it only when other deblurred readings agree.
    const misshapen = !unread && !RECEIPT_NUMBER.some((shape) => shape.test(logicalOrder(visual.trim())));
    const date =
      deblurred && (unread || misshapen) ? readDateByGrammar(run.map((entry) => candidatesOf(entry.glyph))) : undefined;
    result.push({
      glyphs: run.map((entry) => ({ glyph: entry.glyph, label: entry.label })),
      box: union(run.map((entry) => entry.glyph.box))!,
      extent,
      // At a darker threshold a ٠ (a small dot) can vanish, leaving what looks like a space: no spaces there.
      // (Deblurred, a number with a space is kept only in the shape of a whole date and time: readDeblurred.)
      text: date ?? (unread ? '؟' : logicalOrder(visual.trim())),
    });
  }
  // The marks of morning and afternoon next to a number read (never a label's letter further away).
  const beside = (mark: Run) =>
    result.some(
      (run) => run.text !== '؟' && Math.max(run.box.x0 - mark.box.x1, mark.box.x0 - run.box.x1) <= RUN_GAP * lineHeight,
    );
  return { runs: [...result, ...marks.filter(beside)], votes };
}

/**
 * Deconvolutions of a blurred photo's line (blur of two widths undone, more or less far: the photo's own
 * blur is unknown), each read at Otsu's threshold and two darker ones.
 */
const DEBLUR = [
  { sigma: 1.5, after: [30, 60] },
  { sigma: 2, after: [30, 60] },
];
const DEBLUR_LEVELS = [1, 0.7, 0.5];
/** The median line's blur (lineBlur) over which a receipt is a photo whose numbers may be deblurred. */
const BLURRED = 1.2;
/** A line this share of the image's width or less may be a value alone (the label on a line of its own). */
const SHORT_LINE = 0.35;

/**
 * The shapes a receipt's numbers take (in logical order): a transaction or account number (accounts may
 * be grouped in fours), an amount grouped in thousands with its two decimals, a date with its time, a
 * time. A deblurred reading of another shape has lost or gained a digit or a separator.
 */
const AMOUNT = /^\d{1,3}(?:,\d{3})*[.,]\d{2}$/;
const RECEIPT_NUMBER = [
  /^\d{6,20}$/,
  /^\d{4}(?: \d{4})* \d{1,4}$/,
  AMOUNT,
  /^\d{2}([-/])\d{2}\1\d{4} \d{2}:\d{2}(?::\d{2})?(?: [صم])?$/,
  /^\d{4}\/\d{2}\/\d{2} - \d{2}:\d{2}$/,
  /^\d{1,2}:\d{2}$/,
];

/**
 * A number the blur made unreadable, read again deblurred (deblur-strip.ts) in several ways. Undoing blur
 * sharpens noise too and a single reading can drop or invent a digit, so a reading counts only when it
 * leaves no glyph unread and its numbers span the whole of what the first reading saw (`seen`: a reading
 * that lost the ends of a number is no reading), and one reading is taken only when at least two give it
 * and it outnumbers every other reading twice over.
 */
function readDeblurred(image: GreyImage, strip: TextBox, middle: { y0: number; y1: number }, seen: TextBox): Run[] | undefined {
  const slack = (middle.y1 - middle.y0) / 2;
  const counts = new Map<string, { runs: Run[]; count: number }>();
  const tried: Run[][] = [];
  const sharpened = (function* () {
    for (const options of DEBLUR) yield* deblurStrip(image, strip, options);
  })();
  for (const sharper of sharpened) {
    const area = sharper.toStrip(strip);
    const rows = sharper.toStrip({ ...strip, ...middle });
    for (const level of DEBLUR_LEVELS) {
      const runs = arabicIndicRuns(sharper.image, area, { y0: rows.y0, y1: rows.y1 }, level, true).runs.map((run) => ({
        ...run,
        box: sharper.toImage(run.box),
      }));
      tried.push(runs);
      const numbers = runs.filter((run) => /\d/.test(run.text));
      const span = union(numbers.map((run) => run.box));
      if (!span || runs.some((run) => run.text === '؟')) continue;
      if (span.x0 > seen.x0 + slack || span.x1 < seen.x1 - slack) continue;
      const key = numbers.map((run) => run.text).join(' ');
      if (!RECEIPT_NUMBER.some((shape) => shape.test(key))) continue;
      counts.set(key, { runs, count: (counts.get(key)?.count ?? 0) + 1 });
    }
    // Time: a line that shows no number at all (a name) after the first deblurring is not deblurred again,
    // nor one whose reading is already settled.
    if (!tried.some((runs) => runs.length > 0)) return undefined;
    const settled = [...counts.values()];
    if (settled.length === 1 && settled[0]!.count >= 3) break;
  }
  const ranked = [...counts.values()].sort((a, b) => b.count - a.count);
  const [best, next] = ranked;
  if (!best || best.count < 2 || (next && best.count < 2 * next.count)) return undefined;
  return best.runs;
}

const ENGLISH_LABEL = /\b(?:transaction|amount|date|account|beneficiary|receiver|sender)\b/i;
const NOT_ARABIC_WORDS = /[^\u0621-\u064a\s\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/;
const OCR_DIGIT = /[0-9\u0660-\u0669\u06f0-\u06f9]/g;
const overlaps = (a: TextBox, b: TextBox) =>
  Math.min(a.x1, b.x1) > Math.max(a.x0, b.x0) && Math.min(a.y1, b.y1) > Math.max(a.y0, b.y0);

/**
 * The lines with their Arabic-Indic numbers read, or undefined when the receipt shows none (its digits
 * are Latin, and the OCR's reading stands).
 */
export function readArabicIndicNumbers(lines: ReceiptLine[], image: GreyImage): ReceiptLine[] | undefined {
  // The English app prints Latin digits only.
  if (lines.some((line) => ENGLISH_LABEL.test(line.text))) return undefined;
  const votes = { arabic: 0, latin: 0 };
  const found = lines.map((line) => {
    if (!line.box) return [];
    const height = line.box.y1 - line.box.y0;
    const strip = {
      x0: line.box.x0 - height,
      y0: line.box.y0 - height * 0.4,
      x1: line.box.x1 + height,
      y1: line.box.y1 + height * 0.4,
    };
    const middle = { y0: line.box.y0, y1: line.box.y1 };
    let read = arabicIndicRuns(image, strip, middle);
    // A blurred photo's digits run together at Otsu's threshold: darker thresholds part them.
    // Only on lines where the OCR saw something other than Arabic words (what it makes of digits it cannot read).
    for (const level of NOT_ARABIC_WORDS.test(line.text) ? [0.7, 0.5] : []) {
      if (read.runs.some((run) => /\d/.test(run.text))) break;
      read = arabicIndicRuns(image, strip, middle, level);
    }
    votes.arabic += read.votes.arabic;
    votes.latin += read.votes.latin;
    return read.runs;
  });
  const digitsRead = found.flat().filter((run) => (run.text.match(/\d/g)?.length ?? 0) >= 4);
  // Glyphs of the whole receipt that only Arabic-Indic digits have, against those only Latin digits have.
  // Its numbers all unread, a receipt whose glyphs are clearly Arabic-Indic still has the OCR's misreadings dropped.
  if ((digitsRead.length === 0 && votes.arabic < 6) || votes.arabic <= 3 * votes.latin) return undefined;
  // On a photo of a screen in Arabic-Indic digits, a number the reader saw but could not read (the blur
  // joined its digits) is read again deblurred, in a strip around it only; so is a short line where it saw
  // nothing (blobs of joined digits taken for letters), which the number read must then fill. Not on a
  // screenshot: its digits are read at once or not by deblurring.
  const blurs = lines.flatMap((line) => (line.box ? [lineBlur(image, line.box)] : [])).filter((blur) => blur !== undefined);
  if ((blurs.sort((a, b) => a - b)[Math.floor(blurs.length / 2)] ?? 0) < BLURRED) return finish(lines, found);
  const unreadSeen = found.some((runs) => runs.some((run) => run.text === '؟'));
  const heights = lines.flatMap((line) => (line.box ? [line.box.y1 - line.box.y0] : [])).sort((a, b) => a - b);
  const usualHeight = heights[Math.floor(heights.length / 2)] ?? 0;
  lines.forEach((line, index) => {
    if (!line.box || found[index]!.some((run) => /\d/.test(run.text))) return;
    const height = line.box.y1 - line.box.y0;
    // Not a picture (the tick over the amount) nor the large amount: a row's number.
    if (height > 1.5 * usualHeight) return;
    if (unreadSeen && found[index]!.length === 0 && line.box.x1 - line.box.x0 <= SHORT_LINE * image.width)
      found[index] = [{ glyphs: [], box: line.box, text: '؟' }];
    found[index] = found[index]!.flatMap((run) => {
      if (run.text !== '؟') return [run];
      // The run and the OCR's words over it (the run may have stopped at a blob it took for a letter).
      // (What the blur made of a number's first or last digits can have been taken for specks: they are looked at too.)
      const around = union([
        run.extent ?? run.box,
        ...(line.words ?? []).map((word) => word.box).filter((box) => overlaps(box, run.box)),
      ])!;
      const strip = {
        x0: around.x0 - height,
        y0: line.box!.y0 - height * 0.4,
        x1: around.x1 + height,
        y1: line.box!.y1 + height * 0.4,
      };
      const read = readDeblurred(image, strip, { y0: line.box!.y0, y1: line.box!.y1 }, run.box);
      // A number reaching the strip's end may go on beyond it: not taken.
      const inside = read?.every((found) => found.box.x0 - strip.x0 >= height / 2 && strip.x1 - found.box.x1 >= height / 2);
      return read && inside ? read.map((found) => ({ ...found, deblurred: true })) : [run];
    });
  });
  // A deblurred amount stands only when the receipt shows the same amount elsewhere, read (the app prints
  // it twice): a digit group lost to the blur can leave an amount of the right shape ('1,102,00').
  const amounts = found.flatMap((runs, index) => runs.filter((run) => AMOUNT.test(run.text)).map((run) => ({ run, index })));
  for (const { run, index } of amounts) {
    if (run.deblurred && !amounts.some((other) => other.index !== index && other.run.text === run.text)) run.text = '؟';
  }
  return finish(lines, found);
}

/** The lines with the numbers read written in (Latin digits, logical order), the OCR's own digits dropped. */
function finish(lines: ReceiptLine[], found: Run[][]): ReceiptLine[] {
  return lines.map((line, index) => {
    let runs = found[index]!;
    // Two numbers on one line are one number the reader broke (the parser would join them): neither is kept.
    if (runs.filter((run) => /\d/.test(run.text)).length > 1) runs = runs.map((run) => ({ ...run, text: '؟' }));
    const words = (line.words ?? []).filter((word) => !runs.some((run) => overlaps(word.box, run.box)));
    // What the OCR took for digits on such a receipt is a misreading ('10011066' for ٦٥١٧٥٤٤): dropped.
    const kept = words.map((word) => ({ ...word, text: word.text.replace(OCR_DIGIT, '؟') }));
    const added = runs.map((run) => ({ text: run.text, box: run.box }));
    if (!line.words) return { ...line, text: line.text.replace(OCR_DIGIT, '؟') };
    const all = [...kept, ...added];
    return { ...line, text: all.map((word) => word.text).join(' '), words: all };
  });
}
