import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { whatsappUrl } from '../lib/whatsapp';

/** A link that opens a WhatsApp chat with the agency in a new tab, its text written in advance. */
export function WhatsAppButton({
  number,
  message,
  rel = 'noopener',
  children,
  ...button
}: Omit<ButtonProps, 'color' | 'children'> & {
  number: string;
  message: string;
  rel?: string;
  children: ReactNode;
}) {
  return (
    // WhatsApp green darkened to 6.3:1 behind white text.
    <Button component="a" href={whatsappUrl(number, message)} target="_blank" rel={rel} color="#1b6e35" {...button}>
      {children}
    </Button>
  );
}
