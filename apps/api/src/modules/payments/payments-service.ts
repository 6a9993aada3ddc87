import type { Database } from '../../db/client.js';
import type { Env } from '../../env.js';
import { AppError } from '../../errors.js';
import { WebhookSignatureError, type PaymentProvider } from '../../payments/payment-provider.js';
import type { BookingPaymentsPort, CheckoutPort } from '../bookings/booking-ports.js';
import * as repo from './payments-repository.js';

interface Logger {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export type WebhookOutcome =
  'confirmed' | 'refund-required' | 'failed-recorded' | 'expired' | 'duplicate' | 'ignored' | 'unknown-session';

/**
 * Card checkouts and what providers tell us about them. One open checkout per booking (a partial
 * unique index decides races); each provider event is handled once (webhook_events); the amount
 * that confirms a booking is the booking's own, checked against what the provider reports.
 */
export function createPaymentsService(deps: {
  database: Database;
  provider: PaymentProvider;
  bookings: BookingPaymentsPort;
  env?: Pick<Env, 'NODE_ENV'>;
  logger: Logger;
}) {
  const { database, provider, bookings, logger } = deps;
  const { db } = database;

  const waitForCheckoutUrl = async (bookingId: string) => {
    for (let i = 0; i < 50; i++) {
      const open = await repo.findOpenPayment(db, bookingId);
      if (!open) return null;
      if (open.checkoutUrl) return open.checkoutUrl;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return null;
  };

  const checkout: CheckoutPort = {
    async openCheckout(input) {
      for (let attempt = 0; attempt < 3; attempt++) {
        const open = await repo.findOpenPayment(db, input.bookingId);
        if (open) {
          const url = open.checkoutUrl ?? (await waitForCheckoutUrl(input.bookingId));
          if (url) return { url };
          continue;
        }
        const paymentId = repo.newPaymentId();
        const mine = await repo.insertOpenPayment(db, {
          id: paymentId,
          bookingId: input.bookingId,
          provider: provider.name,
          status: 'open',
          amount: input.amount,
          currency: input.currency,
        });
        // Another request opened one first: use it.
        if (!mine) continue;
        try {
          const session = await provider.createCheckout({
            paymentId,
            bookingId: input.bookingId,
            bookingReference: input.bookingReference,
            amount: input.amount,
            currency: input.currency,
            description: input.bookingReference,
            customerEmail: input.email,
            language: input.language,
            successPath: `/booking/${input.bookingId}?payment=return`,
            cancelPath: `/booking/${input.bookingId}?payment=cancel`,
            expiresAt: input.expiresAt,
            idempotencyKey: paymentId,
          });
          await repo.setCheckout(db, paymentId, session);
          return { url: session.url };
        } catch (error) {
          await repo.deletePayment(db, paymentId);
          logger.error({ err: error, bookingId: input.bookingId }, 'could not open a checkout');
          throw new AppError(
            503,
            'PAYMENT_PROVIDER_UNAVAILABLE',
            'The card payment service did not answer; try again or pay later',
          );
        }
      }
      throw new AppError(503, 'PAYMENT_PROVIDER_UNAVAILABLE', 'Could not open the card payment page; try again');
    },

    async openCheckoutUrl(bookingId) {
      return (await repo.findOpenPayment(db, bookingId))?.checkoutUrl ?? null;
    },

    // The sandbox page is closed in the same transaction so it refuses the card; other providers'
    // sessions end on their own (their expiry is the hold's end, or Stripe's 30-minute minimum),
    // and a payment that still lands is not-payable and kept for a refund.
    async expireCheckouts(tx, bookingId) {
      const sessionIds = await repo.expireOpenPayments(tx, bookingId);
      if (provider.expireSession) for (const sessionId of sessionIds) await provider.expireSession(tx, sessionId);
    },
  };

  async function handleWebhook(
    providerName: string,
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
    now = new Date(),
  ): Promise<WebhookOutcome> {
    if (providerName !== provider.name) throw new AppError(404, 'NOT_FOUND', `No ${providerName} payments here`);
    let event;
    try {
      event = provider.verifyWebhook(rawBody, headers, now);
    } catch (error) {
      if (error instanceof WebhookSignatureError) throw new AppError(400, 'INVALID_SIGNATURE', error.message);
      throw error;
    }
    let fulfil: string | null = null;
    const outcome = await db.transaction(async (tx): Promise<WebhookOutcome> => {
      if (!(await repo.recordWebhookEvent(tx, provider.name, event.id, event.type))) return 'duplicate';
      if (event.type === 'ignored') return 'ignored';
      const payment = await repo.lockPaymentBySession(tx, provider.name, event.sessionId);
      if (!payment) {
        logger.warn({ eventId: event.id, sessionId: event.sessionId }, 'webhook for an unknown checkout');
        return 'unknown-session';
      }
      const actor = `${provider.name}:webhook`;
      switch (event.type) {
        case 'payment.succeeded': {
          // Only an open (or closed-by-expiry) checkout can become paid; anything else was settled already.
          if (payment.status !== 'open' && payment.status !== 'expired') {
            if (payment.status !== 'succeeded')
              logger.warn(
                { paymentId: payment.id, status: payment.status, eventId: event.id },
                'payment event for a settled checkout',
              );
            return 'duplicate';
          }
          if (Math.abs(event.amount - payment.amount) > 0.005 || event.currency.toUpperCase() !== payment.currency) {
            logger.error(
              {
                paymentId: payment.id,
                expected: `${payment.amount} ${payment.currency}`,
                reported: `${event.amount} ${event.currency}`,
              },
              'paid amount differs from the booking: refund',
            );
            await repo.updatePayment(tx, payment.id, { status: 'refund-required', providerPaymentId: event.providerPaymentId });
            return 'refund-required';
          }
          const result = await bookings.confirmPayment(tx, {
            bookingId: payment.bookingId,
            method: 'card',
            amount: payment.amount,
            currency: payment.currency as never,
            actor,
          });
          if (result !== 'confirmed') {
            logger.error(
              { paymentId: payment.id, bookingId: payment.bookingId, result },
              'money received for a booking that cannot take it: refund',
            );
            await repo.updatePayment(tx, payment.id, { status: 'refund-required', providerPaymentId: event.providerPaymentId });
            return 'refund-required';
          }
          await repo.updatePayment(tx, payment.id, {
            status: 'succeeded',
            providerPaymentId: event.providerPaymentId,
            failureCode: null,
          });
          fulfil = payment.bookingId;
          return 'confirmed';
        }
        case 'payment.failed': {
          // A decline reported after the checkout closed (paid, expired) changes nothing.
          if (payment.status !== 'open') return 'ignored';
          await repo.updatePayment(tx, payment.id, { failureCode: event.failureCode });
          try {
            await bookings.recordPaymentFailure(tx, { bookingId: payment.bookingId, failureCode: event.failureCode, actor });
          } catch (error) {
            // The booking moved on (paid another way, expired): the decline changes nothing.
            if (!(error instanceof AppError)) throw error;
          }
          return 'failed-recorded';
        }
        case 'session.expired':
          if (payment.status === 'open') await repo.updatePayment(tx, payment.id, { status: 'expired' });
          return 'expired';
      }
    });
    logger.info({ provider: provider.name, eventId: event.id, type: event.type, outcome }, 'payment webhook');
    if (fulfil)
      await bookings
        .fulfil(fulfil)
        .catch((error: unknown) =>
          logger.error({ err: error, bookingId: fulfil }, 'ticketing after payment failed; the job retries'),
        );
    return outcome;
  }

  return { ...checkout, handleWebhook };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
