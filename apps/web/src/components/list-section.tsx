import { Alert, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { SectionCard } from './section-card';

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
