import { describe, expect, it } from 'vitest';
import { formatFlightNumber } from './flight-number';

describe('formatFlightNumber', () => {
  it('separates the carrier code from the number', () => {
    expect(formatFlightNumber('MS856')).toBe('MS 856');
    expect(formatFlightNumber('3T401')).toBe('3T 401');
    expect(formatFlightNumber('ET 3021')).toBe('ET 3021');
  });

  it('leaves anything else as the supplier wrote it', () => {
    expect(formatFlightNumber('CHARTER-7')).toBe('CHARTER-7');
  });
});
