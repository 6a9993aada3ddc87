export { createDuffelSupplier, type DuffelSupplier, type DuffelSupplierOptions } from './duffel-supplier.js';
export {
  DuffelInstantPaymentError,
  DuffelOrderPendingError,
  DuffelPriceChangedError,
  DuffelSupplierError,
  DuffelTicketsPendingError,
  type DuffelErrorKind,
} from './errors.js';
export { CLIENT_REFERENCE_KEY, toAirlineChange, toSupplierOrder, type DuffelOfferData } from './mapping.js';
