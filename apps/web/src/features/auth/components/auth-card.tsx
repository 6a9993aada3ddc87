import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { usePageMeta } from '../../../lib/page-meta';
import classes from './auth.module.css';

/** The frame of every account page: a centred card with a heading, on phones the full width. */
export function AuthCard({
  title,
  subtitle,
  description,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  /** For search engines and link previews. */
  description: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  usePageMeta(`${title} | ${t('brand')}`, description);
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
