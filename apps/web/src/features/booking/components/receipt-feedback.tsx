import { agencyDateTime } from '@kwenda/contracts/display';
import type { Booking, ReceiptCheckName, ReceiptVerdict } from '@kwenda/contracts';
import { Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { makeIcon } from '../../../components/icons';
import { useTranslation } from '../../../i18n/use-translation';
import { formatPrice } from '../../../lib/format/format-price';
import { formatTravelDate } from '../../../lib/format/format-date';
import { RECEIPT_READING_WAIT_MS } from '../api/booking-api';
import classes from './receipt.module.css';

type Receipt = Booking['receipts'][number];
/** The checks of a value read on the receipt, each shown as a line of its own. */
type ReadCheck = Extract<ReceiptCheckName, 'amount' | 'account' | 'date' | 'typedNumber'>;
const READ_CHECKS: readonly ReadCheck[] = ['amount', 'account', 'date', 'typedNumber'];

const IconPass = makeIcon('IconPass', <path d="m5 12.5 4.5 4.5L19 7.5" />);
const IconFail = makeIcon('IconFail', <path d="M6.5 6.5 17.5 17.5M17.5 6.5 6.5 17.5" />);
const IconUnknown = makeIcon(
  'IconUnknown',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.5v.7M12 17h.01" />
  </>,
);
const VERDICT_ICON = { pass: IconPass, fail: IconFail, unknown: IconUnknown } as const;

/**
 * What the server read on each receipt (newest first) next to what the booking owes, check by check,
 * each with its verdict in an icon and in words, and for each mismatch what to do. Nothing here refuses
 * a receipt: the agency checks every one before confirming. Another booking is never named.
 */
export function ReceiptFeedback({ booking }: { booking: Booking }) {
  const { t } = useTranslation('booking');
  const newestFirst = [...booking.receipts].sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt));
  return (
    <Stack gap="sm" data-testid="receipt-feedback">
      <Text size="sm" fw={600}>
        {t('receipt.list')}
      </Text>
      <Text size="sm">{t('receipt.feedback.agencyChecks')}</Text>
      {newestFirst.map((receipt) => (
        <ReceiptCard key={receipt.id} receipt={receipt} booking={booking} />
      ))}
    </Stack>
  );
}

function ReceiptCard({ receipt, booking }: { receipt: Receipt; booking: Booking }) {
  const { t } = useTranslation('booking');
  const { state } = receipt.reading;
  const verdictOf = (check: ReceiptCheckName) => receipt.reading.checks.find((c) => c.check === check)?.verdict;
  const reused = verdictOf('numberReused') === 'fail' || verdictOf('imageReused') === 'fail' || receipt.sameFileElsewhere;
  return (
    <article className={classes.receipt} data-testid="receipt-card" data-reading={state} aria-label={receipt.fileName}>
      <Stack gap="xs">
        <Text size="sm">
          <bdi dir="ltr">{receipt.fileName}</bdi> — {t(`receipt.status.${receipt.status}`)}
        </Text>
        <div aria-live="polite">
          {state === 'reading' ? (
            <ReadingNote />
          ) : (
            <Stack gap="xs">
              {state === 'unreadable' ? (
                <Text size="sm" fw={600} data-testid="receipt-summary">
                  {t('receipt.feedback.unreadable')}
                </Text>
              ) : (
                <ReadChecks receipt={receipt} booking={booking} verdictOf={verdictOf} reused={reused} />
              )}
              {reused && (
                <ul className={classes.checks}>
                  <CheckLine name="reused" verdict="fail">
                    <span className={classes.advice}>{t('receipt.feedback.advice.reused')}</span>
                  </CheckLine>
                </ul>
              )}
            </Stack>
          )}
        </div>
      </Stack>
    </article>
  );
}

/** "Reading your receipt…", until the page stops asking (booking-api.ts): then the agency reads it. */
function ReadingNote() {
  const { t } = useTranslation('booking');
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setLate(true), RECEIPT_READING_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return late ? (
    <Text size="sm" data-testid="receipt-reading">
      {t('receipt.feedback.readingLate')}
    </Text>
  ) : (
    <Group gap="xs" wrap="nowrap" role="status" data-testid="receipt-reading">
      <Loader size="xs" />
      <Text size="sm">{t('receipt.feedback.reading')}</Text>
    </Group>
  );
}

