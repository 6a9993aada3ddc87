import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.js';
import { base32Decode, base32Encode, hotp, otpauthUri, totpCode, totpStep, verifyTotp } from './totp.js';

// RFC 6238 appendix B: the SHA-1 key is the ASCII "12345678901234567890".
const RFC_KEY = Buffer.from('12345678901234567890', 'ascii');
const RFC_SECRET = base32Encode(RFC_KEY);

describe('TOTP (RFC 6238, SHA-1)', () => {
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('at %i s gives the RFC test vector %s (8 digits) and its last 6 digits', (seconds, expected) => {
    const at = new Date(seconds * 1000);
    expect(hotp(RFC_KEY, totpStep(at), 8)).toBe(expected);
    expect(totpCode(RFC_SECRET, at)).toBe(expected.slice(2));
  });

  it('matches RFC 4226 appendix D HOTP values', () => {
    expect([0, 1, 2, 9].map((counter) => hotp(RFC_KEY, counter))).toEqual(['755224', '287082', '359152', '520489']);
  });

  it('base32 round-trips and forgives spaces, lower case and padding', () => {
    expect(RFC_SECRET).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('gezd gnbv gy3t qojq gezd gnbv gy3t qojq==')).toEqual(RFC_KEY);
    expect(() => base32Decode('not base32!')).toThrow();
  });

  it('accepts the step before and after, not two steps away', () => {
    const at = new Date(1_700_000_000_000);
    const step = totpStep(at);
    const codeAt = (offset: number) => totpCode(RFC_SECRET, new Date(at.getTime() + offset * 30_000));
    expect(verifyTotp(RFC_SECRET, codeAt(0), at)).toBe(step);
    expect(verifyTotp(RFC_SECRET, codeAt(-1), at)).toBe(step - 1);
    expect(verifyTotp(RFC_SECRET, codeAt(1), at)).toBe(step + 1);
    expect(verifyTotp(RFC_SECRET, codeAt(-2), at)).toBeNull();
    expect(verifyTotp(RFC_SECRET, codeAt(2), at)).toBeNull();
  });

  it('never accepts a code twice, nor one older than the last accepted', () => {
    const at = new Date(1_700_000_000_000);
    const code = totpCode(RFC_SECRET, at);
    const step = verifyTotp(RFC_SECRET, code, at)!;
    expect(verifyTotp(RFC_SECRET, code, at, step)).toBeNull();
    const previous = totpCode(RFC_SECRET, new Date(at.getTime() - 30_000));
    expect(verifyTotp(RFC_SECRET, previous, at, step)).toBeNull();
    const next = totpCode(RFC_SECRET, new Date(at.getTime() + 30_000));
    expect(verifyTotp(RFC_SECRET, next, at, step)).toBe(step + 1);
  });

  it('refuses codes that are not six digits', () => {
    const at = new Date(1_700_000_000_000);
    for (const bad of ['', '12345', '1234567', 'abcdef', '12 34 5']) expect(verifyTotp(RFC_SECRET, bad, at)).toBeNull();
    expect(verifyTotp(RFC_SECRET, ` ${totpCode(RFC_SECRET, at).replace(/^(\d{3})/, '$1 ')} `, at)).not.toBeNull();
  });

  it('writes the otpauth address authenticator apps read', () => {
    const uri = new URL(otpauthUri(RFC_SECRET, 'amna@agency.sd', 'Kwenda'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Kwenda:amna@agency.sd');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret: RFC_SECRET,
      issuer: 'Kwenda',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});

describe('secret box', () => {
  it('seals a secret that only the same server secret opens', () => {
    const box = createSecretBox(new TextEncoder().encode('server-secret-one'));
    const sealed = box.seal(RFC_SECRET);
    expect(sealed).not.toContain(RFC_SECRET);
    expect(box.seal(RFC_SECRET)).not.toBe(sealed);
    expect(box.open(sealed)).toBe(RFC_SECRET);
    expect(() => createSecretBox(new TextEncoder().encode('another')).open(sealed)).toThrow();
  });
});
