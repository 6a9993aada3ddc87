import { Anchor, Badge, Center, Group, Loader, NativeSelect, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from '../../../lib/router';
import { formatPrice } from '../../../lib/format/format-price';
import { ApiErrorAlert } from '../components/api-error-alert';
import { agentTime, monthLabel } from './agent-format';
import { DeskModal } from '../components/desk-modal';
import { useAgentDetail, useAgentStatement } from './agents-api';
import classes from './agents.module.css';

/**
 * One agent's statement for a month (earned when ticketed, reversed when refunded, on Khartoum's
 * calendar), each line naming its booking, and the history of the agent's terms.
 */
export function AgentStatementModal({ agentId, onClose }: { agentId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('admin-agents');
  const language = i18n.language;
  const phone = useMediaQuery('(max-width: 40em)');
  const [month, setMonth] = useState<string | null>(null);
  const detail = useAgentDetail(agentId);
  const statement = useAgentStatement(agentId, month);
  const usd = (amount: number) => formatPrice(amount, 'USD', language);
  const arrow = i18n.dir() === 'rtl' ? ' ← ' : ' → ';
  const agent = detail.data?.agent;

  return (
    <DeskModal title={t('statement.title', { name: agent?.fullName ?? '' })} onClose={onClose} size="xl" fullScreen={phone}>
      <Stack gap="md">
        <ApiErrorAlert error={detail.error ?? statement.error} />
        {!statement.data && !statement.error ? (
          <Center py="lg">
            <Loader role="status" aria-label={t('loading')} />
          </Center>
        ) : null}
        {statement.data ? (
          <>
            <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
              <NativeSelect
                label={t('statement.month')}
                value={statement.data.month}
                onChange={(event) => setMonth(event.currentTarget.value)}
                data={statement.data.months.map((value) => ({ value, label: monthLabel(value, language) }))}
              />
              {statement.isFetching ? <Loader size="xs" role="status" aria-label={t('loading')} /> : null}
            </Group>
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
              <div>
                <Text size="sm" c="gray.7">
                  {t('statement.net')}
                </Text>
                <Text className={classes.figure} data-testid="admin-statement-total">
                  <bdi dir="ltr">{usd(statement.data.totals.commissionUsd)}</bdi>
                </Text>
                {statement.data.totals.byCurrency
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
                <Text className={classes.figure}>{statement.data.totals.earned}</Text>
              </div>
              <div>
                <Text size="sm" c="gray.7">
                  {t('statement.reversed')}
                </Text>
                <Text className={classes.figure}>{statement.data.totals.reversed}</Text>
              </div>
            </SimpleGrid>
            {statement.data.lines.length === 0 ? (
              <Text c="gray.7">{t('statement.empty', { month: monthLabel(statement.data.month, language) })}</Text>
            ) : (
              <Table.ScrollContainer
                minWidth={720}
                type="native"
                tabIndex={0}
                role="group"
                aria-label={t('statement.caption', { month: monthLabel(statement.data.month, language) })}
              >
                <Table striped verticalSpacing="xs">
                  <Table.Caption className={classes.description}>
                    {t('statement.caption', { month: monthLabel(statement.data.month, language) })}
                  </Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('statement.date')}</Table.Th>
                      <Table.Th scope="col">{t('statement.booking')}</Table.Th>
                      <Table.Th scope="col">{t('statement.traveller')}</Table.Th>
                      <Table.Th scope="col">{t('statement.entry')}</Table.Th>
                      <Table.Th scope="col">{t('statement.basis')}</Table.Th>
                      <Table.Th scope="col">{t('statement.commission')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {statement.data.lines.map((line) => (
                      <Table.Tr key={`${line.bookingId}-${line.kind}`}>
                        <Table.Td>{agentTime(line.at, language)}</Table.Td>
                        <Table.Td>
                          <Anchor component={Link} to={`/admin/bookings/${line.bookingId}`} onClick={onClose}>
                            <bdi dir="ltr">{line.bookingReference}</bdi>
                          </Anchor>
                        </Table.Td>
                        <Table.Td>
                          {line.travellerName ?? '—'}
                          <Text size="xs" c="gray.7">
                            {line.route.join(arrow)}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Badge color={line.kind === 'earned' ? 'teal' : 'orange'} variant="light" className={classes.badge}>
                            {t(`statement.kind.${line.kind}`)}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          {t(line.commissionBasis === 'markup' ? 'statement.ofMarkup' : 'statement.ofFare', {
                            percent: line.commissionPercent,
                            base: usd(line.baseUsd),
                          })}
                        </Table.Td>
                        <Table.Td className={classes.number}>
                          <bdi dir="ltr">{usd(line.commissionUsd)}</bdi>
                          {line.currency !== 'USD' ? (
                            <Text size="xs" c="gray.7">
                              <bdi dir="ltr">{formatPrice(line.commissionAmount, line.currency, language)}</bdi>
                            </Text>
                          ) : null}
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
        ) : null}
        {detail.data ? (
          <Stack gap="xs" component="section" aria-labelledby="agent-terms-history">
            <Title order={3} size="h5" id="agent-terms-history">
              {t('history.title')}
            </Title>
            <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {detail.data.terms.map((terms) => (
                <Text key={terms.effectiveAt} component="li" size="sm">
                  {t('history.line', {
                    time: agentTime(terms.effectiveAt, language),
                    terms: t(terms.commissionBasis === 'markup' ? 'termsMarkup' : 'termsFare', {
                      percent: terms.commissionPercent,
                    }),
                    state: t(terms.active ? 'status.active' : 'status.inactive'),
                    name: terms.setBy,
                  })}
                </Text>
              ))}
            </Stack>
          </Stack>
        ) : null}
      </Stack>
    </DeskModal>
  );
}
