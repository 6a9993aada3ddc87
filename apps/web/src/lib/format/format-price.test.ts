import { describe, expect, it } from 'vitest';
import { formatPrice } from './format-price';

// Intl inserts bidi marks and non-breaking spaces; compare what a reader sees.
const visible = (text: string) => text.replace(/[\u200e\u200f\u061c\u2066-\u2069]/g, '').replace(/\s/g, ' ');

describe('formatPrice', () => {
  it('uses Latin digits in Arabic, like times and flight numbers', () => {
    const text = visible(formatPrice(123456, 'SDG', 'ar'));
    expect(text).toContain('123,456');
    expect(text).not.toMatch(/[٠-٩]/);
    expect(text).toContain('ج.س');
  });

  it('shows whole pounds without decimals and other amounts with two', () => {
    expect(visible(formatPrice(250, 'USD', 'en'))).toBe('US$250');
    expect(visible(formatPrice(250.5, 'USD', 'en'))).toBe('US$250.50');
    expect(visible(formatPrice(98000, 'EGP', 'en'))).toBe('EGP 98,000');
  });

  it('isolates a Latin currency symbol in Arabic so it does not read "$US"', () => {
    expect(formatPrice(488.74, 'USD', 'ar')).toContain('\u2066US$\u2069');
    expect(formatPrice(488.74, 'USD', 'en')).not.toContain('\u2066');
    expect(formatPrice(5000, 'SAR', 'ar')).not.toContain('\u2066');
  });
});
