import type { BookingPaymentsPort, CheckoutPort } from '../modules/bookings/booking-ports.js';
import { paymentsRoutes } from '../modules/payments/payments-routes.js';
import { createPaymentsService } from '../modules/payments/payments-service.js';
import { owedInAccounts } from '../modules/bookings/transfer-accounts.js';
import { bankAccountsOf } from '../modules/config/config-routes.js';
import { createReceiptReadingJob } from '../modules/receipts/checks/receipt-reading-job.js';
import { receiptsRoutes } from '../modules/receipts/receipts-routes.js';
import { createReceiptsService } from '../modules/receipts/receipts-service.js';
import type { PaymentProvider } from '../payments/payment-provider.js';
import { sandboxGatewayRoutes } from '../payments/sandbox/gateway-routes.js';
import type { AppContext, AppModule } from './app-module.js';

/**
 * Card payments through the provider (and the sandbox gateway's pages when it is the one), transfer
 * receipts (read and checked in the background), and the jobs that deliver the sandbox's notifications and settle checkouts left open.
 * What they learn about a booking goes to the bookings module's port.
 */
export function paymentsModule(
  { app, env, database }: AppContext,
  { bookings, provider }: { bookings: BookingPaymentsPort; provider: PaymentProvider },
) {
  const payments = createPaymentsService({
    database,
    provider,
    bookings,
    logger: app.log,
    reconcileAfterMs: env.PAYMENT_RECONCILE_AFTER_SECONDS * 1000,
  });
  const bankAccounts = bankAccountsOf(env);
  const reading = createReceiptReadingJob({
    database,
    bankAccounts,
    owedInAccounts: (booking) => owedInAccounts(database.db, booking, bankAccounts),
    logger: app.log,
  });
  app.addHook('onClose', async () => reading.close());
  const receipts = createReceiptsService({
    database,
    bookings,
    // A process that runs the jobs reads a receipt as soon as it took it; others leave it to the sweep.
    onReceipt: env.RUN_JOBS ? () => reading.kick() : undefined,
  });
  const module: AppModule = {
    async routes(api) {
      await api.register(paymentsRoutes, { payments });
      await api.register(receiptsRoutes, { receipts, bookings });
    },
    rootRoutes: provider.name === 'sandbox' ? async (root) => root.register(sandboxGatewayRoutes, { provider }) : undefined,
    jobs: [
      // The sandbox gateway's notifications, from its table (Stripe sends its own).
      { name: 'payment-webhooks', run: async (now) => provider.deliverDueWebhooks?.(now) },
      // Checkouts the provider has not told us the end of: asked about and settled.
      { name: 'payment-reconciliation', run: (now) => payments.reconcileOpenPayments(now) },
      // Transfer receipts read and checked (a failed reading is tried again).
      { name: reading.name, run: (now) => reading.run(now) },
    ],
  };
  return { payments, receipts, module };
}

/** The checkout of a payments module built after its caller: each call goes to the one `payments()` returns. */
export const checkoutOf = (payments: () => CheckoutPort): CheckoutPort => ({
  openCheckout: (input) => payments().openCheckout(input),
  openCheckoutUrl: (bookingId) => payments().openCheckoutUrl(bookingId),
  expireCheckouts: (tx, bookingId, options) => payments().expireCheckouts(tx, bookingId, options),
  closeExpiredCheckouts: (bookingId) => payments().closeExpiredCheckouts(bookingId),
});
