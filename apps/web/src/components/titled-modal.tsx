import { Modal, type ModalRootProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Mantine's modal from its compound parts, so its header is a plain block: a <header> inside the
 * portal would be a second page banner to a screen reader. A close button only when it is labelled.
 */
export function TitledModal({
  title,
  titleSize,
  closeLabel,
  children,
  ...root
}: Omit<ModalRootProps, 'title' | 'children'> & {
  title: ReactNode;
  titleSize?: 'lg';
  closeLabel?: string;
  children: ReactNode;
}) {
  return (
    <Modal.Root {...root}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title fw={700} fz={titleSize}>
            {title}
          </Modal.Title>
          {closeLabel && <Modal.CloseButton aria-label={closeLabel} />}
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
