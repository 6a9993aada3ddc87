import { Alert, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Navigate, useLocation } from '../../../lib/router';
import { ApiRequestError } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { useAppPath } from '../../../lib/referral';
import { useSession } from '../../../lib/session';
import { useAgentBookings, useAgentMe, useAgentStatement } from '../api/agent-api';
import { AgentBookingsSection } from '../components/agent-bookings';
import { AgentLinkCard } from '../components/agent-link-card';
import { AgentStatementSection } from '../components/agent-statement';
import classes from '../components/agent.module.css';
import { errorText } from '../lib/error-text';

/**
 * /agent: a logged-in agent's link and QR code to share, the bookings made through it and the
 * monthly commission statement. Anyone else is sent to log in, or told the account is not an agent.
 */
export function AgentPage() {
  const { t } = useTranslation('agent');
  const appPath = useAppPath();
  const location = useLocation();
  const session = useSession();
  const me = useAgentMe();
  const isAgent = me.isSuccess;
  const [month, setMonth] = useState<string | null>(null);
  const statement = useAgentStatement(month, isAgent);
  const bookings = useAgentBookings(isAgent);

  usePageMeta(`${t('title')} | ${t('common:brand' as never)}`, t('meta'));

  if (!session) return <Navigate to={`${appPath('/login')}?return_to=${encodeURIComponent(location.pathname)}`} replace />;
  const notAgent = me.error instanceof ApiRequestError && me.error.code === 'NOT_AN_AGENT';

  return (
    <Container size="md" px="md" className={classes.page}>
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            {t('title')}
          </Title>
          {me.data && <Text c="gray.7">{t('greeting', { name: me.data.fullName })}</Text>}
        </div>
        {me.isPending && <Loader role="status" size="sm" aria-label={t('common:loading' as never)} />}
        {notAgent && (
          <Alert color="blue" role="status" title={t('notAgent.title')}>
            {t('notAgent.body')}
          </Alert>
        )}
        {me.isError && !notAgent && (
          <Alert color="red" role="alert">
            {errorText(me.error)}
          </Alert>
        )}
        {me.data && (
          <>
            <AgentLinkCard me={me.data} />
            <AgentStatementSection
              statement={statement.data}
              error={statement.error}
              loading={statement.isFetching}
              onMonth={setMonth}
            />
            <AgentBookingsSection bookings={bookings.data?.bookings} error={bookings.error} />
          </>
        )}
      </Stack>
    </Container>
  );
}
