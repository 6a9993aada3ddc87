import type { CurrencyAmount, DashboardResponse } from '@kwenda/contracts/admin';
import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../../i18n/use-translation';
import { Link } from '../../../../lib/router';
import { formatPrice } from '../../../../lib/format/format-price';
import { todayBookingLinks } from '../lib/bookings-links';
import { formatCount } from '../lib/format-figures';
import classes from '../today.module.css';

function Stat({ label, wide, children }: { label: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <Paper withBorder p="sm" radius="md" miw={0} className={wide ? classes.wideStat : classes.countStat}>
      <Stack gap={4}>
        <Text size="sm" c="gray.7" component="h3" fw={400} m={0}>
          {label}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}

function Amounts({ amounts }: { amounts: CurrencyAmount[] }) {
  const { t, i18n } = useTranslation('admin-today');
  if (!amounts.length) return <Text className={classes.stat}>{t('today.noPayments')}</Text>;
  return (
    <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {amounts.map((money) => (
        <Text component="li" key={money.currency} className={classes.amount}>
          {formatPrice(money.amount, money.currency, i18n.language)}
        </Text>
      ))}
    </Stack>
  );
}

/** Today's bookings, payments and tickets (Khartoum day), and what was paid today and in the period, per currency. */
export function TodayFigures({ dashboard, periodLabel }: { dashboard: DashboardResponse; periodLabel: string }) {
  const { t, i18n } = useTranslation('admin-today');
  const language = i18n.language;
  const { today, period } = dashboard;
  return (
    <Stack gap="xs">
      <div className={classes.figures}>
        <Stat label={t('today.bookings')}>
          <Text className={classes.stat}>{formatCount(today.bookings, language)}</Text>
        </Stat>
        <Stat label={t('today.paid')}>
          <Text className={classes.stat}>{formatCount(today.paid, language)}</Text>
        </Stat>
        <Stat label={t('today.ticketed')}>
          <Text className={classes.stat}>{formatCount(today.ticketed, language)}</Text>
        </Stat>
        <Stat label={t('today.paidAmount')} wide>
          <Amounts amounts={today.paidAmounts} />
        </Stat>
        <Stat label={`${t('today.periodAmount')} (${periodLabel})`} wide>
          <Amounts amounts={period.paidAmounts} />
        </Stat>
      </div>
      <Text size="xs" c="gray.7">
        {t('today.amountsNote')}{' '}
        <Anchor component={Link} to={todayBookingLinks.madeBetween(today.day, today.day)} size="xs" underline="always">
          {t('today.openBookings')}
        </Anchor>
      </Text>
    </Stack>
  );
}
