import { Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function OffersPage() {
  const { t } = useTranslation();
  return <Container py="xl">{t('loading')}</Container>;
}
