import type { Country, Passenger } from '@kwenda/contracts';
import { Paper, Radio, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import type { PassengerField } from '@kwenda/contracts/rules';
import type { PassengerDraft } from '../lib/passenger-form';
import { BaggagePicker } from './baggage-picker';
import { CountrySelect } from './country-select';
import { DatePartsInput } from './date-parts-input';
import classes from './booking.module.css';

interface PassengerCardProps {
  passenger: Passenger;
  /** 1-based number among passengers of the same type ("Child 1"). */
  number: number;
  draft: PassengerDraft;
  errors: Record<string, string> | undefined;
  countries: readonly Country[];
  firstTravelYear: number;
  onChange: (patch: Partial<PassengerDraft>) => void;
  price: (amount: number) => string;
}

/** One passenger's form: only the fields the airline asks for, errors under each field. */
export function PassengerCard({
  passenger,
  number,
  draft,
  errors = {},
  countries,
  firstTravelYear,
  onChange,
  price,
}: PassengerCardProps) {
  const { t } = useTranslation('booking');
  const asks = (field: PassengerField) => passenger.requiredFields.includes(field);
  const error = (field: string) =>
    errors[field] ? t(`errors.${errors[field]}` as never, { defaultValue: t('errors.required') }) : undefined;
  const text = (field: 'firstName' | 'lastName' | 'placeOfBirth' | 'documentNumber', autoComplete: string) =>
    asks(field) && (
      <TextInput
        label={t(`fields.${field}`)}
        value={draft[field]}
        onChange={(e) => onChange({ [field]: e.currentTarget.value })}
        error={error(field)}
        required
        dir="ltr"
        lang="en"
        autoComplete={autoComplete}
        autoCapitalize="characters"
        spellCheck={false}
        data-field={field}
        inputMode={field === 'documentNumber' ? 'text' : undefined}
      />
    );
  const headingId = `passenger-${passenger.id}`;
  // Bag problems come keyed by option ("baggage.hold-extra"); one message under the bags is enough.
  const baggageError = Object.entries(errors).find(([field]) => field.startsWith('baggage.'))?.[1];
  const maxBirthYear = firstTravelYear;
  const minBirthYear =
    passenger.passengerType === 'adult'
      ? firstTravelYear - 110
      : passenger.passengerType === 'child'
        ? firstTravelYear - 13
        : firstTravelYear - 3;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId} data-passenger={passenger.id}>
      <Stack gap="sm">
        <div>
          <Title order={3} size="h4" id={headingId}>
            {t(`passengers.${passenger.passengerType}`, { n: number })}
          </Title>
          <Text size="sm" c="gray.7">
            {t(`passengers.ageHint.${passenger.passengerType}`)}
          </Text>
        </div>
        <div className={classes.fields}>
          {text('firstName', 'given-name')}
          {text('lastName', 'family-name')}
          {asks('dateOfBirth') && (
            <DatePartsInput
              label={t('fields.dateOfBirth')}
              value={draft.dateOfBirth}
              onChange={(v) => onChange({ dateOfBirth: v })}
              years={{ from: minBirthYear, to: maxBirthYear }}
              error={error('dateOfBirth')}
              required
            />
          )}
          {asks('gender') && (
            <Radio.Group
              label={t('fields.gender')}
              value={draft.gender}
              onChange={(v) => onChange({ gender: v })}
              error={error('gender')}
              required
            >
              <Group gap="lg" mt={6}>
                <Radio value="M" label={t('gender.M')} />
                <Radio value="F" label={t('gender.F')} />
              </Group>
            </Radio.Group>
          )}
          {text('placeOfBirth', 'off')}
          {asks('nationalityCountry') && (
            <CountrySelect
              label={t('fields.nationalityCountry')}
              countries={countries}
              value={draft.nationalityCountry}
              onChange={(v) => onChange({ nationalityCountry: v })}
              error={error('nationalityCountry')}
              required
            />
          )}
          {text('documentNumber', 'off')}
          {asks('documentIssuanceCountry') && (
            <CountrySelect
              label={t('fields.documentIssuanceCountry')}
              countries={countries}
              value={draft.documentIssuanceCountry}
              onChange={(v) => onChange({ documentIssuanceCountry: v })}
              error={error('documentIssuanceCountry')}
              required
            />
          )}
          {asks('documentIssuanceDate') && (
            <DatePartsInput
              label={t('fields.documentIssuanceDate')}
              value={draft.documentIssuanceDate}
              onChange={(v) => onChange({ documentIssuanceDate: v })}
              years={{ from: firstTravelYear - 15, to: firstTravelYear }}
              error={error('documentIssuanceDate')}
              required
            />
          )}
          {asks('documentExpiryDate') && (
            <DatePartsInput
              label={t('fields.documentExpiryDate')}
              value={draft.documentExpiryDate}
              onChange={(v) => onChange({ documentExpiryDate: v })}
              years={{ from: firstTravelYear, to: firstTravelYear + 15 }}
              error={error('documentExpiryDate')}
              required
            />
          )}
        </div>
        <BaggagePicker
          options={passenger.baggage}
          chosen={draft.baggage}
          onChange={(reference, count) => onChange({ baggage: { ...draft.baggage, [reference]: count } })}
          price={price}
          error={baggageError ? t(`errors.${baggageError}` as never) : undefined}
        />
      </Stack>
    </Paper>
  );
}
