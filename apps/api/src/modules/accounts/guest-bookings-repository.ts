import { and, desc, eq, inArray, isNull, lt, not, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bookings } from '../../db/schema.js';

/**
 * Bookings made as a guest with an account's verified e-mail or number, which the account may take
 * into "My bookings" (the bookings table, read here and given its user_id, nothing else).
 */

/** The account's verified contacts: an unverified one matches nothing. */
export interface VerifiedContacts {
  email: string | null;
  phone: string | null;
}

/** Statuses after which nothing more happens to a booking. */
const ENDED = ['canceled', 'refunded', 'offer-unavailable'] as const;

/**
 * A guest's booking made with one of the contacts, unless it ended before `endedBefore` (an old
 * canceled hold is not worth offering). The e-mail is compared as the bookings' index keeps it (lower
 * case); the number against the booking's mobile and WhatsApp numbers (both E.164).
 */
function offered(contacts: VerifiedContacts, endedBefore: Date): SQL | undefined {
  const matches: SQL[] = [];
  if (contacts.email) matches.push(sql`lower(${bookings.email}) = ${contacts.email.toLowerCase()}`);
  if (contacts.phone) matches.push(eq(bookings.mobile, contacts.phone), eq(bookings.whatsapp, contacts.phone));
  if (!matches.length) return undefined;
  return and(
    isNull(bookings.userId),
    or(...matches),
    not(and(inArray(bookings.status, [...ENDED]), lt(bookings.updatedAt, endedBefore))!),
  );
}

export async function findGuestBookings(db: Db, contacts: VerifiedContacts, endedBefore: Date, limit = 50) {
  const where = offered(contacts, endedBefore);
  if (!where) return [];
  return db
    .select({
      id: bookings.id,
      bookingReference: bookings.bookingReference,
      offer: bookings.offer,
      email: bookings.email,
    })
    .from(bookings)
    .where(where)
    .orderBy(desc(bookings.createdAt))
    .limit(limit);
}

/** Gives the account those of `ids` that are still offered to it; answers how many. */
export async function adoptGuestBookings(db: Db, userId: string, ids: string[], contacts: VerifiedContacts, endedBefore: Date) {
  const where = offered(contacts, endedBefore);
  if (!where || !ids.length) return 0;
  const rows = await db
    .update(bookings)
    .set({ userId })
    .where(and(inArray(bookings.id, ids), where))
    .returning({ id: bookings.id });
  return rows.length;
}
