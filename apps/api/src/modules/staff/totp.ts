import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP), as every authenticator app makes
 * them: HMAC-SHA1, 6 digits, 30-second steps. A code is accepted for its own step and the one
 * before or after (a phone's clock a little off), and never twice: the caller keeps the last step
 * accepted and passes it in.
 */
export const TOTP = { digits: 6, periodSeconds: 30, window: 1, secretBytes: 20 } as const;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding: how authenticator apps take a secret. */
export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Spaces, dashes, padding and lower case are forgiven (people type secrets by hand). */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error('Not a base32 secret');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export const newTotpSecret = () => base32Encode(randomBytes(TOTP.secretBytes));

/** RFC 4226: the code of counter `counter` for `key`. */
export function hotp(key: Buffer, counter: number, digits: number = TOTP.digits, algorithm = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac(algorithm, key).update(message).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export const totpStep = (at: Date, periodSeconds: number = TOTP.periodSeconds) => Math.floor(at.getTime() / 1000 / periodSeconds);

/** The code an app shows at `at` for a base32 secret. */
export function totpCode(secret: string, at: Date, digits: number = TOTP.digits): string {
  return hotp(base32Decode(secret), totpStep(at), digits);
}

/**
 * The step whose code `code` is, within one step of `at` and after `lastStep`; null when none. The
 * caller stores the answer as the new last step, so the same code is refused the second time.
 */
export function verifyTotp(secret: string, code: string, at: Date, lastStep: number | null = null): number | null {
  const given = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(given)) return null;
  const key = base32Decode(secret);
  const now = totpStep(at);
  let found: number | null = null;
  // Every candidate is compared (no early return), in constant time.
  for (let step = now - TOTP.window; step <= now + TOTP.window; step++) {
    const match = timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(given));
    if (match && (lastStep === null || step > lastStep) && found === null) found = step;
  }
  return found;
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function otpauthUri(secret: string, account: string, issuer: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP.digits),
    period: String(TOTP.periodSeconds),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
