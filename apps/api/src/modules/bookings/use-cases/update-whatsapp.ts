import type { bookingWhatsAppRequestSchema } from '@kwenda/contracts';
import type { z } from 'zod';
import { bookingNotFound, validationError } from '../../../errors.js';
import * as repo from '../booking-repository.js';
import { isPhoneNumber, phoneInput } from '../passenger-validation.js';
import type { Actor, BookingDeps } from './booking-deps.js';
import { checkOwner } from './booking-rules.js';

export type BookingWhatsAppRequest = z.infer<typeof bookingWhatsAppRequestSchema>;

/**
 * The traveller turns WhatsApp updates on or off, or gives another number, from the booking page
 * (who may is decided in front of the route, as for every change of a booking). Without a number the
 * one already given stays, else the mobile number. Messages already queued keep their number.
 */
export async function updateBookingWhatsApp(
  deps: BookingDeps,
  id: string,
  request: BookingWhatsAppRequest,
  actor: Actor,
): Promise<{ success: true; whatsapp: string | null; whatsappUpdates: boolean }> {
  const given = phoneInput(request.whatsapp);
  if (given !== null && !isPhoneNumber(given))
    throw validationError([
      { path: 'whatsapp', code: 'invalid_mobile', message: 'whatsapp must be an E.164 number, e.g. +249912345678' },
    ]);
  return deps.db.transaction(async (tx) => {
    const row = await repo.lockBooking(tx, id);
    if (!row) throw bookingNotFound();
    checkOwner(row, actor);
    const whatsapp = given ?? row.whatsapp ?? row.mobile;
    if (request.whatsappUpdates && !whatsapp)
      throw validationError([{ path: 'whatsapp', code: 'required', message: 'A WhatsApp number is needed for updates there' }]);
    await repo.updateWhatsApp(tx, id, { whatsapp, whatsappUpdates: request.whatsappUpdates });
    deps.logger.info({ bookingId: id, whatsappUpdates: request.whatsappUpdates, actor: actor.label }, 'WhatsApp updates chosen');
    return { success: true as const, whatsapp, whatsappUpdates: request.whatsappUpdates };
  });
}
