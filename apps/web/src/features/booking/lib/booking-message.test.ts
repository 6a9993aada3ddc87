import { describe, expect, it } from 'vitest';
import { paymentMessage } from './booking-message';

describe('paymentMessage', () => {
  it('holds the reference, route and date', () => {
    const text = paymentMessage(
      (v) => `Pay ${v.reference}: ${v.route}, ${v.date}`,
      { bookingReference: 'KW7F3K9Q', slices: [{ origin: 'PZU', destination: 'CAI', departureDate: '2026-12-13T13:05:00' }] },
      (code) => ({ PZU: 'Port Sudan', CAI: 'Cairo' })[code] ?? code,
      (date) => `on ${date}`,
    );
    expect(text).toBe('Pay KW7F3K9Q: Port Sudan (PZU) - Cairo (CAI), on 2026-12-13');
  });
});
