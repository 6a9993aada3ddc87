import type { Supplier } from '../supplier.js';
import { createDuffelAirlineChanges } from './duffel-airline-changes.js';
import { createDuffelCancellations } from './duffel-cancellations.js';
import { createDuffelContext, type DuffelSupplierOptions } from './duffel-context.js';
import { createDuffelOffers } from './duffel-offers.js';
import { createDuffelOrders } from './duffel-orders.js';
import { createDuffelSearch } from './duffel-search.js';
import { createDuffelTicketing } from './duffel-ticketing.js';
import { createOrderPlacer } from './place-order.js';

export type { DuffelSupplierOptions } from './duffel-context.js';
export { SEARCH_MARGIN_MS } from './duffel-search.js';

export interface DuffelSupplier extends Supplier {
  readonly name: 'duffel';
}

/**
 * Kwenda's supplier seam on Duffel's flights API (official client @duffel/api). Searches are batch
 * offer requests, kept in duffel_searches for paging; offers are held (hold orders, never instant
 * ones), paid from the Duffel balance, cancelled through order cancellations. Duffel has no
 * idempotency key: a hold is written down before it is asked (duffel_orders) and, when its answer is
 * lost, looked up by the client reference kept in the order's metadata instead of asked again.
 */
export function createDuffelSupplier(options: DuffelSupplierOptions): DuffelSupplier {
  const context = createDuffelContext(options);
  const offers = createDuffelOffers(context);
  const ticketing = createDuffelTicketing(context);
  return {
    name: 'duffel',
    ...createDuffelSearch(context, options),
    ...offers,
    ...createDuffelOrders(context, {
      getOffer: offers.getOffer,
      readTickets: ticketing.readTickets,
      ...createOrderPlacer(context),
    }),
    ticketOrder: ticketing.ticketOrder,
    ...createDuffelCancellations(context),
    ...createDuffelAirlineChanges(context),
  };
}