function ReadChecks({
  receipt,
  booking,
  verdictOf,
  reused,
}: {
  receipt: Receipt;
  booking: Booking;
  verdictOf: (check: ReceiptCheckName) => ReceiptVerdict | undefined;
  reused: boolean;
}) {
  const { t, i18n } = useTranslation('booking');
  const language = i18n.language;
  const { values, amountDue, currencyDue } = receipt.reading;
  const typed = receipt.typedTransactionNumber;
  // Without a typed number there is nothing to compare the number read with: no line for it.
  const shown = READ_CHECKS.flatMap((check) => {
    const verdict = verdictOf(check);
    return verdict && !(check === 'typedNumber' && typed === null) ? [{ check, verdict }] : [];
  });
  const summary =
    reused || shown.some((line) => line.verdict === 'fail')
      ? 'mismatch'
      : shown.length === 0 || shown.some((line) => line.verdict === 'unknown')
        ? 'someUnread'
        : 'allMatch';

  const notRead = (
    <Text span c="gray.7" size="sm">
      {t('receipt.feedback.notRead')}
    </Text>
  );
  const readAmount = values?.amount ?? null;
  const readCurrency = values?.currency ?? currencyDue;
  const ltr = (text: string | null | undefined) => (text ? <bdi dir="ltr">{text}</bdi> : notRead);

  const detail: Record<ReadCheck, ReactNode> = {
    amount: (
      <>
        <Pair label={t('receipt.feedback.onReceipt')}>
          {readAmount === null ? notRead : <bdi>{formatPrice(readAmount, readCurrency, language)}</bdi>}
        </Pair>
        <Pair label={t('receipt.feedback.due')}>
          <bdi>{formatPrice(amountDue, currencyDue, language)}</bdi>
        </Pair>
      </>
    ),
    account: (
      <Pair label={t('receipt.feedback.onReceipt')}>
        {ltr(values?.recipientAccount)}
        {values?.recipientName && (
          <>
            {' '}
            · <bdi>{values.recipientName}</bdi>
          </>
        )}
      </Pair>
    ),
    date: (
      <Pair label={t('receipt.feedback.onReceipt')}>
        {values?.dateTime ? (
          <bdi>
            {t('receipt.feedback.dateTime', {
              date: formatTravelDate(values.dateTime.slice(0, 10), language, 'long'),
              time: values.dateTime.slice(11, 16),
            })}
          </bdi>
        ) : (
          notRead
        )}
      </Pair>
    ),
    typedNumber: (
      <>
        <Pair label={t('receipt.feedback.typed')}>{ltr(typed)}</Pair>
        <Pair label={t('receipt.feedback.onReceipt')}>{ltr(values?.transactionNumber)}</Pair>
      </>
    ),
  };

  const advice = (check: ReadCheck, verdict: ReceiptVerdict): string | null => {
    if (verdict === 'unknown') return t(`receipt.feedback.unknown.${check}`);
    if (verdict === 'pass') return null;
    switch (check) {
      case 'amount':
        return readAmount !== null && readCurrency === currencyDue && readAmount < amountDue
          ? t('receipt.feedback.advice.amountLess', { amount: formatPrice(amountDue - readAmount, currencyDue, language) })
          : t('receipt.feedback.advice.amountOther');
      case 'account':
        return t('receipt.feedback.advice.account');
      case 'date':
        return values?.dateTime && values.dateTime < bookedAt(booking.date)
          ? t('receipt.feedback.advice.dateOlder')
          : t('receipt.feedback.advice.dateOther');
      case 'typedNumber':
        return t('receipt.feedback.advice.typedNumber');
    }
  };

  return (
    <Stack gap="xs">
      <Text size="sm" fw={600} data-testid="receipt-summary" data-summary={summary}>
        {t(`receipt.feedback.${summary}`)}
      </Text>
      <ul className={classes.checks}>
        {shown.map(({ check, verdict }) => {
          const what = advice(check, verdict);
          return (
            <CheckLine key={check} name={check} verdict={verdict}>
              <span className={classes.checkHead}>
                {t(`receipt.feedback.check.${check}`)} — {t(`receipt.feedback.verdict.${verdict}`)}
              </span>
              <span className={classes.values}>{detail[check]}</span>
              {what && <span className={classes.advice}>{what}</span>}
            </CheckLine>
          );
        })}
      </ul>
    </Stack>
  );
}

/** The booking's creation on the agency's wall clock (yyyy-MM-ddTHH:mm), as the receipt prints its date. */
function bookedAt(instant: string): string {
  const wall = agencyDateTime(instant);
  return wall ? `${wall.date}T${wall.time}` : '';
}

function Pair({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span>
      {label}: {children}
    </span>
  );
}

/** One line: the verdict's icon (decorative: the words beside it say the same), then its text. */
function CheckLine({ name, verdict, children }: { name: string; verdict: ReceiptVerdict; children: ReactNode }) {
  const Icon = VERDICT_ICON[verdict];
  return (
    <li className={classes.check} data-testid={`receipt-check-${name}`} data-verdict={verdict}>
      <Icon size={18} />
      <Stack gap={2}>{children}</Stack>
    </li>
  );
}
