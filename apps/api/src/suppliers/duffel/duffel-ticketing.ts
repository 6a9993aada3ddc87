import type { Order as DuffelOrder } from '@duffel/api/types';
import type { SupplierOffer, SupplierPassenger, TicketedOrder } from '../supplier.js';
import { isCancelled, rateLimitWaitMs, type DuffelContext } from './duffel-context.js';
import { DuffelPriceChangedError, DuffelSupplierError, DuffelTicketsPendingError } from './errors.js';
import { duffelDataOf, isPaid, ticketsOf, type DuffelOfferData, type PassengerIdMap } from './mapping.js';
import { expectedTotal } from './order-body.js';

/** Paying a held order from the Duffel balance and reading its e-tickets. */
export function createDuffelTicketing({ duffel, store, clock, sleep, polling, change, fetchOrder }: DuffelContext) {
  /**
   * The e-tickets of a paid order, read a few times (airlines issue them within seconds of payment);
   * still missing, the order is paid and its tickets are pending: asking again reads them.
   */
  async function readTickets(orderId: string, ids: PassengerIdMap, first: DuffelOrder | null): Promise<TicketedOrder> {
    for (let attempt = 0; ; attempt++) {
      const current = attempt === 0 && first ? first : await fetchOrder(orderId);
      const tickets = current && isPaid(current) ? ticketsOf(current, ids) : null;
      if (tickets) return tickets;
      if (attempt + 1 >= polling.ticketReads) throw new DuffelTicketsPendingError(orderId);
      await sleep(polling.ticketReadIntervalMs);
    }
  }

  async function ticketOrder(orderId: string, passengers: SupplierPassenger[], offer: SupplierOffer): Promise<TicketedOrder> {
    const order = await fetchOrder(orderId);
    if (!order) throw new DuffelSupplierError('not-found', `Duffel has no order ${orderId}`, { status: 404 });
    if (isCancelled(order)) throw new DuffelSupplierError('invalid-state', `Duffel order ${orderId} is cancelled`);
    const hold = await store.holdByOrderId(orderId);
    const ids: PassengerIdMap = { ...(hold?.passengerIds ?? {}) };
    let data: DuffelOfferData | null = null;
    try {
      data = duffelDataOf(offer);
    } catch {
      data = null;
    }
    passengers.forEach((p, index) => {
      const duffelId = p.supplierPassengerId ?? data?.passengers[index]?.id;
      if (duffelId) ids[duffelId] = p.id;
    });

    if (!isPaid(order)) {
      const guaranteeEnds = order.payment_status?.price_guarantee_expires_at;
      if (guaranteeEnds && Date.parse(guaranteeEnds) <= clock().getTime()) {
        const expected = hold?.heldTotal ?? expectedTotal(offer, passengers);
        const total = Number(order.total_amount);
        if (expected !== null && (total !== expected || order.total_currency !== hold?.heldCurrency))
          throw new DuffelPriceChangedError(orderId, expected, total, order.total_currency);
      }
      await pay(order);
      return readTickets(orderId, ids, null);
    }
    // Paid already (an earlier answer was lost): its tickets, never a second payment.
    return readTickets(orderId, ids, order);
  }

  /**
   * Pays a held order from the Duffel balance, its total as Duffel states it now. A payment is never
   * asked twice blindly: after a 429 or a lost answer the order is read again and paid only if it
   * still awaits payment.
   */
  async function pay(order: DuffelOrder): Promise<void> {
    const payment = { type: 'balance' as const, amount: order.total_amount, currency: order.total_currency };
    for (let attempt = 0; ; attempt++) {
      try {
        await change('POST air/payments', () => duffel.payments.create({ order_id: order.id, payment }));
        return;
      } catch (error) {
        if (!(error instanceof DuffelSupplierError) || error.kind === 'auth') throw error;
        if (error.kind === 'rate-limited' && attempt < 2) await sleep(rateLimitWaitMs(error));
        const current = await fetchOrder(order.id).catch(() => null);
        if (current && isPaid(current)) return;
        if (error.kind !== 'rate-limited' || attempt >= 2 || !current) throw error;
        if (current.total_amount !== order.total_amount || current.total_currency !== order.total_currency)
          throw new DuffelPriceChangedError(
            order.id,
            Number(order.total_amount),
            Number(current.total_amount),
            current.total_currency,
          );
      }
    }
  }

  return { ticketOrder, readTickets };
}
