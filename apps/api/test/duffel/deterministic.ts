import { createHash } from 'node:crypto';

// Everything the stand-in invents comes from hashes of its inputs, never from Math.random, so the same
// search answers the same flights and prices on every run and in every process.

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function digest(...parts: (string | number)[]): Buffer {
  return createHash('sha256').update(parts.join('\u001f')).digest();
}

/** A whole number in [0, 2^32) derived from the parts. */
export function hashInt(...parts: (string | number)[]): number {
  return digest(...parts).readUInt32BE(0);
}

/** A whole number in [min, max] derived from the parts. */
export function hashRange(min: number, max: number, ...parts: (string | number)[]): number {
  return min + (hashInt(...parts) % (max - min + 1));
}

export function base62(bytes: Buffer, length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += BASE62[(bytes[i % bytes.length] ?? 0) % 62];
  return out;
}

/** Duffel-looking identifiers (`off_0000AbC...`), unique per server and repeatable for the same sequence of calls. */
export class IdFactory {
  private counter = 0;

  constructor(private readonly seed: string) {}

  next(prefix: string): string {
    this.counter += 1;
    return `${prefix}_0000${base62(digest(this.seed, prefix, this.counter), 18)}`;
  }

  /** An identifier that is a pure function of its parts (for things rebuilt on demand, such as services). */
  stable(prefix: string, ...parts: (string | number)[]): string {
    return `${prefix}_0000${base62(digest(this.seed, prefix, ...parts), 18)}`;
  }

  /** An airline record locator: six characters without the easily confused 0/O and 1/I. */
  bookingReference(): string {
    this.counter += 1;
    const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
    const bytes = digest(this.seed, 'pnr', this.counter);
    let out = '';
    for (let i = 0; i < 6; i += 1) out += alphabet[(bytes[i] ?? 0) % alphabet.length];
    return out;
  }

  /** A 13-digit e-ticket number: the airline's 3-digit accounting code and ten digits. */
  ticketNumber(airlinePrefix: string): string {
    this.counter += 1;
    const bytes = digest(this.seed, 'tkt', this.counter);
    let out = airlinePrefix;
    for (let i = 0; out.length < 13; i += 1) out += String((bytes[i] ?? 0) % 10);
    return out;
  }
}

/** Money as Duffel writes it: a decimal string with two places. */
export function money(amount: number): string {
  return (Math.round(amount * 100) / 100).toFixed(2);
}

/** Parses a Duffel money string into whole cents, or null when it is not one. */
export function toCents(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d+(\.\d{1,2})?$/.test(value)) return null;
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function centsToMoney(cents: number): string {
  return (cents / 100).toFixed(2);
}
