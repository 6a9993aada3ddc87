import type { BookingMoney, RefundsResponse } from '@kwenda/contracts/admin';
import { Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { BookingLink } from '../components/booking-link';
import { QueuePage } from '../components/queue-page';
import { useStaffCan } from '../components/require-staff';
import { useRefunds } from './desk-api';
import { RefundDialog } from './desk-dialogs';
import { deskMoney, deskTime } from './desk-format';
import classes from './desk.module.css';
import { RefundOwed } from './refund-owed';

interface RefundTarget {
  bookingId: string;
  reference: string;
  currency: string;
  refundable: number;
  paymentId?: string;
  /** A canceled booking's money: the dialog shows what is owed and why. */
  money?: BookingMoney;
}

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
      <Stack gap="sm" component="section" aria-labelledby="refunds-due">
        <Title order={2} size="h3" id="refunds-due">
          {t('refunds.due')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('refunds.dueHint')}
        </Text>
        {data.due.length === 0 ? (
          <Text>{t('refunds.dueEmpty')}</Text>
        ) : (
          data.due.map((item) => (
            <Card key={item.bookingId} withBorder padding="sm" radius="md" component="article" aria-label={item.bookingReference}>
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Stack gap={2}>
                  <BookingLink id={item.bookingId} reference={item.bookingReference} />
                  <Text size="sm" c="gray.7">
                    {t('refunds.canceledAt', { time: deskTime(item.canceledAt, language) })}
                  </Text>
                  <RefundOwed money={item.money} />
                </Stack>
                {canAct ? (
                  <Button
                    onClick={() =>
                      onRefund({
                        bookingId: item.bookingId,
                        reference: item.bookingReference,
                        currency: item.money.currency,
                        refundable: item.money.refundable,
                        money: item.money,
                      })
                    }
                  >
                    {t('refunds.record')}
                  </Button>
                ) : null}
              </Group>
            </Card>
          ))
        )}
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="refunds-required">
        <Title order={2} size="h3" id="refunds-required">
          {t('refunds.required')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('refunds.requiredHint')}
        </Text>
        {data.refundRequired.length === 0 ? (
          <Text>{t('refunds.requiredEmpty')}</Text>
        ) : (
          data.refundRequired.map((item) => (
            <Card key={item.paymentId} withBorder padding="sm" radius="md">
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Stack gap={2}>
                  <BookingLink id={item.bookingId} reference={item.bookingReference} />
                  <Text size="sm" c="gray.7">
                    {t('refunds.received', { time: deskTime(item.receivedAt, language) })} · {t(`statuses.${item.bookingStatus}`)}
                  </Text>
                  <Text fw={700}>
                    {t('refunds.refundable')}: {money(item.refundable, item.currency)}
                  </Text>
                </Stack>
                {canAct && item.refundable > 0 ? (
                  <Button
                    onClick={() =>
                      onRefund({
                        bookingId: item.bookingId,
                        reference: item.bookingReference,
                        currency: item.currency,
                        refundable: item.refundable,
                        paymentId: item.paymentId,
                      })
                    }
                  >
                    {t('refunds.record')}
                  </Button>
                ) : null}
              </Group>
            </Card>
          ))
        )}
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="refunds-recorded">
        <Title order={2} size="h3" id="refunds-recorded">
          {t('refunds.recorded')}
        </Title>
        {data.recorded.length === 0 ? (
          <Text>{t('refunds.recordedEmpty')}</Text>
        ) : (
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
        )}
      </Stack>
    </Stack>
  );
}
