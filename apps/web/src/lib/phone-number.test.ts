import { describe, expect, it } from 'vitest';
import { cleanLocalNumber, splitE164, toE164 } from './phone-number';

describe('phone numbers', () => {
  it('keeps digits only, turns Arabic-Indic digits Latin and drops the leading zero', () => {
    expect(cleanLocalNumber('٠٩١٢ ٣٤٥-٦٧٨')).toBe('912345678');
    expect(cleanLocalNumber('0912abc345678')).toBe('912345678');
  });
  it('builds E.164 from the dial code, null when empty', () => {
    expect(toE164('+249', '0912345678')).toBe('+249912345678');
    expect(toE164('+249', '   ')).toBeNull();
  });
  it('splits a stored number by the longest matching dial code', () => {
    expect(splitE164('+249912345678', ['+2', '+249', '+20'])).toEqual({ dialCode: '+249', local: '912345678' });
    expect(splitE164(null, ['+249'])).toEqual({ dialCode: '+249', local: '' });
  });
});
