import { describe, expect, it } from 'vitest';
import ar from '../../../i18n/locales/ar/admin-bookings.json';
import en from '../../../i18n/locales/en/admin-bookings.json';
import { Translator } from '../../../i18n/translator';
import { eventDetailRows } from './event-details';

async function translator(language: 'ar' | 'en') {
  const instance = new Translator({
    lng: language,
    defaultNS: 'admin-bookings',
    resources: { ar: { 'admin-bookings': ar }, en: { 'admin-bookings': en } },
  });
  return instance.t as unknown as (key: string, options?: Record<string, unknown>) => string;
}

/** Strips the direction isolates a value is wrapped in, to compare the text read. */
const plain = (text: string) => text.replace(/[\u2066-\u2069]/g, '');

describe("a timeline event's details", () => {
  it('read as labelled words, money and dates in English', async () => {
    const t = await translator('en');
    const rows = eventDetailRows(
      {
        refundId: 'rf_1',
        amount: 1250.5,
        currency: 'USD',
        method: 'bank-transfer',
        reference: 'TRX-77',
        paymentId: null,
        refundedSoFar: 1250.5,
      },
      t,
      'en',
    );
    expect(rows.map((r) => [r.label, plain(r.value)])).toEqual([
      ['Refund', 'rf_1'],
      ['Amount', 'US$1,250.50'],
      ['Method', 'Bank transfer'],
      ['Reference', 'TRX-77'],
      ['Refunded so far', 'US$1,250.50'],
    ]);
  });

  it('read in Arabic: a rejection reason, tickets and a deadline', async () => {
    const t = await translator('ar');
    const rows = eventDetailRows(
      {
        reason: 'not-received',
        tickets: [
          { passengerId: 'pa_1', ticketNumber: '0712345678901' },
          { passengerId: 'pa_2', ticketNumber: '0712345678902' },
        ],
        manual: true,
        holdExpiresAt: '2030-03-10T21:30:00.000Z',
      },
      t,
      'ar',
    );
    expect(rows.map((r) => r.label)).toEqual([
      ar.timeline.fields.reason,
      ar.timeline.fields.tickets,
      ar.timeline.fields.manual,
      ar.timeline.fields.holdExpiresAt,
    ]);
    expect(rows[0]!.value).toBe('لم يصل تحويل بهذا المرجع');
    expect(plain(rows[1]!.value)).toBe('0712345678901، 0712345678902');
    expect(rows[2]!.value).toBe('نعم');
    // The instant is shown as a date and time, not as the server wrote it.
    expect(rows[3]!.value).not.toContain('2030-03-10T');
  });

  it("shows an amount without its own currency in the booking's, and each passenger's extra bags", async () => {
    const t = await translator('en');
    const rows = eventDetailRows({ amount: 732732, extras: [{ '23': 1 }, {}] }, t, 'en', 'SDG');
    expect(rows.map((r) => [r.label, plain(r.value)])).toEqual([
      ['Amount', expect.stringContaining('732,732')],
      ['Extra bags per passenger', '1 × 23 kg, none'],
    ]);
    expect(rows[0]!.value).not.toBe('732732');
  });

  it('keeps a detail the catalog does not know under its own name, and free text as written', async () => {
    const t = await translator('en');
    const rows = eventDetailRows({ reason: 'Bank app down in Port Sudan', somethingNew: 3 }, t, 'en');
    expect(rows.map((r) => [r.label, plain(r.value)])).toEqual([
      ['Reason', 'Bank app down in Port Sudan'],
      ['somethingNew', '3'],
    ]);
  });

  it.each([
    ['ar', ar],
    ['en', en],
  ] as const)('has a label in %s for every detail the server writes', (_language, catalog) => {
    // The details written by the booking use-cases (transitions) and the staff's booking actions.
    const written = [
      ...['amount', 'previousAmount', 'paid', 'refundedSoFar', 'reason', 'note', 'pnr', 'tickets', 'manual', 'to', 'from'],
      ...['minutes', 'holdExpiresAt', 'orderId', 'receiptId', 'refundId', 'method', 'reference', 'paymentId'],
      ...['failureCode', 'error', 'extras', 'offerReference'],
    ];
    const fields = catalog.timeline.fields as Record<string, string>;
    expect(written.filter((key) => !fields[key]?.trim())).toEqual([]);
  });
});
