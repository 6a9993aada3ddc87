import type { CreateOrder, ListParamsOrders, Order as DuffelOrder, PaginationMeta } from '@duffel/api/types';
import type { DuffelAnswer } from './duffel-calls.js';
import { rateLimitWaitMs, type DuffelContext } from './duffel-context.js';
import { DuffelOrderPendingError, DuffelSupplierError } from './errors.js';
import { CLIENT_REFERENCE_KEY } from './mapping.js';

export type PlacedOrder =
  { status: 'made'; order: DuffelOrder } | { status: 'unavailable' } | { status: 'expired' } | { status: 'price-changed' };

/** A 202's body names the pending creation (por_...), not an order: only an order id is looked up directly. */
const orderIdOf = (answer: DuffelAnswer<unknown>): { orderId?: string } => {
  const id = (answer.data as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' && id.startsWith('ord_') ? { orderId: id } : {};
};

/**
 * Asking Duffel for an order, hold or instant, without ever making two: Duffel has no idempotency
 * key, so an order whose answer is lost is looked up by the client reference kept in its metadata.
 */
export function createOrderPlacer({ duffel, logger, sleep, polling, read, change, fetchOrder }: DuffelContext) {
  /**
   * The order made for a client reference: Duffel filters orders by offer (an offer has at most one
   * order) but by no metadata, so the offer's orders are read and their metadata compared.
   */
  async function findByReference(clientReference: string, offerId: string): Promise<DuffelOrder | null> {
    let after: string | undefined;
    for (let page = 0; page < polling.orderScanPages; page++) {
      // offer_id is a filter of Duffel's API that the client's typing lacks.
      const params: PaginationMeta & ListParamsOrders & { offer_id: string } = {
        offer_id: offerId,
        limit: 200,
        ...(after ? { after } : {}),
      };
      const answer = await read(`GET air/orders?offer_id=${offerId}`, () => duffel.orders.list(params));
      const found = answer.data.find((order) => order.metadata?.[CLIENT_REFERENCE_KEY] === clientReference);
      if (found) return found;
      const next = (answer.meta as { after?: string | null } | undefined)?.after;
      if (!next) return null;
      after = next;
    }
    logger.warn({ duffel: { offerId, pages: polling.orderScanPages } }, 'duffel order lookup stopped at its page limit');
    return null;
  }

  /**
   * The hold's answer did not come (a 202, a timeout, a dropped connection, a 5xx): looks for the
   * order a few times, by its id when Duffel gave one, else by the client reference; still nothing,
   * the hold is pending and the caller's journal settles it later. Never asks Duffel to hold again.
   */
  async function lookUpUnanswered(
    clientReference: string,
    offerId: string,
    reason: string,
    lookups: number,
    { orderId, cause }: { orderId?: string; cause?: unknown } = {},
  ): Promise<DuffelOrder> {
    for (let attempt = 0; attempt < lookups; attempt++) {
      if (attempt > 0) await sleep(polling.orderLookupIntervalMs);
      try {
        const order = orderId ? await fetchOrder(orderId) : await findByReference(clientReference, offerId);
        if (order) return order;
      } catch (error) {
        logger.warn({ duffel: { kind: (error as DuffelSupplierError).kind ?? null } }, 'duffel hold lookup failed');
      }
    }
    throw new DuffelOrderPendingError(clientReference, reason, { cause });
  }

  /**
   * POST air/orders, hold or instant, once: an answer Duffel refused is said as it is; a rate limit is
   * waited out and asked again (bounded) after making sure the order was not made; an answer lost to a
   * timeout, the network or a server error that may have made it (anything but 502 order_not_created)
   * and a 202 still being created are looked up by the client reference. Never a blind second order.
   */
  async function placeOrder(request: CreateOrder, clientReference: string, offerId: string): Promise<PlacedOrder> {
    const made = (order: DuffelOrder) => ({ status: 'made' as const, order });
    for (let attempt = 0; ; attempt++) {
      let answer: DuffelAnswer<DuffelOrder>;
      try {
        answer = await change('POST air/orders', () => duffel.orders.create(request));
      } catch (error) {
        if (!(error instanceof DuffelSupplierError)) throw error;
        switch (error.kind) {
          case 'unavailable':
            return { status: 'unavailable' };
          case 'expired':
            return { status: 'expired' };
          case 'price-changed':
            return { status: 'price-changed' };
          case 'rate-limited': {
            // Refused before it was processed: after the wait, make sure, then ask again.
            if (attempt >= 2) throw error;
            await sleep(rateLimitWaitMs(error));
            const found = await findByReference(clientReference, offerId);
            if (found) return made(found);
            continue;
          }
          case 'timeout':
          case 'network':
            return made(await lookUpUnanswered(clientReference, offerId, error.kind, 2, { cause: error }));
          case 'server':
            // 502 order_not_created: Duffel guarantees nothing was made; any other 5xx may have made it.
            if (error.code === 'order_not_created') throw error;
            return made(
              await lookUpUnanswered(clientReference, offerId, `Duffel ${error.status ?? 'error'}`, 2, { cause: error }),
            );
          default:
            throw error;
        }
      }
      if (answer.status !== 202) return made(answer.data);
      const reason = 'Duffel is still creating it (202)';
      return made(await lookUpUnanswered(clientReference, offerId, reason, polling.orderLookups, orderIdOf(answer)));
    }
  }

  return { placeOrder, findByReference };
}
