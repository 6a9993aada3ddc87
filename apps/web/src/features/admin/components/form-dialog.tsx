import { Button, Group, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { ApiErrorAlert } from './api-error-alert';
import { DeskModal } from './desk-modal';

/**
 * A desk dialog that asks for something and acts on it: the fields, the server's refusal (unless
 * the fields already show it), then cancel and the action, which submits the form (Enter does too).
 */
export function FormDialog({
  title,
  onClose,
  onSubmit,
  pending,
  error,
  hideError = false,
  confirmLabel,
  confirmColor,
  cancelLabel,
  opened,
  fullScreen,
  boldTitle,
  children,
}: {
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  pending: boolean;
  error: unknown;
  /** The refusal is shown beside the fields it names, not again as an alert. */
  hideError?: boolean;
  confirmLabel: string;
  confirmColor?: string;
  cancelLabel?: string;
  opened?: boolean;
  fullScreen?: boolean;
  boldTitle?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <DeskModal title={title} onClose={onClose} opened={opened} fullScreen={fullScreen} boldTitle={boldTitle}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {children}
          {hideError ? null : <ApiErrorAlert error={error} />}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {cancelLabel ?? t('cancel')}
            </Button>
            <Button type="submit" color={confirmColor} loading={pending}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </DeskModal>
  );
}
