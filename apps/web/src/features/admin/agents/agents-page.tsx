import type { AdminAgent } from '@kwenda/contracts/admin';
import { Badge, Button, Card, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useSearchParams } from '../../../lib/router';
import { formatPrice } from '../../../lib/format/format-price';
import { monthLabel } from '../../../lib/format/month-label';
import { CardHeading } from '../components/card-heading';
import { FactList } from '../components/fact-list';
import { QueuePage } from '../components/queue-page';
import { useStaffCan } from '../components/require-staff';
import { ActiveDialog, CreateAgentDialog, TermsDialog } from './agent-dialogs';
import { AgentStatementModal } from './agent-statement-modal';
import { useAgents } from './agents-api';
import classes from './agents.module.css';

type Open = { kind: 'create' } | { kind: 'terms' | 'active'; agent: AdminAgent } | null;

/**
 * The agency's agents: each one's link, terms and this month's figures; the owner creates agents,
 * changes their commission and (de)activates them; anyone opens an agent's monthly statement
 * (?statement=<agent id>, so it can be linked).
 */
export function AgentsPage() {
  const { t, i18n } = useTranslation('admin-agents');
  const agents = useAgents();
  const isOwner = useStaffCan('owner');
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [params, setParams] = useSearchParams();
  const statementOf = params.get('statement');
  const showStatement = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('statement', id);
        else next.delete('statement');
        return next;
      },
      { replace: !id },
    );
  const close = () => setOpen(null);

  return (
    <QueuePage
      title={t('title')}
      actions={isOwner ? <Button onClick={() => setOpen({ kind: 'create' })}>{t('create.open')}</Button> : null}
      intro={t('intro')}
      readOnly={isOwner ? null : t('readOnly')}
      notice={notice}
      onNoticeClose={() => setNotice(null)}
      query={agents}
      isEmpty={(data) => data.agents.length === 0}
      empty={t('empty')}
      list={(data) => (
        <>
          <Text size="sm" c="gray.7">
            {t('figuresOf', { month: monthLabel(data.month, i18n.language) })}
          </Text>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            {data.agents.map((agent) => (
              <AgentCard
                key={agent.id}
                agent={agent}
                isOwner={isOwner}
                onStatement={() => showStatement(agent.id)}
                onOpen={(kind) => setOpen({ kind, agent })}
              />
            ))}
          </SimpleGrid>
        </>
      )}
    >
      {open?.kind === 'create' ? <CreateAgentDialog onClose={close} onDone={setNotice} /> : null}
      {open?.kind === 'terms' ? <TermsDialog agent={open.agent} onClose={close} onDone={setNotice} /> : null}
      {open?.kind === 'active' ? <ActiveDialog agent={open.agent} onClose={close} onDone={setNotice} /> : null}
      {statementOf ? <AgentStatementModal agentId={statementOf} onClose={() => showStatement(null)} /> : null}
    </QueuePage>
  );
}

function AgentCard({
  agent,
  isOwner,
  onStatement,
  onOpen,
}: {
  agent: AdminAgent;
  isOwner: boolean;
  onStatement: () => void;
  onOpen: (kind: 'terms' | 'active') => void;
}) {
  const { t, i18n } = useTranslation('admin-agents');
  const headingId = `agent-${agent.id}`;
  const month = agent.thisMonth;
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-labelledby={headingId} data-testid="agent-card">
      <Stack gap="sm">
        <CardHeading
          id={headingId}
          aside={
            <Badge color={agent.active ? 'teal' : 'gray'} variant="light" className={classes.badge}>
              {t(agent.active ? 'status.active' : 'status.inactive')}
            </Badge>
          }
        >
          {agent.fullName}
        </CardHeading>
        <FactList>
          <dt>{t('card.email')}</dt>
          <dd>
            <bdi dir="ltr">{agent.email}</bdi>
          </dd>
          <dt>{t('card.code')}</dt>
          <dd>
            <bdi dir="ltr">
              <strong>{agent.referralCode}</strong>
            </bdi>
          </dd>
          <dt>{t('card.link')}</dt>
          <dd className={classes.link}>
            <bdi dir="ltr">{agent.link}</bdi>
          </dd>
          <dt>{t('card.terms')}</dt>
          <dd>{t(agent.commissionBasis === 'markup' ? 'termsMarkup' : 'termsFare', { percent: agent.commissionPercent })}</dd>
        </FactList>
        <SimpleGrid cols={3} spacing="xs">
          <div>
            <Text size="xs" c="gray.7">
              {t('card.made')}
            </Text>
            <Text className={classes.figure}>{month.bookingsMade}</Text>
          </div>
          <div>
            <Text size="xs" c="gray.7">
              {t('card.earned')}
            </Text>
            <Text className={classes.figure}>{month.bookingsEarned}</Text>
          </div>
          <div>
            <Text size="xs" c="gray.7">
              {t('card.commission')}
            </Text>
            <Text className={classes.figure}>
              <bdi dir="ltr">{formatPrice(month.commissionUsd, 'USD', i18n.language)}</bdi>
            </Text>
          </div>
        </SimpleGrid>
        <Group gap="xs" wrap="wrap">
          <Button variant="light" onClick={onStatement} aria-describedby={headingId}>
            {t('card.statement')}
          </Button>
          <CopyButton value={agent.link} timeout={2000}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy} aria-describedby={headingId}>
                {copied ? t('card.copied') : t('card.copy')}
              </Button>
            )}
          </CopyButton>
          {isOwner ? (
            <>
              <Button variant="default" onClick={() => onOpen('terms')} aria-describedby={headingId}>
                {t('card.editTerms')}
              </Button>
              <Button
                variant="subtle"
                color={agent.active ? 'red' : 'teal'}
                onClick={() => onOpen('active')}
                aria-describedby={headingId}
              >
                {t(agent.active ? 'card.deactivate' : 'card.reactivate')}
              </Button>
            </>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
