import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { BOOKING_ACCESS_LIMITS, normalizeLastName } from '@kwenda/contracts';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import { AppError } from '../../errors.js';
import { addressKey } from '../../plugins/client-address.js';
import { countAttempts, takeAttempt } from '../../plugins/throttle-repository.js';
import type { MailPort } from '../mail/mail-port.js';
import { GRANT_DAYS, type CookieBooking } from './access-cookie.js';
import type { BookingAccessEmails } from './booking-access-emails.js';
import * as repo from './booking-access-repository.js';

export interface BookingAccessLogger {
  info(obj: object, msg?: string): void;
}

export interface BookingAccessServiceDeps {
  database: Database;
  mail: MailPort;
  emails: BookingAccessEmails;
  logger: BookingAccessLogger;
  clock?: () => Date;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const codeHashOf = (bookingId: string, code: string) => sha256(`${bookingId}:${code}`);
const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
const addressOf = (address: string) => addressKey(address) ?? 'unknown';

const invalidCode = () =>
  new AppError(400, 'INVALID_CODE', 'The code is wrong or no longer valid; ask for a new one', [
    { path: 'code', code: 'invalid', message: 'Wrong or expired code' },
  ]);
const tooMany = () => new AppError(429, 'RATE_LIMITED', 'Too many requests from this address; try again later');

/**
 * Who may see a booking whole besides its account: the grants (the creator's browser, a device that
 * proved the booking's e-mail) and Find my booking. Its answers never tell whether a booking exists:
 * a wrong reference, a wrong last name, an account's booking and a limit reached look the same from
 * outside (an e-mail is sent, or not, to the booking's own address only).
 */
export function createBookingAccessService(deps: BookingAccessServiceDeps) {
  const { db } = deps.database;
  const clock = deps.clock ?? (() => new Date());

  async function newGrant(tx: Tx, bookingId: string, source: 'created' | 'code'): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await repo.insertGrant(tx, {
      id: `ga_${randomBytes(12).toString('base64url')}`,
      bookingId,
      tokenHash: sha256(token),
      source,
      expiresAt: new Date(clock().getTime() + GRANT_DAYS * DAY_MS),
    });
    return token;
  }

  /** The booking these details name, when the last name is one of its passengers'. */
  async function bookingNamed(reference: string, lastName: string) {
    const booking = await repo.findBookingByReference(db, reference);
    const wanted = normalizeLastName(lastName);
    return booking?.lastNames.some((name) => normalizeLastName(name) === wanted) ? booking : undefined;
  }

  return {
    /** The key of the guest's browser that created the booking (the route sets it as a cookie). */
    grantCreator: (bookingId: string) => newGrant(db, bookingId, 'created'),

    /** Whether one of these cookie tokens is a live grant of this booking. */
    holdsGrant: (bookingId: string, tokens: string[]) => repo.holdsGrant(db, bookingId, tokens.map(sha256), clock()),

    /** The account a booking belongs to (null: a guest's); undefined when there is no such booking. */
    ownerOf: (bookingId: string) => repo.findBookingOwner(db, bookingId),

    /**
     * Find my booking, first step: e-mails a one-time code to the booking's address (or, for an
     * account's booking, a way to log in). Limited per client address (429, counted whatever the
     * details), and per booking and per e-mail address (silently: the answer stays the same).
     */
    async requestCode(input: { reference: string; lastName: string }, clientAddress: string): Promise<void> {
      const now = clock();
      const perAddress = { max: BOOKING_ACCESS_LIMITS.requestsPerAddressPerHour, windowMs: HOUR_MS };
      if (!(await takeAttempt(db, `booking-access:request:ip:${addressOf(clientAddress)}`, perAddress, now))) throw tooMany();
      const booking = await bookingNamed(input.reference, input.lastName);
      if (!booking?.email) return;
      const email = booking.email;
      const sent = await db.transaction(async (tx) => {
        const perBooking = { max: BOOKING_ACCESS_LIMITS.codesPerBookingPerDay, windowMs: DAY_MS };
        const perEmail = { max: BOOKING_ACCESS_LIMITS.codesPerEmailPerDay, windowMs: DAY_MS };
        if (!(await takeAttempt(tx, `booking-access:code:booking:${booking.id}`, perBooking, now))) return false;
        if (!(await takeAttempt(tx, `booking-access:code:email:${sha256(email.toLowerCase())}`, perEmail, now))) return false;
        const dedupeKey = `access-code:${booking.id}:${randomBytes(9).toString('base64url')}`;
        if (booking.userId) {
          // The account is the key to its bookings: no code that would open one without it.
          await deps.mail.enqueue(tx, {
            to: email,
            ...deps.emails.accountBooking({ reference: booking.bookingReference }),
            dedupeKey,
          });
          return true;
        }
        const code = randomInt(0, 10 ** BOOKING_ACCESS_LIMITS.codeLength)
          .toString()
          .padStart(BOOKING_ACCESS_LIMITS.codeLength, '0');
        await repo.replaceCode(tx, {
          bookingId: booking.id,
          codeHash: codeHashOf(booking.id, code),
          expiresAt: new Date(now.getTime() + BOOKING_ACCESS_LIMITS.codeMinutes * 60_000),
          createdAt: now,
        });
        await deps.mail.enqueue(tx, { to: email, ...deps.emails.code({ code, reference: booking.bookingReference }), dedupeKey });
        return true;
      });
      deps.logger.info(
        { bookingId: booking.id, sent },
        sent ? 'find my booking: e-mail queued' : 'find my booking: limit reached',
      );
    },

    /**
     * Find my booking, second step: the e-mailed code gives this device the booking whole (a new grant,
     * whose token the route sets as the booking's cookie). Every failure is the same 400; wrong codes
     * count against the client address (429 past the limit) and each code takes a few tries only.
     */
    async verifyCode(
      input: { reference: string; lastName: string; code: string },
      clientAddress: string,
    ): Promise<{ booking: CookieBooking; token: string }> {
      const now = clock();
      const failures = `booking-access:wrong-code:ip:${addressOf(clientAddress)}`;
      const perAddress = { max: BOOKING_ACCESS_LIMITS.wrongCodesPerAddressPerHour, windowMs: HOUR_MS };
      if ((await countAttempts(db, failures, now)) >= perAddress.max) throw tooMany();
      const booking = await bookingNamed(input.reference, input.lastName);
      const token =
        booking && !booking.userId
          ? await db.transaction(async (tx) => {
              const expected = await repo.takeCodeTry(tx, booking.id, BOOKING_ACCESS_LIMITS.codeAttempts, now);
              const given = codeHashOf(booking.id, input.code);
              if (!expected || !sameHash(expected, given)) return null;
              if (!(await repo.consumeCode(tx, booking.id, expected))) return null;
              return newGrant(tx, booking.id, 'code');
            })
          : null;
      if (!booking || !token) {
        await takeAttempt(db, failures, perAddress, now);
        throw invalidCode();
      }
      deps.logger.info({ bookingId: booking.id }, 'find my booking: access granted to a new device');
      return { booking: { id: booking.id, referralCode: booking.referralCode }, token };
    },
  };
}

export type BookingAccessService = ReturnType<typeof createBookingAccessService>;
