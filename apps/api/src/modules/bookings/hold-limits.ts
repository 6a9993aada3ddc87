import { SEARCH_LIMITS } from '@kwenda/contracts';
import { normalizeCapValue, type HoldCapKind, type HoldCaps } from '@kwenda/contracts/admin';
import type { BookingRow, PassengerRow } from '../../db/schema.js';
import type { Tx } from '../../db/tx.js';
import { AppError } from '../../errors.js';
import { findDuplicatePassengers, findPassengersBeingHeld } from './booking-repository.js';
import { alreadyBooked, ownDuplicates, requesterOf } from './use-cases/booking-rules.js';
import { addressKey } from '../../plugins/client-address.js';
import * as repo from '../limits/limits-repository.js';

/** The caps the agency set (HOLD_CAP_PER_CONTACT, HOLD_CAP_PER_ADDRESS). */
export const holdCapsOf = (env: { HOLD_CAP_PER_CONTACT: number; HOLD_CAP_PER_ADDRESS: number }): HoldCaps => ({
  perContact: env.HOLD_CAP_PER_CONTACT,
  perAddress: env.HOLD_CAP_PER_ADDRESS,
  seatsPerBooking: SEARCH_LIMITS.seats,
});

/** Who asks for the hold: the client's address as the server sees it (null off the web). */
interface Requester {
  address?: string | null;
  userId: string | null;
}

const REFUSALS: Record<HoldCapKind, { code: 'HOLD_LIMIT_EMAIL' | 'HOLD_LIMIT_MOBILE' | 'HOLD_LIMIT_ADDRESS'; what: string }> = {
  email: { code: 'HOLD_LIMIT_EMAIL', what: 'This e-mail' },
  mobile: { code: 'HOLD_LIMIT_MOBILE', what: 'This mobile number' },
  address: { code: 'HOLD_LIMIT_ADDRESS', what: 'Your network address' },
};

/** One traveller, as the duplicate-passenger rule compares them: names without case, and the date of birth. */
const sameTraveller = (p: { firstName: string | null; lastName: string | null; dateOfBirth: string | null }) =>
  `${(p.firstName ?? '').toUpperCase()}|${(p.lastName ?? '').toUpperCase()}|${p.dateOfBirth ?? ''}`;
const passengerKey = (segmentsKey: string, p: { firstName: string; lastName: string; dateOfBirth: string }) =>
  `hold:passenger:${segmentsKey}:${sameTraveller(p)}`;

/**
 * Limits on holding seats without paying (OWASP API6: one client must not hold a flight's seats):
 * at most `perContact` unpaid holds per contact e-mail and per mobile number, `perAddress` per client
 * address, one live booking per passenger on the same flights and requester, and 9 seats per booking. Staff lift
 * a cap for one e-mail, mobile or address (limits-service.ts); the passenger rule is never lifted
 * (airlines cancel duplicate bookings and fine the agency).
 */
export function createHoldLimits(deps: { caps: HoldCaps; clock?: () => Date }) {
  const clock = deps.clock ?? (() => new Date());

  function keysOf(booking: Pick<BookingRow, 'email' | 'mobile'>, requester: Requester) {
    const keys: { kind: HoldCapKind; value: string }[] = [];
    if (booking.email) keys.push({ kind: 'email', value: normalizeCapValue('email', booking.email) });
    if (booking.mobile) keys.push({ kind: 'mobile', value: normalizeCapValue('mobile', booking.mobile) });
    const address = requester.address ? addressKey(requester.address) : null;
    if (address) keys.push({ kind: 'address', value: address });
    return keys;
  }

  /** Refuses when a contact or the address already has as many unpaid holds as its cap (unless lifted). */
  async function checkCaps(tx: Tx, bookingId: string, keys: { kind: HoldCapKind; value: string }[], now: Date) {
    const lifted = await repo.findLifted(tx, keys, now);
    for (const { kind, value } of keys) {
      if (lifted.has(`${kind}:${value}`)) continue;
      const cap = kind === 'address' ? deps.caps.perAddress : deps.caps.perContact;
      const held = await repo.countUnpaidHolds(tx, kind, value, bookingId, now);
      if (held >= cap) {
        const { code, what } = REFUSALS[kind];
        throw new AppError(
          409,
          code,
          `${what} already has ${held} unpaid bookings held (at most ${cap} at once): pay one or wait for its hold to end`,
        );
      }
    }
  }

  return {
    /**
     * Before seats are held, inside the transaction that holds them (the booking row locked): waits
     * for any other hold under the same contact, address or passenger, checks again that no passenger
     * holds these flights already, then the caps, and records the address the hold came from.
     */
    async assertHoldAllowed(tx: Tx, booking: BookingRow, passengers: PassengerRow[], requester: Requester) {
      const seated = passengers.filter((p) => p.passengerType !== 'infant').length;
      if (seated > deps.caps.seatsPerBooking)
        throw new AppError(
          409,
          'INVALID_BOOKING_STATE',
          `A booking holds at most ${deps.caps.seatsPerBooking} seats (adults and children); this one has ${seated}`,
        );
      const now = clock();
      const keys = keysOf(booking, requester);
      const named = passengers.map((p) => ({
        id: p.id,
        firstName: p.firstName ?? '',
        lastName: p.lastName ?? '',
        dateOfBirth: p.dateOfBirth ?? '',
      }));
      await repo.lockHoldKeys(tx, [
        ...keys.map((k) => `hold:${k.kind}:${k.value}`),
        ...named.map((p) => passengerKey(booking.segmentsKey, p)),
      ]);
      // Asked again now that no other hold of these passengers can be half-way, counting the holds
      // the supplier is still being asked for.
      const dupes = await findDuplicatePassengers(tx, {
        bookingId: booking.id,
        segmentsKey: booking.segmentsKey,
        passengers: named,
      });
      const asked = await findPassengersBeingHeld(tx, booking.segmentsKey, booking.id);
      for (const { firstName, lastName, dateOfBirth, ...heldBy } of asked)
        for (const p of named)
          if (sameTraveller(p) === sameTraveller({ firstName, lastName, dateOfBirth })) dupes.push({ ...p, heldBy });
      // Only the requester's own holds count: a stranger's hold in a person's name must not block the
      // person's own booking (it is flagged to the desk instead).
      const own = ownDuplicates(dupes, requesterOf(booking, requester));
      if (own.length) throw alreadyBooked(own, { userId: requester.userId, label: '' });
      await checkCaps(tx, booking.id, keys, now);
      const address = keys.find((k) => k.kind === 'address');
      if (address) await repo.recordHoldClient(tx, booking.id, address.value, now);
    },

    /** The caps alone, read only: an early answer when the traveller first gives the contact. */
    async checkHoldAllowed(tx: Tx, booking: Pick<BookingRow, 'id' | 'email' | 'mobile'>, requester: Requester) {
      await checkCaps(tx, booking.id, keysOf(booking, requester), clock());
    },
  };
}

export type HoldLimits = ReturnType<typeof createHoldLimits>;
