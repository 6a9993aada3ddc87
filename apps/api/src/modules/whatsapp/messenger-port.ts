import type { WhatsAppTemplateKey } from '@kwenda/contracts';
import type { Tx } from '../../db/tx.js';
import type { WhatsAppPurpose } from '../../db/whatsapp-schema.js';

/** An e-mail as the mail outbox takes it (MailPort.enqueue's message). */
export interface FallbackEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
  dedupeKey?: string;
}

/** One WhatsApp template message to queue. */
export interface WhatsAppOutgoing {
  /** E.164. */
  to: string;
  template: WhatsAppTemplateKey;
  language: 'ar' | 'en';
  /** The template's body parameters, in order (for sign_in_code: the code, also put on the copy-code button). */
  params: string[];
  /** A document header (the e-ticket PDF), uploaded as media when the message is sent. */
  document?: { filename: string; contentType: string; content: Buffer };
  bookingId?: string | null;
  userId?: string | null;
  /** 'booking': an update (not sent to a number that opted out); 'auth': a code the traveller asked for. */
  purpose: Exclude<WhatsAppPurpose, 'reply'>;
  /** With a key already queued nothing is queued again: one message per event, whoever asks. */
  dedupeKey?: string;
  /** Not sent after this (a code that expired); marked skipped instead. */
  expiresAt?: Date;
  /** 'staff:<user id>' for a staff member's resend. */
  requestedBy?: string;
  /**
   * The e-mail sent in its place if WhatsApp cannot deliver it (not on WhatsApp, template paused,
   * rate limited past its retries, opted out). Queued now in the mail outbox as 'held'.
   */
  fallbackEmail?: FallbackEmail;
}

export type EnqueueResult =
  /** Queued (or already queued under its dedupeKey: `id` is that message). */
  | { channel: 'whatsapp'; id: string }
  /**
   * Not on WhatsApp: the number opted out of updates (optedOut), or the server has no WhatsApp (a
   * production server without the settings). The fallback e-mail, if any, was queued as a plain e-mail.
   */
  | { channel: 'email' | 'none'; id: null; optedOut: boolean };

/** What other modules ask of the WhatsApp module. */
export interface MessengerPort {
  /** Queues a message in the caller's transaction (the outbox: sent by the whatsapp job, at least once, never twice). */
  enqueue(tx: Tx, message: WhatsAppOutgoing): Promise<EnqueueResult>;
  /** Whether this number replied STOP and has not written START since. */
  isOptedOut(tx: Tx, phone: string): Promise<boolean>;
  /** Runs the delivery job soon, not at its next sweep (a sign-in code should not wait). */
  kick(): void;
}
