import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import classes from './offers.module.css';

/** The supplier's search time ran out before every airline answered: the list is what arrived. */
export function TimedOutNotice({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('offers');
  return (
    <Alert
      color="yellow"
      variant="light"
      title={t('stream.timedOutTitle')}
      role="status"
      classNames={{ title: classes.timedOutTitle }}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('stream.timedOutBody')}</Text>
        <Button variant="outline" color="dark" size="xs" onClick={onRetry}>
          {t('stream.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
