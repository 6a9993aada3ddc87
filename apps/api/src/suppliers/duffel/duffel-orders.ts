import type { CreateOrder, Order as DuffelOrder } from '@duffel/api/types';
import type { CreateOrderResult, InstantOrderResult, Supplier, SupplierOffer, SupplierOrder } from '../supplier.js';
import { isCancelled, isKind, isUnknownOffer, type DuffelContext } from './duffel-context.js';
import { DuffelInstantPaymentError, DuffelOrderPendingError, DuffelSupplierError } from './errors.js';
import {
  CLIENT_REFERENCE_KEY,
  currencyDigits,
  duffelDataOf,
  isPaid,
  passengerRequirementsOf,
  toSupplierOffer,
  toSupplierOrder,
  type PassengerIdMap,
} from './mapping.js';
import { extrasOf, orderPassengers, orderServices } from './order-body.js';
import type { createOrderPlacer } from './place-order.js';
import type { createDuffelTicketing } from './duffel-ticketing.js';

/**
 * Duffel's orders: holds (paid later from the balance), instant orders for fares that cannot be held,
 * and orders read back by id or by Kwenda's client reference. A hold is written down before it is
 * asked (duffel_orders), so the same client reference never makes a second order.
 */
export function createDuffelOrders(
  { store, clock, polling, fetchOffer, fetchOrder }: DuffelContext,
  {
    getOffer,
    placeOrder,
    findByReference,
    readTickets,
  }: Pick<Supplier, 'getOffer'> &
    ReturnType<typeof createOrderPlacer> &
    Pick<ReturnType<typeof createDuffelTicketing>, 'readTickets'>,
): Pick<Supplier, 'createOrder' | 'createInstantOrder' | 'getOrder' | 'findOrder'> {
  function heldResult(order: DuffelOrder): CreateOrderResult {
    if (isCancelled(order)) return { status: 'unavailable' };
    const status = order.payment_status ?? { awaiting_payment: true, paid_at: null };
    return {
      status: 'held',
      orderId: order.id,
      paymentRequiredBy: new Date(status.payment_required_by ?? status.paid_at ?? order.created_at),
      priceGuaranteeExpiresAt: status.price_guarantee_expires_at ? new Date(status.price_guarantee_expires_at) : null,
      total: Number(order.total_amount),
      currency: order.total_currency,
    };
  }

  async function adopt(clientReference: string, order: DuffelOrder): Promise<CreateOrderResult> {
    await store.recordHeldOrder(clientReference, {
      orderId: order.id,
      total: Number(order.total_amount),
      currency: order.total_currency,
      now: clock(),
    });
    return heldResult(order);
  }

  /**
   * Asked again with the same client reference: the order made then (null when Duffel no longer has
   * it), never a second one. Undefined when nothing was made and the earlier request can no longer be
   * on its way, so the order is asked for again.
   */
  async function earlierOrder(
    clientReference: string,
    now: Date,
  ): Promise<{ order: DuffelOrder | null; passengerIds: PassengerIdMap } | undefined> {
    const earlier = await store.holdByClientReference(clientReference);
    if (!earlier) return undefined;
    if (earlier.orderId) return { order: await fetchOrder(earlier.orderId), passengerIds: earlier.passengerIds };
    const found = await findByReference(clientReference, earlier.offerId);
    if (found) {
      await adopt(clientReference, found);
      return { order: found, passengerIds: earlier.passengerIds };
    }
    if (now.getTime() - earlier.requestedAt.getTime() < polling.holdInFlightMs)
      throw new DuffelOrderPendingError(clientReference, 'an earlier request may still be in progress');
    return undefined;
  }

  /** Kwenda's ids of the order's passengers, as the hold recorded them. */
  const passengerIdsOf = async (orderId: string): Promise<PassengerIdMap | null> =>
    (await store.holdByOrderId(orderId))?.passengerIds ?? null;

  async function getOrder(orderId: string): Promise<SupplierOrder | null> {
    const order = await fetchOrder(orderId);
    return order ? toSupplierOrder(order, await passengerIdsOf(orderId)) : null;
  }

  return {
    async createOrder({ offerReference, passengers, clientReference }, now: Date = clock()): Promise<CreateOrderResult> {
      const before = await earlierOrder(clientReference, now);
      if (before) return before.order ? heldResult(before.order) : { status: 'unavailable' };

      const priced = await getOffer(offerReference, now);
      if (priced.status !== 'available') return priced;
      if (priced.offer.requiresInstantPayment) throw new DuffelInstantPaymentError(offerReference);
      const data = duffelDataOf(priced.offer);
      const requirements = passengerRequirementsOf(priced.offer);
      const { body: passengerBody, passengerIds } = orderPassengers(data, passengers);
      const services = orderServices(requirements, passengers);

      await store.recordHoldRequest({ clientReference, offerId: offerReference, passengerIds, now });
      const request = {
        selected_offers: [offerReference],
        passengers: passengerBody,
        ...(services.length ? { services } : {}),
        // The API's order types are "instant" and "hold"; the client's typing still says pay_later.
        type: 'hold' as unknown as CreateOrder['type'],
        metadata: { [CLIENT_REFERENCE_KEY]: clientReference },
      } satisfies CreateOrder;

      const placed = await placeOrder(request, clientReference, offerReference);
      if (placed.status === 'made') return adopt(clientReference, placed.order);
      if (placed.status !== 'price-changed') return placed;
      const again = await getOffer(offerReference, clock());
      if (again.status !== 'available') return again;
      return { status: 'price-changed', offer: again.offer, previousTotal: priced.offer.totalAmount };
    },

    async createInstantOrder({ offer, passengers, clientReference }): Promise<InstantOrderResult> {
      const now = clock();
      const instantResult = async (order: DuffelOrder | null, ids: PassengerIdMap): Promise<InstantOrderResult> => {
        if (!order || isCancelled(order)) return { status: 'unavailable' };
        if (!isPaid(order)) throw new DuffelSupplierError('invalid-state', `Duffel order ${order.id} is not paid`);
        return { status: 'ticketed', orderId: order.id, ticketed: await readTickets(order.id, ids, order) };
      };
      const before = await earlierOrder(clientReference, now);
      if (before) return instantResult(before.order, before.passengerIds);

      let fresh: SupplierOffer;
      try {
        fresh = toSupplierOffer(await fetchOffer(offer.reference, true), offer.tripType);
      } catch (error) {
        if (isUnknownOffer(error)) return { status: 'unavailable' };
        if (isKind(error, 'expired')) return { status: 'expired' };
        throw error;
      }
      if (Date.parse(fresh.expiresAt) <= now.getTime()) return { status: 'expired' };
      const currency = fresh.totalCurrency;
      const requirements = passengerRequirementsOf(fresh);
      const services = orderServices(requirements, passengers);
      const extras = extrasOf(requirements, passengers, currency);
      const bookedExtras = extrasOf(passengerRequirementsOf(offer), passengers, offer.totalCurrency);
      await store.setOfferTotal(offer.reference, fresh.totalAmount, currency, new Date(fresh.expiresAt));
      // Never more than booked: Kwenda has taken the traveller's money for that price.
      if (currency !== offer.totalCurrency || fresh.totalAmount > offer.totalAmount || extras > bookedExtras)
        return { status: 'price-changed', newTotal: fresh.totalAmount + extras };

      const { body: passengerBody, passengerIds } = orderPassengers(duffelDataOf(fresh), passengers);
      await store.recordHoldRequest({ clientReference, offerId: offer.reference, passengerIds, now });
      const amount = (fresh.totalAmount + extras).toFixed(currencyDigits(currency));
      const request = {
        selected_offers: [offer.reference],
        passengers: passengerBody,
        ...(services.length ? { services } : {}),
        type: 'instant' as const,
        payments: [{ type: 'balance' as const, amount, currency }],
        metadata: { [CLIENT_REFERENCE_KEY]: clientReference },
      } satisfies CreateOrder;

      const placed = await placeOrder(request, clientReference, offer.reference);
      if (placed.status === 'made') {
        await adopt(clientReference, placed.order);
        return instantResult(placed.order, passengerIds);
      }
      if (placed.status !== 'price-changed') return placed;
      const again = await fetchOffer(offer.reference, false).catch(() => null);
      return { status: 'price-changed', newTotal: again ? Number(again.total_amount) + extras : fresh.totalAmount + extras };
    },

    getOrder,

    async findOrder(clientReference: string): Promise<SupplierOrder | null> {
      const hold = await store.holdByClientReference(clientReference);
      // Nothing written down: this adapter never asked Duffel to hold with this reference.
      if (!hold) return null;
      if (hold.orderId) return getOrder(hold.orderId);
      const found = await findByReference(clientReference, hold.offerId);
      if (!found) return null;
      await adopt(clientReference, found);
      return toSupplierOrder(found, hold.passengerIds);
    },
  };
}
