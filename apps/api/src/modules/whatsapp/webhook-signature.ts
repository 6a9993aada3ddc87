import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * X-Hub-Signature-256: `sha256=` and the hex HMAC-SHA256 of the raw body with the app secret
 * (WHATSAPP_APP_SECRET). Compared in constant time.
 */
export const signWebhookBody = (rawBody: Buffer | string, appSecret: string) =>
  `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;

export function checkWebhookSignature(
  rawBody: Buffer,
  header: string | undefined,
  appSecret: string,
): 'valid' | 'missing' | 'mismatch' {
  if (!header) return 'missing';
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!match) return 'mismatch';
  const given = Buffer.from(match[1]!.toLowerCase(), 'hex');
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? 'valid' : 'mismatch';
}

/**
 * The verification handshake's hub.verify_token against WHATSAPP_VERIFY_TOKEN, in constant time (both
 * hashed first, so their lengths tell nothing either).
 */
export function sameVerifyToken(given: string | undefined, expected: string | undefined): boolean {
  if (!given || !expected) return false;
  const digest = (value: string) => createHmac('sha256', 'whatsapp-verify-token').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
