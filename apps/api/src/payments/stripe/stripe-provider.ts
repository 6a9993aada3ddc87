import Stripe from 'stripe';
import { WebhookSignatureError, type CheckoutState, type PaymentEvent, type PaymentProvider } from '../payment-provider.js';
import { AppError } from '../../errors.js';

/**
 * Stripe Checkout through the official client. Stripe does not settle Sudanese pounds: bookings in
 * SDG pay later by transfer (or in USD by card); the adapter refuses rather than guess a rate.
 */
const UNSUPPORTED = new Set(['SDG']);
/**
 * Stripe wants integer minor units. Every currency Kwenda sells (USD, EUR, SAR, AED, EGP, QAR, TRY)
 * has two decimals there; a zero- or three-decimal currency (JPY, KWD...) must be added here first.
 */
const MINOR_UNITS_PER_UNIT = 100;
export const toMinorUnits = (amount: number) => Math.round(amount * MINOR_UNITS_PER_UNIT);
export const fromMinorUnits = (minor: number) => minor / MINOR_UNITS_PER_UNIT;
/** Stripe lets a Checkout session live between 30 minutes and 24 hours. */
const MIN_SESSION_MS = 31 * 60_000;
const MAX_SESSION_MS = 23 * 3_600_000;

export function createStripeProvider(options: {
  secretKey: string;
  webhookSecret: string;
  apiUrl?: string;
  publicUrl: string;
}): PaymentProvider {
  const api = options.apiUrl ? new URL(options.apiUrl) : undefined;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
          protocol: api.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });

  // GET /v1/checkout/sessions/{id}. A session completed but unpaid waits for a delayed method
  // (bank debit): still open to us, its outcome comes later.
  async function retrieveCheckout(sessionId: string): Promise<CheckoutState> {
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    if (session.status === 'complete' && session.payment_status === 'paid')
      return {
        status: 'paid',
        providerPaymentId:
          typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null),
        amount: fromMinorUnits(session.amount_total ?? 0),
        currency: (session.currency ?? '').toUpperCase(),
      };
    if (session.status === 'expired') return { status: 'expired' };
    return { status: 'open' };
  }

  return {
    name: 'stripe',

    async createCheckout(request) {
      if (UNSUPPORTED.has(request.currency))
        throw new AppError(
          409,
          'INVALID_BOOKING_STATE',
          `Card payments in ${request.currency} are not available; pay later by bank transfer`,
        );
      const now = Date.now();
      const expiresAt = Math.min(Math.max(request.expiresAt.getTime(), now + MIN_SESSION_MS), now + MAX_SESSION_MS);
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: toMinorUnits(request.amount),
                product_data: { name: `Kwenda booking ${request.bookingReference}` },
              },
            },
          ],
          client_reference_id: request.bookingId,
          metadata: { bookingId: request.bookingId, paymentId: request.paymentId },
          ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
          // Checkout has no Arabic; "auto" follows the browser where it can.
          locale: request.language === 'en' ? 'en' : 'auto',
          success_url: `${options.publicUrl}${request.successPath}`,
          cancel_url: `${options.publicUrl}${request.cancelPath}`,
          expires_at: Math.floor(expiresAt / 1000),
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new Error('Stripe answered a session without a URL');
      return { sessionId: session.id, url: session.url };
    },

    retrieveCheckout,

    // POST /v1/checkout/sessions/{id}/expire. Stripe refuses to expire a session that is no longer
    // open (paid, or completed for a delayed method): what the session is then decides.
    async closeCheckout(sessionId): Promise<CheckoutState> {
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return { status: 'expired' };
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        const state = await retrieveCheckout(sessionId);
        if (state.status === 'open') throw error;
        return state;
      }
    },

    verifyWebhook(rawBody, headers, now = new Date()): PaymentEvent {
      const signature = headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          Array.isArray(signature) ? signature[0]! : (signature ?? ''),
          options.webhookSecret,
          // Stripe's default tolerance: a signature older than five minutes is a replay.
          undefined,
          undefined,
          now.getTime(),
        );
      } catch (error) {
        throw new WebhookSignatureError((error as Error).message);
      }
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded': {
          const session = event.data.object;
          if (session.payment_status !== 'paid')
            return { id: event.id, type: 'ignored', eventType: `${event.type}:${session.payment_status}` };
          const intent =
            typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
          return {
            id: event.id,
            type: 'payment.succeeded',
            sessionId: session.id,
            providerPaymentId: intent,
            amount: fromMinorUnits(session.amount_total ?? 0),
            currency: (session.currency ?? '').toUpperCase(),
          };
        }
        case 'checkout.session.async_payment_failed':
          return { id: event.id, type: 'payment.failed', sessionId: event.data.object.id, failureCode: 'payment_failed' };
        case 'checkout.session.expired':
          return { id: event.id, type: 'session.expired', sessionId: event.data.object.id };
        default:
          return { id: event.id, type: 'ignored', eventType: event.type };
      }
    },
  };
}
