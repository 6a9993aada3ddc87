import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Duffel signs each webhook delivery with the webhook's secret: header
 * `X-Duffel-Signature: t=<unix seconds>,v1=<hex>` where v1 = hex(HMAC-SHA256(secret, `${t}.${raw body}`))
 * (Duffel's webhook docs; its client libraries check it the same way). The body must be the bytes as
 * received: parsed and re-serialized JSON would not match.
 */

/** A delivery signed longer ago than this is refused: a captured delivery cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

export type SignatureCheck = 'valid' | 'missing' | 'malformed' | 'stale' | 'mismatch';

const SIGNATURE = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/i;

export function signDuffelPayload(rawBody: Buffer | string, secret: string, timestampSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestampSeconds}.`).update(rawBody).digest('hex');
  return `t=${timestampSeconds},v1=${v1}`;
}

export function checkDuffelSignature(
  rawBody: Buffer,
  header: string | undefined,
  secret: string,
  now: Date,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): SignatureCheck {
  if (!header) return 'missing';
  const match = SIGNATURE.exec(header.trim());
  if (!match) return 'malformed';
  const timestamp = Number(match[1]);
  const given = Buffer.from(match[2]!.toLowerCase(), 'hex');
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
  // The signature first: a stale delivery is reported as stale only when it is genuine.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'mismatch';
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) return 'stale';
  return 'valid';
}
