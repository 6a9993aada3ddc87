import type { Booking } from '@kwenda/contracts';
import { passengerFields } from '@kwenda/contracts/rules';
import type { PhoneValue } from '../../../components/phone-field';
import type { PassengerDraft } from './passenger-form';

/** The passenger step as typed and not yet sent (kept by lib/booking-drafts.ts). */
export interface UnsentForm {
  passengers: PassengerDraft[];
  contact: ContactDraft;
}

/**
 * The contact step as typed. `whatsapp` null: updates go to the mobile number; `whatsappUpdates`
 * null: not chosen yet (on once a number is given).
 */
export interface ContactDraft {
  email: string;
  phone: PhoneValue;
  whatsapp: PhoneValue | null;
  whatsappUpdates: boolean | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * A stored draft read back for this booking, trusting nothing in it: only this booking's
 * passengers, only text fields, only bag options the passenger has. Null when nothing fits.
 */
export function restoreUnsentForm(booking: Pick<Booking, 'passengers'>, stored: unknown): UnsentForm | null {
  if (!isRecord(stored) || !Array.isArray(stored.passengers) || !isRecord(stored.contact)) return null;
  const byId = new Map(stored.passengers.filter(isRecord).map((p) => [p.id, p]));
  if (!booking.passengers.some((p) => byId.has(p.id))) return null;
  const passengers = booking.passengers.map((passenger) => {
    const saved = byId.get(passenger.id) ?? {};
    const fields = Object.fromEntries(passengerFields.map((field) => [field, text(saved[field])])) as Record<
      (typeof passengerFields)[number],
      string
    >;
    const options = new Map(passenger.baggage.map((b) => [b.reference, b.limit]));
    const baggage = Object.fromEntries(
      Object.entries(isRecord(saved.baggage) ? saved.baggage : {}).filter(
        (entry): entry is [string, number] =>
          typeof entry[1] === 'number' &&
          Number.isInteger(entry[1]) &&
          entry[1] >= 0 &&
          entry[1] <= (options.get(entry[0]) ?? -1),
      ),
    );
    return { id: passenger.id, ...fields, baggage };
  });
  const phoneOf = (value: unknown): PhoneValue => {
    const phone = isRecord(value) ? value : {};
    return { dialCode: text(phone.dialCode) || '+249', local: text(phone.local).replace(/\D/g, '') };
  };
  const { whatsapp, whatsappUpdates } = stored.contact;
  return {
    passengers,
    contact: {
      email: text(stored.contact.email),
      phone: phoneOf(stored.contact.phone),
      whatsapp: isRecord(whatsapp) ? phoneOf(whatsapp) : null,
      whatsappUpdates: typeof whatsappUpdates === 'boolean' ? whatsappUpdates : null,
    },
  };
}
