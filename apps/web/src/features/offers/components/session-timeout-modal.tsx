import { Button, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ClockIcon } from './offer-icons';

/** Offers have expired (offer.expiresAt): the only way on is to search again. */
export function SessionTimeoutModal({ opened, onRefresh }: { opened: boolean; onRefresh: () => void }) {
  const { t } = useTranslation('offers');
  return (
    <Modal
      opened={opened}
      onClose={onRefresh}
      title={t('session.title')}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      zIndex={400}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="md">
        <Stack gap="xs" align="center" ta="center">
          <ClockIcon size={40} color="var(--mantine-color-teal-8)" />
          <Text>{t('session.body')}</Text>
        </Stack>
        <Button onClick={onRefresh} fullWidth data-autofocus>
          {t('session.refresh')}
        </Button>
      </Stack>
    </Modal>
  );
}
