import type { AgentStatement, StatementLine } from '@kwenda/contracts/admin';
import { formatAgencyDate } from '@kwenda/contracts/display';
import { Alert, Group, Loader, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import { StatementTable, statementColumns } from '../../../components/statement/statement-table';
import { StatementTotals } from '../../../components/statement/statement-totals';
import { monthLabel } from '../../../lib/format/month-label';
import { errorText } from '../lib/error-text';
import { RouteText } from './route-text';

/**
 * The month's commission: totals in US dollars and in the bookings' currencies, then one line per
 * booking ticketed (earned) or refunded (reversed) that month, on the agency's calendar.
 */
export function AgentStatementSection({
  statement,
  error,
  loading,
  onMonth,
}: {
  statement: AgentStatement | undefined;
  error: unknown;
  loading: boolean;
  onMonth: (month: string) => void;
}) {
  const { t, i18n } = useTranslation('agent');
  const language = i18n.language;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="agent-statement-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Title order={2} size="h4" id="agent-statement-title">
            {t('statement.title')}
          </Title>
          {statement && (
            <Group gap="xs" align="flex-end">
              {loading && <Loader role="status" size="xs" aria-label={t('common:loading' as never)} />}
              <NativeSelect
                label={t('statement.month')}
                value={statement.month}
                onChange={(event) => onMonth(event.currentTarget.value)}
                data={statement.months.map((month) => ({ value: month, label: monthLabel(month, language) }))}
              />
            </Group>
          )}
        </Group>
        {error ? (
          <Alert color="red" role="alert">
            {errorText(error)}
          </Alert>
        ) : null}
        {!statement && !error && <Loader role="status" size="sm" aria-label={t('common:loading' as never)} />}
        {statement && (
          <>
            <StatementTotals
              totals={statement.totals}
              language={language}
              t={t}
              totalLabel={t('statement.total')}
              figureSize="xl"
              totalTestId="statement-total"
            />
            {statement.lines.length === 0 ? (
              <Text c="gray.7">{t('statement.empty', { month: monthLabel(statement.month, language) })}</Text>
            ) : (
              <StatementTable
                lines={statement.lines}
                rowKey={(line, index) => `${line.kind}-${line.at}-${index}`}
                caption={t('statement.caption', { month: monthLabel(statement.month, language) })}
                minWidth={640}
                labelledBy="agent-statement-title"
                testId="statement-lines"
                columns={[
                  {
                    header: t('statement.date'),
                    numeric: true,
                    cell: (line) => formatAgencyDate(line.at, language, { month: 'short' }),
                  },
                  { header: t('statement.traveller'), cell: (line) => line.travellerName ?? t('bookings.noName') },
                  { header: t('statement.route'), cell: (line) => <RouteText route={line.route} /> },
                  ...statementColumns<StatementLine>({ language, t, termsHeader: t('statement.terms') }),
                ]}
              />
            )}
            <Text size="xs" c="gray.7">
              {t('statement.rules')}
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
