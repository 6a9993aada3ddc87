import { describe, expect, it } from 'vitest';
import { normalizeMobile, parseBookingSearch } from './booking-search.js';

describe('normalizeMobile', () => {
  it.each([
    ['+249912345678', '+249912345678'],
    ['+249 91 234 5678', '+249912345678'],
    ['00249912345678', '+249912345678'],
    ['249912345678', '+249912345678'],
    ['0912345678', '+249912345678'],
    ['0912-345-678', '+249912345678'],
    ['912345678', '+249912345678'],
    ['٠٩١٢٣٤٥٦٧٨', '+249912345678'],
    ['۰۹۱۲۳۴۵۶۷۸', '+249912345678'],
    ['+20 100 123 4567', '+201001234567'],
  ])('reads %s as %s', (typed, stored) => {
    expect(normalizeMobile(typed)).toBe(stored);
  });

  it('is not a mobile number when it has letters or too few digits', () => {
    expect(normalizeMobile('OSMAN')).toBeUndefined();
    expect(normalizeMobile('12345')).toBeUndefined();
    expect(normalizeMobile('KW7F3K9Q')).toBeUndefined();
  });
});

describe('parseBookingSearch', () => {
  it('a reference is also looked up as a PNR', () => {
    expect(parseBookingSearch(' kw7f3k9q ')).toEqual({ reference: 'KW7F3K9Q', pnr: 'KW7F3K9Q' });
  });

  it('a short name in capitals is also tried as a reference and a PNR', () => {
    expect(parseBookingSearch('Osman')).toEqual({ reference: 'OSMAN', pnr: 'OSMAN', lastName: 'osman' });
  });

  it('an e-mail is only an e-mail', () => {
    expect(parseBookingSearch('Amna@Example.com')).toEqual({ email: 'amna@example.com' });
  });

  it('a ticket number may be typed with its dash', () => {
    expect(parseBookingSearch('071-2345678901')).toEqual({ ticketNumber: '0712345678901' });
  });

  it('an Arabic name is a last name, in its own letters', () => {
    expect(parseBookingSearch('عثمان')).toEqual({ lastName: 'عثمان' });
  });

  it('a booking id is found by itself', () => {
    expect(parseBookingSearch('bk_jLx7S9ICcwpU98s2lf3RyQ')).toMatchObject({ bookingId: 'bk_jLx7S9ICcwpU98s2lf3RyQ' });
  });
});
