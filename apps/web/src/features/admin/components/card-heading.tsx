import { Group, Title, type TitleOrder } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The top line of a card in a desk list: its heading (with the id the card is labelled by) and,
 * at the other end, what to know at a glance (a badge, a time).
 */
export function CardHeading({
  id,
  children,
  aside,
  order = 2,
  size = 'h4',
  className,
}: {
  id: string;
  children: ReactNode;
  aside?: ReactNode;
  order?: TitleOrder;
  size?: string;
  className?: string;
}) {
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Title order={order} size={size} id={id} className={className}>
        {children}
      </Title>
      {aside}
    </Group>
  );
}
