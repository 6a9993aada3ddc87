import nodemailer from 'nodemailer';
import type { MailAttachment } from '../../db/schema.js';
import type { Env } from '../../env.js';

/** One message as the outbox holds it (attachments base64). */
export interface OutgoingMail {
  id: string;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  attachments: MailAttachment[];
}

/** Sends one message; throws when the server refused it or could not be reached. */
export interface MailTransport {
  /** Recorded in mail_outbox.transport: 'smtp' or 'dev-outbox'. */
  name: string;
  send(message: OutgoingMail): Promise<void>;
}

/**
 * Upper bound of one SMTP exchange. The mail service claims messages for a lease of a few
 * minutes; a hung server must not outlast it, or another process would send the same message.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

/**
 * The Message-ID of an outbox row: the same every time the row is sent, so a message sent again
 * after a crash (accepted by the SMTP server, not yet marked sent) is the same message to the
 * receiving servers and mail clients, which drop or thread a repeated Message-ID.
 */
export const messageIdOf = (mailId: string, domain: string) => `<${mailId}@${domain}>`;

/** The domain of Message-IDs: PUBLIC_URL's host name (kwenda.sd), as the site's own mail names it. */
export function messageIdDomainOf(publicOrigin: string): string {
  try {
    return new URL(publicOrigin).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
}

/** SMTP_URL: any SMTP server (smtp://user:pass@host:port or smtps://...), through nodemailer. */
export function smtpTransport(smtpUrl: string, from: string, messageIdDomain = 'localhost'): MailTransport {
  const transporter = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }, { from });
  return {
    name: 'smtp',
    async send(message) {
      await transporter.sendMail({
        messageId: messageIdOf(message.id, messageIdDomain),
        from,
        to: message.toAddress,
        subject: message.subject,
        text: message.textBody,
        html: message.htmlBody,
        attachments: message.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.content, 'base64'),
        })),
      });
    },
  };
}

/**
 * The embedded default without SMTP_URL: nothing leaves the machine, the message stays in the
 * outbox table marked sent, and a developer reads it at /dev/outbox.
 */
export const devOutboxTransport: MailTransport = { name: 'dev-outbox', send: async () => undefined };

/** SMTP when SMTP_URL is set, else the dev outbox. */
export function createMailTransport(env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM'>, messageIdDomain?: string): MailTransport {
  return env.SMTP_URL ? smtpTransport(env.SMTP_URL, env.MAIL_FROM, messageIdDomain) : devOutboxTransport;
}
