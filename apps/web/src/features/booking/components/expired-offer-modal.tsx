import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import { TitledModal } from '../../../components/titled-modal';

/** The offer expired or vanished; back to the offers list. */
export function ExpiredOfferModal({ opened, onBack }: { opened: boolean; onBack: () => void }) {
  const { t } = useTranslation('booking');
  return (
    <TitledModal opened={opened} onClose={onBack} closeOnClickOutside={false} centered title={t('expired.title')}>
      <Stack>
        <Text>{t('expired.body')}</Text>
        <Button onClick={onBack} data-autofocus>
          {t('expired.back')}
        </Button>
      </Stack>
    </TitledModal>
  );
}
