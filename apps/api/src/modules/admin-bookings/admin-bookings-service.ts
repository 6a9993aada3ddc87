import type { Booking, BookingMessage, BookingMessagesResponse, Currency } from '@kwenda/contracts';
import {
  maskDocumentNumber,
  type AdminActor,
  type AdminBookingDetail,
  type AdminBookingList,
  type AdminBookingListItem,
  type AdminBookingListQuery,
  type AdminDocumentReveal,
} from '@kwenda/contracts/admin';
import type { Database, Db } from '../../db/client.js';
import { AppError, bookingNotFound } from '../../errors.js';
import { readReceiptBytes } from '../receipts/receipt-storage.js';
import { findSameFiles } from '../receipts/receipts-repository.js';
import { deskReading, otherReceiptsOf } from '../receipts/checks/present-reading.js';
import { recordStaffAction } from '../staff/staff-audit.js';
import * as repo from './admin-bookings-repository.js';
import { parseBookingSearch } from './booking-search.js';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

const presentWhatsApp = (m: Awaited<ReturnType<typeof repo.findWhatsAppMessages>>[number]): BookingMessage => ({
  id: m.id,
  channel: 'whatsapp',
  kind: m.template,
  to: m.to,
  status: m.status,
  errorCode: m.errorCode,
  lastError: m.lastError,
  attempts: m.attempts,
  createdAt: m.createdAt.toISOString(),
  sentAt: iso(m.sentAt),
  deliveredAt: iso(m.deliveredAt),
  readAt: iso(m.readAt),
  fallbackFor: null,
  requestedBy: m.requestedBy,
});

/**
 * Who an audit row names: 'staff:<id>', 'user:<id>', 'guest', 'agency:<name>' (rows the receipt command
 * wrote before staff accounts existed; it now acts as a staff member), else the system.
 */
function actorKind(raw: string): { kind: AdminActor['kind']; userId?: string; label?: string } {
  if (raw.startsWith('staff:')) return { kind: 'staff', userId: raw.slice('staff:'.length) };
  if (raw.startsWith('user:')) return { kind: 'traveller', userId: raw.slice('user:'.length) };
  if (raw === 'guest') return { kind: 'traveller' };
  if (raw.startsWith('agency:')) return { kind: 'staff', label: raw.slice('agency:'.length) };
  return { kind: 'system', label: raw };
}

/**
 * The staff's bookings: the table (search, filters, sort, pages) and one booking's page. Read only,
 * apart from the audit row each view of a document number writes.
 */
