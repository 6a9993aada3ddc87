import { Alert, Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';

/**
 * The second ask before a booking is cancelled: what it means, the error of the last try, then
 * "confirm" or keep the booking as it is.
 */
export function ConfirmBox({
  title,
  testId,
  errorText,
  confirmLabel,
  pending,
  onConfirm,
  onKeep,
  children,
}: {
  title: string;
  testId: string;
  errorText: string | null;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onKeep: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('booking');
  return (
    <Alert
      color="orange"
      role="status"
      title={title}
      data-testid={testId}
      // Mantine's orange title is too pale on the light orange background to read (WCAG AA).
      styles={{ title: { color: 'var(--mantine-color-dark-8)' } }}
    >
      <Stack gap="xs">
        {children}
        {errorText && (
          <Alert color="red" role="alert">
            {errorText}
          </Alert>
        )}
        <Group gap="sm">
          <Button color="red" loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
          <Button variant="default" disabled={pending} onClick={onKeep}>
            {t('cancelRefund.keep')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
