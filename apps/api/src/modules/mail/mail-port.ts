import type { Tx } from '../../db/tx.js';

/** What other modules ask of the mail module. */
export interface MailPort {
  /**
   * Queues a message in the caller's transaction; with a dedupeKey already queued it does
   * nothing (a second e-ticket e-mail for one booking is never sent).
   */
  enqueue(
    tx: Tx,
    message: {
      to: string;
      subject: string;
      text: string;
      html: string;
      attachments?: { filename: string; contentType: string; content: Buffer }[];
      dedupeKey?: string;
    },
  ): Promise<void>;
}
