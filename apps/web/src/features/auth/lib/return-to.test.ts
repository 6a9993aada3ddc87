import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to';

describe('safeReturnTo', () => {
  it('keeps paths of this site with their query', () => {
    expect(safeReturnTo('/profile')).toBe('/profile');
    expect(safeReturnTo('/booking/bk_abc?x=1')).toBe('/booking/bk_abc?x=1');
    expect(safeReturnTo('/AB12/offers?tripType=one-way')).toBe('/AB12/offers?tripType=one-way');
  });

  it('refuses other hosts and odd values', () => {
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'evil',
      '',
      null,
      42,
      '/\tfoo',
      `/${'a'.repeat(600)}`,
    ])
      expect(safeReturnTo(bad)).toBeNull();
  });

  it('does not send a visitor back to an account page', () => {
    for (const page of ['/login', '/signup?x', '/email_confirmation', '/password_reset/abc', '/AB12/login', '/logout_success'])
      expect(safeReturnTo(page)).toBeNull();
  });
});
