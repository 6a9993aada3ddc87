import { Button, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';

/** SPEC section 2: the offer expired or vanished; back to the offers list. */
export function ExpiredOfferModal({ opened, onBack }: { opened: boolean; onBack: () => void }) {
  const { t } = useTranslation('booking');
  return (
    // Compound parts so the header is a <div>: Mantine's <header> inside the portal would be a second banner landmark.
    <Modal.Root opened={opened} onClose={onBack} closeOnClickOutside={false} centered>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title fw={700}>{t('expired.title')}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Stack>
            <Text>{t('expired.body')}</Text>
            <Button onClick={onBack} data-autofocus>
              {t('expired.back')}
            </Button>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
