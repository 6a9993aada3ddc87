import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './auth.module.css';

/** The frame of every account page: a centred card with a heading, on phones the full width. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} | ${t('brand')}`;
  }, [title, t]);
  return (
    <Container size="xs" px="md" className={classes.page}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} className={classes.card}>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={1} size="h2">
              {title}
            </Title>
            {subtitle ? <Text c="gray.7">{subtitle}</Text> : null}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
