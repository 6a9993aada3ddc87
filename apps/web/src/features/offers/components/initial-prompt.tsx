import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppPath } from '../../../lib/referral';
import { SearchIcon } from './offer-icons';

/** No search yet: tell the traveller what to do. */
export function InitialPrompt({ showSearchLink }: { showSearchLink: boolean }) {
  const { t } = useTranslation('offers');
  const appPath = useAppPath();
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
        {showSearchLink && (
          <Button component={Link} to={appPath('/')} variant="light">
            {t('states.goToSearch')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
