import { describe, expect, it } from 'vitest';
import { cleanPagePath, matchSitePage, withoutReferralCode } from './page-path.js';

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

describe('matchSitePage', () => {
  it.each([
    ['/', '', {}, null],
    ['/offers', 'offers', {}, null],
    ['/offers/', 'offers', {}, null],
    ['/About', 'about', {}, null],
    ['/booking/bk_abc123', 'booking/:id', { id: 'bk_abc123' }, null],
    ['/booking/bk%20x', 'booking/:id', { id: 'bk x' }, null],
    ['/password_reset/tok-en', 'password_reset/:token', { token: 'tok-en' }, null],
    ['/KW2024', '', {}, 'KW2024'],
    ['/KW2024/faqs', 'faqs', {}, 'KW2024'],
    ['/AGENT7/booking/bk_1', 'booking/:id', { id: 'bk_1' }, 'AGENT7'],
  ])('%s opens %s', (path, page, params, referralCode) => {
    expect(matchSitePage(path)).toEqual({ page, params, referralCode });
  });

  it.each([
    '/some/unknown/page',
    '/hello',
    '/ABOUTX',
    '/booking',
    '/booking/bk_1/extra',
    '/offers/extra',
    '/hello/offers',
    '/kw2024/offers',
    '/KW2024/KW2025/offers',
    '/KW2024/unknown',
    '/wp-admin/setup.php',
  ])('%s is no page (coming soon)', (path) => {
    expect(matchSitePage(path)).toBeNull();
  });
});

describe('withoutReferralCode', () => {
  it.each([
    ['/KW2024', '/'],
    ['/KW2024/', '/'],
    ['/KW2024/offers', '/offers'],
    ['/AGENT7/faqs', '/faqs'],
    ['/KW2024/booking/bk_1', '/booking/bk_1'],
    // Not a page under a code: as it is.
    ['/offers', '/offers'],
    ['/', '/'],
    ['/kw2024/offers', '/kw2024/offers'],
    ['/KW2024/nothing', '/KW2024/nothing'],
    ['/KW2024/admin', '/KW2024/admin'],
    ['/admin/bookings', '/admin/bookings'],
  ])('%s -> %s', (input, expected) => {
    expect(withoutReferralCode(input)).toBe(expected);
  });
});
