import {
  RECEIPT_REJECTION_REASONS,
  REFUND_METHODS,
  type BookingMoney,
  type DeskBookingSummary,
  type ReceiptRejectionReason,
  type RefundMethod,
  type TicketingItem,
} from '@kwenda/contracts/admin';
import type { ReceiptCheckName } from '@kwenda/contracts';
import { Alert, List, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type ComponentProps } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { StaffCancellationQuote, useCancelAtQuote, useStaffCancellationQuote } from '../bookings/staff-cancel-quote';
import { latinDigits } from '@kwenda/contracts/rules';
import { TypedNumberInput } from '../../../components/typed-number-input';
import { fieldError, refusesFieldsOnly } from '../components/api-error-alert';
import { FormDialog } from '../components/form-dialog';
import { ReasonField, reasonTooShort } from '../components/reason-field';
import { useDeskCommand, type DeskCommand } from './desk-api';
import { deskMoney, deskTime } from './desk-format';
import { RefundOwed } from './refund-owed';

/** Field hints dark enough to read on white (Mantine's default grey is below 4.5:1). */
const hintStyles = { description: { color: 'var(--mantine-color-gray-7)' } };

/**
 * The dialogs of the desk's actions: each says what will happen, asks for what the action needs
 * (a reason, an amount, ticket numbers), and runs it; the server's refusal is shown in the dialog.
 */

interface DialogProps {
  opened: boolean;
  onClose: () => void;
  /** Called with a sentence for the page's notice once the action succeeded. */
  onDone: (message: string) => void;
}

/** The desk's action dialogs fill a phone's screen, with the title in bold. */
function ActionDialog(props: Omit<ComponentProps<typeof FormDialog>, 'fullScreen' | 'boldTitle'>) {
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  return <FormDialog {...props} fullScreen={phone} boldTitle />;
}

/** A command run from a dialog; the dialog closes on success. */
function useDialogCommand(onClose: () => void, done: (booking: DeskBookingSummary) => void) {
  const command = useDeskCommand((booking) => {
    done(booking);
    onClose();
  });
  return {
    run: (value: DeskCommand) => command.mutate(value),
    pending: command.isPending,
    error: command.error,
    reset: command.reset,
  };
}

