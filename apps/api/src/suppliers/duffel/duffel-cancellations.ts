import type { OrderCancellation } from '@duffel/api/types';
import type { CancellationQuote, Supplier } from '../supplier.js';
import { isCancelled, isKind, type DuffelContext } from './duffel-context.js';
import { isPaid, toCancellationQuote } from './mapping.js';

/**
 * Duffel's order cancellations: releasing a hold (cancelled at once), and for a paid order a quote of
 * the refund that is confirmed only when the traveller or the desk accepts it.
 */
export function createDuffelCancellations({
  duffel,
  logger,
  clock,
  read,
  fetchOrder,
}: DuffelContext): Pick<Supplier, 'cancelOrder' | 'quoteCancellation' | 'confirmCancellation'> {
  async function createCancellation(orderId: string): Promise<OrderCancellation> {
    // A pending cancellation changes nothing until confirmed: safe to ask again after a 429.
    return (await read('POST air/order_cancellations', () => duffel.orderCancellations.create({ order_id: orderId }))).data;
  }

  async function confirm(cancellationId: string): Promise<void> {
    try {
      await read(`POST air/order_cancellations/${cancellationId}/actions/confirm`, () =>
        duffel.orderCancellations.confirm(cancellationId),
      );
    } catch (error) {
      // Confirmed already (or the answer of a confirmation was lost): not an error.
      if (isKind(error, 'rate-limited', 'auth')) throw error;
      const current = await read(`GET air/order_cancellations/${cancellationId}`, () =>
        duffel.orderCancellations.get(cancellationId),
      ).catch(() => null);
      if (current?.data.confirmed_at) return;
      throw error;
    }
  }

  return {
    async cancelOrder(orderId: string): Promise<void> {
      const order = await fetchOrder(orderId);
      if (!order || isCancelled(order)) return;
      if (isPaid(order)) {
        // Releasing a hold never cancels tickets already paid for: that is quoteCancellation's.
        logger.warn({ duffel: { orderId } }, 'duffel order is paid: not released');
        return;
      }
      // Past its payment deadline the airline has released the seats already: nothing left to release.
      const deadline = order.payment_status?.payment_required_by;
      if (deadline && Date.parse(deadline) <= clock().getTime()) return;
      let cancellation: OrderCancellation;
      try {
        cancellation = await createCancellation(orderId);
      } catch (error) {
        if (isKind(error, 'not-found')) return;
        if (isKind(error, 'invalid-state', 'validation')) {
          const current = await fetchOrder(orderId);
          if (!current || isCancelled(current)) return;
        }
        throw error;
      }
      await confirm(cancellation.id);
    },

    async quoteCancellation(orderId: string): Promise<CancellationQuote> {
      const cancellation = await createCancellation(orderId);
      let currency = cancellation.refund_currency;
      if (!currency) currency = (await fetchOrder(orderId))?.total_currency ?? 'USD';
      if (cancellation.refund_amount === null)
        logger.warn({ duffel: { orderId, cancellationId: cancellation.id } }, 'duffel cancellation without a refund quote');
      return toCancellationQuote(cancellation, currency);
    },

    confirmCancellation: confirm,
  };
}
