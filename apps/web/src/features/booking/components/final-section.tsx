import { Paper, Stack, Title, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

/** One of the booking's final screens: a section named by its heading, which takes the focus when it opens. */
export function FinalSection({
  titleId = 'final-title',
  title,
  titleColor,
  gap = 'sm',
  testId,
  children,
}: {
  titleId?: string;
  title: ReactNode;
  titleColor?: string;
  gap?: MantineSpacing;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={titleId} data-testid={testId}>
      <Stack gap={gap}>
        <Title order={2} size="h3" id={titleId} c={titleColor} tabIndex={-1}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
