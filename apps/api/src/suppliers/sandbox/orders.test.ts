import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestDatabase, type TestDatabase } from '../../../test/helpers/test-database.js';
import type { SupplierPassenger } from '../supplier.js';
import { createOrderBook, SandboxOrderError, type NewSandboxOrder } from './order-book.js';
import { SandboxTicketingError } from './orders.js';

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
  supplierPassengerId: null,
  email: null,
  mobile: null,
});

let clientReferences = 0;
const order = (overrides: Partial<NewSandboxOrder> = {}): NewSandboxOrder => ({
  clientReference: `sc_test_${++clientReferences}`,
  validatingCarrier: 'SD',
  offerReference: 'offer-ref',
  totalUsd: 412.5,
  paymentRequiredBy: new Date('2030-01-02T00:00:00Z'),
  passengers: [
    { id: 'px_1', passengerType: 'adult' },
    { id: 'px_2', passengerType: 'adult' },
  ],
  flights: [{ flightNumber: 'SD 101', departureDate: '2030-01-05' }],
  ...overrides,
});

describe.each(backends)('the sandbox order book on %s', (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
  });
  afterAll(async () => database?.destroy());

  it('keeps orders in tables: another process (another book on the same database) sees them', async () => {
    const book = createOrderBook(database.db);
    const held = await book.open(order({ validatingCarrier: 'MS' }));
    expect(held).toMatchObject({ state: 'held', total: 412.5, currency: 'USD', ticketed: null });
    expect(held.orderId).toMatch(/^ord_[0-9a-f]{24}$/);
    const other = createOrderBook(database.db);
    expect(await other.get(held.orderId)).toEqual(held);
    expect(await other.findByClientReference(held.clientReference!)).toEqual(held);
    expect(await other.findByClientReference('sc_never_asked')).toBeNull();
    expect(await other.get('ord_unknown')).toBeNull();
  });

  it('holds once per client reference, counts the seats on each flight (infants on a lap), and releases them', async () => {
    const book = createOrderBook(database.db);
    const family = order({
      passengers: [
        { id: 'px_1', passengerType: 'adult' },
        { id: 'px_2', passengerType: 'child' },
        { id: 'px_3', passengerType: 'infant' },
      ],
      flights: [
        { flightNumber: 'MS 854', departureDate: '2030-02-01' },
        { flightNumber: 'MS 777', departureDate: '2030-02-02' },
      ],
    });
    const first = await book.open(family);
    const again = await book.open({ ...family, totalUsd: 1 });
    expect(again).toEqual(first);
    expect(await book.heldSeats('MS 854', '2030-02-01')).toBe(2);
    expect(await book.heldSeats('MS 777', '2030-02-02')).toBe(2);
    expect(await book.heldSeats('MS 777', '2030-02-03')).toBe(0);
    await book.cancel(first.orderId);
    await book.cancel(first.orderId);
    expect(await book.state(first.orderId)).toBe('cancelled');
    expect(await book.heldSeats('MS 854', '2030-02-01')).toBe(0);
    await expect(book.ticket(first.orderId, [passenger('px_1', 'OSMAN')])).rejects.toThrow(SandboxOrderError);
  });

  it('tickets a held order once: PNR and 13-digit tickets from the order id, read back the same; a second ticketing is refused', async () => {
    const book = createOrderBook(database.db);
    const { orderId } = await book.open(order({ flights: [{ flightNumber: 'SD 303', departureDate: '2030-01-07' }] }));
    const party = [passenger('px_1', 'OSMAN'), passenger('px_2', 'ALI')];
    const issued = await book.ticket(orderId, party);
    expect(issued.pnr).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect(issued.tickets.map((t) => t.passengerId)).toEqual(['px_1', 'px_2']);
    for (const t of issued.tickets) expect(t.ticketNumber).toMatch(/^200\d{10}$/);
    await expect(book.ticket(orderId, party)).rejects.toThrow(/is ticketed/);
    const read = await createOrderBook(database.db).get(orderId);
    expect(read).toMatchObject({ state: 'ticketed', ticketed: issued });
    // Cancelling a ticketed order leaves it ticketed (a void is the airline's business).
    await book.cancel(orderId);
    expect(await book.state(orderId)).toBe('ticketed');
    expect(await book.heldSeats('SD 303', '2030-01-07')).toBe(2);
  });

  it('refuses to ticket an order with a passenger named TICKETFAIL, every time, and leaves it held', async () => {
    const book = createOrderBook(database.db);
    const { orderId } = await book.open(order({ validatingCarrier: 'MS' }));
    const party = [passenger('px_1', 'OSMAN'), passenger('px_2', 'TicketFail')];
    for (let attempt = 0; attempt < 3; attempt++) {
      await expect(book.ticket(orderId, party)).rejects.toThrow(SandboxTicketingError);
      await expect(book.ticket(orderId, party)).rejects.toThrow(/refused to issue/);
    }
    expect(await book.state(orderId)).toBe('held');
  });

  it('refuses the first ticketing of an order with a passenger named TICKETRETRY, then issues it, whichever process retries', async () => {
    const book = createOrderBook(database.db);
    const { orderId } = await book.open(order({ validatingCarrier: 'ET' }));
    const { orderId: other } = await book.open(order({ validatingCarrier: 'ET' }));
    const party = [passenger('px_1', 'TICKETRETRY')];
    await expect(book.ticket(orderId, party)).rejects.toThrow(SandboxTicketingError);
    expect(await book.state(orderId)).toBe('held');
    // The refusal is the airline's record, not a process's memory: a restarted process is issued.
    expect((await createOrderBook(database.db).ticket(orderId, party)).tickets).toHaveLength(1);
    expect(await book.state(orderId)).toBe('ticketed');
    // Each order is refused once on its own.
    await expect(book.ticket(other, party)).rejects.toThrow(SandboxTicketingError);
  });
});
