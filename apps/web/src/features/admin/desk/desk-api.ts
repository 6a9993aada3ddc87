import {
  bookingDeskStateSchema,
  deskActionResponseSchema,
  receiptSearchResponseSchema,
  refundsResponseSchema,
  ticketingResponseSchema,
  transfersResponseSchema,
  type ApproveTransferRequest,
  type CancelBookingRequest,
  type DeskBookingSummary,
  type ExtendHoldRequest,
  type ManualTicketRequestInput,
  type RecordRefundRequest,
  type RejectTransferRequest,
  type TransfersResponse,
} from '@kwenda/contracts/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '../lib/admin-api';

/**
 * The desk's calls (/api/v1/admin/transfers, /ticketing, /refunds, /bookings/{id}/...). Every query
 * key starts with 'admin', so an action refreshes every desk screen that shows the booking (the
 * bookings table and page included).
 */
export const deskKeys = {
  transfers: ['admin', 'desk', 'transfers'] as const,
  ticketing: ['admin', 'desk', 'ticketing'] as const,
  refunds: ['admin', 'desk', 'refunds'] as const,
  booking: (id: string) => ['admin', 'desk', 'booking', id] as const,
  receiptSearch: (transactionNumber: string) => ['admin', 'desk', 'receipt-search', transactionNumber] as const,
};

/** A receipt is read seconds after its upload: while any is still being read, the list asks again this often. */
export const READING_REFRESH_MS = 3_000;

export const useTransfers = () =>
  useQuery({
    queryKey: deskKeys.transfers,
    queryFn: ({ signal }) => adminRequest('/admin/transfers', transfersResponseSchema, { signal }),
    staleTime: 15_000,
    refetchInterval: (query) =>
      (query.state.data as TransfersResponse | undefined)?.transfers.some((item) => item.reading.state === 'reading')
        ? READING_REFRESH_MS
        : 60_000,
  });

/** Receipts of any booking and status with this transaction number (typed or read); null: no search yet. */
export const useReceiptSearch = (transactionNumber: string | null) =>
  useQuery({
    queryKey: deskKeys.receiptSearch(transactionNumber ?? ''),
    queryFn: ({ signal }) =>
      adminRequest(
        `/admin/receipts?transactionNumber=${encodeURIComponent(transactionNumber ?? '')}`,
        receiptSearchResponseSchema,
        { signal },
      ),
    enabled: !!transactionNumber,
    staleTime: 15_000,
  });

export const useTicketing = () =>
  useQuery({
    queryKey: deskKeys.ticketing,
    queryFn: ({ signal }) => adminRequest('/admin/ticketing', ticketingResponseSchema, { signal }),
    staleTime: 15_000,
    refetchInterval: 60_000,
  });

export const useRefunds = () =>
  useQuery({
    queryKey: deskKeys.refunds,
    queryFn: ({ signal }) => adminRequest('/admin/refunds', refundsResponseSchema, { signal }),
    staleTime: 15_000,
  });

export const useBookingDeskState = (bookingId: string) =>
  useQuery({
    queryKey: deskKeys.booking(bookingId),
    queryFn: ({ signal }) =>
      adminRequest(`/admin/bookings/${encodeURIComponent(bookingId)}/actions`, bookingDeskStateSchema, { signal }),
    staleTime: 5_000,
  });

/** Every staff action, as one mutation: which call, and its body. */
export type DeskCommand =
  | { kind: 'approve'; receiptId: string; body: ApproveTransferRequest }
  | { kind: 'reject'; receiptId: string; body: RejectTransferRequest }
  | { kind: 'extend-hold'; bookingId: string; body: ExtendHoldRequest }
  | { kind: 'retry'; bookingId: string }
  | { kind: 'manual-ticket'; bookingId: string; body: ManualTicketRequestInput }
  | { kind: 'resend-eticket'; bookingId: string }
  | { kind: 'cancel'; bookingId: string; body: CancelBookingRequest }
  | { kind: 'refund'; bookingId: string; body: RecordRefundRequest };

const booking = (id: string, path: string) => `/admin/bookings/${encodeURIComponent(id)}/${path}`;

function send(command: DeskCommand): Promise<{ booking: DeskBookingSummary }> {
  const post = (path: string, body?: unknown) =>
    adminRequest(path, deskActionResponseSchema, { method: 'POST', body: body ?? {} });
  switch (command.kind) {
    case 'approve':
      return post(`/admin/transfers/${encodeURIComponent(command.receiptId)}/approve`, command.body);
    case 'reject':
      return post(`/admin/transfers/${encodeURIComponent(command.receiptId)}/reject`, command.body);
    case 'extend-hold':
      return post(booking(command.bookingId, 'extend-hold'), command.body);
    case 'retry':
      return post(booking(command.bookingId, 'ticketing/retry'));
    case 'manual-ticket':
      return post(booking(command.bookingId, 'manual-ticket'), command.body);
    case 'resend-eticket':
      return post(booking(command.bookingId, 'resend-eticket'));
    case 'cancel':
      return post(booking(command.bookingId, 'cancel'), command.body);
    case 'refund':
      return post(booking(command.bookingId, 'refunds'), command.body);
  }
}

/** Runs one staff action; on success every desk query is refreshed. */
export function useDeskCommand(onDone?: (booking: DeskBookingSummary) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
      onDone?.(result.booking);
    },
  });
}
