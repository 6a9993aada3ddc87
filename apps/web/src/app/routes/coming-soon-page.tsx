import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppPath } from '../../lib/referral';

export function ComingSoonPage() {
  const { t } = useTranslation();
  const appPath = useAppPath();
  return (
    <Container size="sm" py="xl">
      <Stack align="center" gap="md">
        <Title order={1}>{t('comingSoon.title')}</Title>
        <Text>{t('comingSoon.body')}</Text>
        <Anchor component={Link} to={appPath('/')}>
          {t('comingSoon.searchTrip')}
        </Anchor>
      </Stack>
    </Container>
  );
}
