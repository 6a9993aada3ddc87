import type { ReceiptCheckName, ReceiptVerdict } from '@kwenda/contracts';
import type { DeskReceiptCheck, DeskReceiptReading } from '@kwenda/contracts/admin';
import { Alert, Anchor, Badge, Group, List, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from '../../../lib/router';
import { BidiText, ltr } from '../lib/bidi';
import { deskDate, deskMoney } from './desk-format';
import classes from './desk.module.css';

/** A value read on the receipt, by the name its box has in `reading.boxes`. */
export type ReceiptField = keyof DeskReceiptReading['boxes'];

const VERDICT_MARK: Record<ReceiptVerdict, string> = { pass: '✓', fail: '✗', unknown: '?' };
const VERDICT_COLOR: Record<ReceiptVerdict, string> = { pass: 'teal.9', fail: 'red.9', unknown: 'gray.8' };

/** The checks that failed, in the order they are listed. */
export const failedChecks = (reading: DeskReceiptReading): ReceiptCheckName[] =>
  reading.checks.filter((c) => c.verdict === 'fail').map((c) => c.check);

/** A check's verdict as a line: a mark and the words (never the colour alone). */
export function VerdictLine({ check }: { check: DeskReceiptCheck }) {
  const { t } = useTranslation('admin-desk');
  return (
    <Group
      gap={6}
      wrap="nowrap"
      align="flex-start"
      data-testid={`receipt-check-${check.check}`}
      data-verdict={check.verdict}
      className={classes.verdict}
    >
      <span className={classes.verdictMark} data-verdict={check.verdict} aria-hidden="true">
        {VERDICT_MARK[check.verdict]}
      </span>
      <Text size="sm" c={VERDICT_COLOR[check.verdict]} fw={check.verdict === 'pass' ? 500 : 700}>
        <VisuallyHidden component="span">{`${t(`verdicts.${check.verdict}`)}: `}</VisuallyHidden>
        {t(`checks.${check.check}.${check.verdict}`)}
      </Text>
    </Group>
  );
}

/** "2026-11-28T14:05" (Sudan's time, as printed) as the desk writes a day, and the time as printed. */
const printedTime = (dateTime: string, language: string) =>
  `${deskDate(dateTime.slice(0, 10), language)} ${ltr(dateTime.slice(11, 16))}`;

/**
 * What the reader found on a receipt, beside each value the check made of it (the amount due, the
 * number typed): the state first (all checks passed, still reading, unreadable), then the values,
 * then the checks without a value of their own (the number or picture sent with another booking).
 * A value found on the image is a button: hovering or tapping it highlights where it is.
 */
export function ReceiptReading({
  reading,
  typedTransactionNumber,
  highlighted,
  pinned,
  onHighlight,
}: {
  reading: DeskReceiptReading;
  typedTransactionNumber: string | null;
  highlighted?: ReceiptField | null;
  /** The value tapped (it stays highlighted until tapped again). */
  pinned?: ReceiptField | null;
  /** hover: the pointer is on the value (null when it leaves); pin: tapped (null: tapped again). */
  onHighlight?: (field: ReceiptField | null, how: 'hover' | 'pin') => void;
}) {
  const { t, i18n } = useTranslation('admin-desk');
  const language = i18n.language;
  const values = reading.values;
  const check = (name: ReceiptCheckName) => reading.checks.find((c) => c.check === name);
  const notRead = (
    <Text component="span" size="sm" c="gray.7" fs="italic">
      {t('reading.notRead')}
    </Text>
  );
  const failed = failedChecks(reading).length;
  // Values become buttons only where the image beside them can show their place.
  const hasBoxes = !!onHighlight && !!reading.size && Object.keys(reading.boxes).length > 0;

  const rows: { field: ReceiptField; label: string; value: string | null; compare?: string; check?: ReceiptCheckName }[] = [
    {
      field: 'amount',
      label: t('checks.amount.label'),
      value: values?.amount != null ? deskMoney(values.amount, values.currency ?? reading.currencyDue, language) : null,
      compare: t('reading.due', { amount: deskMoney(reading.amountDue, reading.currencyDue, language) }),
      check: 'amount',
    },
    {
      field: 'recipientAccount',
      label: t('checks.account.label'),
      value: values?.recipientAccount ? ltr(values.recipientAccount) : null,
      check: 'account',
    },
    {
      field: 'dateTime',
      label: t('checks.date.label'),
      value: values?.dateTime ? printedTime(values.dateTime, language) : null,
      check: 'date',
    },
    {
      field: 'transactionNumber',
      label: t('checks.typedNumber.label'),
      value: values?.transactionNumber ? ltr(values.transactionNumber) : null,
      compare: typedTransactionNumber ? t('reading.typed', { number: ltr(typedTransactionNumber) }) : t('reading.notTyped'),
      check: 'typedNumber',
    },
    { field: 'recipientName', label: t('reading.recipientName'), value: values?.recipientName ?? null },
    { field: 'senderName', label: t('reading.senderName'), value: values?.senderName ?? null },
  ];

  return (
    // A group, not a landmark: every card has one, under the same name.
    <div role="group" aria-label={t('reading.title')} data-testid="receipt-reading" data-state={reading.state}>
      <Stack gap="xs">
        {reading.state === 'reading' ? (
          <Group gap="xs" role="status" data-testid="receipt-reading-state">
            <Loader size="xs" aria-hidden="true" />
            <Text size="sm">{t('reading.reading')}</Text>
          </Group>
        ) : (
          <Group gap="xs">
            {reading.allPassed ? (
              <Badge
                color="teal.9"
                variant="filled"
                size="lg"
                leftSection={<span aria-hidden="true">✓</span>}
                data-testid="receipt-all-passed"
              >
                {t('reading.allPassed')}
              </Badge>
            ) : failed > 0 ? (
              <Badge
                color="red.8"
                variant="filled"
                size="lg"
                leftSection={<span aria-hidden="true">✗</span>}
                data-testid="receipt-some-failed"
              >
                {t('reading.someFailed', { n: failed })}
              </Badge>
            ) : null}
            {reading.state === 'unreadable' ? (
              <Text size="sm" fw={700} data-testid="receipt-unreadable">
                {t('reading.unreadable')}
              </Text>
            ) : null}
          </Group>
        )}
        {reading.state !== 'reading' ? (
          <>
            <ul className={classes.readValues}>
              {rows.map((row) => {
                const box = hasBoxes && row.value ? reading.boxes[row.field] : undefined;
                const verdict = row.check ? check(row.check) : undefined;
                const shown = row.value ? (
                  <span className={classes.readValue}>
                    <BidiText>{row.value}</BidiText>
                  </span>
                ) : (
                  notRead
                );
                return (
                  <li
                    key={row.field}
                    data-testid={`receipt-value-${row.field}`}
                    data-highlighted={highlighted === row.field || undefined}
                    onMouseEnter={box ? () => onHighlight?.(row.field, 'hover') : undefined}
                    onMouseLeave={box ? () => onHighlight?.(null, 'hover') : undefined}
                  >
                    <Text size="sm" c="gray.7" component="div">
                      {row.label}
                    </Text>
                    {box ? (
                      <button
                        type="button"
                        className={classes.valueButton}
                        aria-pressed={pinned === row.field}
                        onClick={() => onHighlight?.(pinned === row.field ? null : row.field, 'pin')}
                      >
                        {shown}
                      </button>
                    ) : (
                      <div>{shown}</div>
                    )}
                    {row.compare ? (
                      <Text size="sm" c="gray.8" component="div">
                        <BidiText>{row.compare}</BidiText>
                      </Text>
                    ) : null}
                    {verdict ? <VerdictLine check={verdict} /> : null}
                  </li>
                );
              })}
            </ul>
            {(['numberReused', 'imageReused'] as const).map((name) => {
              const verdict = check(name);
              return verdict ? (
                <div key={name}>
                  <Text size="sm" c="gray.7">
                    {t(`checks.${name}.label`)}
                  </Text>
                  <VerdictLine check={verdict} />
                </div>
              ) : null;
            })}
            {hasBoxes ? (
              <Text size="xs" c="gray.7">
                {t('reading.showOnImage')}
              </Text>
            ) : null}
          </>
        ) : null}
      </Stack>
    </div>
  );
}

/**
 * A receipt that may be another booking's: the same transaction number or the same picture came
 * with another booking first. Names that booking (linked to its page) and which check matched.
 */
export function PossibleFraudBanner({ reading }: { reading: DeskReceiptReading }) {
  const { t } = useTranslation('admin-desk');
  if (!reading.possibleFraud) return null;
  const matches = reading.checks.filter(
    (c) => (c.check === 'numberReused' || c.check === 'imageReused') && c.verdict === 'fail' && c.otherReceipt,
  );
  return (
    <Alert
      color="red.9"
      variant="filled"
      title={
        <>
          <span aria-hidden="true">⚠ </span>
          {t('fraud.title')}
        </>
      }
      role="note"
      data-testid="receipt-fraud"
    >
      <Text size="sm">{t('fraud.body')}</Text>
      <List size="sm" mt={4} c="white">
        {matches.map((match) => {
          const other = match.otherReceipt!;
          const [before, after] = t(`fraud.${match.check as 'numberReused' | 'imageReused'}`, {
            reference: '\u0000',
            status: t(`sameFile.statuses.${other.status}`),
          }).split('\u0000');
          return (
            <List.Item key={match.check} data-testid={`receipt-fraud-${match.check}`}>
              {before}
              <Anchor component={Link} to={`/admin/bookings/${other.bookingId}`} c="white" fw={700} underline="always">
                <bdi dir="ltr">{other.bookingReference}</bdi>
              </Anchor>
              {after}
            </List.Item>
          );
        })}
      </List>
    </Alert>
  );
}
