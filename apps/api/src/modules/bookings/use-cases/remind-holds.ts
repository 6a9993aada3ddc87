import { templateParams } from '../../whatsapp/templates.js';
import { countEvents } from '../booking-money-repository.js';
import * as repo from '../booking-repository.js';
import { notifyTraveller } from '../notify-traveller.js';
import type { BookingDeps } from './booking-deps.js';
import { loadBooking } from './load-booking.js';

/** How long before an unpaid hold lapses its traveller is reminded. */
export const HOLD_REMINDER_MINUTES = 30;

/**
 * The reminder's key: one per booking; a hold the agency extended may be reminded once more before
 * its new deadline (staff extend a hold at most once).
 */
export const holdReminderKey = (bookingId: string, extendedUntil: Date | null) =>
  extendedUntil ? `hold-reminder:${bookingId}:${extendedUntil.toISOString()}` : `hold-reminder:${bookingId}`;

/**
 * Holds waiting for a bank transfer that lapse within HOLD_REMINDER_MINUTES, with no receipt being
 * checked: the traveller is reminded once (on WhatsApp when chosen, else by e-mail), in the
 * transaction that reads the booking again under its lock. Returns how many were reminded.
 */
export async function remindHolds(deps: BookingDeps, now = deps.clock(), limit = 50): Promise<number> {
  // A hold no longer than the reminder's lead would be reminded as soon as it is made: its message said it all.
  if (deps.holdMinutes <= HOLD_REMINDER_MINUTES) return 0;
  const until = new Date(now.getTime() + HOLD_REMINDER_MINUTES * 60_000);
  const candidates = await repo.findHoldsLapsingSoon(deps.db, now, until, limit);
  if (!candidates.length) return 0;
  const keyed = await Promise.all(
    candidates.map(async (c) => {
      const extended = (await countEvents(deps.db, c.id, 'hold-extended')) > 0;
      return { id: c.id, deadline: c.holdExpiresAt, key: holdReminderKey(c.id, extended ? c.holdExpiresAt : null) };
    }),
  );
  const queued = await repo.findQueuedKeys(
    deps.db,
    keyed.flatMap(({ key }) => [key, `wa:${key}`]),
  );
  let reminded = 0;
  for (const { id, key, deadline } of keyed) {
    if (queued.has(key) || queued.has(`wa:${key}`)) continue;
    const sent = await deps.db.transaction(async (tx) => {
      const row = await repo.lockBooking(tx, id);
      // Paid, cancelled or extended meanwhile: the next sweep decides again.
      if (row?.status !== 'pending-payment' || row.paymentMethod !== 'bank-transfer' || !row.holdExpiresAt) return false;
      if (row.holdExpiresAt.getTime() !== deadline?.getTime()) return false;
      const booking = await loadBooking(deps, id, tx);
      if (!booking || booking.receipts.some((r) => r.status === 'submitted')) return false;
      const channel = await notifyTraveller(deps, tx, {
        bookingId: id,
        email: deps.messages.holdReminder(booking),
        emailKey: key,
        whatsapp: { template: 'hold_reminder', params: (language) => templateParams.hold_reminder(booking, language) },
      });
      return channel !== 'none';
    });
    if (sent) reminded += 1;
  }
  return reminded;
}
