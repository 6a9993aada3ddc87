import type { RefundsResponse } from '@kwenda/contracts/admin';
import { Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { BookingLink } from '../components/booking-link';
import { QueuePage } from '../components/queue-page';
import { useStaffCan } from '../components/require-staff';
import { useRefunds } from './desk-api';
import { RefundDialog, type RefundTarget } from './desk-dialogs';
import { deskMoney, deskTime } from './desk-format';
import classes from './desk.module.css';
import { RefundOwed } from './refund-owed';

/** What the agency owes back (canceled paid bookings, money that came too late) and the refunds recorded. */
export function RefundsPage() {
  const { t } = useTranslation('admin-desk');
  const refunds = useRefunds();
  const canAct = useStaffCan('agent-desk');
  const [target, setTarget] = useState<RefundTarget | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <QueuePage
      title={t('refunds.title')}
      refreshLabel={t('refresh')}
      intro={t('refunds.intro')}
      readOnly={canAct ? null : t('readOnly')}
      notice={notice}
      onNoticeClose={() => setNotice(null)}
      query={refunds}
      list={(data) => <RefundSections data={data} canAct={canAct} onRefund={setTarget} />}
    >
      {target ? (
        <RefundDialog
          opened
          onClose={() => setTarget(null)}
          onDone={setNotice}
          bookingId={target.bookingId}
          reference={target.reference}
          currency={target.currency}
          refundable={target.refundable}
          paymentId={target.paymentId}
          money={target.money}
        />
      ) : null}
    </QueuePage>
  );
}

function RefundSections({
  data,
  canAct,
  onRefund,
}: {
  data: RefundsResponse;
  canAct: boolean;
  onRefund: (target: RefundTarget) => void;
}) {
  const { t, i18n } = useTranslation('admin-desk');
  const language = i18n.language;
  const money = (amount: number, currency: string) => deskMoney(amount, currency, language);
  return (
    <Stack gap="xl">
      <RefundSection
        id="refunds-due"
        title={t('refunds.due')}
        hint={t('refunds.dueHint')}
        empty={data.due.length === 0 ? t('refunds.dueEmpty') : null}
      >
        {data.due.map((item) => (
          <OwedCard
            key={item.bookingId}
            label={item.bookingReference}
            onRecord={
              canAct
                ? () =>
                    onRefund({
                      bookingId: item.bookingId,
                      reference: item.bookingReference,
                      currency: item.money.currency,
                      refundable: item.money.refundable,
                      money: item.money,
                    })
                : null
            }
          >
            <BookingLink id={item.bookingId} reference={item.bookingReference} />
            <Text size="sm" c="gray.7">
              {t('refunds.canceledAt', { time: deskTime(item.canceledAt, language) })}
            </Text>
            <RefundOwed money={item.money} />
          </OwedCard>
        ))}
      </RefundSection>

      <RefundSection
        id="refunds-required"
        title={t('refunds.required')}
        hint={t('refunds.requiredHint')}
        empty={data.refundRequired.length === 0 ? t('refunds.requiredEmpty') : null}
      >
        {data.refundRequired.map((item) => (
          <OwedCard
            key={item.paymentId}
            onRecord={
              canAct && item.refundable > 0
                ? () =>
                    onRefund({
                      bookingId: item.bookingId,
                      reference: item.bookingReference,
                      currency: item.currency,
                      refundable: item.refundable,
                      paymentId: item.paymentId,
                    })
                : null
            }
          >
            <BookingLink id={item.bookingId} reference={item.bookingReference} />
            <Text size="sm" c="gray.7">
              {t('refunds.received', { time: deskTime(item.receivedAt, language) })} · {t(`statuses.${item.bookingStatus}`)}
            </Text>
            <Text fw={700}>
              {t('refunds.refundable')}: {money(item.refundable, item.currency)}
            </Text>
          </OwedCard>
        ))}
      </RefundSection>

      <RefundSection
        id="refunds-recorded"
        title={t('refunds.recorded')}
        empty={data.recorded.length === 0 ? t('refunds.recordedEmpty') : null}
      >
        <div className={classes.tableScroll} tabIndex={0}>
          <Table striped miw={720} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('refunds.columns.date')}</Table.Th>
                <Table.Th>{t('refunds.columns.booking')}</Table.Th>
                <Table.Th>{t('refunds.columns.amount')}</Table.Th>
                <Table.Th>{t('refunds.columns.method')}</Table.Th>
                <Table.Th>{t('refunds.columns.reference')}</Table.Th>
                <Table.Th>{t('refunds.columns.staff')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.recorded.map((refund) => (
                <Table.Tr key={refund.id}>
                  <Table.Td>{deskTime(refund.createdAt, language)}</Table.Td>
                  <Table.Td>
                    <BookingLink id={refund.bookingId} reference={refund.bookingReference} />
                  </Table.Td>
                  <Table.Td>{money(refund.amount, refund.currency)}</Table.Td>
                  <Table.Td>{t(`refund.methods.${refund.method}`)}</Table.Td>
                  <Table.Td>
                    <span dir="ltr">{refund.reference}</span>
                  </Table.Td>
                  <Table.Td>{refund.recordedByName ?? refund.recordedBy}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      </RefundSection>
    </Stack>
  );
}

/** A part of the screen: its heading, what it holds, and its items or a sentence that there are none. */
function RefundSection({
  id,
  title,
  hint,
  empty,
  children,
}: {
  id: string;
  title: string;
  hint?: string;
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      {hint ? (
        <Text size="sm" c="gray.7">
          {hint}
        </Text>
      ) : null}
      {empty ? <Text>{empty}</Text> : children}
    </Stack>
  );
}

/** Money owed back: what it is, and the button that records its refund when staff may. */
function OwedCard({ label, onRecord, children }: { label?: string; onRecord: (() => void) | null; children: ReactNode }) {
  const { t } = useTranslation('admin-desk');
  return (
    <Card withBorder padding="sm" radius="md" component={label ? 'article' : 'div'} aria-label={label}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2}>{children}</Stack>
        {onRecord ? <Button onClick={onRecord}>{t('refunds.record')}</Button> : null}
      </Group>
    </Card>
  );
}
