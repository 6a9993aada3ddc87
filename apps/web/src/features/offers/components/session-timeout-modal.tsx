import { Button, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import { ClockIcon } from './offer-icons';

/** Offers have expired (offer.expiresAt): the only way on is to search again. */
export function SessionTimeoutModal({ opened, onRefresh }: { opened: boolean; onRefresh: () => void }) {
  const { t } = useTranslation('offers');
  return (
    // Compound parts so the header is a <div>: Mantine's <header> inside the portal would be a second banner landmark.
    <Modal.Root opened={opened} onClose={onRefresh} closeOnClickOutside={false} closeOnEscape={false} centered zIndex={400}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title fw={700} fz="lg">
            {t('session.title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Stack gap="md">
            <Stack gap="xs" align="center" ta="center">
              <ClockIcon size={40} color="var(--mantine-color-teal-8)" />
              <Text>{t('session.body')}</Text>
            </Stack>
            <Button onClick={onRefresh} fullWidth data-autofocus>
              {t('session.refresh')}
            </Button>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