export function ApproveTransferDialog({
  receiptId,
  reference,
  amount,
  currency,
  failedChecks = [],
  ...props
}: DialogProps & {
  receiptId: string;
  reference: string;
  amount: number;
  currency: string;
  /** The receipt's checks that failed: approving it anyway takes a note saying why. */
  failedChecks?: readonly ReceiptCheckName[];
}) {
  const { t, i18n } = useTranslation('admin-desk');
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const command = useDialogCommand(props.onClose, (booking) =>
    props.onDone(t('approve.done', { reference, status: t(`statuses.${booking.status}`) })),
  );
  // The server asks for a note when a check failed; it may know of a failure this screen did not show.
  const refusedNote = fieldError(command.error, 'note');
  const noteNeeded = failedChecks.length > 0 || refusedNote;
  const noteMissing = noteNeeded && reasonTooShort(note);
  return (
    <ActionDialog
      opened={props.opened}
      onClose={props.onClose}
      title={t('approve.title')}
      confirmLabel={t('approve.confirm')}
      onSubmit={() => {
        setTouched(true);
        if (noteMissing) return;
        command.run({ kind: 'approve', receiptId, body: note.trim() ? { note: note.trim() } : {} });
      }}
      pending={command.pending}
      error={command.error}
      hideError={refusedNote && refusesFieldsOnly(command.error)}
    >
      <Text>{t('approve.body', { reference, amount: deskMoney(amount, currency, i18n.language) })}</Text>
      {failedChecks.length > 0 ? (
        <Alert color="red" variant="light" title={t('approve.failedTitle')} data-testid="approve-failed-checks">
          <List size="sm">
            {failedChecks.map((check) => (
              <List.Item key={check}>{t(`checks.${check}.fail`)}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {noteNeeded ? (
        <ReasonField
          label={t('approve.note')}
          description={t('approve.noteHint')}
          value={note}
          onChange={setNote}
          withAsterisk
          data-testid="approve-note"
          error={(touched && noteMissing) || (refusedNote && reasonTooShort(note)) ? t('approve.noteRequired') : undefined}
        />
      ) : null}
    </ActionDialog>
  );
}

export function RejectTransferDialog({ receiptId, ...props }: DialogProps & { receiptId: string }) {
  const { t } = useTranslation('admin-desk');
  const [reason, setReason] = useState<ReceiptRejectionReason>('not-received');
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const command = useDialogCommand(props.onClose, () => props.onDone(t('reject.done')));
  const noteMissing = reason === 'other' && reasonTooShort(note);
  return (
    <ActionDialog
      opened={props.opened}
      onClose={props.onClose}
      title={t('reject.title')}
      confirmLabel={t('reject.confirm')}
      confirmColor="red"
      onSubmit={() => {
        setTouched(true);
        if (noteMissing) return;
        command.run({ kind: 'reject', receiptId, body: { reason, note: note.trim() || undefined } });
      }}
      pending={command.pending}
      error={command.error}
    >
      <Text>{t('reject.body')}</Text>
      <Radio.Group
        label={t('reject.reason')}
        value={reason}
        onChange={(value) => setReason(value as ReceiptRejectionReason)}
        withAsterisk
      >
        <Stack gap={6} mt={4}>
          {RECEIPT_REJECTION_REASONS.map((value) => (
            <Radio key={value} value={value} label={t(`reject.reasons.${value}`)} />
          ))}
        </Stack>
      </Radio.Group>
      <ReasonField
        label={t('reject.note')}
        description={t('reject.noteHint')}
        value={note}
        onChange={setNote}
        withAsterisk={reason === 'other'}
        error={touched && noteMissing ? t('reject.noteRequired') : undefined}
      />
    </ActionDialog>
  );
}

const EXTENSIONS = [30, 60, 120, 180, 360, 720, 1440] as const;

export function ExtendHoldDialog({
  bookingId,
  reference,
  holdExpiresAt,
  supplierHoldDeadline,
  ...props
}: DialogProps & { bookingId: string; reference: string; holdExpiresAt: string | null; supplierHoldDeadline: string | null }) {
  const { t, i18n } = useTranslation('admin-desk');
  const end = holdExpiresAt ? Date.parse(holdExpiresAt) : 0;
  const limit = supplierHoldDeadline ? Date.parse(supplierHoldDeadline) : 0;
  const fits = (minutes: number) => end > 0 && end + minutes * 60_000 <= limit;
  const [minutes, setMinutes] = useState<string | null>(() => String([...EXTENSIONS].reverse().find(fits) ?? ''));
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const command = useDialogCommand(props.onClose, () => props.onDone(t('extend.done')));
  const chosen = Number(minutes);
  const reasonShort = reasonTooShort(reason);
  return (
    <ActionDialog
      opened={props.opened}
      onClose={props.onClose}
      title={t('extend.title', { reference })}
      confirmLabel={t('extend.confirm')}
      onSubmit={() => {
        setTouched(true);
        if (reasonShort || !chosen) return;
        command.run({ kind: 'extend-hold', bookingId, body: { minutes: chosen, reason: reason.trim() } });
      }}
      pending={command.pending}
      error={command.error}
    >
      <Text>{t('extend.body')}</Text>
      <Text size="sm">
        {t('extend.current')}: <b>{deskTime(holdExpiresAt, i18n.language)}</b>
      </Text>
      <Text size="sm">
        {t('extend.airlineDeadline')}:{' '}
        <b>{supplierHoldDeadline ? deskTime(supplierHoldDeadline, i18n.language) : t('extend.unknownDeadline')}</b>
      </Text>
      <Select
        label={t('extend.by')}
        data={EXTENSIONS.map((value) => ({
          value: String(value),
          label: fits(value) ? t(`extend.minutes.${value}`) : `${t(`extend.minutes.${value}`)} — ${t('extend.tooLong')}`,
          disabled: !fits(value),
        }))}
        value={minutes}
        onChange={setMinutes}
        allowDeselect={false}
        withAsterisk
        comboboxProps={{ withinPortal: true }}
      />
      {chosen > 0 && end > 0 ? (
        <Text size="sm" role="status">
          {t('extend.newEnd', { time: deskTime(new Date(end + chosen * 60_000).toISOString(), i18n.language) })}
        </Text>
      ) : null}
      <ReasonField
        label={t('extend.reason')}
        placeholder={t('extend.reasonHint')}
        value={reason}
        onChange={setReason}
        withAsterisk
        error={touched && reasonShort ? t('reasonShort') : undefined}
      />
    </ActionDialog>
  );
}

export function CancelBookingDialog({
  bookingId,
  reference,
  ticketed = false,
  ...props
}: DialogProps & { bookingId: string; reference: string; ticketed?: boolean }) {
  const { t } = useTranslation('admin-desk');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const command = useDialogCommand(props.onClose, () => props.onDone(t('cancelBooking.done')));
  // A ticketed booking is cancelled at the airline's refund quote, shown before staff confirm.
  const quote = useStaffCancellationQuote(bookingId, ticketed && props.opened);
  const atQuote = useCancelAtQuote(bookingId, () => {
    props.onDone(t('cancelBooking.done'));
    props.onClose();
  });
  const reasonShort = reasonTooShort(reason);
  return (
    <ActionDialog
      opened={props.opened}
      onClose={props.onClose}
      title={t('cancelBooking.title', { reference })}
      confirmLabel={t('cancelBooking.confirm')}
      cancelLabel={t('cancelBooking.keep')}
      confirmColor="red"
      onSubmit={() => {
        setTouched(true);
        if (reasonShort) return;
        if (ticketed && quote.data) atQuote.mutate({ reason: reason.trim(), quoteId: quote.data.quote.id });
        // Without a quote (no order at the airline, or it would not quote) the plain cancellation.
        else if (!ticketed || quote.isError) command.run({ kind: 'cancel', bookingId, body: { reason: reason.trim() } });
      }}
      pending={command.pending || atQuote.isPending}
      error={command.error ?? atQuote.error}
    >
      <Text>{t('cancelBooking.body')}</Text>
      {ticketed ? <StaffCancellationQuote query={quote} /> : null}
      <ReasonField
        label={t('cancelBooking.reason')}
        value={reason}
        onChange={setReason}
        withAsterisk
        error={touched && reasonShort ? t('reasonShort') : undefined}
      />
    </ActionDialog>
  );
}

/** What a refund is recorded against. */
export interface RefundTarget {
  bookingId: string;
  reference: string;
  currency: string;
  refundable: number;
  paymentId?: string;
  /** The booking's money, shown line by line (what is owed and why) above the amount. */
  money?: BookingMoney;
}

export function RefundDialog({
  bookingId,
  reference,
  currency,
  refundable,
  paymentId,
  money,
  ...props
}: DialogProps & RefundTarget) {
  const { t, i18n } = useTranslation('admin-desk');
  const [amount, setAmount] = useState<number | string>(refundable);
  const [method, setMethod] = useState<RefundMethod>('bank-transfer');
  const [transaction, setTransaction] = useState('');
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const command = useDialogCommand(props.onClose, () => props.onDone(t('refund.done')));
  const value = typeof amount === 'number' ? amount : Number(amount);
  const amountBad = !(value > 0) || value > refundable + 1e-9;
  const referenceMissing = transaction.trim().length === 0;
  const most = deskMoney(refundable, currency, i18n.language);
  return (
    <ActionDialog
      opened={props.opened}
      onClose={props.onClose}
      title={t('refund.title', { reference })}
      confirmLabel={t('refund.confirm')}
      onSubmit={() => {
        setTouched(true);
        if (amountBad || referenceMissing) return;
        command.run({
          kind: 'refund',
          bookingId,
          body: { amount: value, method, reference: transaction.trim(), note: note.trim() || undefined, paymentId },
        });
      }}
      pending={command.pending}
      error={command.error}
    >
      {money ? <RefundOwed money={money} /> : null}
      <Text>{t('refund.body', { amount: most })}</Text>
      <TypedNumberInput
        label={t('refund.amount', { currency })}
        value={amount}
        onChange={setAmount}
        min={0}
        max={refundable}
        decimalScale={2}
        thousandSeparator=","
        hideControls
        inputMode="decimal"
        withAsterisk
        error={touched && amountBad ? t('refund.amountInvalid', { amount: most }) : undefined}
      />
      <Select
        label={t('refund.method')}
        data={REFUND_METHODS.map((m) => ({ value: m, label: t(`refund.methods.${m}`) }))}
        value={method}
        onChange={(next) => next && setMethod(next as RefundMethod)}
        allowDeselect={false}
        withAsterisk
      />
      <TextInput
        label={t('refund.reference')}
        value={transaction}
        onChange={(event) => setTransaction(event.currentTarget.value)}
        maxLength={100}
        withAsterisk
        dir="ltr"
        error={touched && referenceMissing ? t('reasonShort') : undefined}
      />
      <ReasonField label={t('refund.note')} value={note} onChange={setNote} />
    </ActionDialog>
  );
}

const PNR = /^[A-Z0-9]{5,8}$/;
const TICKET = /^\d{13}$/;
const digitsOf = (value: string) => latinDigits(value).replace(/[\s-]/g, '');

export function ManualTicketDialog({
  bookingId,
  reference,
  passengers,
  ...props
}: DialogProps & { bookingId: string; reference: string; passengers: TicketingItem['passengers'] }) {
  const { t } = useTranslation('admin-desk');
  const [pnr, setPnr] = useState('');
  const [tickets, setTickets] = useState<Record<string, string>>({});
  const [touched, setTouched] = useState(false);
  const command = useDialogCommand(props.onClose, () => props.onDone(t('manual.done', { reference })));
  const pnrBad = !PNR.test(pnr.trim().toUpperCase());
  const ticketBad = (id: string) => !TICKET.test(digitsOf(tickets[id] ?? ''));
  const name = (p: TicketingItem['passengers'][number]) => `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim() || p.passengerType;
  return (
    <ActionDialog
      opened={props.opened}
      onClose={props.onClose}
      title={t('manual.title', { reference })}
      confirmLabel={t('manual.confirm')}
      onSubmit={() => {
        setTouched(true);
        if (pnrBad || passengers.some((p) => ticketBad(p.id))) return;
        command.run({
          kind: 'manual-ticket',
          bookingId,
          body: {
            pnr: pnr.trim().toUpperCase(),
            tickets: passengers.map((p) => ({ passengerId: p.id, ticketNumber: digitsOf(tickets[p.id] ?? '') })),
          },
        });
      }}
      pending={command.pending}
      error={command.error}
    >
      <Text>{t('manual.body')}</Text>
      <TextInput
        label={t('manual.pnr')}
        description={t('manual.pnrHint')}
        styles={hintStyles}
        value={pnr}
        onChange={(event) => setPnr(latinDigits(event.currentTarget.value).toUpperCase())}
        maxLength={8}
        autoComplete="off"
        dir="ltr"
        withAsterisk
        error={touched && pnrBad ? t('manual.pnrInvalid') : undefined}
      />
      {passengers.map((p) => (
        <TextInput
          key={p.id}
          label={t('manual.ticket', { name: name(p) })}
          description={t('manual.ticketHint')}
          styles={hintStyles}
          value={tickets[p.id] ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setTickets((current) => ({ ...current, [p.id]: value }));
          }}
          inputMode="numeric"
          maxLength={20}
          autoComplete="off"
          dir="ltr"
          withAsterisk
          error={touched && ticketBad(p.id) ? t('manual.ticketInvalid') : undefined}
        />
      ))}
    </ActionDialog>
  );
}
