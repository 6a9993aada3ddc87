import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { dateLinesToReread, dateTimeFromReread, rereadDateTime } from './date-line-reread.js';
import { createOcrEngine } from './ocr-engine.js';

describe('the date and time from a second, digits-only reading of the date line', () => {
  it('takes the time the first reading lost, on the day the first reading gave', () => {
    // «18:03:04» read as «4», and a time dropped from an Arabic line (both seen on generated screenshots).
    expect(dateTimeFromReread('التاريخ 4 09/11/2026', '09/11/2026 18:03:04')).toBe('2026-11-09T18:03');
    expect(dateTimeFromReread('التاريخ والوقت 7 29/11/2026', '29/11/2026 02:52:17')).toBe('2026-11-29T02:52');
    expect(dateTimeFromReread('Date 10-Nov-2026 4', 'Date 10-Nov-2026 22:52:15')).toBe('2026-11-10T22:52');
    expect(dateTimeFromReread('Date 2026-11-10', 'Date 2026-11-10 10:52:15 AM')).toBe('2026-11-10T10:52');
  });

  it('applies the 12-hour marker of either reading', () => {
    expect(dateTimeFromReread('التاريخ والوقت م 19-11-2026', '19-11-2026 04:39:16 2 8')).toBe('2026-11-19T16:39');
    expect(dateTimeFromReread('التاريخ والوقت ص 19-11-2026', '19-11-2026 12:39:16')).toBe('2026-11-19T00:39');
    expect(dateTimeFromReread('Date & Time 27/10/2026', '27/10/2026 04:20:12 PM')).toBe('2026-10-27T16:20');
  });

  it('leaves the date unread rather than risk a wrong one', () => {
    // An hour of either half of the day next to something unread (the English model reads «م» as «A»).
    expect(dateTimeFromReread('التاريخ والوقت 12-11-2026', '12-11-2026 08:46:23 A 8')).toBeUndefined();
    // The first reading's «م» read as a letter, and dropped by the digits reading.
    expect(dateTimeFromReread('23-11-2026 06:32:00 A', '23-11-2026 06:32:00')).toBeUndefined();
    // ... while an hour past noon cannot be the morning's.
    expect(dateTimeFromReread('التاريخ والوقت 12-11-2026', '12-11-2026 20:46:23 A 8')).toBe('2026-11-12T20:46');
    // The two readings disagree on the day (a blurred «27-Oct-2026» first read as «27-01-2026»), or one
    // shows none.
    expect(dateTimeFromReread('Date 27-01-2026 7-6', 'Date 27-Oct-2026 19:02:16')).toBeUndefined();
    expect(dateTimeFromReread('Date 09/11/2026', '18:03:04')).toBeUndefined();
    expect(dateTimeFromReread('التاريخ', '09/11/2026 18:03:04')).toBeUndefined();
    // Two times, an impossible time, no time, no day at all, both 12-hour markers.
    expect(dateTimeFromReread('Date 09/11/2026', '09/11/2026 18:03 19:04')).toBeUndefined();
    expect(dateTimeFromReread('Date 09/11/2026', '09/11/2026 24:03:04')).toBeUndefined();
    expect(dateTimeFromReread('Date 09/11/2026', '09/11/2026 18:63')).toBeUndefined();
    expect(dateTimeFromReread('Date 09/11/2026', '09/11/2026 1803')).toBeUndefined();
    expect(dateTimeFromReread('Date', '18:03:04')).toBeUndefined();
    expect(dateTimeFromReread('Date 09/11/2026 ص م', '09/11/2026 10:03:04')).toBeUndefined();
  });

  it('picks the date label lines and the lines with a day but no time', () => {
    const box = { x0: 0, y0: 0, x1: 10, y1: 10 };
    const lines = [
      { text: 'رقم العملية 872502006231', box },
      { text: 'التاريخ 4 09/11/2026', box },
      { text: '09/11/2026', box },
      { text: '09/11/2026 18:03', box },
      { text: 'Date', box: undefined },
    ];
    expect(dateLinesToReread(lines).map((line) => line.text)).toEqual(['التاريخ 4 09/11/2026', '09/11/2026']);
  });
});

describe('reading a date line again with the real OCR engine', () => {
  const engine = createOcrEngine({ idleMs: 60_000 });
  afterAll(() => engine.close());

  it("reads the time the full recognition lost («18:03:04» read as «4») from the line's crop", async () => {
    // The date row of generated screenshot 001 (Arabic app, Latin digits), grey, as the reader prepares it;
    // on the whole screenshot tesseract's ara+eng reading of this line was «التاريخ 4 09/11/2026».
    const png = fs.readFileSync(new URL('./fixtures/date-line-time-dropped.png', import.meta.url));
    const { data, info } = await sharp(png).grayscale().raw().toBuffer({ resolveWithObject: true });
    const grey = {
      data: new Uint8Array(data.buffer, data.byteOffset, info.width * info.height),
      width: info.width,
      height: info.height,
    };
    const line = { text: 'التاريخ 4 09/11/2026', box: { x0: 61, y0: 18, x1: 718, y1: 49 } };
    const field = await rereadDateTime([line], grey, (crop) => engine.recognizeDigitLine!(crop));
    expect(field).toMatchObject({ value: '2026-11-09T18:03', box: line.box });
    expect(field!.text).toContain('18:03');
    // The worker is back to the full recognition: Arabic letters and every character read again.
    const { lines } = await engine.recognize(png);
    expect(lines.map((each) => each.text).join(' ')).toMatch(/التاريخ/);
    expect(engine.running).toBe(true);
  }, 40_000);
});
