import { Group, NativeSelect, TextInput, useDirection } from '@mantine/core';
import { useMemo } from 'react';
import { readTypedNumber } from '../lib/phone-number';

export interface PhoneValue {
  dialCode: string;
  local: string;
}

interface PhoneFieldProps {
  label: string;
  dialLabel: string;
  hint: string;
  value: PhoneValue;
  dialCodes: readonly { value: string; label: string }[];
  error?: string;
  name: string;
  required?: boolean;
  /** data-testid of the digits' input. */
  testId?: string;
  onChange: (value: PhoneValue) => void;
}

/**
 * A phone number as a dial code (+249 by default) and the national digits; the caller joins them
 * with toE164 and splits a saved number with splitE164. The two controls sit in the order a number
 * is read (+249 then 912345678) in both languages, but only the <select> and <input> themselves are
 * left-to-right: labels, the hint and the error follow the page's direction (Mantine gives the
 * wrapper's `dir` to its description and error, so a left-to-right wrapper would lay Arabic out
 * backwards).
 */
export function PhoneField({
  label,
  dialLabel,
  hint,
  value,
  dialCodes,
  error,
  name,
  required,
  testId,
  onChange,
}: PhoneFieldProps) {
  const { dir } = useDirection();
  // A saved number from a country missing from the list (or before the list loads) keeps its code.
  const options = useMemo(
    () =>
      dialCodes.some((option) => option.value === value.dialCode)
        ? dialCodes
        : [{ value: value.dialCode, label: value.dialCode }, ...dialCodes],
    [dialCodes, value.dialCode],
  );
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap" style={{ direction: 'ltr' }}>
      <NativeSelect
        label={dialLabel}
        value={value.dialCode}
        onChange={(e) => onChange({ dialCode: e.currentTarget.value, local: value.local })}
        data={options as { value: string; label: string }[]}
        w={130}
        name={`${name}-dial-code`}
        dir="ltr"
        wrapperProps={{ dir }}
        autoComplete="tel-country-code"
      />
      <TextInput
        style={{ flex: 1 }}
        label={label}
        description={hint}
        // The hint under the digits keeps both boxes on one line below their labels.
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        styles={{ description: { color: 'var(--mantine-color-gray-7)', marginBlockStart: 4 } }}
        value={value.local}
        onChange={(e) => onChange(readTypedNumber(e.currentTarget.value, value.dialCode))}
        error={error}
        required={required}
        inputMode="tel"
        autoComplete="tel-national"
        name={name}
        dir="ltr"
        wrapperProps={{ dir }}
        data-field={name}
        data-testid={testId}
      />
    </Group>
  );
}
