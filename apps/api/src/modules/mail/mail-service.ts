import nodemailer from 'nodemailer';
import type { Database } from '../../db/client.js';
import type { MailRow } from '../../db/schema.js';
import type { Env } from '../../env.js';
import type { MailPort } from '../bookings/booking-ports.js';
import { claimDueMail, enqueueMail, markMailFailed, markMailSent } from './mail-repository.js';

/** Sends one message; throws when the server refused it or could not be reached. */
export interface MailTransport {
  name: string;
  send(message: MailRow): Promise<void>;
}

/** SMTP_URL: any SMTP server (nodemailer). */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl, { from });
  return {
    name: 'smtp',
    async send(message) {
      await transporter.sendMail({
        from,
        to: message.toAddress,
        subject: message.subject,
        text: message.textBody,
        html: message.htmlBody,
        attachments: message.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content, 'base64') })),
      });
    },
  };
}

/**
 * The embedded default without SMTP_URL: nothing leaves the machine, the message stays in the
 * outbox table marked sent, and a developer reads it at /dev/outbox.
 */
export const devOutboxTransport: MailTransport = { name: 'dev-outbox', send: async () => undefined };

/** 1, 2, 4 … minutes between tries, at most an hour; an SMTP outage delays mail, never loses it. */
export const retryDelayMs = (attempts: number) => Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;
/** After three days of failures a message is marked failed (and logged) for a person to look at. */
export const GIVE_UP_AFTER_MS = 3 * 24 * 3_600_000;
const LEASE_MS = 5 * 60_000;
const BATCH = 20;

export function createMailService(deps: {
  database: Database;
  env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM'>;
  transport?: MailTransport;
  logger?: { error(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
}) {
  const transport = deps.transport ?? (deps.env.SMTP_URL ? smtpTransport(deps.env.SMTP_URL, deps.env.MAIL_FROM) : devOutboxTransport);
  const { db } = deps.database;
  return {
    transport: transport.name,
    enqueue: enqueueMail as MailPort['enqueue'],

    /** Delivers what is due; called by the mail job every few seconds, by any number of processes. */
    async deliverDue(now = new Date()): Promise<{ sent: number; failed: number }> {
      let sent = 0;
      let failed = 0;
      for (;;) {
        const batch = await claimDueMail(db, now, BATCH, LEASE_MS);
        for (const message of batch) {
          try {
            await transport.send(message);
            await markMailSent(db, message.id, transport.name, new Date());
            sent++;
          } catch (error) {
            failed++;
            const giveUp = now.getTime() - message.createdAt.getTime() > GIVE_UP_AFTER_MS;
            await markMailFailed(db, message.id, { error: (error as Error).message, nextAttemptAt: new Date(now.getTime() + retryDelayMs(message.attempts + 1)), giveUp });
            (giveUp ? deps.logger?.error : deps.logger?.warn)?.call(deps.logger, { mailId: message.id, attempts: message.attempts + 1, err: error }, giveUp ? 'mail given up after 3 days' : 'mail delivery failed; will retry');
          }
        }
        if (batch.length < BATCH) return { sent, failed };
      }
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
