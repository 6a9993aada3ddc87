import { RATE_LIMITS, rateCurrencies, type CurrentRate, type SetRateRequest } from '@kwenda/contracts/admin';
import { Alert, Checkbox, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { ApiRequestError } from '../../../lib/api-client';
import { TypedNumberInput } from '../../../components/typed-number-input';
import { fieldErrorsOf } from '../components/api-error-alert';
import { FormDialog } from '../components/form-dialog';
import { useSetRate } from './rates-api';
import { agencyInstant, nextAgencyHour, percentChange, rateEquation, formatUnits } from './rates-format';

/** Left-to-right text kept whole inside an Arabic sentence ("1 USD = 2,600 SDG", "+12%"). */
const isolate = (text: string) => `\u2066${text}\u2069`;
const decimals = (value: number) => (String(value).split('.')[1] ?? '').length;

/**
 * The owner's form for a new rate: the currency, units per US dollar, from now or from a date and
 * time on the agency's clock. A rate far from the one in effect needs a tick that it was checked
 * (the server asks the same).
 */
export function RateDialog({
  rates,
  initialCurrency,
  onClose,
  onDone,
}: {
  rates: CurrentRate[];
  initialCurrency: string;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t, i18n } = useTranslation('admin-rates');
  const language = i18n.language;
  const setRate = useSetRate();
  const [currency, setCurrency] = useState(initialCurrency);
  const [units, setUnits] = useState<number | string>('');
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [{ date, time }, setAt] = useState(nextAgencyHour);
  const [confirmed, setConfirmed] = useState(false);
  const [tried, setTried] = useState(false);

  const current = rates.find((r) => r.currency === currency);
  const value = typeof units === 'number' ? units : Number.NaN;
  const rateValid =
    Number.isFinite(value) && value > 0 && value <= RATE_LIMITS.maxUnitsPerUsd && decimals(value) <= RATE_LIMITS.maxDecimals;
  const ratio = current && rateValid ? value / current.unitsPerUsd : 1;
  const large = ratio > RATE_LIMITS.largeChangeRatio || ratio < 1 / RATE_LIMITS.largeChangeRatio;
  const serverAsks = setRate.error instanceof ApiRequestError && setRate.error.code === 'RATE_CHANGE_UNCONFIRMED';
  const needsConfirm = large || serverAsks;
  const effectiveAt = when === 'later' ? agencyInstant(date, time) : null;
  const atMs = effectiveAt ? Date.parse(effectiveAt) : Date.now();
  const dateValid =
    when === 'now' ||
    (Number.isFinite(atMs) && atMs > Date.now() - 60_000 && atMs < Date.now() + RATE_LIMITS.maxDaysAhead * 86_400_000);
  const fieldErrors = fieldErrorsOf(setRate.error);

  const submit = () => {
    setTried(true);
    if (!rateValid || !dateValid || (needsConfirm && !confirmed)) return;
    setRate.mutate(
      {
        currency: currency as SetRateRequest['currency'],
        unitsPerUsd: value,
        effectiveAt,
        confirmLargeChange: needsConfirm && confirmed,
      },
      {
        onSuccess: () => {
          onDone(
            when === 'later'
              ? t('rates.scheduledNotice', { currency, date: `${date} ${time}` })
              : t('rates.setNotice', { currency }),
          );
          onClose();
        },
      },
    );
  };

  const showFieldsOnly = setRate.error instanceof ApiRequestError && setRate.error.code === 'VALIDATION_ERROR';
  return (
    <FormDialog
      title={t('form.title')}
      onClose={onClose}
      onSubmit={submit}
      pending={setRate.isPending}
      error={setRate.error}
      hideError={showFieldsOnly || serverAsks}
      confirmLabel={t('form.submit')}
    >
      <Select
        label={t('form.currency')}
        data={rateCurrencies.map((code) => ({ value: code, label: `${code} · ${t(`currency.${code}`)}` }))}
        value={currency}
        onChange={(next) => next && setCurrency(next)}
        allowDeselect={false}
        required
      />
      <TypedNumberInput
        label={t('form.rate')}
        description={
          current ? t('form.rateHint', { amount: isolate(formatUnits(current.unitsPerUsd, currency, language)) }) : undefined
        }
        value={units}
        onChange={setUnits}
        min={0}
        decimalScale={RATE_LIMITS.maxDecimals}
        thousandSeparator=","
        required
        data-autofocus
        inputMode="decimal"
        styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
        error={(tried && !rateValid) || fieldErrors.has('unitsPerUsd') ? t('form.errors.rate') : undefined}
      />
      <Stack gap={4}>
        <Text size="sm" fw={700} id="rate-when">
          {t('form.when')}
        </Text>
        <SegmentedControl
          aria-labelledby="rate-when"
          value={when}
          onChange={(next) => setWhen(next as 'now' | 'later')}
          data={[
            { value: 'now', label: t('form.now') },
            { value: 'later', label: t('form.later') },
          ]}
        />
      </Stack>
      {when === 'later' && (
        <Group grow align="flex-start" gap="sm">
          <TextInput
            type="date"
            label={t('form.date')}
            value={date}
            onChange={(event) => setAt({ date: event.currentTarget.value, time })}
            required
            error={
              (tried && !dateValid) || fieldErrors.has('effectiveAt')
                ? t('form.errors.date', { days: RATE_LIMITS.maxDaysAhead })
                : undefined
            }
          />
          <TextInput
            type="time"
            label={t('form.time')}
            value={time}
            onChange={(event) => setAt({ date, time: event.currentTarget.value })}
            required
          />
        </Group>
      )}
      {current && rateValid && (
        <Text size="sm" data-testid="rate-preview">
          {t('form.preview', {
            equation: isolate(rateEquation(value, currency, language)),
            change: isolate(percentChange(current.unitsPerUsd, value, language)),
          })}
        </Text>
      )}
      {needsConfirm && rateValid && (
        <Alert color="yellow" role="alert">
          <Stack gap="xs">
            <Text size="sm">{t('form.largeChange', { percent: Math.round((RATE_LIMITS.largeChangeRatio - 1) * 100) })}</Text>
            <Checkbox
              label={t('form.confirmLarge')}
              checked={confirmed}
              onChange={(event) => setConfirmed(event.currentTarget.checked)}
              error={tried && !confirmed ? t('form.errors.confirm') : undefined}
            />
          </Stack>
        </Alert>
      )}
    </FormDialog>
  );
}
