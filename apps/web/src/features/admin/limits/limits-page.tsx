import type { HoldCapLift, HoldCaps } from '@kwenda/contracts/admin';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { formatDeadline } from '../../../lib/format/format-date';
import { CardHeading } from '../components/card-heading';
import { FactList } from '../components/fact-list';
import { QueuePage } from '../components/queue-page';
import { useStaffCan } from '../components/require-staff';
import { EndLiftDialog, LiftDialog } from './lift-dialogs';
import { useHoldCapLifts } from './limits-api';
import classes from './limits.module.css';

type Open = { kind: 'lift' } | { kind: 'end'; lift: HoldCapLift } | null;

/**
 * Limits on unpaid bookings: the caps the agency set on holding seats without paying (per e-mail,
 * mobile and address), and the lifts in force. The desk and the owner lift a cap for one traveller,
 * for some hours, with a reason, and end a lift early; everyone sees who lifted what and why.
 */
export function LimitsPage() {
  const { t } = useTranslation('admin-limits');
  const limits = useHoldCapLifts();
  const canLift = useStaffCan('agent-desk');
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const close = () => setOpen(null);

  return (
    <QueuePage
      title={t('title')}
      actions={canLift ? <Button onClick={() => setOpen({ kind: 'lift' })}>{t('form.open')}</Button> : null}
      intro={t('intro')}
      readOnly={canLift ? null : t('readOnly')}
      notice={notice}
      onNoticeClose={() => setNotice(null)}
      query={limits}
      list={(data) => (
        <>
          <CapsCard caps={data.caps} />
          <Title order={2} size="h3">
            {t('lifts.title')}
          </Title>
          {data.lifts.length === 0 ? (
            <Text>{t('lifts.empty')}</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" component="ul" className={classes.list}>
              {data.lifts.map((lift) => (
                <LiftCard key={lift.id} lift={lift} canEnd={canLift} onEnd={() => setOpen({ kind: 'end', lift })} />
              ))}
            </SimpleGrid>
          )}
        </>
      )}
    >
      {open?.kind === 'lift' ? <LiftDialog onClose={close} onDone={setNotice} /> : null}
      {open?.kind === 'end' ? <EndLiftDialog lift={open.lift} onClose={close} onDone={setNotice} /> : null}
    </QueuePage>
  );
}

function CapsCard({ caps }: { caps: HoldCaps }) {
  const { t } = useTranslation('admin-limits');
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="caps-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="caps-title">
          {t('caps.title')}
        </Title>
        <dl className={classes.caps}>
          <dt>{t('caps.perContact')}</dt>
          <dd>{caps.perContact}</dd>
          <dt>{t('caps.perAddress')}</dt>
          <dd>{caps.perAddress}</dd>
          <dt>{t('caps.seats')}</dt>
          <dd>{caps.seatsPerBooking}</dd>
        </dl>
        <Text size="sm" className={classes.hint}>
          {t('caps.hint')}
        </Text>
      </Stack>
    </Card>
  );
}

function LiftCard({ lift, canEnd, onEnd }: { lift: HoldCapLift; canEnd: boolean; onEnd: () => void }) {
  const { t, i18n } = useTranslation('admin-limits');
  const headingId = `lift-${lift.id}`;
  return (
    <Card withBorder padding="md" radius="md" component="li" aria-labelledby={headingId} data-testid="lift-card">
      <Stack gap="sm">
        <CardHeading
          id={headingId}
          order={3}
          size="h5"
          className={classes.value}
          aside={
            <Badge variant="light" className={classes.badge}>
              {t(`kind.${lift.kind}`)}
            </Badge>
          }
        >
          <bdi dir="ltr">{lift.value}</bdi>
        </CardHeading>
        <FactList>
          <dt>{t('card.until')}</dt>
          <dd>{formatDeadline(lift.expiresAt, i18n.language)}</dd>
          <dt>{t('card.by')}</dt>
          <dd>
            {lift.createdBy} · {formatDeadline(lift.createdAt, i18n.language)}
          </dd>
          <dt>{t('card.reason')}</dt>
          <dd>{lift.reason}</dd>
          <dt>{t('card.unpaid')}</dt>
          <dd className={classes.number}>{lift.unpaidHolds}</dd>
        </FactList>
        {canEnd ? (
          <Group>
            <Button variant="subtle" color="red" onClick={onEnd} aria-describedby={headingId}>
              {t('card.end')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
