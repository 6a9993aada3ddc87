import { Group, NativeSelect, TextInput } from '@mantine/core';
import { cleanLocalNumber } from '../../../lib/phone-number';

interface PhoneFieldProps {
  label: string;
  dialLabel: string;
  hint: string;
  dialCode: string;
  local: string;
  dialCodes: { value: string; label: string }[];
  error?: string;
  name: string;
  onChange: (value: { dialCode: string; local: string }) => void;
}

/** SPEC section 5: a dial code (+249 by default) and digits only; empty means no number. */
export function PhoneField({ label, dialLabel, hint, dialCode, local, dialCodes, error, name, onChange }: PhoneFieldProps) {
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap" dir="ltr">
      <NativeSelect
        label={dialLabel}
        value={dialCode}
        onChange={(e) => onChange({ dialCode: e.currentTarget.value, local })}
        data={dialCodes}
        w={130}
        name={`${name}-dial-code`}
      />
      <TextInput
        style={{ flex: 1 }}
        label={label}
        description={hint}
        styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
        value={local}
        onChange={(e) => onChange({ dialCode, local: cleanLocalNumber(e.currentTarget.value) })}
        error={error}
        inputMode="numeric"
        autoComplete="tel-national"
        name={name}
      />
    </Group>
  );
}
