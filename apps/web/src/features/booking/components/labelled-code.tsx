import { Text, type TextProps } from '@mantine/core';

/** "Booking reference: K7QX2M": the code in bold and left to right whatever the page's direction. */
export function LabelledCode({ label, code, testId, ...text }: TextProps & { label: string; code: string; testId?: string }) {
  return (
    <Text {...text}>
      {label}:{' '}
      <strong dir="ltr" data-testid={testId}>
        {code}
      </strong>
    </Text>
  );
}
