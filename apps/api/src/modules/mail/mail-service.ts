import { crashPoint } from '../../crash-points.js';
import type { Database } from '../../db/client.js';
import type { Env } from '../../env.js';
import type { MailPort } from './mail-port.js';
import { createMailRepository, DEFAULT_LEASE_MS } from './mail-repository.js';
import { publicOriginOf } from './public-links.js';
import { createMailTransport, messageIdDomainOf, SMTP_TIMEOUTS, type MailTransport } from './mail-transport.js';

export { GIVE_UP_AFTER_MS, retryDelayMs } from './mail-repository.js';
export type { MailTransport } from './mail-transport.js';

/**
 * Messages claimed at once. With the SMTP timeouts a batch is sent well within the lease, so
 * no claimed message is still unsent when another process may take it.
 */
const batchFor = (leaseMs: number) =>
  Math.max(
    1,
    Math.floor(leaseMs / (2 * (SMTP_TIMEOUTS.connectionTimeout + SMTP_TIMEOUTS.greetingTimeout + SMTP_TIMEOUTS.socketTimeout))),
  );

interface Logger {
  error(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/**
 * The mail outbox: enqueue in the transaction that decides to send, deliverDue from the mail job.
 * Any number of processes may run deliverDue on one PostgreSQL: each message is sent by one of them.
 * Delivery is at least once: a process that dies after the SMTP server accepted a message and
 * before marking it sent leaves it to be sent again when its lease ends, with the same Message-ID
 * (derived from the row), so it is the same message (docs/decisions/0023-supplier-calls-journal.md).
 */
export function createMailService(deps: {
  database: Database;
  env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM'> & Partial<Pick<Env, 'PUBLIC_URL' | 'HOST' | 'PORT' | 'MAIL_LEASE_SECONDS'>>;
  transport?: MailTransport;
  logger?: Logger;
}) {
  const { env } = deps;
  const messageIdDomain = messageIdDomainOf(
    publicOriginOf({ PUBLIC_URL: env.PUBLIC_URL, HOST: env.HOST ?? 'localhost', PORT: env.PORT ?? 3000 }),
  );
  const transport = deps.transport ?? createMailTransport(env, messageIdDomain);
  const leaseMs = env.MAIL_LEASE_SECONDS ? env.MAIL_LEASE_SECONDS * 1000 : DEFAULT_LEASE_MS;
  const BATCH = batchFor(leaseMs);
  const repo = createMailRepository(deps.database, { leaseMs });

  const enqueue: MailPort['enqueue'] = (tx, message) => repo.enqueue(tx, message);

  return {
    /** 'smtp' or 'dev-outbox'. */
    transport: transport.name,
    enqueue,

    /** Delivers what is due at `now`; the mail job calls it every few seconds. */
    async deliverDue(now: Date = new Date()): Promise<{ sent: number; failed: number }> {
      let sent = 0;
      let failed = 0;
      for (;;) {
        const batch = await repo.claimDue(BATCH, now);
        for (const message of batch) {
          try {
            await transport.send(message);
          } catch (error) {
            failed++;
            const { attempts } = message;
            const status = await repo.markFailed(message, (error as Error).message || String(error), now);
            if (status === 'failed')
              deps.logger?.error(
                { mailId: message.id, to: message.toAddress, attempts, err: error },
                'mail given up after 3 days of failed deliveries',
              );
            else deps.logger?.warn({ mailId: message.id, attempts, err: error }, 'mail delivery failed; will retry');
            continue;
          }
          await crashPoint('mail.accepted');
          await repo.markSent(message.id, transport.name);
          sent++;
        }
        // Claimed rows are leased past `now`, so each round takes new ones until none is due.
        if (batch.length < BATCH) return { sent, failed };
      }
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
