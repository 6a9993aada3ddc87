import type { BookingStatus } from '@kwenda/contracts';
import type { BookingDeskState, DeskReceiptReading } from '@kwenda/contracts/admin';
import { Alert, Button, Card, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { ApiErrorAlert } from '../components/api-error-alert';
import { useStaffCan } from '../components/require-staff';
import { BidiText, ltr } from '../lib/bidi';
import { useBookingDeskState, useDeskCommand } from './desk-api';
import {
  ApproveTransferDialog,
  CancelBookingDialog,
  ExtendHoldDialog,
  ManualTicketDialog,
  RefundDialog,
  RejectTransferDialog,
} from './desk-dialogs';
import { deskMoney, deskTime } from './desk-format';
import { failedChecks } from './receipt-reading';
import { RefundOwed } from './refund-owed';

const failedChecksOf = (reading: DeskReceiptReading | undefined) => (reading ? failedChecks(reading) : []);

type Dialog = { kind: 'approve' | 'reject'; receiptId: string } | { kind: 'extend' | 'manual' | 'cancel' | 'refund' } | null;

export interface BookingActionsProps {
  /** The booking shown on the page; only its id is read (the actions load their own state). */
  booking: { id: string; status?: BookingStatus };
  /** Called after an action succeeded (every desk query is refreshed as well). */
  onChanged?: () => void;
  /** The booking's receipts as read: approving one whose check failed asks for a note first. */
  receipts?: { id: string; reading: DeskReceiptReading }[];
}

/**
 * The desk's actions on one booking, for its page: what the booking's state allows now (approve or
 * reject a waiting receipt, extend the hold, retry or issue tickets by hand, resend the e-ticket,
 * cancel, record a refund), its money and its refunds. Viewers see the state without the buttons.
 */
export function BookingActions({ booking, onChanged, receipts = [] }: BookingActionsProps) {
  const { t, i18n } = useTranslation('admin-desk');
  const language = i18n.language;
  const state = useBookingDeskState(booking.id);
  const canAct = useStaffCan('agent-desk');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const done = (message: string) => {
    setNotice(message);
    onChanged?.();
  };
  const immediate = useDeskCommand(() => onChanged?.());

  if (state.isPending) return <Loader size="sm" role="status" aria-label={t('loading')} />;
  if (state.isError) return <ApiErrorAlert error={state.error} />;
  const { booking: b, actions, money, refunds, waitingReceipts } = state.data as BookingDeskState;
  const can = (action: BookingDeskState['actions'][number]) => canAct && actions.includes(action);
  const close = () => setDialog(null);
  const email = b.email ?? '';

  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="desk-actions-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="desk-actions-title">
          {t('actions.title')}
        </Title>
        {notice ? (
          <Alert color="teal" role="status" withCloseButton closeButtonLabel={t('close')} onClose={() => setNotice(null)}>
            <BidiText>{notice}</BidiText>
          </Alert>
        ) : null}
        <ApiErrorAlert error={immediate.error} />
        {b.status === 'pending-payment' && b.holdExpiresAt ? (
          <Text size="sm">
            {t('actions.heldUntil', { time: deskTime(b.holdExpiresAt, language) })}
            {b.holdExtended ? ` · ${t('actions.extended')}` : ''}
          </Text>
        ) : null}

        {waitingReceipts.length > 0 ? (
          <Stack gap={4}>
            <Text fw={600} size="sm">
              {t('actions.waitingReceipts')}
            </Text>
            {waitingReceipts.map((receipt) => (
              <Group key={receipt.receiptId} justify="space-between" wrap="wrap" gap="xs">
                <Text size="sm">
                  {t('actions.receipt', { file: receipt.fileName, time: deskTime(receipt.uploadedAt, language) })}
                </Text>
                <Group gap="xs">
                  {can('approve-transfer') ? (
                    <Button size="xs" color="teal" onClick={() => setDialog({ kind: 'approve', receiptId: receipt.receiptId })}>
                      {t('actions.approve')}
                    </Button>
                  ) : null}
                  {can('reject-transfer') ? (
                    <Button
                      size="xs"
                      color="red"
                      variant="outline"
                      onClick={() => setDialog({ kind: 'reject', receiptId: receipt.receiptId })}
                    >
                      {t('actions.reject')}
                    </Button>
                  ) : null}
                </Group>
              </Group>
            ))}
          </Stack>
        ) : null}

        {money.paid > 0 ? <RefundOwed money={money} /> : null}

        {refunds.length > 0 ? (
          <Stack gap={2}>
            <Text fw={600} size="sm">
              {t('actions.refunds')}
            </Text>
            <List size="sm" spacing={2}>
              {refunds.map((refund) => (
                <List.Item key={refund.id}>
                  {deskTime(refund.createdAt, language)} — {deskMoney(refund.amount, refund.currency, language)} ·{' '}
                  {t(`refund.methods.${refund.method}`)} · <span dir="ltr">{refund.reference}</span>
                  {refund.recordedByName ? ` · ${t('refunds.by', { name: refund.recordedByName })}` : ''}
                </List.Item>
              ))}
            </List>
          </Stack>
        ) : null}

        {canAct ? (
          <Group gap="xs">
            {can('extend-hold') ? (
              <Button variant="default" onClick={() => setDialog({ kind: 'extend' })}>
                {t('actions.extend')}
              </Button>
            ) : null}
            {can('retry-ticketing') ? (
              <Button
                loading={immediate.isPending && immediate.variables?.kind === 'retry'}
                onClick={() => immediate.mutate({ kind: 'retry', bookingId: b.id })}
              >
                {t('actions.retry')}
              </Button>
            ) : null}
            {can('manual-ticket') ? (
              <Button variant="outline" onClick={() => setDialog({ kind: 'manual' })}>
                {t('actions.manual')}
              </Button>
            ) : null}
            {can('resend-eticket') ? (
              <Button
                variant="default"
                loading={immediate.isPending && immediate.variables?.kind === 'resend-eticket'}
                onClick={() =>
                  immediate.mutate(
                    { kind: 'resend-eticket', bookingId: b.id },
                    { onSuccess: () => setNotice(t('actions.resent', { email: ltr(email) })) },
                  )
                }
              >
                {t('actions.resend')}
              </Button>
            ) : null}
            {can('refund') ? (
              <Button variant="default" onClick={() => setDialog({ kind: 'refund' })}>
                {t('actions.refund')}
              </Button>
            ) : null}
            {can('cancel') ? (
              <Button color="red" variant="outline" onClick={() => setDialog({ kind: 'cancel' })}>
                {t('actions.cancel')}
              </Button>
            ) : null}
          </Group>
        ) : (
          <Text size="sm" c="gray.7">
            {t('readOnly')}
          </Text>
        )}
        {canAct && actions.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t('actions.none')}
          </Text>
        ) : null}
      </Stack>

      {dialog?.kind === 'approve' ? (
        <ApproveTransferDialog
          opened
          onClose={close}
          onDone={done}
          receiptId={dialog.receiptId}
          reference={b.bookingReference}
          amount={b.amount}
          currency={b.currency}
          failedChecks={failedChecksOf(receipts.find((r) => r.id === dialog.receiptId)?.reading)}
        />
      ) : null}
      {dialog?.kind === 'reject' ? (
        <RejectTransferDialog opened onClose={close} onDone={done} receiptId={dialog.receiptId} />
      ) : null}
      {dialog?.kind === 'extend' ? (
        <ExtendHoldDialog
          opened
          onClose={close}
          onDone={done}
          bookingId={b.id}
          reference={b.bookingReference}
          holdExpiresAt={b.holdExpiresAt}
          supplierHoldDeadline={b.supplierHoldDeadline}
        />
      ) : null}
      {dialog?.kind === 'manual' ? (
        <ManualTicketDialog
          opened
          onClose={close}
          onDone={done}
          bookingId={b.id}
          reference={b.bookingReference}
          passengers={b.passengers}
        />
      ) : null}
      {dialog?.kind === 'cancel' ? (
        <CancelBookingDialog
          opened
          onClose={close}
          onDone={done}
          bookingId={b.id}
          reference={b.bookingReference}
          ticketed={b.status === 'confirmed' || b.status === 'rescheduled'}
        />
      ) : null}
      {dialog?.kind === 'refund' ? (
        <RefundDialog
          opened
          onClose={close}
          onDone={done}
          bookingId={b.id}
          reference={b.bookingReference}
          currency={money.currency}
          refundable={money.refundable}
          money={money}
        />
      ) : null}
    </Card>
  );
}
