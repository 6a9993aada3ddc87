import type {
  ApproveTransferRequest,
  ExtendHoldRequest,
  ManualTicketRequest,
  RecordRefundRequest,
  RejectTransferRequest,
} from '@kwenda/contracts/admin';
import { getAirlineChange } from '../use-cases/airline-change.js';
import { cancelBooking, cancelBookingAtQuote, quoteStaffCancellation } from '../use-cases/staff-cancel.js';
import { decideReceipt } from '../use-cases/staff-decide-receipt.js';
import type { StaffActor, StaffDeps } from '../use-cases/staff-deps.js';
import {
  bookingDeskState,
  listRefunds,
  listTicketing,
  listTransfers,
  receiptFile,
  searchReceipts,
} from '../use-cases/staff-desk-lists.js';
import { extendHold } from '../use-cases/staff-extend-hold.js';
import { recordRefund } from '../use-cases/staff-refund.js';
import { resendETicket, resendETicketOnWhatsApp, retryTicketing, ticketManually } from '../use-cases/staff-ticketing.js';

/**
 * The agency's desk: the staff actions on a booking (use-cases/staff-*.ts) bound to the booking
 * service's settings, for the routes and the command line.
 */
export function createDeskService(staff: StaffDeps) {
  return {
    listTransfers: () => listTransfers(staff),
    receiptFile: (receiptId: string) => receiptFile(staff, receiptId),
    searchReceipts: (transactionNumber: string) => searchReceipts(staff, transactionNumber),
    approveTransfer: (receiptId: string, actor: StaffActor, input: ApproveTransferRequest = {}) =>
      decideReceipt(staff, receiptId, { decision: 'approve', note: input.note ?? null }, actor),
    rejectTransfer: (receiptId: string, input: RejectTransferRequest, actor: StaffActor) =>
      decideReceipt(staff, receiptId, { decision: 'reject', reason: input.reason, note: input.note ?? null }, actor),
    listTicketing: () => listTicketing(staff),
    retryTicketing: (bookingId: string, actor: StaffActor) => retryTicketing(staff, bookingId, actor),
    ticketManually: (bookingId: string, input: ManualTicketRequest, actor: StaffActor) =>
      ticketManually(staff, bookingId, input, actor),
    resendETicket: (bookingId: string, actor: StaffActor) => resendETicket(staff, bookingId, actor),
    /** The e-ticket PDF again on WhatsApp (to the booking's number or `to`); the queued message's id. */
    resendETicketOnWhatsApp: (bookingId: string, input: { to?: string | null }, actor: StaffActor) =>
      resendETicketOnWhatsApp(staff, bookingId, input, actor),
    extendHold: (bookingId: string, input: ExtendHoldRequest, actor: StaffActor) => extendHold(staff, bookingId, input, actor),
    cancelBooking: (bookingId: string, input: { reason: string }, actor: StaffActor) =>
      cancelBooking(staff, bookingId, input, actor),
    recordRefund: (bookingId: string, input: RecordRefundRequest, actor: StaffActor) =>
      recordRefund(staff, bookingId, input, actor),
    listRefunds: () => listRefunds(staff),
    bookingState: (bookingId: string) => bookingDeskState(staff, bookingId),
    airlineChange: (bookingId: string) => getAirlineChange(staff, bookingId),
    quoteCancellation: (bookingId: string, actor: StaffActor) => quoteStaffCancellation(staff, bookingId, actor),
    cancelBookingAtQuote: (bookingId: string, input: { reason: string; quoteId: string }, actor: StaffActor) =>
      cancelBookingAtQuote(staff, bookingId, input, actor),
  };
}

export type DeskService = ReturnType<typeof createDeskService>;
