import { Divider, Text } from '@mantine/core';

/** A rule across with a word in its middle ("or") between two ways to go on. */
export function OrDivider({ label }: { label: string }) {
  return (
    <Divider
      label={
        <Text span size="sm" c="gray.7">
          {label}
        </Text>
      }
      labelPosition="center"
    />
  );
}
