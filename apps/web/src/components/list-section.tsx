import { Alert, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';

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
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        {loading && <Loader role="status" size="sm" aria-label={t('loading')} />}
        {error !== null && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {empty !== null && <Text c="gray.7">{empty}</Text>}
        {children}
      </Stack>
    </Paper>
  );
}
