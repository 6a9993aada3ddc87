import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import { ClockIcon } from './offer-icons';
import { TitledModal } from '../../../components/titled-modal';

/** Offers have expired (offer.expiresAt): the only way on is to search again. */
export function SessionTimeoutModal({ opened, onRefresh }: { opened: boolean; onRefresh: () => void }) {
  const { t } = useTranslation('offers');
  return (
    <TitledModal
      opened={opened}
      onClose={onRefresh}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      zIndex={400}
      title={t('session.title')}
      titleSize="lg"
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
    </TitledModal>
  );
}
