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

  // A cancellation at the airline's quote, as traveller-cancel.ts writes it: the quote read as money, not JSON.
  const cancellation = {
    orderId: 'ord_1',
    quoteId: 'ore_1',
    refund: { amount: 922194, currency: 'SDG' },
    airlineRefund: { amount: 1536.99, currency: 'USD', to: 'original_form_of_payment' },
    paid: 1117194,
    airlineFee: 195000,
    agencyFee: 0,
    owed: 922194,
    currency: 'SDG',
  };

  it('reads a cancellation at the airline’s quote in English', async () => {
    const rows = eventDetailRows(cancellation, await translator('en'), 'en', 'SDG');
    const text = rows.map((r) => `${r.label}: ${plain(r.value)}`);
    expect(text.join('\n')).not.toMatch(/[{}]/);
    expect(rows.map((r) => r.label)).not.toContain('refund');
    expect(text).toContain('Airline’s refund (as quoted): US$1,536.99 · to the original form of payment');
    expect(text.find((line) => line.startsWith('Airline’s cancellation fee'))).toContain('195,000');
    expect(text.find((line) => line.startsWith('Owed to the traveller'))).toContain('922,194');
  });

  it('reads a cancellation at the airline’s quote in Arabic', async () => {
    const rows = eventDetailRows(cancellation, await translator('ar'), 'ar', 'SDG');
    expect(rows.map((r) => r.value).join('\n')).not.toMatch(/[{}]/);
    expect(rows.map((r) => r.label)).toEqual(
      ['orderId', 'quoteId', 'refund', 'airlineRefund', 'paid', 'airlineFee', 'agencyFee', 'owed'].map(
        (key) => (ar.timeline.fields as Record<string, string>)[key],
      ),
    );
    expect(rows[3]!.value).toContain('إلى وسيلة الدفع الأصلية');
  });
  it('names extra bags by count when the event keeps the airline option, not its reference', async () => {
    const ar = await translator('ar');
    const [row] = eventDetailRows({ extras: [{ 'hold-extra': 1 }, { 'hold-extra': 2 }, {}] }, ar, 'ar');
    expect(row!.value).toBe('حقيبة إضافية واحدة، حقيبتان إضافيتان، لا شيء');
    expect(row!.value).not.toContain('hold-extra');
    const en = await translator('en');
    expect(eventDetailRows({ extras: [{ 'hold-extra': 3 }, { 23: 1 }] }, en, 'en')[0]!.value).toBe('3 extra bags, 1 × 23 kg');
  });
});