export function createAdminBookingsService(deps: {
  database: Database;
  /** The booking as the traveller's pages present it (itinerary, passengers, bags, price breakdown). */
  getBooking: (id: string) => Promise<Booking | null>;
  /** Whether a WhatsApp number replied STOP (MessengerPort). */
  isOptedOut: (tx: Db, phone: string) => Promise<boolean>;
  /** The bookings module's staff action: the e-ticket again on WhatsApp; the queued message's id. */
  resendETicketOnWhatsApp: (bookingId: string, input: { to?: string | null }, staffUserId: string) => Promise<string>;
}) {
  const { db } = deps.database;

  /** Resolves every actor of a page to a name with one query. */
  async function actorResolver(raws: (string | null)[]) {
    const parsed = new Map(raws.filter((r): r is string => !!r).map((raw) => [raw, actorKind(raw)]));
    const ids = [...parsed.values()].flatMap((p) => (p.userId ? [p.userId] : []));
    const names = new Map((await repo.findUsers(db, ids)).map((u) => [u.id, u.fullName]));
    return (raw: string): AdminActor => {
      const actor = parsed.get(raw) ?? actorKind(raw);
      const name = actor.userId ? (names.get(actor.userId) ?? null) : (actor.label ?? null);
      return { kind: actor.kind, name, raw };
    };
  }

  return {
    async listBookings(query: AdminBookingListQuery): Promise<AdminBookingList> {
      const search = query.q ? parseBookingSearch(query.q) : null;
      const { rows, total } = await repo.listBookings(db, query, search);
      const duplicates = await repo.findPossibleDuplicates(
        db,
        rows.map((row) => row.id),
      );
      const items = rows.map((row): AdminBookingListItem => ({
        id: row.id,
        bookingReference: row.bookingReference,
        status: row.status,
        statusTrigger: row.statusTrigger,
        createdAt: row.createdAt.toISOString(),
        origin: row.origin,
        destination: row.destination,
        departureDate: row.departureDate,
        returnDate: row.returnDate,
        amount: Number(row.amount),
        currency: row.currency as Currency,
        paymentMethod: row.paymentMethod,
        pnr: row.pnr,
        leadPassenger: [row.leadFirstName, row.leadLastName].filter(Boolean).join(' ') || null,
        passengerCount: row.passengerCount,
        email: row.email,
        mobile: row.mobile,
        customer: row.userId ? 'account' : 'guest',
        referralCode: row.referralCode,
        holdExpiresAt: row.status === 'pending-payment' ? iso(row.holdExpiresAt) : null,
        possibleDuplicates: duplicates.get(row.id) ?? [],
      }));
      return { items, page: query.page, pageSize: query.pageSize, total, pageCount: Math.ceil(total / query.pageSize) };
    },

    async getBookingDetail(id: string): Promise<AdminBookingDetail> {
      const row = await repo.findBookingRow(db, id);
      const booking = row ? await deps.getBooking(id) : null;
      if (!row || !booking) throw bookingNotFound();
      const [paymentRows, receiptRows, emailRows, eventRows, viewRows, duplicates] = await Promise.all([
        repo.findPayments(db, id),
        repo.findReceipts(db, id),
        repo.findEmails(db, id),
        repo.findEvents(db, id),
        repo.findDocumentViews(db, id),
        repo.findPossibleDuplicates(db, [id]),
      ]);
      const [sameFiles, others] = await Promise.all([
        findSameFiles(
          db,
          receiptRows.map((r) => r.sha256),
          id,
        ),
        otherReceiptsOf(db, receiptRows),
      ]);
      // A receipt's reviewer is a bare name from the command line, or 'staff:<id>' from the desk.
      const reviewer = (value: string | null) => (value && !value.includes(':') ? `agency:${value}` : value);
      const actorOf = await actorResolver([
        ...eventRows.map((e) => e.actor),
        ...receiptRows.map((r) => reviewer(r.reviewedBy)),
        ...viewRows.map((v) => `staff:${v.staffUserId}`),
        row.userId ? `user:${row.userId}` : null,
      ]);
      const account = row.userId ? (await repo.findUsers(db, [row.userId]))[0] : undefined;
      const pricing = row.pricing;
      return {
        booking: {
          ...booking,
          passengers: booking.passengers.map((p) => ({ ...p, documentNumber: maskDocumentNumber(p.documentNumber) })),
        },
        language: row.language,
        account: row.userId ? { userId: row.userId, fullName: account?.fullName ?? null, email: account?.email ?? null } : null,
        supplierOrderId: row.supplierOrderId,
        ticketedAt: iso(row.ticketedAt),
        updatedAt: row.updatedAt.toISOString(),
        // Bookings made before rates and markups were kept: the booking's own rate, no markup.
        pricing: pricing
          ? {
              recorded: true,
              currency: pricing.currency,
              exchangeRate: pricing.exchangeRate,
              rateId: pricing.rateId,
              rateEffectiveAt: pricing.rateEffectiveAt,
              fareUsd: pricing.fareUsd,
              markupUsd: pricing.markupUsd,
              markupRuleIds: pricing.markupRuleIds,
              markupPercent: pricing.markupPercent ?? null,
              markupFixedUsd: pricing.markupFixedUsd ?? null,
              totalUsd: pricing.totalUsd,
              amount: Number(row.amount),
            }
          : {
              recorded: false,
              currency: row.currency as Currency,
              exchangeRate: Number(row.exchangeRate),
              rateId: null,
              rateEffectiveAt: null,
              fareUsd: null,
              markupUsd: 0,
              markupRuleIds: [],
              markupPercent: null,
              markupFixedUsd: null,
              totalUsd: row.offer.totalAmount ?? null,
              amount: Number(row.amount),
            },
        payments: paymentRows.map((p) => ({
          id: p.id,
          provider: p.provider,
          status: p.status,
          amount: Number(p.amount),
          currency: p.currency,
          providerPaymentId: p.providerPaymentId,
          failureCode: p.failureCode,
          createdAt: p.createdAt.toISOString(),
          updatedAt: p.updatedAt.toISOString(),
        })),
        receipts: receiptRows.map((r) => {
          const by = reviewer(r.reviewedBy);
          return {
            id: r.id,
            fileName: r.fileName,
            contentType: r.contentType,
            sizeBytes: r.sizeBytes,
            status: r.status,
            uploadedAt: r.uploadedAt.toISOString(),
            reviewedAt: iso(r.reviewedAt),
            reviewedBy: by ? (actorOf(by).name ?? by) : null,
            fileUrl: `/api/v1/admin/bookings/${id}/receipts/${r.id}/file`,
            sameFileAs: (sameFiles.get(r.sha256) ?? []).map(({ sha256: _hash, ...other }) => other),
            typedTransactionNumber: r.typedTransactionNumber,
            reading: deskReading(r, others, {
              owed: booking.transferAccounts,
              booking: { amount: booking.amount, currency: booking.currency },
            }),
          };
        }),
        emails: emailRows.map((m) => ({
          id: m.id,
          kind: m.dedupeKey?.split(':')[0] ?? null,
          to: m.to,
          subject: m.subject,
          status: m.status,
          attempts: m.attempts,
          lastError: m.lastError,
          createdAt: m.createdAt.toISOString(),
          sentAt: iso(m.sentAt),
        })),
        timeline: eventRows.map((e) => ({
          id: Number(e.id),
          at: e.createdAt.toISOString(),
          fromStatus: e.fromStatus,
          toStatus: e.toStatus,
          trigger: e.statusTrigger,
          actor: actorOf(e.actor),
          details: e.details ?? null,
        })),
        documentViews: viewRows.map((v) => ({
          passengerId: typeof v.details?.passengerId === 'string' ? v.details.passengerId : null,
          at: v.createdAt.toISOString(),
          staff: actorOf(`staff:${v.staffUserId}`),
        })),
        possibleDuplicates: duplicates.get(id) ?? [],
      };
    },

    /**
     * Every message of the booking on either channel, newest first: e-mails (a WhatsApp message's
     * fallback names it) and WhatsApp messages with their delivery status. Never their content.
     */
    async getBookingMessages(id: string): Promise<BookingMessagesResponse> {
      const row = await repo.findBookingRow(db, id);
      if (!row) throw bookingNotFound();
      const [emails, whatsapp, optedOut] = await Promise.all([
        repo.findEmailMessages(db, id),
        repo.findWhatsAppMessages(db, id),
        row.whatsapp ? deps.isOptedOut(db, row.whatsapp) : Promise.resolve(false),
      ]);
      const messages: BookingMessage[] = [
        ...emails.map((m): BookingMessage => ({
          id: m.id,
          channel: 'email',
          kind: m.dedupeKey?.split(':')[0] ?? null,
          to: m.to,
          status: m.status,
          errorCode: null,
          lastError: m.lastError,
          attempts: m.attempts,
          createdAt: m.createdAt.toISOString(),
          sentAt: iso(m.sentAt),
          deliveredAt: null,
          readAt: null,
          fallbackFor: m.heldFor,
          requestedBy: null,
        })),
        ...whatsapp.map(presentWhatsApp),
      ];
      // Newest first; a fallback e-mail is queued with its message, so it follows it.
      messages.sort(
        (a, b) => b.createdAt.localeCompare(a.createdAt) || a.channel.localeCompare(b.channel) || b.id.localeCompare(a.id),
      );
      return { messages, whatsapp: row.whatsapp, whatsappUpdates: row.whatsappUpdates, optedOut };
    },

    /** A staff member sends the e-ticket again on WhatsApp: the message as the list shows it. */
    async resendETicket(id: string, input: { to?: string | null }, staffUserId: string): Promise<BookingMessage> {
      const messageId = await deps.resendETicketOnWhatsApp(id, input, staffUserId);
      const [message] = await repo.findWhatsAppMessages(db, id, messageId);
      if (!message) throw new AppError(404, 'NOT_FOUND', 'The message was not kept');
      return presentWhatsApp(message);
    },

    /** One passenger's document number, for a staff member: every view leaves an audit row. */
    async revealDocument(bookingId: string, passengerId: string, staffUserId: string): Promise<AdminDocumentReveal> {
      return db.transaction(async (tx) => {
        const booking = await repo.findBookingRow(tx, bookingId);
        if (!booking) throw bookingNotFound();
        const passenger = await repo.findPassenger(tx, bookingId, passengerId);
        if (!passenger) throw new AppError(404, 'NOT_FOUND', 'No passenger with this id on this booking');
        await recordStaffAction(tx, {
          staffUserId,
          action: repo.DOCUMENT_VIEWED,
          targetType: 'booking',
          targetId: bookingId,
          details: { passengerId, bookingReference: booking.bookingReference },
        });
        return { passengerId, documentNumber: passenger.documentNumber };
      });
    },

    /** A transfer receipt's file, for staff. */
    async receiptFile(bookingId: string, receiptId: string): Promise<{ bytes: Buffer; contentType: string; fileName: string }> {
      const receipt = await repo.findReceipt(db, bookingId, receiptId);
      if (!receipt) throw new AppError(404, 'NOT_FOUND', 'No receipt with this id on this booking');
      const bytes = await readReceiptBytes(db, receipt);
      if (!bytes) throw new AppError(404, 'NOT_FOUND', 'The receipt file is missing from the server');
      return { bytes, contentType: receipt.contentType, fileName: receipt.fileName };
    },
  };
}

export type AdminBookingsService = ReturnType<typeof createAdminBookingsService>;
