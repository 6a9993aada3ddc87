import type { AgentStatement } from '@kwenda/contracts/admin';
import { formatAgencyDate } from '@kwenda/contracts/display';
import { Alert, Badge, Group, Loader, NativeSelect, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import { formatPrice } from '../../../lib/format/format-price';
import { errorText } from '../lib/error-text';
import { monthLabel } from '../lib/month-label';
import classes from './agent.module.css';
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
  const usd = (amount: number) => formatPrice(amount, 'USD', language);
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
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
              <div>
                <Text size="sm" c="gray.7">
                  {t('statement.total')}
                </Text>
                <Text className={classes.figure} data-testid="statement-total">
                  <bdi dir="ltr">{usd(statement.totals.commissionUsd)}</bdi>
                </Text>
                {statement.totals.byCurrency
                  .filter((entry) => entry.currency !== 'USD')
                  .map((entry) => (
                    <Text key={entry.currency} size="sm" c="gray.7" className={classes.number}>
                      {t('statement.inCurrency', { amount: formatPrice(entry.amount, entry.currency, language) })}
                    </Text>
                  ))}
              </div>
              <div>
                <Text size="sm" c="gray.7">
                  {t('statement.earned')}
                </Text>
                <Text className={classes.figure}>{statement.totals.earned}</Text>
              </div>
              <div>
                <Text size="sm" c="gray.7">
                  {t('statement.reversed')}
                </Text>
                <Text className={classes.figure}>{statement.totals.reversed}</Text>
              </div>
            </SimpleGrid>
            {statement.lines.length === 0 ? (
              <Text c="gray.7">{t('statement.empty', { month: monthLabel(statement.month, language) })}</Text>
            ) : (
              <Table.ScrollContainer
                minWidth={640}
                type="native"
                tabIndex={0}
                role="group"
                aria-labelledby="agent-statement-title"
              >
                <Table striped verticalSpacing="xs" data-testid="statement-lines">
                  <Table.Caption className={classes.caption}>
                    {t('statement.caption', { month: monthLabel(statement.month, language) })}
                  </Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('statement.date')}</Table.Th>
                      <Table.Th scope="col">{t('statement.traveller')}</Table.Th>
                      <Table.Th scope="col">{t('statement.route')}</Table.Th>
                      <Table.Th scope="col">{t('statement.entry')}</Table.Th>
                      <Table.Th scope="col">{t('statement.terms')}</Table.Th>
                      <Table.Th scope="col">{t('statement.commission')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {statement.lines.map((line, index) => (
                      <Table.Tr key={`${line.kind}-${line.at}-${index}`}>
                        <Table.Td className={classes.number}>{formatAgencyDate(line.at, language, { month: 'short' })}</Table.Td>
                        <Table.Td>{line.travellerName ?? t('bookings.noName')}</Table.Td>
                        <Table.Td>
                          <RouteText route={line.route} />
                        </Table.Td>
                        <Table.Td>
                          <Badge color={line.kind === 'earned' ? 'teal' : 'orange'} variant="light" className={classes.badge}>
                            {t(`statement.kind.${line.kind}`)}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          {t(line.commissionBasis === 'markup' ? 'statement.ofMarkup' : 'statement.ofFare', {
                            percent: line.commissionPercent,
                            base: formatPrice(line.baseUsd, 'USD', language),
                          })}
                        </Table.Td>
                        <Table.Td className={classes.number}>
                          <bdi dir="ltr">{usd(line.commissionUsd)}</bdi>
                          {line.currency !== 'USD' && (
                            <Text size="xs" c="gray.7" component="span" display="block">
                              <bdi dir="ltr">{formatPrice(line.commissionAmount, line.currency, language)}</bdi>
                            </Text>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
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
