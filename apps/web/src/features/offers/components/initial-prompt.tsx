import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import { SearchIcon } from './offer-icons';

/** No search yet: point the traveller to the search form above. */
export function InitialPrompt() {
  const { t } = useTranslation('offers');
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm" ta="center">
        <SearchIcon size={40} color="var(--mantine-color-teal-8)" />
        <Title order={2} size="h3">
          {t('states.initialTitle')}
        </Title>
        <Text c="gray.7" maw={520}>
          {t('states.initialBody')}
        </Text>
      </Stack>
    </Paper>
  );
}
