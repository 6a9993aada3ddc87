export {
  createSandboxSupplier,
  BOOKING_CUTOFF_MINUTES,
  MAX_OFFERS,
  type SandboxSupplier,
  type SandboxSupplierOptions,
} from './sandbox-supplier.js';
export {
  sandboxRepricingOutcome,
  repricingOutcome,
  readOfferReference,
  type RepricingOutcome,
  type OfferToken,
} from './offer-reference.js';
export { CONNECTION_RULES } from './itineraries.js';
export { SANDBOX_TICKET_FAIL_NAME, SANDBOX_TICKET_RETRY_NAME, SandboxTicketingError } from './orders.js';
export { SandboxOrderError } from './order-book.js';
export { airlineProfiles, toAirline } from './airlines.js';
