import { crashPoint } from '../../crash-points.js';
import type { Database } from '../../db/client.js';
import type { PaymentRow } from '../../db/schema.js';
import type { Tx } from '../../db/tx.js';
import { AppError } from '../../errors.js';
import { retryDelayMs } from '../../jobs/claim-due.js';
import { WebhookSignatureError, type PaymentEvent, type PaymentProvider } from '../../payments/payment-provider.js';
import type { BookingPaymentsPort, CheckoutPort } from '../bookings/booking-ports.js';
import * as repo from './payments-repository.js';

interface Logger {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export type WebhookOutcome =
  'confirmed' | 'refund-required' | 'failed-recorded' | 'expired' | 'duplicate' | 'ignored' | 'unknown-session';

/** What the provider reported about a checkout, by webhook or when asked: an event without its id. */
type ProviderOutcome =
  | { type: 'payment.succeeded'; providerPaymentId: string | null; amount: number; currency: string }
  | { type: 'payment.failed'; failureCode: string }
  | { type: 'session.expired' };

/** A checkout still open this long is asked about (then again with backoff, at most hourly). */
export const DEFAULT_RECONCILE_AFTER_MS = 5 * 60_000;
const MAX_CHECK_INTERVAL_MS = 3_600_000;
/** A checkout unresolved this long after it opened is given up on and logged for staff. */
export const RECONCILE_GIVE_UP_AFTER_MS = 3 * 24 * 3_600_000;
/** How long one process keeps a claimed check to itself: over the provider client's timeouts and retries. */
const CHECK_LEASE_MS = 2 * 60_000;
const CHECK_BATCH = 20;
const SETTLED: PaymentRow['status'][] = ['succeeded', 'failed', 'refund-required', 'refunded'];

/**
 * Card checkouts and what providers tell us about them. One open checkout per booking (a partial
 * unique index decides races), opened under the payment's id as idempotency key so that a retry
 * after a crash between the steps resumes the same checkout; each provider event is handled once
 * (webhook_events); a checkout the provider has not told us the end of is asked about
 * (reconcileOpenPayments) and settled through the same code as its webhook; the amount that
 * confirms a booking is the booking's own, checked against what the provider reports.
 */
export function createPaymentsService(deps: {
  database: Database;
  provider: PaymentProvider;
  bookings: BookingPaymentsPort;
  logger: Logger;
  /** How long a checkout stays open before the provider is asked about it. */
  reconcileAfterMs?: number;
}) {
  const { database, provider, bookings, logger } = deps;
  const { db } = database;
  const reconcileAfterMs = deps.reconcileAfterMs ?? DEFAULT_RECONCILE_AFTER_MS;
  const unavailable = () =>
    new AppError(503, 'PAYMENT_PROVIDER_UNAVAILABLE', 'The card payment service did not answer; try again or pay later');

  type OpenInput = Parameters<CheckoutPort['openCheckout']>[0];

  /**
   * Each step can be run again: the open payment is found (or saved), the provider asked with the
   * payment's id as idempotency key (the same checkout again after a crash), its address stored.
   */
  async function openOrResume(input: OpenInput): Promise<{ url: string }> {
    for (let attempt = 0; attempt < 3; attempt++) {
      let payment = await repo.findOpenPayment(db, input.bookingId);
      if (payment?.checkoutUrl) return { url: payment.checkoutUrl };
      if (payment && (Math.abs(payment.amount - input.amount) > 0.005 || payment.currency !== input.currency)) {
        // Half-open for another amount: its page was never shown, so it goes and a new one opens.
        await repo.deleteUnopenedPayment(db, payment.id);
        continue;
      }
      let savedHere = false;
      if (!payment) {
        payment = await repo.insertOpenPayment(db, {
          id: repo.newPaymentId(),
          bookingId: input.bookingId,
          provider: provider.name,
          status: 'open',
          amount: input.amount,
          currency: input.currency,
        });
        // Another request opened one first: use it.
        if (!payment) continue;
        savedHere = true;
        await crashPoint('payment.checkout-saved');
      }
      let session: { sessionId: string; url: string };
      try {
        session = await provider.createCheckout({
          paymentId: payment.id,
          bookingId: input.bookingId,
          bookingReference: input.bookingReference,
          amount: payment.amount,
          currency: payment.currency as OpenInput['currency'],
          description: input.bookingReference,
          customerEmail: input.email,
          language: input.language,
          successPath: `/booking/${input.bookingId}?payment=return`,
          cancelPath: `/booking/${input.bookingId}?payment=cancel`,
          expiresAt: input.expiresAt,
          idempotencyKey: payment.id,
        });
      } catch (error) {
        logger.error({ err: error, bookingId: input.bookingId, paymentId: payment.id }, 'could not open a checkout');
        // A payment saved by this request goes, so the next try starts afresh; one found half-open
        // (a crash) stays for the next try to resume under the same key.
        if (savedHere) await repo.deleteUnopenedPayment(db, payment.id);
        throw unavailable();
      }
      await crashPoint('payment.checkout-created');
      const stored = await db.transaction((tx) =>
        repo.setCheckout(tx, payment.id, session, new Date(Date.now() + reconcileAfterMs)),
      );
      if (stored) return { url: session.url };
      // Closed meanwhile (the hold ended) or removed by a failed attempt: look again.
    }
    throw new AppError(503, 'PAYMENT_PROVIDER_UNAVAILABLE', 'Could not open the card payment page; try again');
  }

  // Requests of this process for one booking share one opening (a double click asks the provider
  // once). Only a saving: other processes are kept apart by the index and the idempotency key.
  const opening = new Map<string, Promise<{ url: string }>>();

  const checkout: CheckoutPort = {
    async openCheckout(input) {
      const running = opening.get(input.bookingId);
      if (running) return running;
      const started = openOrResume(input).finally(() => opening.delete(input.bookingId));
      opening.set(input.bookingId, started);
      return started;
    },

    async openCheckoutUrl(bookingId) {
      return (await repo.findOpenPayment(db, bookingId))?.checkoutUrl ?? null;
    },

    // The sandbox page is closed in the same transaction so it refuses the card. A provider's own
    // page (Stripe) is closed by closeExpiredCheckouts after the commit, and by the reconciliation job
    // if that fails; money that still lands on a closed checkout is kept for a refund.
    async expireCheckouts(tx, bookingId, options = {}) {
      const closed = await repo.expireOpenPayments(tx, bookingId, { except: options.except, now: new Date() });
      if (provider.expireSession) for (const { sessionId } of closed) if (sessionId) await provider.expireSession(tx, sessionId);
    },

    closeExpiredCheckouts,
  };

  /**
   * The checks due for one booking's checkouts, now: what expireCheckouts closed here is closed on the
   * provider's side at once. A failure is logged and left to the reconciliation job, which asks again.
   */
  async function closeExpiredCheckouts(bookingId: string) {
    const now = new Date();
    try {
      const batch = await db.transaction((tx) =>
        repo.claimDueChecks(tx, { provider: provider.name, now, limit: CHECK_BATCH, leaseMs: CHECK_LEASE_MS, bookingId }),
      );
      for (const check of batch) await reconcileOne(check, now);
    } catch (error) {
      logger.error({ err: error, bookingId }, 'closing checkouts failed; the reconciliation job closes them');
    }
  }

  /**
   * What the provider reported, applied to the locked payment and its booking in the caller's
   * transaction: the one path of a webhook and of reconciliation. Returns the bookingId to ticket
   * after the commit when the booking was just paid.
   */
  async function applyOutcome(
    tx: Tx,
    payment: PaymentRow,
    event: ProviderOutcome,
    actor: string,
  ): Promise<{ outcome: WebhookOutcome; fulfil: string | null }> {
    switch (event.type) {
      case 'payment.succeeded': {
        // Only an open (or closed-by-expiry) checkout can become paid; anything else was settled already.
        if (payment.status !== 'open' && payment.status !== 'expired') {
          if (payment.status !== 'succeeded')
            logger.warn({ paymentId: payment.id, status: payment.status, actor }, 'payment event for a settled checkout');
          return { outcome: 'duplicate', fulfil: null };
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
          return { outcome: 'refund-required', fulfil: null };
        }
        const result = await bookings.confirmPayment(tx, {
          bookingId: payment.bookingId,
          method: 'card',
          amount: payment.amount,
          currency: payment.currency as never,
          actor,
          paymentId: payment.id,
        });
        if (result !== 'confirmed') {
          logger.error(
            { paymentId: payment.id, bookingId: payment.bookingId, result },
            'money received for a booking that cannot take it: refund',
          );
          await repo.updatePayment(tx, payment.id, { status: 'refund-required', providerPaymentId: event.providerPaymentId });
          return { outcome: 'refund-required', fulfil: null };
        }
        await repo.updatePayment(tx, payment.id, {
          status: 'succeeded',
          providerPaymentId: event.providerPaymentId,
          failureCode: null,
        });
        return { outcome: 'confirmed', fulfil: payment.bookingId };
      }
      case 'payment.failed': {
        // A decline reported after the checkout closed (paid, expired) changes nothing.
        if (payment.status !== 'open') return { outcome: 'ignored', fulfil: null };
        await repo.updatePayment(tx, payment.id, { failureCode: event.failureCode });
        try {
          await bookings.recordPaymentFailure(tx, { bookingId: payment.bookingId, failureCode: event.failureCode, actor });
        } catch (error) {
          // The booking moved on (paid another way, expired): the decline changes nothing.
          if (!(error instanceof AppError)) throw error;
        }
        return { outcome: 'failed-recorded', fulfil: null };
      }
      case 'session.expired':
        if (payment.status === 'open') await repo.updatePayment(tx, payment.id, { status: 'expired' });
        return { outcome: 'expired', fulfil: null };
    }
  }

  /** Tickets a booking just paid (its other checkouts closed first); a failure is left to the ticketing job. */
  async function fulfilPaid(bookingId: string | null) {
    if (!bookingId) return;
    await closeExpiredCheckouts(bookingId);
    await bookings
      .fulfil(bookingId)
      .catch((error: unknown) => logger.error({ err: error, bookingId }, 'ticketing after payment failed; the job retries'));
  }

  async function handleWebhook(
    providerName: string,
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
    now = new Date(),
  ): Promise<WebhookOutcome> {
    if (providerName !== provider.name) throw new AppError(404, 'NOT_FOUND', `No ${providerName} payments here`);
    let event: PaymentEvent;
    try {
      event = provider.verifyWebhook(rawBody, headers, now);
    } catch (error) {
      if (error instanceof WebhookSignatureError) throw new AppError(400, 'INVALID_SIGNATURE', error.message);
      throw error;
    }
    await crashPoint('payment.webhook-received');
    const { outcome, fulfil } = await db.transaction(async (tx) => {
      if (!(await repo.recordWebhookEvent(tx, provider.name, event.id, event.type)))
        return { outcome: 'duplicate' as const, fulfil: null };
      if (event.type === 'ignored') return { outcome: 'ignored' as const, fulfil: null };
      const payment = await repo.lockPaymentBySession(tx, provider.name, event.sessionId);
      if (!payment) {
        logger.warn({ eventId: event.id, sessionId: event.sessionId }, 'webhook for an unknown checkout');
        return { outcome: 'unknown-session' as const, fulfil: null };
      }
      return applyOutcome(tx, payment, event, `${provider.name}:webhook`);
    });
    logger.info({ provider: provider.name, eventId: event.id, type: event.type, outcome }, 'payment webhook');
    await fulfilPaid(fulfil);
    return outcome;
  }

  /** Asks the provider about one claimed checkout and settles what it says. */
  async function reconcileOne(check: Awaited<ReturnType<typeof repo.claimDueChecks>>[number], now: Date) {
    const payment = await repo.findPayment(db, check.paymentId);
    if (!payment?.providerSessionId || SETTLED.includes(payment.status)) {
      await repo.settleCheck(db, check, { settledAt: now });
      return 'settled' as const;
    }
    const delayMs = retryDelayMs(check.checks, { firstMs: reconcileAfterMs, maxMs: MAX_CHECK_INTERVAL_MS });
    const givenUp = now.getTime() - payment.createdAt.getTime() > RECONCILE_GIVE_UP_AFTER_MS;
    let state;
    try {
      // A checkout closed here that the provider may still keep open (Stripe's own page): closed there.
      state =
        payment.status === 'expired' && provider.closeCheckout
          ? await provider.closeCheckout(payment.providerSessionId)
          : await provider.retrieveCheckout(payment.providerSessionId);
    } catch (error) {
      const message = (error as Error).message || String(error);
      logger.warn({ paymentId: payment.id, err: error }, 'could not ask the payment provider about a checkout');
      await repo.retryCheck(db, check, { state: 'error', error: message, now, delayMs, giveUp: givenUp });
      if (givenUp) logger.error({ paymentId: payment.id, bookingId: payment.bookingId }, 'checkout unresolved after 3 days');
      return 'error' as const;
    }
    if (state.status === 'open') {
      await repo.retryCheck(db, check, { state: 'open', now, delayMs, giveUp: givenUp });
      return 'open' as const;
    }
    const event: ProviderOutcome =
      state.status === 'paid'
        ? {
            type: 'payment.succeeded',
            providerPaymentId: state.providerPaymentId,
            amount: state.amount,
            currency: state.currency,
          }
        : { type: 'session.expired' };
    const { outcome, fulfil } = await db.transaction(async (tx) => {
      const locked = await repo.lockPayment(tx, payment.id);
      const settled = locked
        ? await applyOutcome(tx, locked, event, `${provider.name}:reconciliation`)
        : { outcome: 'unknown-session' as const, fulfil: null };
      await repo.settleCheck(tx, check, { state: state.status, settledAt: now });
      return settled;
    });
    if (outcome !== 'duplicate' && outcome !== 'expired')
      logger.info({ paymentId: payment.id, bookingId: payment.bookingId, outcome }, 'payment settled by reconciliation');
    await fulfilPaid(fulfil);
    return outcome;
  }

  /**
   * The reconciliation job: every checkout open for a while (and every one we closed while the
   * provider may still take money) is asked about; paid or expired there, it is settled here as its
   * webhook would have done. Several processes may run it at once (claimed checks).
   */
  async function reconcileOpenPayments(now = new Date()) {
    const outcomes: string[] = [];
    for (;;) {
      const batch = await db.transaction((tx) =>
        repo.claimDueChecks(tx, { provider: provider.name, now, limit: CHECK_BATCH, leaseMs: CHECK_LEASE_MS }),
      );
      for (const check of batch) {
        try {
          outcomes.push(await reconcileOne(check, now));
        } catch (error) {
          // Left leased: asked again when the lease ends.
          logger.error({ err: error, paymentId: check.paymentId }, 'reconciling a checkout failed');
        }
      }
      if (batch.length < CHECK_BATCH) return outcomes;
    }
  }

  return { ...checkout, handleWebhook, reconcileOpenPayments };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
