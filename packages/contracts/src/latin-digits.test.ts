import { describe, expect, it } from 'vitest';
import {
  commissionPercentSchema,
  manualTicketRequestSchema,
  markupRuleInputSchema,
  recordRefundRequestSchema,
  setRateRequestSchema,
} from './admin.js';
import { latinDigits, latinNumberText, parseLatinNumber } from './latin-digits.js';

describe('numbers typed in Arabic', () => {
  it('read Arabic-Indic and Eastern Arabic-Indic digits as 0-9', () => {
    expect(latinDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(latinDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(latinDigits('KW ٧f3')).toBe('KW 7f3');
  });

  it('read the Arabic decimal and thousands separators and grouping', () => {
    expect(latinNumberText('١٬١١٧٬١٩٤٫٥٠')).toBe('1117194.50');
    expect(parseLatinNumber('١٬١١٧٬١٩٤٫٥٠')).toBe(1117194.5);
    expect(parseLatinNumber('۲ ۵۰۰')).toBe(2500);
    expect(parseLatinNumber('1,234.5')).toBe(1234.5);
    expect(parseLatinNumber('')).toBeNaN();
    expect(parseLatinNumber('١٫٢٫٣')).toBeNaN();
    expect(parseLatinNumber('abc')).toBeNaN();
  });
});

describe("the desk's requests accept what a staff member types in Arabic", () => {
  it('a refund amount', () => {
    const body = { amount: '٩٢٢٬١٩٤٫٥', method: 'bank-transfer', reference: 'TRX-1' };
    expect(recordRefundRequestSchema.parse(body).amount).toBe(922194.5);
    expect(recordRefundRequestSchema.parse({ ...body, amount: 12.5 }).amount).toBe(12.5);
    expect(recordRefundRequestSchema.safeParse({ ...body, amount: '١٢x' }).success).toBe(false);
    expect(recordRefundRequestSchema.safeParse({ ...body, amount: '٠' }).success).toBe(false);
  });

  it('an exchange rate', () => {
    expect(setRateRequestSchema.parse({ currency: 'SDG', unitsPerUsd: '٢٦٢٠٫٥' }).unitsPerUsd).toBe(2620.5);
  });

  it('a markup and a commission', () => {
    const rule = markupRuleInputSchema.parse({ percent: '٥٫٢٥', fixedUsd: '۱۰' });
    expect([rule.percent, rule.fixedUsd]).toEqual([5.25, 10]);
    expect(commissionPercentSchema.parse('١٢٫٥')).toBe(12.5);
  });

  it('ticket numbers and a PNR', () => {
    const request = manualTicketRequestSchema.parse({
      pnr: 'ab١٢٣c',
      tickets: [{ passengerId: 'p1', ticketNumber: '٠٧١ ٢٣٤٥-٦٧٨٩٠١' }],
    });
    expect(request.pnr).toBe('AB123C');
    expect(request.tickets[0]!.ticketNumber).toBe('0712345678901');
  });
});
