import type { ErrorEvent } from '@sentry/react';
import { describe, expect, it } from 'vitest';
import { scrubBreadcrumb, scrubEvent, scrubText } from './report-scrub';

describe('error reports carry no personal data', () => {
  it('replaces passport numbers, e-mail addresses and dates, and keeps the rest of the text', () => {
    expect(scrubText('Passport P01234567 of amna.osman@gmail.com, born 1990-02-03, flight MS 852')).toBe(
      'Passport [document] of [email], born [date], flight MS 852',
    );
    // A booking reference and ordinary words are kept.
    expect(scrubText('Booking KW7F3K9Q failed: offer expired')).toBe('Booking KW7F3K9Q failed: offer expired');
  });

  it('scrubs an event: its message, exception values, extra data and breadcrumbs (console arguments dropped)', () => {
    const event = {
      type: undefined,
      message: 'Could not save P01234567',
      exception: { values: [{ type: 'Error', value: 'documentNumber "A12345678" refused' }] },
      extra: { typed: 'P07654321' },
      breadcrumbs: [
        {
          category: 'console',
          level: 'log',
          message: 'passenger P01234567',
          data: { arguments: [{ documentNumber: 'P01234567' }] },
        },
        { category: 'fetch', data: { url: '/api/v1/bookings/:id', method: 'PUT' } },
      ],
    } as unknown as ErrorEvent;
    const text = JSON.stringify(scrubEvent(event));
    expect(text).not.toMatch(/P01234567|A12345678|P07654321/);
    expect(text).toContain('/api/v1/bookings/:id');
    expect(scrubBreadcrumb({ category: 'ui.input', message: 'input[name="email"] x@y.sd' }).message).toBe(
      'input[name="email"] [email]',
    );
  });
});
