import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { redactError, redactedErrorSerializer, redactUrl } from './log-redaction.js';

describe('redactError', () => {
  // What PostgreSQL answers to a duplicate, with the values in `detail`, wrapped by Drizzle with its parameters.
  const database = Object.assign(new Error('duplicate key value violates unique constraint "passport_unique"'), {
    code: '23505',
    detail: 'Key (document_number)=(P01234567) already exists.',
    where: 'SQL statement with P01234567',
  });
  const failed = new DrizzleQueryError(
    'update "booking_passengers" set "document_number" = $1',
    ['P01234567', '1990-02-03'],
    database,
  );

  it('keeps the query, the database message and code, and withholds every value, through the cause', () => {
    const redacted = redactError(failed) as Error & { params: unknown; cause: Error & { code: string; detail: string } };
    expect(redacted.message).toBe('Failed query: update "booking_passengers" set "document_number" = $1\nparams: [withheld]');
    expect(redacted.params).toBe('[withheld]');
    expect(redacted.cause.message).toBe(database.message);
    expect(redacted.cause.code).toBe('23505');
    expect(redacted.cause.detail).toBe('[withheld]');
    expect(redacted.stack).not.toContain('P01234567');
    expect(JSON.stringify(redactedErrorSerializer(failed))).not.toMatch(/P01234567|1990-02-03/);
    // The error itself is left as it was (the caller may still need it).
    expect(failed.message).toContain('P01234567');
  });

  it('leaves other values alone', () => {
    expect(redactError('plain text')).toBe('plain text');
    expect((redactError(new TypeError('x is not a function')) as Error).name).toBe('TypeError');
  });
});

describe('redactUrl', () => {
  it('withholds the secrets addresses carry, in a URL and in an error that quotes one', () => {
    expect(redactUrl('/password_reset/abc123?lang=en')).toBe('/password_reset/[withheld]?lang=en');
    expect(redactUrl('/login?return_to=%2F&social_ticket=t0k3n')).toBe('/login?return_to=%2F&social_ticket=[withheld]');
    expect(redactUrl('/offers?departureStation=KRT&n=3')).toBe('/offers?departureStation=KRT&n=3');
    expect(redactUrl('/api/v1/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=s3cret&hub.challenge=42')).toBe(
      '/api/v1/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=[withheld]&hub.challenge=42',
    );
    const failed = new Error('fetch https://kwenda.sd/admin/setup/s3cr3t failed for bk_abcdefghij0123456789AB');
    const logged = JSON.stringify(redactedErrorSerializer(failed));
    expect(logged).not.toMatch(/s3cr3t|bk_abcdefghij/);
    expect(logged).toContain('/admin/setup/[withheld]');
  });
});
