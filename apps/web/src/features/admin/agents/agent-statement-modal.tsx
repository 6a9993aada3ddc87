import type { AdminAgentStatement } from '@kwenda/contracts/admin';
import { Anchor, Center, Group, Loader, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from '../../../lib/router';
import { StatementTable, statementColumns } from '../../../components/statement/statement-table';
import { StatementTotals } from '../../../components/statement/statement-totals';
import { monthLabel } from '../../../lib/format/month-label';
import { ApiErrorAlert } from '../components/api-error-alert';
import { agentTime } from './agent-format';
import { DeskModal } from '../components/desk-modal';
import { useAgentDetail, useAgentStatement } from './agents-api';

type AdminStatementLine = AdminAgentStatement['lines'][number];

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
            <StatementTotals
              totals={statement.data.totals}
              language={language}
              t={t}
              totalLabel={t('statement.net')}
              figureSize="lg"
              totalTestId="admin-statement-total"
            />
            {statement.data.lines.length === 0 ? (
              <Text c="gray.7">{t('statement.empty', { month: monthLabel(statement.data.month, language) })}</Text>
            ) : (
              <StatementTable
                lines={statement.data.lines}
                rowKey={(line) => `${line.bookingId}-${line.kind}`}
                caption={t('statement.caption', { month: monthLabel(statement.data.month, language) })}
                minWidth={720}
                columns={[
                  { header: t('statement.date'), cell: (line) => agentTime(line.at, language) },
                  {
                    header: t('statement.booking'),
                    cell: (line) => (
                      <Anchor component={Link} to={`/admin/bookings/${line.bookingId}`} onClick={onClose}>
                        <bdi dir="ltr">{line.bookingReference}</bdi>
                      </Anchor>
                    ),
                  },
                  {
                    header: t('statement.traveller'),
                    cell: (line) => (
                      <>
                        {line.travellerName ?? '—'}
                        <Text size="xs" c="gray.7">
                          {line.route.join(arrow)}
                        </Text>
                      </>
                    ),
                  },
                  ...statementColumns<AdminStatementLine>({ language, t, termsHeader: t('statement.basis') }),
                ]}
              />
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
