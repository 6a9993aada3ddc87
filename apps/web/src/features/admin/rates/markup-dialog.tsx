import { cabinClassCodes } from '@kwenda/contracts/rules';
import { MARKUP_LIMITS, type MarkupRule, type MarkupRuleInput } from '@kwenda/contracts/admin';
import { Checkbox, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { TypedNumberInput } from '../../../components/typed-number-input';
import { fieldErrorsOf, refusesFieldsOnly } from '../components/api-error-alert';
import { FormDialog } from '../components/form-dialog';
import { useSaveMarkup } from './rates-api';

const hundredths = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
const upper = (value: string) => value.trim().toUpperCase();
/** The cabin choice meaning "every cabin" (a rule without a cabin). */
const ANY = 'any';

/**
 * Add or change a markup rule: percent and/or fixed US dollars per passenger, and what it applies to
 * (empty = all). The server checks the same and refuses a second active rule for the same trips.
 */
export function MarkupDialog({
  rule,
  onClose,
  onDone,
}: {
  /** null: a new rule. */
  rule: MarkupRule | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('admin-rates');
  const save = useSaveMarkup();
  const [percent, setPercent] = useState<number | string>(rule?.percent ?? 0);
  const [fixedUsd, setFixedUsd] = useState<number | string>(rule?.fixedUsd ?? 0);
  const [airline, setAirline] = useState(rule?.airline ?? '');
  const [origin, setOrigin] = useState(rule?.origin ?? '');
  const [destination, setDestination] = useState(rule?.destination ?? '');
  const [cabin, setCabin] = useState<string>(rule?.cabin ?? ANY);
  const [note, setNote] = useState(rule?.note ?? '');
  const [active, setActive] = useState(rule?.active ?? true);
  const [tried, setTried] = useState(false);

  const local = {
    percent: !(typeof percent === 'number' && percent >= 0 && percent <= MARKUP_LIMITS.maxPercent && hundredths(percent)),
    fixedUsd: !(typeof fixedUsd === 'number' && fixedUsd >= 0 && fixedUsd <= MARKUP_LIMITS.maxFixedUsd && hundredths(fixedUsd)),
    airline: airline.trim() !== '' && !/^[A-Z0-9]{2}$/.test(upper(airline)),
    origin: origin.trim() !== '' && !/^[A-Z]{3}$/.test(upper(origin)),
    destination: destination.trim() !== '' && (!/^[A-Z]{3}$/.test(upper(destination)) || upper(destination) === upper(origin)),
    note: note.length > MARKUP_LIMITS.maxNoteLength,
  };
  const server = fieldErrorsOf(save.error);
  const errorOf = (field: keyof typeof local) =>
    (tried && local[field]) || server.has(field)
      ? t(`markups.form.errors.${field}`, {
          max: field === 'percent' ? MARKUP_LIMITS.maxPercent : MARKUP_LIMITS.maxFixedUsd,
        })
      : undefined;

  const submit = () => {
    setTried(true);
    if (Object.values(local).some(Boolean)) return;
    const body: MarkupRuleInput = {
      percent: percent as number,
      fixedUsd: fixedUsd as number,
      airline: upper(airline) || null,
      origin: upper(origin) || null,
      destination: upper(destination) || null,
      cabin: cabin === ANY ? null : (cabin as MarkupRuleInput['cabin']),
      note: note.trim() || null,
      active,
    };
    save.mutate({ id: rule?.id ?? null, body }, { onSuccess: () => (onDone(t('saved')), onClose()) });
  };

  return (
    <FormDialog
      title={t(rule ? 'markups.form.editTitle' : 'markups.form.addTitle')}
      onClose={onClose}
      onSubmit={submit}
      pending={save.isPending}
      error={save.error}
      hideError={refusesFieldsOnly(save.error)}
      confirmLabel={t('markups.form.submit')}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TypedNumberInput
          label={t('markups.form.percent')}
          value={percent}
          onChange={setPercent}
          min={0}
          max={MARKUP_LIMITS.maxPercent}
          decimalScale={2}
          step={0.5}
          suffix=" %"
          data-autofocus
          error={errorOf('percent')}
        />
        <TypedNumberInput
          label={t('markups.form.fixed')}
          value={fixedUsd}
          onChange={setFixedUsd}
          min={0}
          max={MARKUP_LIMITS.maxFixedUsd}
          decimalScale={2}
          step={1}
          error={errorOf('fixedUsd')}
        />
      </SimpleGrid>
      <Text size="sm" c="gray.7">
        {t('markups.form.scopeHint')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <CodeInput
          label={t('markups.form.airline')}
          value={airline}
          onChange={setAirline}
          length={2}
          error={errorOf('airline')}
        />
        <Select
          label={t('markups.form.cabin')}
          value={cabin}
          onChange={(next) => setCabin(next ?? ANY)}
          allowDeselect={false}
          data={[
            { value: ANY, label: t('markups.form.anyCabin') },
            ...cabinClassCodes.map((code) => ({ value: code, label: t(`cabin.${code}`) })),
          ]}
        />
        <CodeInput label={t('markups.form.origin')} value={origin} onChange={setOrigin} length={3} error={errorOf('origin')} />
        <CodeInput
          label={t('markups.form.destination')}
          value={destination}
          onChange={setDestination}
          length={3}
          error={errorOf('destination')}
        />
      </SimpleGrid>
      <TextInput
        label={t('markups.form.note')}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        maxLength={MARKUP_LIMITS.maxNoteLength + 1}
        error={errorOf('note')}
      />
      <Checkbox label={t('markups.form.active')} checked={active} onChange={(event) => setActive(event.currentTarget.checked)} />
    </FormDialog>
  );
}

/** An airline (2) or airport (3) code: capitals, left to right, no longer than the code. */
function CodeInput({
  label,
  value,
  onChange,
  length,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  length: number;
  error: string | undefined;
}) {
  return (
    <TextInput
      label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      maxLength={length}
      autoCapitalize="characters"
      dir="ltr"
      error={error}
    />
  );
}
