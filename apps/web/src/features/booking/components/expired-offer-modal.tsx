import { Button, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** SPEC section 2: the offer expired or vanished; back to the offers list. */
export function ExpiredOfferModal({ opened, onBack }: { opened: boolean; onBack: () => void }) {
  const { t } = useTranslation('booking');
  return (
    <Modal
      opened={opened}
      onClose={onBack}
      title={t('expired.title')}
      withCloseButton={false}
      closeOnClickOutside={false}
      centered
    >
      <Stack>
        <Text>{t('expired.body')}</Text>
        <Button onClick={onBack} data-autofocus>
          {t('expired.back')}
        </Button>
      </Stack>
    </Modal>
  );
}
