import type { WhatsAppTemplateKey } from '@kwenda/contracts';
import type { Tx } from '../../db/tx.js';
import type { MailPort } from '../mail/mail-port.js';
import type { RenderedMail } from '../mail/mail-layout.js';
import type { MessengerPort } from '../whatsapp/messenger-port.js';
import * as repo from './booking-repository.js';

/** The prefix of a booking message's WhatsApp dedupe key: 'wa:' and the e-mail's own key. */
export const whatsappKeyOf = (emailKey: string) => `wa:${emailKey}`;

export interface TravellerNotice {
  bookingId: string;
  /** The e-mail as it is sent today, with its dedupe key: sent as is, or held as the WhatsApp message's fallback. */
  email: RenderedMail & { attachments?: { filename: string; contentType: string; content: Buffer }[] };
  emailKey: string;
  /** The template in the booking's language; none: the notice goes by e-mail only. */
  whatsapp?: {
    template: WhatsAppTemplateKey;
    params: (language: 'ar' | 'en') => string[];
    document?: { filename: string; contentType: string; content: Buffer };
    /** Defaults to whatsappKeyOf(emailKey). */
    dedupeKey?: string;
    requestedBy?: string;
  };
}

/**
 * Every message to a booking's traveller goes through here, in the caller's transaction: on WhatsApp
 * when the traveller asked for updates there (the e-mail held as its fallback, released if WhatsApp
 * cannot deliver, sent instead if the number opted out), else the e-mail exactly as before. The
 * agency's own e-mails never come here.
 */
export async function notifyTraveller(
  deps: { mail: MailPort; messenger: MessengerPort },
  tx: Tx,
  notice: TravellerNotice,
): Promise<'whatsapp' | 'email' | 'none'> {
  const contact = await repo.findContactChannel(tx, notice.bookingId);
  if (!contact) return 'none';
  const email = contact.email ? { to: contact.email, ...notice.email, dedupeKey: notice.emailKey } : undefined;
  if (notice.whatsapp && contact.whatsappUpdates && contact.whatsapp) {
    const result = await deps.messenger.enqueue(tx, {
      to: contact.whatsapp,
      template: notice.whatsapp.template,
      language: contact.language,
      params: notice.whatsapp.params(contact.language),
      document: notice.whatsapp.document,
      bookingId: notice.bookingId,
      purpose: 'booking',
      dedupeKey: notice.whatsapp.dedupeKey ?? whatsappKeyOf(notice.emailKey),
      requestedBy: notice.whatsapp.requestedBy,
      fallbackEmail: email,
    });
    return result.channel;
  }
  if (!email) return 'none';
  await deps.mail.enqueue(tx, email);
  return 'email';
}
