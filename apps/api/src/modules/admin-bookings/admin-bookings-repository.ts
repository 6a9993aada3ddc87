import { AGENCY_TIME_ZONE } from '@kwenda/contracts/rules';
import type { AdminBookingListQuery } from '@kwenda/contracts/admin';
import { BOOKING_STATUS_ORDER } from '@kwenda/contracts/admin';
import type { BookingStatus } from '@kwenda/contracts';
import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  bookingEvents,
  bookingPassengers,
  bookings,
  mailOutbox,
  whatsappMessages,
  paymentReceipts,
  payments,
  staffActions,
  users,
} from '../../db/schema.js';
import type { Tx } from '../../db/tx.js';
import type { BookingSearch } from './booking-search.js';
import { supplierChangeCondition } from './supplier-change-conditions.js';

/** Every query of the staff's bookings table and booking page (indexes in migrations/0011_admin_bookings.sql). */

const firstSlice = (field: 'origin' | 'destination' | 'departureDate') =>
  sql<string>`(${bookings.offer} -> 'slices' -> 0 ->> ${sql.raw(`'${field}'`)})`;
const returnDeparture = sql<string | null>`(${bookings.offer} -> 'slices' -> 1 ->> 'departureDate')`;

/** The first day's midnight, and the midnight after the last day, on the agency's clock. */
const dayStart = (day: string) => sql`((${day}::date)::timestamp AT TIME ZONE ${AGENCY_TIME_ZONE})`;
const dayAfter = (day: string) => sql`(((${day}::date) + 1)::timestamp AT TIME ZONE ${AGENCY_TIME_ZONE})`;

