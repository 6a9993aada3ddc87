import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';

/**
 * The desk's dialogs: Mantine's modal with a labelled close button, and its header as a plain block
 * rather than a <header>, which inside a dialog would be a second page banner to a screen reader.
 */
export function DeskModal({
  title,
  onClose,
  opened = true,
  size = 'lg',
  fullScreen = false,
  boldTitle = false,
  children,
}: {
  title: string;
  onClose: () => void;
  opened?: boolean;
  size?: string;
  fullScreen?: boolean;
  boldTitle?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <Modal.Root opened={opened} onClose={onClose} size={size} fullScreen={fullScreen} centered={!fullScreen}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header {...({ component: 'div' } as object)}>
          <Modal.Title fw={boldTitle ? 700 : undefined}>{title}</Modal.Title>
          <Modal.CloseButton aria-label={t('close')} />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
