import { rateCurrencies, type CurrentRate, type MarkupRule, type RateChange, type RatesOverview } from '@kwenda/contracts/admin';
import { Badge, Button, Card, Group, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useSearchParams } from '../../../lib/router';
import { QueuePage } from '../components/queue-page';
import { ApiErrorAlert } from '../components/api-error-alert';
import { useStaffCan } from '../components/require-staff';
import { MarkupDialog } from './markup-dialog';
import { RateDialog } from './rate-dialog';
import { useCancelRate, useRates, useSaveMarkup } from './rates-api';
import { formatUnits, markupText, rateEquation, scopeOf, stamp } from './rates-format';
import classes from './rates.module.css';

type Open = { kind: 'rate'; currency: string } | { kind: 'markup'; rule: MarkupRule | null } | null;

const STATUS_COLORS: Record<RateChange['status'], string> = {
  scheduled: 'blue',
  'in-effect': 'teal',
  replaced: 'gray',
  canceled: 'red',
};

/**
 * Exchange rates and markups: the rate in effect per currency with its date (and any set for later),
 * the history of every change (who, when, old → new, from when), and the markup rules. The owner
 * changes them; other staff read.
 */
export function RatesPage() {
  const { t } = useTranslation('admin-rates');
  const rates = useRates();
  const isOwner = useStaffCan('owner');
  // Today's "set the rate" link names the currency (?currency=GBP): its rate form opens at once.
  const [params] = useSearchParams();
  const asked = params.get('currency');
  const [open, setOpen] = useState<Open>(() =>
    asked && (rateCurrencies as readonly string[]).includes(asked) ? { kind: 'rate', currency: asked } : null,
  );
  const [notice, setNotice] = useState<string | null>(null);
  const close = () => setOpen(null);

  return (
    <QueuePage
      title={t('title')}
      actions={
        isOwner && rates.data ? (
          <Button onClick={() => setOpen({ kind: 'rate', currency: rates.data.rates[0]?.currency ?? 'SDG' })}>
            {t('rates.change')}
          </Button>
        ) : null
      }
      intro={t('intro')}
      readOnly={isOwner ? null : t('readOnly')}
      notice={notice}
      onNoticeClose={() => setNotice(null)}
      query={rates}
      list={(data) => (
        <Stack gap="xl">
          <CurrentRates
            rates={data.rates}
            isOwner={isOwner}
            onChange={(currency) => setOpen({ kind: 'rate', currency })}
            onNotice={setNotice}
          />
          <Markups
            markups={data.markups}
            isOwner={isOwner}
            onOpen={(rule) => setOpen({ kind: 'markup', rule })}
            onNotice={setNotice}
          />
          <History history={data.history} />
        </Stack>
      )}
    >
      {open?.kind === 'rate' && rates.data && isOwner ? (
        <RateDialog rates={rates.data.rates} initialCurrency={open.currency} onClose={close} onDone={setNotice} />
      ) : null}
      {open?.kind === 'markup' ? <MarkupDialog rule={open.rule} onClose={close} onDone={setNotice} /> : null}
    </QueuePage>
  );
}

