import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import type { SearchState } from '../../../lib/search-params';
import { CalendarIcon } from './offer-icons';
import { SupportButton } from './support-button';

/** Nothing on the asked date and no nearby date either: offer a human. */
export function NoResults({ search }: { search: SearchState }) {
  const { t } = useTranslation('offers');
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm" ta="center">
        <CalendarIcon size={40} color="var(--mantine-color-gray-7)" />
        <Title order={2} size="h3">
          {t('states.noResultsTitle')}
        </Title>
        <Text c="gray.7" maw={520}>
          {t('states.noResultsBody')}
        </Text>
        <SupportButton search={search} />
      </Stack>
    </Paper>
  );
}
