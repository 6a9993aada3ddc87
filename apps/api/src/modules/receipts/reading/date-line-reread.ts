import sharp from 'sharp';
import type { GreyImage } from './digit-glyphs.js';
import { cleanLine, parseDateTime, STRAY_MARK } from './parse-receipt-text.js';
import type { ReadField, ReceiptLine, TextBox } from './receipt-reading.js';

/**
 * The full recognition sometimes loses the time of a date line («18:03» read as «4», or dropped, in a
 * right-to-left line): such a line is read again, its crop enlarged twice and recognised as one line
 * of digits and separators only. The time is taken only when that reading holds exactly one clean time
 * (HH:MM or HH:MM:SS, hours 0-23, minutes and seconds 0-59) and shows the same day as the first reading: a doubtful second reading leaves the date unread, never wrong.
 */

const DATE_LABEL = /التار\s?يخ|الوقت|date|time/i;
const TIME = /(?<![\d:])(\d{1,2}):(\d{2})(?::(\d{2}))?(?![\d:])/g;
const AFTERNOON = /\bPM\b|(?:^|\s)م(?:\s|$)/i;
const MORNING = /\bAM\b|(?:^|\s)ص(?:\s|$)/i;
const DAY_TOKEN = /\b\d{1,4}\s*[-/.]\s*(?:\d{1,2}|[A-Za-z]{3})\s*[-/.]\s*\d{1,4}\b/g;

/** The day a text shows ('YYYY-MM-DD'), whatever its time. */
const dayOf = (text: string) =>
  parseDateTime(`${text.replace(/\d{1,2}\s*:\s*\d{2}(?:\s*:\s*\d{2})?/g, ' ')} 00:00`)?.slice(0, 10);

/**
 * The date and time from a date line's first reading and its second, digits-only reading; undefined
 * unless the second reading gives exactly one valid time and both show the same day.
 */
export function dateTimeFromReread(firstReading: string, digitReading: string): string | undefined {
  const first = cleanLine(firstReading);
  const digits = cleanLine(digitReading);
  const times = [...digits.matchAll(TIME)];
  if (times.length !== 1) return undefined;
  const [, hour, minute, second] = times[0]!;
  if (Number(hour) > 23 || Number(minute) > 59 || (second !== undefined && Number(second) > 59)) return undefined;
  const day = dayOf(first);
  const rereadDay = dayOf(digits);
  // Both readings must show the same day: a blurred «27-Oct-2026» has come out as «27-01-2026».
  if (!day || day !== rereadDay) return undefined;
  // The 12-hour marker: the first reading's (ara+eng reads «ص» and «م»); else, for an hour that could
  // be either half of the day, the digits reading must hold nothing but the date, the time and AM or PM
  // (the English model reads «م» as «A» or drops it, and a label's letters come out as stray figures).
  let marker = AFTERNOON.test(first) ? ' PM' : MORNING.test(first) ? ' AM' : '';
  if (AFTERNOON.test(first) && MORNING.test(first)) return undefined;
  const hours = Number(hour);
  if (!marker && hours >= 1 && hours <= 12) {
    // The first reading's mark misread as a letter: the digits reading (which drops it) cannot settle it.
    if (STRAY_MARK.test(first)) return undefined;
    const rest = `${digits.slice(0, times[0]!.index)} ${digits.slice(times[0]!.index + times[0]![0].length)}`
      .replace(DAY_TOKEN, ' ')
      .replace(/\b(?:date|time|and)\b|&/gi, ' ')
      .trim();
    if (rest !== '' && !/^(?:AM|PM)$/i.test(rest)) return undefined;
    marker = rest === '' ? '' : ` ${rest.toUpperCase()}`;
  }
  return parseDateTime(`${day} ${hour}:${minute}${marker}`);
}

/** The lines worth a second reading: a date label's line, or a line showing a day but no time. */
export function dateLinesToReread(lines: ReceiptLine[]): ReceiptLine[] {
  return lines.filter((line) => line.box && (DATE_LABEL.test(line.text) || (dayOf(line.text) && !parseDateTime(line.text))));
}

/**
 * A line's crop from the prepared grey image, padded by half its height, enlarged twice, as a PNG.
 */
export async function lineCrop(image: GreyImage, box: TextBox): Promise<Buffer> {
  const pad = Math.round((box.y1 - box.y0) / 2);
  const left = Math.max(0, box.x0 - pad);
  const top = Math.max(0, box.y0 - pad);
  const width = Math.min(image.width, box.x1 + pad) - left;
  const height = Math.min(image.height, box.y1 + pad) - top;
  return sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length), {
    raw: { width: image.width, height: image.height, channels: 1 },
  })
    .extract({ left, top, width, height })
    .resize({ width: width * 2, kernel: 'cubic' })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/**
 * Reads again the date lines of a receipt whose date and time were not read; the field, or undefined.
 */
export async function rereadDateTime(
  lines: ReceiptLine[],
  image: GreyImage,
  recognizeDigitLine: (crop: Buffer) => Promise<string>,
): Promise<ReadField<string> | undefined> {
  for (const line of dateLinesToReread(lines)) {
    const digits = await recognizeDigitLine(await lineCrop(image, line.box!));
    const value = dateTimeFromReread(line.text, digits);
    if (value) return { value, text: `${cleanLine(line.text)} | ${cleanLine(digits)}`, box: line.box! };
  }
  return undefined;
}
