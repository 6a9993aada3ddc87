import { describe, expect, it } from 'vitest';
import { cleanPagePath } from './page-path.js';

describe('cleanPagePath', () => {
  it.each([
    ['/', '/'],
    ['', '/'],
    ['/offers?from=PZU&to=CAI&date=2026-12-01', '/offers'],
    ['/faqs#payment', '/faqs'],
    ['/offers/', '/offers'],
    ['/booking/bk_AbCdEfGhIjKlMnOpQrStUv', '/booking/:id'],
    ['/booking/bk_AbCdEfGhIjKlMnOpQrStUv?step=passengers', '/booking/:id'],
    ['/KW2024/booking/bk_AbCdEfGhIjKlMnOpQrStUv', '/KW2024/booking/:id'],
    ['/password_reset/short', '/password_reset/:token'],
    ['/api/v1/bookings/bk_AbCdEfGhIjKlMnOpQrStUv/pay', '/api/v1/bookings/:id/pay'],
    ['/someone@example.com', '/:redacted'],
    ['/bk_AbCdEfGhIjKlMnOpQrStUv', '/:redacted'],
    ['/a-very-long-segment-that-could-be-a-token', '/:redacted'],
    ['/email_confirmation', '/email_confirmation'],
  ])('%s -> %s', (input, expected) => {
    expect(cleanPagePath(input)).toBe(expected);
  });

  it('keeps at most 200 characters', () => {
    expect(cleanPagePath(`/${'abc/'.repeat(100)}`)).toHaveLength(200);
  });
});
