import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Where offers would be listed and none are: an icon, what happened, what to do (and a way on). */
export function StatePanel({
  icon,
  title,
  body,
  children,
}: {
  icon: ReactNode;
  title: string;
  body: string;
  children?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm" ta="center">
        {icon}
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text c="gray.7" maw={520}>
          {body}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}
