import {
  HOLD_EXPIRING_SOON_MINUTES,
  SUPPLIER_CHANGES_WINDOW_HOURS,
  type DashboardActions,
  type DashboardDeadLetters,
} from '@kwenda/contracts/admin';
import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../../i18n/use-translation';
import { Link } from '../../../../lib/router';
import { todayBookingLinks } from '../lib/bookings-links';
import { formatCount } from '../lib/format-figures';
import classes from '../today.module.css';

function ActionCard({
  count,
  title,
  hint,
  to,
  children,
}: {
  count: number;
  title: string;
  hint: string;
  /** The screen where it is done; none for what only the server's logs explain. */
  to?: string;
  children?: ReactNode;
}) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return (
    <Paper withBorder p="md" radius="md" miw={0} className={classes.actionCard} data-attention={count > 0}>
      <Stack gap={6}>
        <Title order={3} size="h5">
          {/* The link reads "3 Transfers to verify": the count is part of its name. */}
          {to ? (
            <Anchor component={Link} to={to} c="inherit" underline="hover">
              <span className={classes.count}>{formatCount(count, language)}</span>
              <br />
              {title}
            </Anchor>
          ) : (
            <>
              <span className={classes.count}>{formatCount(count, language)}</span>
              <br />
              {title}
            </>
          )}
        </Title>
        <Text size="sm" c="gray.7">
          {hint}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}

/** What needs someone now, each card opening the screen where it is done. */
export function ActionCards({ actions, deadLetters }: { actions: DashboardActions; deadLetters: DashboardDeadLetters }) {
  const { t, i18n } = useTranslation('admin-today');
  const { supplierChanges: supplier, refundRequests: refunds } = actions;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="sm">
      {(
        [
          ['transfers', actions.transfersToVerify, {}, '/admin/transfers'],
          ['holds', actions.holdsExpiringSoon, { minutes: HOLD_EXPIRING_SOON_MINUTES }, todayBookingLinks.holdsExpiring],
          ['ticketing', actions.paidNotTicketed, {}, '/admin/ticketing'],
          [
            'refunds',
            refunds.total,
            { canceled: refunds.canceledPaid, payments: refunds.refundRequiredPayments },
            '/admin/refunds',
          ],
        ] as const
      ).map(([kind, count, hint, to]) => (
        <ActionCard
          key={kind}
          count={count}
          title={t(`actions.${kind}.title`, { count })}
          hint={t(`actions.${kind}.hint`, hint)}
          to={to}
        />
      ))}
      <ActionCard
        count={supplier.total}
        title={t('actions.supplier.title', { count: supplier.total })}
        hint={t('actions.supplier.hint', { hours: SUPPLIER_CHANGES_WINDOW_HOURS })}
        to={todayBookingLinks.supplierChanges}
      >
        <Stack gap={2}>
          {(
            [
              ['offerUnavailable', supplier.offerUnavailable],
              ['priceChanged', supplier.priceChanged],
              ['rescheduled', supplier.rescheduled],
            ] as const
          ).map(([key, count]) => (
            <Anchor key={key} component={Link} to={todayBookingLinks[key]} size="sm">
              {t(`actions.supplier.${key}`)}: {count}
            </Anchor>
          ))}
        </Stack>
      </ActionCard>
      <ActionCard
        count={deadLetters.total}
        title={t('actions.deadLetters.title', { count: deadLetters.total })}
        hint={t('actions.deadLetters.hint')}
      >
        <Stack gap={2}>
          {(['mail', 'supplierCalls', 'supplierEvents', 'gatewayWebhooks', 'reconciliation'] as const).map((kind) => (
            <Text key={kind} size="sm">
              {t(`actions.deadLetters.${kind}`)}: {formatCount(deadLetters[kind], i18n.language)}
            </Text>
          ))}
        </Stack>
      </ActionCard>
    </SimpleGrid>
  );
}
