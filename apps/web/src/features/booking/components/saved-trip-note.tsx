import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import { formatDeadline } from '../../../lib/format/format-date';
import { memo } from 'react';

interface SavedTripNoteProps {
  /** When the saved copy was last read from the server (epoch ms); null when none is saved. */
  savedAt: number | null;
  /** The page shows the saved copy: the server could not be reached. */
  offline: boolean;
  /** The owner chose not to keep this booking on the device. */
  declined: boolean;
  onRemove: () => void;
  onKeep: () => void;
}

/** "Saved on this device, last updated ...": the owner's booking kept for use offline, and how to remove it. */
export const SavedTripNote = memo(function SavedTripNote({ savedAt, offline, declined, onRemove, onKeep }: SavedTripNoteProps) {
  const { t, i18n } = useTranslation('booking');
  const time = savedAt === null ? '' : formatDeadline(savedAt, i18n.language);
  const remove = (
    <Button variant="subtle" size="compact-sm" onClick={onRemove}>
      {t('savedTrip.remove')}
    </Button>
  );
  if (offline && savedAt !== null) {
    return (
      <Alert color="blue" role="status" title={t('savedTrip.offlineTitle')} data-testid="saved-trip-note">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('savedTrip.offline', { time })}</Text>
          {remove}
        </Stack>
      </Alert>
    );
  }
  if (declined) {
    return (
      <Group gap="xs" data-testid="saved-trip-note">
        <Text size="sm">{t('savedTrip.notSaved')}</Text>
        <Button variant="subtle" size="compact-sm" onClick={onKeep}>
          {t('savedTrip.keep')}
        </Button>
      </Group>
    );
  }
  if (savedAt === null) return null;
  return (
    <Group gap="xs" data-testid="saved-trip-note">
      <Text size="sm">{t('savedTrip.saved', { time })}</Text>
      {remove}
    </Group>
  );
});
