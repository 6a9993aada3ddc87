import { describe, expect, it } from 'vitest';
import { cleanLocalNumber, nationalDigits, readTypedNumber, splitE164, toE164 } from './phone-number';

describe('phone numbers', () => {
  it('keeps digits only and turns Arabic-Indic digits Latin', () => {
    expect(cleanLocalNumber('٠٩١٢ ٣٤٥-٦٧٨')).toBe('0912345678');
    expect(cleanLocalNumber('0912abc345678')).toBe('0912345678');
  });

  it('builds E.164 from the dial code, dropping a trunk zero or a repeated dial code; null when empty', () => {
    expect(toE164('+249', '0912345678')).toBe('+249912345678');
    expect(toE164('+249', '912345678')).toBe('+249912345678');
    expect(toE164('+249', '249912345678')).toBe('+249912345678');
    expect(toE164('+966', '0501234567')).toBe('+966501234567');
    // Italy's leading zero is part of the number, not a trunk prefix.
    expect(toE164('+39', '0612345678')).toBe('+390612345678');
    expect(toE164('+249', '   ')).toBeNull();
  });

  it('splits a stored number into its dial code and national digits without any country list', () => {
    expect(splitE164('+249912345678')).toEqual({ dialCode: '+249', local: '912345678' });
    expect(splitE164('+966501234567')).toEqual({ dialCode: '+966', local: '501234567' });
    expect(splitE164('+201012345678')).toEqual({ dialCode: '+20', local: '1012345678' });
    expect(splitE164('+12025550123')).toEqual({ dialCode: '+1', local: '2025550123' });
    expect(splitE164('+971501234567')).toEqual({ dialCode: '+971', local: '501234567' });
    expect(splitE164(null)).toEqual({ dialCode: '+249', local: '' });
    // Too short to be a number still keeps its dial code apart.
    expect(splitE164('+2491')).toEqual({ dialCode: '+249', local: '1' });
  });

  it.each(['+249912345678', '+966501234567', '+201012345678', '+12025550123', '+447700900123', '+390612345678'])(
    'round-trips %s through the form unchanged',
    (saved) => {
      const { dialCode, local } = splitE164(saved);
      expect(toE164(dialCode, local)).toBe(saved);
    },
  );

  it('moves the dial code of a pasted international number into the dial code list', () => {
    expect(readTypedNumber('+966 50 123 4567', '+249')).toEqual({ dialCode: '+966', local: '501234567' });
    expect(readTypedNumber('00201012345678', '+249')).toEqual({ dialCode: '+20', local: '1012345678' });
    expect(readTypedNumber('0912 345 678', '+249')).toEqual({ dialCode: '+249', local: '912345678' });
  });

  it('drops the trunk prefix as it is typed, only where the country has one', () => {
    expect(nationalDigits('0', '+249')).toBe('');
    expect(nationalDigits('09', '+249')).toBe('9');
    expect(nationalDigits('٠٩١٢ ٣٤٥-٦٧٨', '+249')).toBe('912345678');
    expect(nationalDigits('249912345678', '+249')).toBe('912345678');
    expect(nationalDigits('0501234567', '+966')).toBe('501234567');
    expect(nationalDigits('8912345678', '+7')).toBe('912345678');
    // Italy's leading zero is part of the number.
    expect(nationalDigits('06', '+39')).toBe('06');
    expect(nationalDigits('0612345678', '+39')).toBe('0612345678');
  });
});
