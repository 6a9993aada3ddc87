import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { paymentChecks } from '../db/payments-durability-schema.js';
import { gatewayWebhooks, mailOutbox, paymentReceipts } from '../db/schema.js';
import { supplierCalls } from '../db/supplier-calls-schema.js';
import { supplierEvents } from '../db/supplier-events-schema.js';
import { whatsappMessages } from '../db/whatsapp-schema.js';
import type { DueQueue } from './claim-due.js';

/**
 * Every table of due work, as jobs/claim-due.ts takes it, and when each gives up. A new kind of due
 * work gets its queue here, so the desk counts its dead rows with the others.
 */

/**
 * The mail outbox. A message is given up three days after it was queued (its own rule, in the mail
 * repository), however many tries that was: no limit of attempts.
 */
export const mailQueue: DueQueue<typeof mailOutbox> = {
  kind: 'mail',
  table: mailOutbox,
  key: ['id'],
  waiting: eq(mailOutbox.status, 'pending'),
  order: 'nextAttemptAt',
  attempts: 'attempts',
  nextAttemptAt: 'nextAttemptAt',
  lastError: 'lastError',
  maxAttempts: Infinity,
  dead: { is: eq(mailOutbox.status, 'failed'), set: () => ({ status: 'failed' }) },
};

/**
 * Supplier calls without an answer. Due when handed over (next_attempt_at) or, while the process
 * that made the call may still answer it, a lease after it was made. Dead after 100 tries, the call
 * itself included: with the hourly backoff, about four days of a supplier that cannot say what it did.
 */
export const supplierCallsQueue: DueQueue<typeof supplierCalls> = {
  kind: 'supplierCalls',
  table: supplierCalls,
  key: ['id'],
  waiting: and(isNull(supplierCalls.answeredAt), isNull(supplierCalls.deadAt))!,
  dueAt: (leaseMs) =>
    sql`coalesce(${supplierCalls.nextAttemptAt}, ${supplierCalls.requestedAt} + ${Math.round(leaseMs)}::bigint * interval '1 millisecond')`,
  order: 'requestedAt',
  attempts: 'attempts',
  nextAttemptAt: 'nextAttemptAt',
  lastError: 'lastError',
  maxAttempts: 100,
  dead: {
    // A call answered after all (a request that found it settled it) is not dead any more.
    is: and(isNotNull(supplierCalls.deadAt), isNull(supplierCalls.answeredAt))!,
    set: (now) => ({ deadAt: now }),
  },
};

/** The suppliers' events. Dead after 100 failed tries: about four days with the hourly backoff. */
export const supplierEventsQueue: DueQueue<typeof supplierEvents> = {
  kind: 'supplierEvents',
  table: supplierEvents,
  key: ['supplier', 'id'],
  waiting: and(eq(supplierEvents.status, 'pending'), isNull(supplierEvents.deadAt))!,
  order: 'receivedAt',
  attempts: 'attempts',
  nextAttemptAt: 'nextAttemptAt',
  lastError: 'lastError',
  maxAttempts: 100,
  dead: { is: and(isNotNull(supplierEvents.deadAt), eq(supplierEvents.status, 'pending'))!, set: (now) => ({ deadAt: now }) },
};

/**
 * The sandbox gateway's webhooks. Given up when the next try would fall more than three days after
 * the event (its own rule, in payments/sandbox/gateway-webhooks.ts): no limit of attempts.
 */
export const gatewayWebhooksQueue: DueQueue<typeof gatewayWebhooks> = {
  kind: 'gatewayWebhooks',
  table: gatewayWebhooks,
  key: ['id'],
  waiting: eq(gatewayWebhooks.status, 'pending'),
  order: 'nextAttemptAt',
  attempts: 'attempts',
  nextAttemptAt: 'nextAttemptAt',
  lastAttemptAt: 'lastAttemptAt',
  lastError: 'lastError',
  maxAttempts: Infinity,
  dead: { is: eq(gatewayWebhooks.status, 'failed'), set: () => ({ status: 'failed' }) },
};

/**
 * The questions to the payment provider about open checkouts. Given up three days after the payment
 * opened (its own rule, in the payments service): no limit of attempts.
 */
export const reconciliationQueue: DueQueue<typeof paymentChecks> = {
  kind: 'reconciliation',
  table: paymentChecks,
  key: ['paymentId'],
  waiting: isNull(paymentChecks.settledAt),
  order: 'nextCheckAt',
  attempts: 'checks',
  nextAttemptAt: 'nextCheckAt',
  lastAttemptAt: 'lastCheckedAt',
  lastError: 'lastError',
  maxAttempts: Infinity,
  dead: {
    is: and(isNotNull(paymentChecks.deadAt), isNotNull(paymentChecks.settledAt))!,
    set: (now) => ({ deadAt: now, settledAt: now }),
  },
};

/**
 * Transfer receipts waiting to be read (modules/receipts/checks/receipt-reading-job.ts). After three
 * failed readings the receipt is unreadable: its checks that need no reading are still recorded. Not
 * counted with the dead work: staff look at every receipt anyway, and an unreadable one says so.
 */
export const receiptReadingQueue: DueQueue<typeof paymentReceipts> = {
  kind: 'receiptReadings',
  table: paymentReceipts,
  key: ['id'],
  waiting: eq(paymentReceipts.readingState, 'reading'),
  order: 'readingNextAt',
  attempts: 'readingAttempts',
  nextAttemptAt: 'readingNextAt',
  lastError: 'readingError',
  maxAttempts: 3,
  dead: {
    is: and(eq(paymentReceipts.readingState, 'unreadable'), isNotNull(paymentReceipts.readingError))!,
    set: (now) => ({ readingState: 'unreadable', readAt: now }),
  },
};

/**
 * The WhatsApp outbox (modules/whatsapp). Due at next_attempt_at: when queued, after a failed try's
 * backoff, or, for a try whose outcome is unknown (the process died, or the Cloud API did not answer
 * in time), when its lease ends: the lease is the grace period in which a status webhook naming the
 * row (biz_opaque_callback_data) takes it out of the queue before it could be sent twice
 * (docs/decisions/0038-whatsapp-outbox.md). Given up by the module's own rules (a permanent error,
 * rate limited too often, transient errors for too long), which release the fallback e-mail: no limit
 * of attempts here, so no row dies without its e-mail. Not counted with the dead work: a failed
 * message went by e-mail instead, and the desk shows it on the booking.
 */
export const whatsappQueue: DueQueue<typeof whatsappMessages> = {
  kind: 'whatsapp',
  table: whatsappMessages,
  key: ['id'],
  waiting: eq(whatsappMessages.status, 'pending'),
  order: 'nextAttemptAt',
  attempts: 'attempts',
  nextAttemptAt: 'nextAttemptAt',
  lastAttemptAt: 'lastAttemptAt',
  lastError: 'lastError',
  maxAttempts: Infinity,
  dead: { is: eq(whatsappMessages.status, 'failed'), set: (now) => ({ status: 'failed', failedAt: now }) },
};

export const dueQueues = [mailQueue, supplierCallsQueue, supplierEventsQueue, gatewayWebhooksQueue, reconciliationQueue] as const;
