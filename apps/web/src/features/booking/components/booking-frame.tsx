import { Container, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';

/** A booking's page: its reference as the heading, the content below, its dialogs outside the flow. */
export function BookingFrame({ reference, dialogs, children }: { reference: string; dialogs: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('booking');
  return (
    <Container size="lg" py="md">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('pageTitle', { reference })}
        </Title>
        {children}
      </Stack>
      {dialogs}
    </Container>
  );
}
