import { Group, Stack, Title } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';

/**
 * One screen of the desk: its heading (focused when the screen opens, so a screen reader says where
 * the staff member is), the document title, optional actions beside the heading, and the content.
 */
export function AdminPage({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · ${t('brand', { brand: tc('brand') })}`;
  }, [title, t, tc]);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={1} size="h2" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          {title}
        </Title>
        {actions ? <Group gap="xs">{actions}</Group> : null}
      </Group>
      {children}
    </Stack>
  );
}
