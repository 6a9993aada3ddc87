import { toE164 } from '../../../lib/phone-number';
import type { ContactDraft } from './unsent-form';

/** Whether the WhatsApp switch is on: as chosen, else on once a mobile number is typed. */
export function whatsappUpdatesOf(contact: ContactDraft): boolean {
  return contact.whatsappUpdates ?? Boolean(toE164(contact.phone.dialCode, contact.phone.local));
}

/**
 * The contact part of the passengers' payload: the mobile number, and WhatsApp updates on or off with
 * their number (null: the mobile number, also whenever updates are off). Where the site sends nothing
 * on WhatsApp (`offered` false) the choice is not asked, so none is sent.
 */
export function contactPayload(contact: ContactDraft, offered = true) {
  const mobile = toE164(contact.phone.dialCode, contact.phone.local);
  if (!offered) return { email: contact.email.trim(), mobile, whatsapp: null, whatsappUpdates: null };
  const whatsappUpdates = whatsappUpdatesOf(contact);
  const own = whatsappUpdates && contact.whatsapp ? toE164(contact.whatsapp.dialCode, contact.whatsapp.local) : null;
  return { email: contact.email.trim(), mobile, whatsapp: own && own !== mobile ? own : null, whatsappUpdates };
}
