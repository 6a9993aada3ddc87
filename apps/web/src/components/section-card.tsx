import { Alert, Loader, Paper, Stack, Text, Title, type PaperProps, type StackProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';

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

/**
 * A titled section that lists something loaded from the server: a spinner while it loads, the
 * error if it failed, a line when there is nothing, else the list (given as children).
 */
export function ListSection({
  titleId,
  title,
  loading,
  error,
  empty,
  children,
}: {
  titleId: string;
  title: string;
  loading: boolean;
  /** The failure as the reader is told it, or null. */
  error: string | null;
  /** What to say when the list came back empty, or null when it is not empty (or not there yet). */
  empty: string | null;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <SectionCard titleId={titleId} title={title} padding={{ base: 'md', sm: 'lg' }}>
      {loading && <Loader role="status" size="sm" aria-label={t('loading')} />}
      {error !== null && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {empty !== null && <Text c="gray.7">{empty}</Text>}
      {children}
    </SectionCard>
  );
}
