import { DASHBOARD_PERIODS, type DashboardPeriod } from '@kwenda/contracts/admin';
import { formatAgencyTime } from '@kwenda/contracts/display';
import { formatCalendarDate } from '@kwenda/contracts/rules';
import { Button, Group, Loader, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useSearchParams } from '../../../lib/router';
import { AdminPage } from '../components/admin-page';
import { ApiErrorAlert } from '../components/api-error-alert';
import { useDashboard } from './api/use-dashboard';
import { formatCount } from './lib/format-figures';
import { ActionCards } from './components/action-cards';
import { DailyChart } from './components/daily-chart';
import { FunnelChart } from './components/funnel-chart';
import { SearchedRoutes } from './components/searched-routes';
import { TodayFigures } from './components/today-figures';
import { TrialNotice } from './components/trial-notice';
import { UnpricedCurrencies } from './components/unpriced-currencies';

function Section({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <Paper component="section" withBorder radius="md" p={{ base: 'sm', sm: 'md' }} miw={0}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={2} size="h4">
            {title}
          </Title>
          {aside}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

const isPeriod = (value: string | null): value is DashboardPeriod => DASHBOARD_PERIODS.includes(value as DashboardPeriod);

/**
 * The desk's first screen: what needs someone now (each card opens its screen), today in Khartoum, and
 * the last 7 or 30 days (kept in the address as ?days=30) as charts, a funnel and the searched routes.
 */
export function TodayPage() {
  const { t, i18n } = useTranslation('admin-today');
  const language = i18n.language;
  const [params, setParams] = useSearchParams();
  const asked = params.get('days');
  const days: DashboardPeriod = isPeriod(asked) ? asked : '7';
  const query = useDashboard(days);
  const dashboard = query.data;
  const periodLabel = t(`period.${days}`);
  const date = (day: string) => formatCalendarDate(day, language, { weekday: 'long', month: 'long' });

  const periodSwitch = (
    <SegmentedControl
      aria-label={t('period.label')}
      value={days}
      onChange={(value) =>
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            if (value === '7') next.delete('days');
            else next.set('days', value);
            return next;
          },
          { replace: true },
        )
      }
      data={DASHBOARD_PERIODS.map((value) => ({ value, label: t(`period.${value}`) }))}
    />
  );

  return (
    <AdminPage
      title={t('title')}
      actions={
        <Group gap="xs" wrap="wrap">
          {dashboard ? (
            <Text size="sm" c="gray.7" aria-live="polite">
              {t('updated', { time: formatAgencyTime(dashboard.generatedAt, language) })}
            </Text>
          ) : null}
          <Button variant="default" size="xs" onClick={() => void query.refetch()} loading={query.isFetching}>
            {t('refresh')}
          </Button>
        </Group>
      }
    >
      <TrialNotice />
      <ApiErrorAlert error={query.error} title={t('loadError')} />
      {!dashboard ? (
        query.isPending ? (
          <Group justify="center" p="xl">
            <Loader role="status" aria-label={t('title')} />
          </Group>
        ) : null
      ) : (
        <Stack gap="md">
          <Section title={t('actions.heading')}>
            <ActionCards actions={dashboard.actions} deadLetters={dashboard.deadLetters} />
          </Section>

          {dashboard.unpricedCurrencies.length ? (
            <Section title={t('unpriced.heading')}>
              <UnpricedCurrencies currencies={dashboard.unpricedCurrencies} />
            </Section>
          ) : null}

          <Section title={t('today.heading', { date: date(dashboard.today.day) })}>
            <TodayFigures dashboard={dashboard} periodLabel={periodLabel} />
          </Section>

          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm" c="gray.7">
              {t('period.range', { from: date(dashboard.period.from), to: date(dashboard.period.to) })}
            </Text>
            {periodSwitch}
          </Group>

          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Section title={t('daily.heading')}>
              <DailyChart daily={dashboard.period.daily} bookings={dashboard.period.bookings} paid={dashboard.period.paid} />
            </Section>
            <Section title={t('funnel.heading')}>
              <FunnelChart funnel={dashboard.period.funnel} />
            </Section>
          </SimpleGrid>

          <Section title={t('routes.heading')}>
            <Text size="sm" c="gray.7">
              {t('routes.intro')}
            </Text>
            <SearchedRoutes routes={dashboard.period.routes} from={dashboard.period.from} to={dashboard.period.to} />
            <Text size="sm">{t('routes.total', { n: formatCount(dashboard.period.searches, language) })}</Text>
          </Section>
        </Stack>
      )}
    </AdminPage>
  );
}
