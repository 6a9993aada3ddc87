import type { ExtendHoldRequest, ManualTicketRequest, RecordRefundRequest, RejectTransferRequest } from '@kwenda/contracts/admin';
import type { BookingService } from '../bookings/booking-service.js';
import { deskMessagesOf } from '../bookings/staff-emails.js';
import { cancelBooking } from '../bookings/use-cases/staff-cancel.js';
import { decideReceipt } from '../bookings/use-cases/staff-decide-receipt.js';
import type { StaffActor, StaffDeps } from '../bookings/use-cases/staff-deps.js';
import {
  bookingDeskState,
  listRefunds,
  listTicketing,
  listTransfers,
  receiptFile,
} from '../bookings/use-cases/staff-desk-lists.js';
import { extendHold } from '../bookings/use-cases/staff-extend-hold.js';
import { recordRefund } from '../bookings/use-cases/staff-refund.js';
import { resendETicket, retryTicketing, ticketManually } from '../bookings/use-cases/staff-ticketing.js';
import type { MailContext } from '../mail/mail-context.js';

/**
 * The agency's desk: the staff actions on a booking (use-cases/staff-*.ts of the bookings module)
 * bound to the booking service's settings and the desk's e-mails, for the routes and the command line.
 */
export function createDeskService(deps: { bookings: BookingService; mailContext: MailContext }) {
  const staff: StaffDeps = { ...deps.bookings.deps, deskMessages: deskMessagesOf(deps.mailContext) };
  return {
    deps: staff,
    listTransfers: () => listTransfers(staff),
    receiptFile: (receiptId: string) => receiptFile(staff, receiptId),
    approveTransfer: (receiptId: string, actor: StaffActor) => decideReceipt(staff, receiptId, { decision: 'approve' }, actor),
    rejectTransfer: (receiptId: string, input: RejectTransferRequest, actor: StaffActor) =>
      decideReceipt(staff, receiptId, { decision: 'reject', reason: input.reason, note: input.note ?? null }, actor),
    listTicketing: () => listTicketing(staff),
    retryTicketing: (bookingId: string, actor: StaffActor) => retryTicketing(staff, bookingId, actor),
    ticketManually: (bookingId: string, input: ManualTicketRequest, actor: StaffActor) =>
      ticketManually(staff, bookingId, input, actor),
    resendETicket: (bookingId: string, actor: StaffActor) => resendETicket(staff, bookingId, actor),
    extendHold: (bookingId: string, input: ExtendHoldRequest, actor: StaffActor) => extendHold(staff, bookingId, input, actor),
    cancelBooking: (bookingId: string, input: { reason: string }, actor: StaffActor) =>
      cancelBooking(staff, bookingId, input, actor),
    recordRefund: (bookingId: string, input: RecordRefundRequest, actor: StaffActor) =>
      recordRefund(staff, bookingId, input, actor),
    listRefunds: () => listRefunds(staff),
    bookingState: (bookingId: string) => bookingDeskState(staff, bookingId),
  };
}

export type DeskService = ReturnType<typeof createDeskService>;
