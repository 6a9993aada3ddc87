import { todayIn } from '@kwenda/contracts/rules';
import type { RouteNotice } from '@kwenda/contracts/admin';
import { Badge, Button, Card, Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { formatDeadline, formatTravelDate } from '../../../lib/format/format-date';
import { CardHeading } from '../components/card-heading';
import { FactList } from '../components/fact-list';
import { QueuePage, type QueueQuery } from '../components/queue-page';
import { useStaffCan } from '../components/require-staff';
import { NoticeDialog, WithdrawNoticeDialog } from './notice-dialogs';
import { noticePlace, noticeStarted } from './notice-form';
import { useNotices } from './notices-api';
import classes from './notices.module.css';

type View = 'now' | 'coming' | 'withdrawn';
type Open = { kind: 'write'; notice: RouteNotice | null } | { kind: 'withdraw'; notice: RouteNotice } | null;

/**
 * Notices for travellers: what the agency wants the travellers of a route, an airport or an airline
 * to know before they pay (a closure, a transit rule), for the flights of a period, in Arabic and
 * English. Those in force now, those to come and the withdrawn; the desk and the owner write, change
 * and withdraw them, a viewer reads.
 */
export function NoticesPage() {
  const { t } = useTranslation('admin-notices');
  const canWrite = useStaffCan('agent-desk');
  const [view, setView] = useState<View>('now');
  const inForce = useNotices('in-force');
  const withdrawn = useNotices('withdrawn');
  // One list for the screen, so switching views never waits on a spinner.
  const query: QueueQuery<{ inForce: RouteNotice[]; withdrawn: RouteNotice[] }> = {
    isPending: inForce.isPending || withdrawn.isPending,
    isError: inForce.isError || withdrawn.isError,
    isFetching: inForce.isFetching || withdrawn.isFetching,
    error: inForce.error ?? withdrawn.error,
    data: inForce.data && withdrawn.data ? { inForce: inForce.data.notices, withdrawn: withdrawn.data.notices } : undefined,
    refetch: () => Promise.all([inForce.refetch(), withdrawn.refetch()]),
  };
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const close = () => setOpen(null);
  const today = todayIn();
  const shown = (data: NonNullable<typeof query.data>) =>
    view === 'withdrawn' ? data.withdrawn : data.inForce.filter((item) => noticeStarted(item, today) === (view === 'now'));

  return (
    <QueuePage
      title={t('title')}
      actions={canWrite ? <Button onClick={() => setOpen({ kind: 'write', notice: null })}>{t('form.open')}</Button> : null}
      intro={t('intro')}
      readOnly={canWrite ? null : t('readOnly')}
      notice={notice}
      onNoticeClose={() => setNotice(null)}
      query={query}
      list={(data) => {
        const notices = shown(data);
        return (
          <>
            <SegmentedControl
              value={view}
              onChange={(next) => setView(next as View)}
              aria-label={t('views.label')}
              className={classes.views}
              data={(['now', 'coming', 'withdrawn'] as const).map((value) => ({ value, label: t(`views.${value}`) }))}
            />
            {notices.length === 0 ? (
              <Text>{t(`empty.${view}`)}</Text>
            ) : (
              <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" component="ul" className={classes.list}>
                {notices.map((item) => (
                  <NoticeCard
                    key={item.id}
                    notice={item}
                    canWrite={canWrite && !item.withdrawnAt}
                    onEdit={() => setOpen({ kind: 'write', notice: item })}
                    onWithdraw={() => setOpen({ kind: 'withdraw', notice: item })}
                  />
                ))}
              </SimpleGrid>
            )}
          </>
        );
      }}
    >
      {open?.kind === 'write' ? <NoticeDialog notice={open.notice} onClose={close} onDone={setNotice} /> : null}
      {open?.kind === 'withdraw' ? <WithdrawNoticeDialog notice={open.notice} onClose={close} onDone={setNotice} /> : null}
    </QueuePage>
  );
}

function NoticeCard({
  notice,
  canWrite,
  onEdit,
  onWithdraw,
}: {
  notice: RouteNotice;
  canWrite: boolean;
  onEdit: () => void;
  onWithdraw: () => void;
}) {
  const { t, i18n } = useTranslation('admin-notices');
  const headingId = `notice-${notice.id}`;
  const day = (date: string) => formatTravelDate(date, i18n.language, 'long');
  return (
    <Card withBorder padding="md" radius="md" component="li" aria-labelledby={headingId} data-testid="notice-card">
      <Stack gap="sm">
        <CardHeading
          id={headingId}
          order={2}
          size="h5"
          aside={
            <Badge variant="light" className={classes.badge}>
              {t(`scope.${notice.scope}`)}
            </Badge>
          }
        >
          <bdi dir="ltr" className={classes.place}>
            {noticePlace(notice)}
          </bdi>
        </CardHeading>
        <Text size="sm" fw={600}>
          {t('card.period', { from: day(notice.startsOn), to: day(notice.endsOn) })}
        </Text>
        <Text size="sm" lang="ar" dir="rtl" className={classes.text}>
          {notice.textAr}
        </Text>
        <Text size="sm" lang="en" dir="ltr" className={classes.text}>
          {notice.textEn}
        </Text>
        <FactList>
          <dt>{t('card.by')}</dt>
          <dd>
            {notice.updatedBy ? (
              <>
                <bdi>{notice.updatedBy}</bdi> ·{' '}
              </>
            ) : null}
            {formatDeadline(notice.updatedAt, i18n.language)}
          </dd>
          {notice.withdrawnAt ? (
            <>
              <dt>{t('card.withdrawn')}</dt>
              <dd>{formatDeadline(notice.withdrawnAt, i18n.language)}</dd>
            </>
          ) : null}
        </FactList>
        {canWrite ? (
          <Group gap="xs">
            <Button variant="default" size="sm" onClick={onEdit} aria-describedby={headingId}>
              {t('card.edit')}
            </Button>
            <Button variant="subtle" color="red" size="sm" onClick={onWithdraw} aria-describedby={headingId}>
              {t('card.withdraw')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
