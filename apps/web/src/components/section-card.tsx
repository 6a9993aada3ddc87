import { Paper, Stack, Title, type PaperProps, type StackProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** A bordered card that is a section of the page, named by its heading (h4-sized, at the level given). */
export function SectionCard({
  titleId,
  title,
  order = 2,
  padding = 'md',
  gap = 'sm',
  children,
}: {
  titleId: string;
  title: ReactNode;
  order?: 2 | 3;
  padding?: PaperProps['p'];
  gap?: StackProps['gap'];
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p={padding} component="section" aria-labelledby={titleId}>
      <Stack gap={gap}>
        <Title order={order} size="h4" id={titleId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
