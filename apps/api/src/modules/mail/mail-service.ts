import type { Database } from '../../db/client.js';
import type { Env } from '../../env.js';
import type { MailPort } from './mail-port.js';
import { createMailRepository, DEFAULT_LEASE_MS } from './mail-repository.js';
import { createMailTransport, SMTP_TIMEOUTS, type MailTransport } from './mail-transport.js';

export { GIVE_UP_AFTER_MS, retryDelayMs } from './mail-repository.js';
export type { MailTransport } from './mail-transport.js';

/**
 * Messages claimed at once. With the SMTP timeouts a batch is sent well within the lease, so
 * no claimed message is still unsent when another process may take it.
 */
const BATCH = Math.max(
  1,
  Math.floor(
    DEFAULT_LEASE_MS / (2 * (SMTP_TIMEOUTS.connectionTimeout + SMTP_TIMEOUTS.greetingTimeout + SMTP_TIMEOUTS.socketTimeout)),
  ),
);

interface Logger {
  error(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/**
 * The mail outbox: enqueue in the transaction that decides to send, deliverDue from the mail job.
 * Any number of processes may run deliverDue on one PostgreSQL: each message goes out once.
 */
export function createMailService(deps: {
  database: Database;
  env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM'>;
  transport?: MailTransport;
  logger?: Logger;
}) {
  const transport = deps.transport ?? createMailTransport(deps.env);
  const repo = createMailRepository(deps.database);

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
            const attempts = message.attempts + 1;
            const status = await repo.markFailed(message.id, (error as Error).message || String(error), attempts, now);
            if (status === 'failed')
              deps.logger?.error(
                { mailId: message.id, to: message.toAddress, attempts, err: error },
                'mail given up after 3 days of failed deliveries',
              );
            else deps.logger?.warn({ mailId: message.id, attempts, err: error }, 'mail delivery failed; will retry');
            continue;
          }
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
