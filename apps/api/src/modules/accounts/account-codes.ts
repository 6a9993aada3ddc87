import { createHmac, timingSafeEqual } from 'node:crypto';
import { westernDigits } from './phone-number.js';

/**
 * The one-time codes sent to prove an address or a number (the e-mailed sign-up code, the WhatsApp
 * sign-in code, the code that adds a contact to an account). Only an HMAC of a code is stored: a
 * database leak gives away no live code. A code is itself derived from the secret, the row it belongs
 * to and the instant it was issued, so the server can send the same code again (the stored HMAC
 * cannot be read back) instead of replacing one the traveller may already hold.
 */
export function createCodeKeys(secret: Uint8Array) {
  const hash = (id: string, code: string) => createHmac('sha256', secret).update(`${id}:${code}`).digest('hex');
  return {
    hash,
    /** The code of row `id` issued at `issuedAt`; `kind` keeps the codes of different tables apart. */
    derive(kind: string, id: string, issuedAt: Date, length: number) {
      const digest = createHmac('sha256', secret).update(`${kind}:${id}:${issuedAt.toISOString()}`).digest();
      return String(digest.readUIntBE(0, 6) % 10 ** length).padStart(length, '0');
    },
    /** Whether `code` is the one whose HMAC is stored, compared in constant time. */
    matches(storedHash: string, id: string, code: string) {
      const given = Buffer.from(hash(id, westernDigits(code.trim())), 'hex');
      const stored = Buffer.from(storedHash, 'hex');
      return given.length === stored.length && timingSafeEqual(given, stored);
    },
  };
}

export type CodeKeys = ReturnType<typeof createCodeKeys>;