function CurrentRates({
  rates,
  isOwner,
  onChange,
  onNotice,
}: {
  rates: CurrentRate[];
  isOwner: boolean;
  onChange: (currency: string) => void;
  onNotice: (message: string) => void;
}) {
  const { t, i18n } = useTranslation('admin-rates');
  const language = i18n.language;
  const cancel = useCancelRate();
  return (
    <Stack gap="sm" component="section" aria-labelledby="rates-current">
      <Title order={2} size="h3" id="rates-current">
        {t('rates.heading')}
      </Title>
      <ApiErrorAlert error={cancel.error} />
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="sm">
        {rates.map((rate) => {
          const headingId = `rate-${rate.currency}`;
          return (
            <Card
              key={rate.currency}
              withBorder
              padding="sm"
              radius="md"
              component="article"
              aria-labelledby={headingId}
              data-testid="rate-card"
            >
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Title order={3} size="h5" id={headingId}>
                    {rate.currency} · {t(`currency.${rate.currency}`)}
                  </Title>
                  {isOwner ? (
                    <Button
                      size="compact-sm"
                      variant="light"
                      onClick={() => onChange(rate.currency)}
                      aria-label={t('rates.changeLabel', { currency: rate.currency })}
                    >
                      {t('rates.change')}
                    </Button>
                  ) : null}
                </Group>
                <Text className={classes.rate} dir="ltr" data-testid="rate-value">
                  {rateEquation(rate.unitsPerUsd, rate.currency, language)}
                </Text>
                <Text size="sm" c="gray.7">
                  {t('rates.since', { date: stamp(rate.effectiveAt, language) })}
                </Text>
                <Text size="sm" c="gray.7">
                  {rate.setBy ? t('rates.setBy', { name: rate.setBy.name }) : t('rates.startingRate')}
                </Text>
                {rate.scheduled.map((next) => (
                  <Group key={next.id} gap="xs" justify="space-between" wrap="wrap" className={classes.scheduled}>
                    <Text size="sm">
                      {t('rates.scheduled', {
                        date: stamp(next.effectiveAt, language),
                        amount: `\u2066${formatUnits(next.unitsPerUsd, next.currency, language)}\u2069`,
                      })}
                    </Text>
                    {isOwner ? (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        loading={cancel.isPending && cancel.variables === next.id}
                        onClick={() => cancel.mutate(next.id, { onSuccess: () => onNotice(t('rates.canceledNotice')) })}
                        aria-label={t('rates.cancelScheduledLabel', {
                          currency: next.currency,
                          date: stamp(next.effectiveAt, language),
                        })}
                      >
                        {t('rates.cancelScheduled')}
                      </Button>
                    ) : null}
                  </Group>
                ))}
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

function Markups({
  markups,
  isOwner,
  onOpen,
  onNotice,
}: {
  markups: MarkupRule[];
  isOwner: boolean;
  onOpen: (rule: MarkupRule | null) => void;
  onNotice: (message: string) => void;
}) {
  const { t, i18n } = useTranslation('admin-rates');
  const language = i18n.language;
  const save = useSaveMarkup();
  const toggle = (rule: MarkupRule) =>
    save.mutate(
      {
        id: rule.id,
        body: {
          percent: rule.percent,
          fixedUsd: rule.fixedUsd,
          airline: rule.airline,
          origin: rule.origin,
          destination: rule.destination,
          cabin: rule.cabin,
          note: rule.note,
          active: !rule.active,
        },
      },
      { onSuccess: () => onNotice(t('saved')) },
    );
  return (
    <Stack gap="sm" component="section" aria-labelledby="rates-markups">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} size="h3" id="rates-markups">
          {t('markups.heading')}
        </Title>
        {isOwner ? (
          <Button variant="light" onClick={() => onOpen(null)}>
            {t('markups.add')}
          </Button>
        ) : null}
      </Group>
      <Text size="sm" c="gray.7">
        {t('markups.explain')}
      </Text>
      <ApiErrorAlert error={save.error} />
      {markups.length === 0 ? (
        <Text>{t('markups.empty')}</Text>
      ) : (
        <Stack gap="xs" component="ul" className={classes.list}>
          {markups.map((rule) => {
            const scope = scopeOf(rule, t);
            return (
              <Card
                key={rule.id}
                component="li"
                withBorder
                padding="sm"
                radius="md"
                data-testid="markup-rule"
                className={rule.active ? undefined : classes.inactive}
              >
                <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                  <Stack gap={2} className={classes.grow}>
                    <Group gap="xs" wrap="wrap">
                      <Text fw={700}>{scope}</Text>
                      <Badge color={rule.active ? 'teal' : 'gray'} variant="light">
                        {t(rule.active ? 'markups.active' : 'markups.inactive')}
                      </Badge>
                    </Group>
                    <Text>{markupText(rule, t, language)}</Text>
                    {rule.note ? (
                      <Text size="sm" c="gray.7">
                        {rule.note}
                      </Text>
                    ) : null}
                    <Text size="xs" c="gray.7">
                      {t('markups.updated', {
                        date: stamp(rule.updatedAt, language),
                        name: rule.updatedBy?.name ?? t('history.system'),
                      })}
                    </Text>
                  </Stack>
                  {isOwner ? (
                    <Group gap="xs">
                      <Button
                        size="compact-sm"
                        variant="default"
                        onClick={() => onOpen(rule)}
                        aria-label={t('markups.editLabel', { scope })}
                      >
                        {t('markups.edit')}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color={rule.active ? 'red' : 'teal'}
                        loading={save.isPending && save.variables?.id === rule.id}
                        onClick={() => toggle(rule)}
                        aria-label={t(rule.active ? 'markups.disableLabel' : 'markups.enableLabel', { scope })}
                      >
                        {t(rule.active ? 'markups.disable' : 'markups.enable')}
                      </Button>
                    </Group>
                  ) : null}
                </Group>
              </Card>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}

function History({ history }: { history: RatesOverview['history'] }) {
  const { t, i18n } = useTranslation('admin-rates');
  const language = i18n.language;
  const [currency, setCurrency] = useState<string>('all');
  const shown = currency === 'all' ? history : history.filter((h) => h.currency === currency);
  const currencies = [...new Set(history.map((h) => h.currency))].sort();
  return (
    // Not a landmark of its own: the table's scrolling area is the region named by this heading.
    <Stack gap="sm" component="section">
      <Group justify="space-between" wrap="wrap" gap="xs" align="flex-end">
        <Title order={2} size="h3" id="rates-history">
          {t('history.heading')}
        </Title>
        <Select
          label={t('history.filter')}
          value={currency}
          onChange={(next) => setCurrency(next ?? 'all')}
          allowDeselect={false}
          data={[{ value: 'all', label: t('history.all') }, ...currencies.map((code) => ({ value: code, label: code }))]}
          w={180}
        />
      </Group>
      {shown.length === 0 ? (
        <Text>{t('history.empty')}</Text>
      ) : (
        <div className={classes.tableScroll} tabIndex={0} role="region" aria-labelledby="rates-history">
          <Table striped miw={760} verticalSpacing="xs" data-testid="rates-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('history.columns.setAt')}</Table.Th>
                <Table.Th>{t('history.columns.currency')}</Table.Th>
                <Table.Th>{t('history.columns.change')}</Table.Th>
                <Table.Th>{t('history.columns.effective')}</Table.Th>
                <Table.Th>{t('history.columns.by')}</Table.Th>
                <Table.Th>{t('history.columns.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{stamp(entry.setAt, language)}</Table.Td>
                  <Table.Td>{entry.currency}</Table.Td>
                  <Table.Td className={classes.number}>
                    {entry.previousUnitsPerUsd === null ? null : (
                      <>
                        <bdi>{formatUnits(entry.previousUnitsPerUsd, entry.currency, language)}</bdi>
                        {/* Old first in reading order: the arrow points the way the line is read. */}
                        {language === 'ar' ? ' ← ' : ' → '}
                      </>
                    )}
                    <bdi>{formatUnits(entry.unitsPerUsd, entry.currency, language)}</bdi>
                    {entry.previousUnitsPerUsd === null ? (
                      <Text span size="xs" c="gray.7">
                        {' '}
                        ({t('history.first')})
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{stamp(entry.effectiveAt, language)}</Table.Td>
                  <Table.Td>{entry.setBy?.name ?? t('history.system')}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLORS[entry.status]} variant="light">
                      {t(`history.status.${entry.status}`)}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </Stack>
  );
}
