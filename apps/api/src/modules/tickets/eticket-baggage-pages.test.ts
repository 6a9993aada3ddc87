import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderETicket } from './eticket-pdf.js';
import { sampleBooking, sampleMailContext } from './test-support.js';

const NAMES = [
  'AMNA',
  'OMER',
  'HIBA',
  'SARA',
  'AHMED',
  'MONA',
  'YOUSIF',
  'RANIA',
  'SALIH',
  'ALI',
  'NADA',
  'ISSA',
  'ZEINAB',
  'MUSA',
];

/** Each page's text, in order (pdftotext ends a page with a form feed). */
function pagesOf(pdf: Buffer): string[] {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kwenda-eticket-')), 't.pdf');
  fs.writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
    .split('\f')
    .filter((page) => page.trim());
}

/** Nine adults and five infants: the baggage table cannot fit on one page. */
function largeFamily() {
  const booking = sampleBooking();
  const [first] = booking.passengers;
  const names = NAMES;
  const passengers = names.map((firstName, index) => ({
    ...first!,
    id: `pax_${index}`,
    firstName,
    ticketNumber: `07721493033${String(index).padStart(2, '0')}`,
  }));
  return { ...booking, passengers };
}

describe('e-ticket PDF of a booking with many passengers', () => {
  it('repeats the baggage table header on every page the table reaches, and never splits a row', async () => {
    const pages = pagesOf(await renderETicket(largeFamily(), sampleMailContext(), new Date('2026-11-22T22:30:00Z')));
    expect(pages.length).toBeGreaterThan(1);
    // Where the baggage rows are: pages with a passenger's bag line ("1 × ...") after the Baggage title.
    const start = pages.findIndex((page) => /Baggage/.test(page));
    expect(start).toBeGreaterThanOrEqual(0);
    const withRows = pages
      .map((page, index) => ({ page, index }))
      .filter(({ page, index }) => index >= start && /OSMAN \/ \w+ +\d+ ×/.test(page));
    const names = withRows.flatMap(({ page }) => [...page.matchAll(/OSMAN \/ (\w+) +\d+ ×/g)].map((found) => found[1]));
    expect(names).toEqual(NAMES);
    expect(withRows.length).toBeGreaterThan(1);
    for (const { page, index } of withRows) expect(page, `page ${index + 1}`).toContain('Included in the fare');
  });
});
