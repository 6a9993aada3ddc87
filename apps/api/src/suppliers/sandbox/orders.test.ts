import { describe, expect, it } from 'vitest';
import type { SupplierPassenger } from '../supplier.js';
import { createOrderBook, SandboxTicketingError } from './orders.js';

const passenger = (id: string, lastName: string): SupplierPassenger => ({
  id,
  passengerType: 'adult',
  firstName: 'AMNA',
  lastName,
  dateOfBirth: '1990-01-01',
  gender: 'F',
  placeOfBirth: null,
  nationalityCountry: 'SD',
  documentNumber: 'P01234567',
  documentIssuanceCountry: 'SD',
  documentIssuanceDate: null,
  documentExpiryDate: '2031-01-01',
  extraBaggage: {},
});

describe('sandbox orders: ticketing', () => {
  it('tickets an order the same way every time: PNR and one 13-digit ticket per passenger', () => {
    const book = createOrderBook();
    const orderId = book.open('SD');
    const first = book.ticket(orderId, [passenger('px_1', 'OSMAN'), passenger('px_2', 'ALI')], 'SD');
    expect(first.pnr).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect(first.tickets.map((t) => t.passengerId)).toEqual(['px_1', 'px_2']);
    for (const t of first.tickets) expect(t.ticketNumber).toMatch(/^200\d{10}$/);
    expect(book.ticket(orderId, [passenger('px_1', 'OSMAN'), passenger('px_2', 'ALI')], 'SD')).toEqual(first);
    expect(book.state(orderId)).toBe('ticketed');
  });

  it('refuses to ticket an order with a passenger named TICKETFAIL, every time, and leaves it held', () => {
    const book = createOrderBook();
    const orderId = book.open('MS');
    const party = [passenger('px_1', 'OSMAN'), passenger('px_2', 'TicketFail')];
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(() => book.ticket(orderId, party, 'MS')).toThrow(SandboxTicketingError);
      expect(() => book.ticket(orderId, party, 'MS')).toThrow(/refused to issue/);
    }
    expect(book.state(orderId)).toBe('held');
  });

  it('refuses the first ticketing of an order with a passenger named TICKETRETRY, then issues it', () => {
    const book = createOrderBook();
    const orderId = book.open('ET');
    const other = book.open('ET');
    const party = [passenger('px_1', 'TICKETRETRY')];
    expect(() => book.ticket(orderId, party, 'ET')).toThrow(SandboxTicketingError);
    expect(book.state(orderId)).toBe('held');
    expect(book.ticket(orderId, party, 'ET').tickets).toHaveLength(1);
    expect(book.state(orderId)).toBe('ticketed');
    // Each order is refused once on its own.
    expect(() => book.ticket(other, party, 'ET')).toThrow(SandboxTicketingError);
  });
});