/** LIKE 'prefix%' for any text: the wildcards a person types are matched as themselves. */
const likePrefix = (value: string) => `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The ids a search matches, as a union of indexed look-ups (one per kind of thing the text may be),
 * so each uses its own index instead of one OR that reads every row.
 */
function searchCondition(search: BookingSearch): SQL {
  const branches: SQL[] = [];
  if (search.bookingId) branches.push(sql`SELECT id FROM bookings WHERE id = ${search.bookingId}`);
  if (search.reference) branches.push(sql`SELECT id FROM bookings WHERE booking_reference = ${search.reference}`);
  if (search.pnr) branches.push(sql`SELECT id FROM bookings WHERE upper(pnr) = ${search.pnr}`);
  if (search.email) branches.push(sql`SELECT id FROM bookings WHERE lower(email) LIKE ${likePrefix(search.email)}`);
  if (search.mobile) branches.push(sql`SELECT id FROM bookings WHERE mobile = ${search.mobile}`);
  if (search.ticketNumber)
    branches.push(sql`SELECT booking_id FROM booking_passengers WHERE replace(ticket_number, '-', '') = ${search.ticketNumber}`);
  if (search.lastName)
    branches.push(sql`SELECT booking_id FROM booking_passengers WHERE lower(last_name) LIKE ${likePrefix(search.lastName)}`);
  if (!branches.length) return sql`false`;
  return sql`${bookings.id} IN (${sql.join(branches, sql` UNION `)})`;
}

function listConditions(query: AdminBookingListQuery, search: BookingSearch | null): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (search) conditions.push(searchCondition(search));
  if (query.status?.length) conditions.push(inArray(bookings.status, query.status));
  if (query.paymentMethod === 'none') conditions.push(isNull(bookings.paymentMethod));
  else if (query.paymentMethod) conditions.push(eq(bookings.paymentMethod, query.paymentMethod));
  if (query.from) conditions.push(sql`${bookings.createdAt} >= ${dayStart(query.from)}`);
  if (query.to) conditions.push(sql`${bookings.createdAt} < ${dayAfter(query.to)}`);
  if (query.origin) conditions.push(sql`${firstSlice('origin')} = ${query.origin}`);
  if (query.destination) conditions.push(sql`${firstSlice('destination')} = ${query.destination}`);
  if (query.referralCode) conditions.push(sql`lower(${bookings.referralCode}) = ${query.referralCode.toLowerCase()}`);
  if (query.customer === 'account') conditions.push(isNotNull(bookings.userId));
  if (query.customer === 'guest') conditions.push(isNull(bookings.userId));
  if (query.supplierChange) conditions.push(supplierChangeCondition(query.supplierChange));
  return and(...conditions);
}

const statusOrderArray = sql.raw(`ARRAY[${BOOKING_STATUS_ORDER.map((s) => `'${s}'`).join(', ')}]::text[]`);

function sortExpression(sort: AdminBookingListQuery['sort']): SQL {
  switch (sort) {
    // Amounts are in different currencies: compared by their USD value at the booking's own rate.
    case 'amount':
      return sql`(${bookings.amount} / nullif(${bookings.exchangeRate}, 0))`;
    case 'status':
      return sql`array_position(${statusOrderArray}, ${bookings.status})`;
    case 'departure':
      return firstSlice('departureDate');
    default:
      return sql`${bookings.createdAt}`;
  }
}

export interface ListedBookingRow {
  id: string;
  bookingReference: string;
  status: (typeof bookings.$inferSelect)['status'];
  statusTrigger: (typeof bookings.$inferSelect)['statusTrigger'];
  createdAt: Date;
  origin: string;
  destination: string;
  departureDate: string;
  returnDate: string | null;
  amount: number;
  currency: string;
  paymentMethod: 'card' | 'bank-transfer' | null;
  pnr: string | null;
  leadFirstName: string | null;
  leadLastName: string | null;
  passengerCount: number;
  email: string | null;
  mobile: string | null;
  userId: string | null;
  referralCode: string | null;
  holdExpiresAt: Date | null;
}

export async function listBookings(
  tx: Tx,
  query: AdminBookingListQuery,
  search: BookingSearch | null,
): Promise<{ rows: ListedBookingRow[]; total: number }> {
  const where = listConditions(query, search);
  const [counted] = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(bookings)
    .where(where);
  const total = Number(counted?.total ?? 0);
  if (!total) return { rows: [], total };
  const direction = query.order === 'asc' ? asc : desc;
  // Equal keys (two bookings of one status) keep a fixed order, so paging never skips or repeats one.
  const tieBreak =
    query.order === 'asc' ? [asc(bookings.createdAt), asc(bookings.id)] : [desc(bookings.createdAt), desc(bookings.id)];
  // Spelled out: inside a subquery drizzle's unqualified "id" would name the passenger's own id.
  const outerId = sql.raw('"bookings"."id"');
  const lead = (column: 'first_name' | 'last_name') =>
    sql<
      string | null
    >`(SELECT p.${sql.raw(column)} FROM booking_passengers p WHERE p.booking_id = ${outerId} ORDER BY p.position LIMIT 1)`;
  const rows = await tx
    .select({
      id: bookings.id,
      bookingReference: bookings.bookingReference,
      status: bookings.status,
      statusTrigger: bookings.statusTrigger,
      createdAt: bookings.createdAt,
      origin: firstSlice('origin'),
      destination: firstSlice('destination'),
      departureDate: firstSlice('departureDate'),
      returnDate: returnDeparture,
      amount: bookings.amount,
      currency: bookings.currency,
      paymentMethod: bookings.paymentMethod,
      pnr: bookings.pnr,
      leadFirstName: lead('first_name'),
      leadLastName: lead('last_name'),
      passengerCount: sql<number>`(SELECT count(*)::int FROM booking_passengers p WHERE p.booking_id = ${outerId})`,
      email: bookings.email,
      mobile: bookings.mobile,
      userId: bookings.userId,
      referralCode: bookings.referralCode,
      holdExpiresAt: bookings.holdExpiresAt,
    })
    .from(bookings)
    .where(where)
    .orderBy(sql`${direction(sortExpression(query.sort))} NULLS LAST`, ...tieBreak)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { rows: rows.map((row) => ({ ...row, passengerCount: Number(row.passengerCount) })), total };
}

// ---------- one booking ----------

export async function findBookingRow(tx: Tx, id: string) {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, id));
  return row;
}

export async function findPassenger(tx: Tx, bookingId: string, passengerId: string) {
  const [row] = await tx
    .select({ id: bookingPassengers.id, documentNumber: bookingPassengers.documentNumber })
    .from(bookingPassengers)
    .where(and(eq(bookingPassengers.bookingId, bookingId), eq(bookingPassengers.id, passengerId)));
  return row;
}

export const findPayments = (tx: Tx, bookingId: string) =>
  tx.select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(asc(payments.createdAt), asc(payments.id));

export const findReceipts = (tx: Tx, bookingId: string) =>
  tx
    .select()
    .from(paymentReceipts)
    .where(eq(paymentReceipts.bookingId, bookingId))
    .orderBy(asc(paymentReceipts.uploadedAt), asc(paymentReceipts.id));

export async function findReceipt(tx: Tx, bookingId: string, receiptId: string) {
  const [row] = await tx
    .select()
    .from(paymentReceipts)
    .where(and(eq(paymentReceipts.bookingId, bookingId), eq(paymentReceipts.id, receiptId)));
  return row;
}

/**
 * The e-mails of a booking: every booking e-mail is keyed '<kind>:<booking id>[:<more>]', so the key
 * names its booking. Never the bodies: staff see what was sent and whether it arrived, not a copy of
 * a traveller's e-ticket.
 */
export const findEmails = (tx: Tx, bookingId: string) =>
  tx
    .select({
      id: mailOutbox.id,
      dedupeKey: mailOutbox.dedupeKey,
      to: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(and(isNotNull(mailOutbox.dedupeKey), sql`split_part(${mailOutbox.dedupeKey}, ':', 2) = ${bookingId}`))
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id));

/** The booking's e-mails as the messages list shows them: with the WhatsApp message each one stands in for. */
export const findEmailMessages = (tx: Tx, bookingId: string) =>
  tx
    .select({
      id: mailOutbox.id,
      dedupeKey: mailOutbox.dedupeKey,
      to: mailOutbox.toAddress,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
      heldFor: mailOutbox.heldFor,
    })
    .from(mailOutbox)
    .where(and(isNotNull(mailOutbox.dedupeKey), sql`split_part(${mailOutbox.dedupeKey}, ':', 2) = ${bookingId}`));

/** The booking's WhatsApp messages, never their parameters or document. */
export const findWhatsAppMessages = (tx: Tx, bookingId: string, id?: string) =>
  tx
    .select({
      id: whatsappMessages.id,
      template: whatsappMessages.template,
      to: whatsappMessages.toPhone,
      status: whatsappMessages.status,
      errorCode: whatsappMessages.errorCode,
      lastError: whatsappMessages.lastError,
      attempts: whatsappMessages.attempts,
      createdAt: whatsappMessages.createdAt,
      sentAt: whatsappMessages.sentAt,
      deliveredAt: whatsappMessages.deliveredAt,
      readAt: whatsappMessages.readAt,
      requestedBy: whatsappMessages.requestedBy,
    })
    .from(whatsappMessages)
    .where(and(eq(whatsappMessages.bookingId, bookingId), id ? eq(whatsappMessages.id, id) : undefined));

export const findEvents = (tx: Tx, bookingId: string) =>
  tx.select().from(bookingEvents).where(eq(bookingEvents.bookingId, bookingId)).orderBy(asc(bookingEvents.id));

export const DOCUMENT_VIEWED = 'document-viewed';

export const findDocumentViews = (tx: Tx, bookingId: string) =>
  tx
    .select({ staffUserId: staffActions.staffUserId, details: staffActions.details, createdAt: staffActions.createdAt })
    .from(staffActions)
    .where(
      and(eq(staffActions.targetType, 'booking'), eq(staffActions.targetId, bookingId), eq(staffActions.action, DOCUMENT_VIEWED)),
    )
    .orderBy(asc(staffActions.createdAt), asc(staffActions.id));

/** Names (and e-mails) of accounts, staff or travellers, by user id. */
export async function findUsers(tx: Tx, ids: string[]) {
  if (!ids.length) return [];
  return tx
    .select({ id: users.id, fullName: users.fullName, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
}

/** A booking taken as live: its seats are held, paid or ticketed. */
const LIVE_STATUSES: BookingStatus[] = ['pending-payment', 'payment-confirmed', 'confirmed'];

/**
 * For each of these bookings (not cancelled or withdrawn), the other live bookings on the same
 * flights with a passenger of the same name and birth date (case-insensitive), oldest first: the
 * traveller rules refuse this only to the same requester, so across different people staff check it.
 */
export async function findPossibleDuplicates(tx: Tx, bookingIds: string[]) {
  const found = new Map<string, { id: string; bookingReference: string }[]>();
  if (!bookingIds.length) return found;
  const other = alias(bookings, 'other');
  const theirs = alias(bookingPassengers, 'theirs');
  const rows = await tx
    .selectDistinct({
      bookingId: bookings.id,
      id: other.id,
      bookingReference: other.bookingReference,
      createdAt: other.createdAt,
    })
    .from(bookings)
    .innerJoin(bookingPassengers, eq(bookingPassengers.bookingId, bookings.id))
    .innerJoin(
      other,
      and(eq(other.segmentsKey, bookings.segmentsKey), ne(other.id, bookings.id), inArray(other.status, LIVE_STATUSES)),
    )
    .innerJoin(
      theirs,
      and(
        eq(theirs.bookingId, other.id),
        sql`upper(${theirs.firstName}) = upper(${bookingPassengers.firstName})`,
        sql`upper(${theirs.lastName}) = upper(${bookingPassengers.lastName})`,
        eq(theirs.dateOfBirth, bookingPassengers.dateOfBirth),
      ),
    )
    .where(and(inArray(bookings.id, bookingIds), inArray(bookings.status, ['created', ...LIVE_STATUSES])))
    .orderBy(asc(other.createdAt), asc(other.id));
  for (const { bookingId, id, bookingReference } of rows)
    found.set(bookingId, [...(found.get(bookingId) ?? []), { id, bookingReference }]);
  return found;
}
