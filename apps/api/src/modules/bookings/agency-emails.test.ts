import { describe, expect, it } from 'vitest';
import { sampleBooking, sampleMailContext } from '../tickets/test-support.js';
import { composeAgencyHeldEmail } from './booking-emails.js';

describe("the agency's alert of a held booking", () => {
  it('says when payment is due, not "pay before" as if the agency were to pay', () => {
    const booking = sampleBooking({ status: 'pending-payment', holdExpiresAt: '2026-12-01T10:00:00.000Z' });
    const mail = composeAgencyHeldEmail(booking, sampleMailContext());
    expect(mail.text).not.toContain('ادفع قبل');
    expect(mail.text).not.toMatch(/pay before|pay by/i);
    expect(mail.text).toContain('يجب الدفع قبل');
    expect(mail.text).toContain('Payment due by');
    expect(mail.subject).toContain('يجب الدفع قبل');
    expect(mail.subject).toContain('payment due by');
  });
});
