import type { TransferItem } from '@kwenda/contracts/admin';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { BookingLink } from '../components/booking-link';
import { CardHeading } from '../components/card-heading';
import { QueuePage } from '../components/queue-page';
import { useStaffCan } from '../components/require-staff';
import { useTransfers } from './desk-api';
import { ApproveTransferDialog, ExtendHoldDialog, RejectTransferDialog } from './desk-dialogs';
import { deskMoney, deskTime } from './desk-format';
import classes from './desk.module.css';
import { failedChecks, PossibleFraudBanner, ReceiptReading, type ReceiptField } from './receipt-reading';
import { ReceiptSameFileAlert } from './receipt-same-file';
import { ReceiptSearch } from './receipt-search';
import { ReceiptViewer } from './receipt-viewer';

type Open = { kind: 'approve' | 'reject' | 'extend'; item: TransferItem } | null;

/**
 * Receipts waiting for a decision, in the server's order (every check passed first, a possible fraud
 * last): what was read on each receipt beside its file, the amount and reference expected, and a
 * search of every receipt by transaction number above them.
 */
export function TransfersPage() {
  const { t } = useTranslation('admin-desk');
  const transfers = useTransfers();
  const canAct = useStaffCan('agent-desk');
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const close = () => setOpen(null);
  // The agency's e-mail about an upload links to its card (#transfer-<receipt id>): shown once loaded.
  const loaded = transfers.isSuccess;
  useEffect(() => {
    if (!loaded || !window.location.hash.startsWith('#transfer-')) return;
    document.getElementById(decodeURIComponent(window.location.hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [loaded]);
  return (
    <QueuePage
      title={t('transfers.title')}
      refreshLabel={t('refresh')}
      intro={t('transfers.intro')}
      readOnly={canAct ? null : t('readOnly')}
      notice={notice}
      onNoticeClose={() => setNotice(null)}
      above={<ReceiptSearch />}
      query={transfers}
      isEmpty={(data) => data.transfers.length === 0}
      empty={t('transfers.empty')}
      list={(data) => (
        <Stack gap="lg">
          {data.transfers.map((item) => (
            <TransferCard key={item.receiptId} item={item} canAct={canAct} onOpen={(kind) => setOpen({ kind, item })} />
          ))}
        </Stack>
      )}
    >
      {open?.kind === 'approve' ? (
        <ApproveTransferDialog
          opened
          onClose={close}
          onDone={setNotice}
          receiptId={open.item.receiptId}
          reference={open.item.bookingReference}
          amount={open.item.expectedAmount}
          currency={open.item.currency}
          failedChecks={failedChecks(open.item.reading)}
        />
      ) : null}
      {open?.kind === 'reject' ? (
        <RejectTransferDialog opened onClose={close} onDone={setNotice} receiptId={open.item.receiptId} />
      ) : null}
      {open?.kind === 'extend' ? (
        <ExtendHoldDialog
          opened
          onClose={close}
          onDone={setNotice}
          bookingId={open.item.bookingId}
          reference={open.item.bookingReference}
          holdExpiresAt={open.item.holdExpiresAt}
          supplierHoldDeadline={open.item.supplierHoldDeadline}
        />
      ) : null}
    </QueuePage>
  );
}

function TransferCard({
  item,
  canAct,
  onOpen,
}: {
  item: TransferItem;
  canAct: boolean;
  onOpen: (kind: 'approve' | 'reject' | 'extend') => void;
}) {
  const { t, i18n } = useTranslation('admin-desk');
  const language = i18n.language;
  const canExtend =
    !item.holdExtended &&
    !!item.supplierHoldDeadline &&
    !!item.holdExpiresAt &&
    Date.parse(item.supplierHoldDeadline) - Date.parse(item.holdExpiresAt) >= 30 * 60_000;
  const headingId = `transfer-${item.receiptId}`;
  const reading = item.reading;
  // The value whose place on the image is shown: the one pointed at, else the one tapped.
  const [hovered, setHovered] = useState<ReceiptField | null>(null);
  const [pinned, setPinned] = useState<ReceiptField | null>(null);
  const highlighted = hovered ?? pinned;
  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      component="article"
      aria-labelledby={headingId}
      data-testid="transfer-card"
      data-reading={reading.state}
      data-all-passed={reading.allPassed || undefined}
      data-possible-fraud={reading.possibleFraud || undefined}
      className={reading.possibleFraud ? classes.fraudCard : reading.allPassed ? classes.passedCard : undefined}
    >
      <Stack gap="sm">
        <CardHeading
          id={headingId}
          aside={
            <Text size="sm" c="gray.7">
              {t('transfers.uploaded', { time: deskTime(item.uploadedAt, language) })}
            </Text>
          }
        >
          <BookingLink id={item.bookingId} reference={item.bookingReference} inherit />
        </CardHeading>
        <PossibleFraudBanner reading={reading} />
        <ReceiptSameFileAlert sameFileAs={item.sameFileAs} />
        <div className={classes.transferBody}>
          <Stack gap="sm">
            <ReceiptReading
              reading={reading}
              typedTransactionNumber={item.typedTransactionNumber}
              highlighted={highlighted}
              pinned={pinned}
              onHighlight={(field, how) => (how === 'hover' ? setHovered(field) : setPinned(field))}
            />
            <dl className={classes.facts}>
              <dt>{t('transfers.expected')}</dt>
              <dd>
                <Text component="span" size="xl" fw={700} className={classes.money}>
                  {deskMoney(item.expectedAmount, item.currency, language)}
                </Text>
              </dd>
              {item.expectedInAccounts.some((a) => a.currency !== item.currency) && (
                <>
                  <dt>{t('transfers.expectedInAccounts')}</dt>
                  <dd>
                    {item.expectedInAccounts.map((a) => (
                      <Text key={a.accountNumber} size="sm">
                        <bdi dir="ltr">{a.accountNumber}</bdi>: <strong>{deskMoney(a.amount, a.currency, language)}</strong>
                      </Text>
                    ))}
                  </dd>
                </>
              )}
              <dt>{t('transfers.reference')}</dt>
              <dd>
                <span dir="ltr">{item.bookingReference}</span>
              </dd>
              <dt>{t('transfers.traveller')}</dt>
              <dd>{item.travellerName ?? '—'}</dd>
              <dt>{t('transfers.contact')}</dt>
              <dd>
                <bdi dir="ltr">{[item.email, item.mobile].filter(Boolean).join(' · ') || '—'}</bdi>
              </dd>
              <dt>{t('transfers.holdEnds')}</dt>
              <dd>{deskTime(item.holdExpiresAt, language)}</dd>
            </dl>
            <Group gap="xs">
              {item.holdExtended ? (
                <Badge color="orange" variant="light">
                  {t('transfers.holdExtended')}
                </Badge>
              ) : null}
              {item.rejectedBefore > 0 ? (
                <Badge color="red" variant="light">
                  {t('transfers.rejectedBefore', { n: item.rejectedBefore })}
                </Badge>
              ) : null}
            </Group>
          </Stack>
          <ReceiptViewer
            fileUrl={item.fileUrl}
            contentType={item.contentType}
            title={t('transfers.receiptOf', { reference: item.bookingReference })}
            marks={reading.size ? { boxes: reading.boxes, size: reading.size } : null}
            highlighted={highlighted}
          />
        </div>
        {canAct ? (
          <Group gap="xs">
            <Button color="teal" onClick={() => onOpen('approve')} data-testid="transfer-approve">
              {t('transfers.approve')}
            </Button>
            <Button color="red" variant="outline" onClick={() => onOpen('reject')} data-testid="transfer-reject">
              {t('transfers.reject')}
            </Button>
            {canExtend ? (
              <Button variant="default" onClick={() => onOpen('extend')}>
                {t('transfers.extendHold')}
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
