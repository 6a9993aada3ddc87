import type { Currency } from '@kwenda/contracts';
import type { Database } from '../db/client.js';
import type { Env } from '../env.js';
import type { Tx } from '../db/tx.js';
import { createSandboxGateway } from './sandbox/sandbox-gateway.js';

/**
 * The seam card payments plug into (bank transfers are not a provider: staff check the receipt). A provider opens a
 * hosted checkout and later tells us what happened through a signed webhook; the amount always
 * comes from our booking, never from the notification.
 */

export interface CheckoutRequest {
  paymentId: string;
  bookingId: string;
  bookingReference: string;
  amount: number;
  currency: Currency;
  description: string;
  customerEmail: string | null;
  language: 'ar' | 'en';
  /** Where the browser returns, as site paths (/booking/bk_...?payment=return); providers make them absolute if they must. */
  successPath: string;
  cancelPath: string;
  expiresAt: Date;
  /** The same key twice gives the same checkout (the provider's idempotency). */
  idempotencyKey: string;
}

export type PaymentEvent =
  | {
      id: string;
      type: 'payment.succeeded';
      sessionId: string;
      providerPaymentId: string | null;
      amount: number;
      currency: string;
    }
  | { id: string; type: 'payment.failed'; sessionId: string; failureCode: string }
  | { id: string; type: 'session.expired'; sessionId: string }
  | { id: string; type: 'ignored'; eventType: string };

export class WebhookSignatureError extends Error {}

/**
 * What the provider says of a checkout when asked (the reconciliation job asks about every checkout
 * it has not heard the end of): still payable, paid (with what it took), or closed unpaid.
 */
export type CheckoutState =
  | { status: 'open' }
  | { status: 'paid'; providerPaymentId: string | null; amount: number; currency: string }
  | { status: 'expired' };

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /** Idempotent: the same `idempotencyKey` answers the same session (a retry after a crash resumes). */
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /** Asks the provider where a checkout stands, whatever its webhooks said or failed to say. */
  retrieveCheckout(sessionId: string): Promise<CheckoutState>;
  /** Checks signature and timestamp; throws WebhookSignatureError. */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>, now?: Date): PaymentEvent;
  /**
   * Closes a hosted page in the caller's transaction so it refuses payment (the hold ended).
   * Only gateways whose state lives in our database can; others end at their own expiry, and money
   * that still lands is kept for a refund.
   */
  expireSession?(tx: Tx, sessionId: string): Promise<void>;
  /**
   * Closes a hosted page on the provider's side (Stripe: POST /v1/checkout/sessions/{id}/expire) so it
   * refuses payment, and answers where the session stands after: expired, or paid when the customer
   * paid first. Throws when the provider cannot be reached; the reconciliation job asks again.
   */
  closeCheckout?(sessionId: string): Promise<CheckoutState>;
  /**
   * A gateway whose state lives in our database sends its notifications from it: the webhooks that
   * are due at `now` (the payment-webhooks job). Others (Stripe) deliver from their own side.
   */
  deliverDueWebhooks?(now: Date): Promise<unknown>;
}

/** How the sandbox gateway reaches our webhook endpoint (fetch by default; tests route it through app.inject). */
export type DeliverWebhook = (url: string, body: string, headers: Record<string, string>) => Promise<{ status: number }>;

/**
 * The provider PAYMENT_PROVIDER names. Stripe's adapter and its SDK load only on a server configured for
 * it (a file of their own in the bundle): the sandbox default never loads them.
 */
export async function createPaymentProvider(
  env: Env,
  deps: {
    database: Database;
    deliverWebhook?: DeliverWebhook;
    publicUrl: string;
    logger?: { warn(obj: object, msg?: string): void };
  },
): Promise<PaymentProvider> {
  switch (env.PAYMENT_PROVIDER) {
    case 'sandbox':
      return createSandboxGateway({
        database: deps.database,
        env,
        publicUrl: deps.publicUrl,
        deliverWebhook: deps.deliverWebhook,
        logger: deps.logger,
      });
    case 'stripe': {
      const { createStripeProvider } = await import('./stripe/stripe-provider.js');
      return createStripeProvider({
        secretKey: env.STRIPE_SECRET_KEY!,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
        apiUrl: env.STRIPE_API_URL,
        publicUrl: deps.publicUrl,
      });
    }
  }
}
