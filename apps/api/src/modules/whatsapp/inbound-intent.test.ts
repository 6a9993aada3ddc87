import { describe, expect, it } from 'vitest';
import { inboundIntentOf } from './inbound-intent.js';
import { checkWebhookSignature, sameVerifyToken, signWebhookBody } from './webhook-signature.js';

describe('what a traveller wrote', () => {
  it.each([
    ['STOP', 'stop', 'en'],
    ['  stop ', 'stop', 'en'],
    ['Stop.', 'stop', 'en'],
    ['إيقاف', 'stop', 'ar'],
    ['ايقاف', 'stop', 'ar'],
    ['«إيقاف»', 'stop', 'ar'],
    ['إيـقـاف', 'stop', 'ar'],
    ['START', 'start', 'en'],
    ['ابدأ', 'start', 'ar'],
    ['ابدا', 'start', 'ar'],
  ])('reads %j as %s in %s', (text, intent, language) => {
    expect(inboundIntentOf(text)).toEqual({ intent, language });
  });

  it.each(['stop sending me the reminder please', 'stopp', 'hello', '', undefined])('reads %j as anything else', (text) => {
    expect(inboundIntentOf(text)).toEqual({ intent: 'other' });
  });
});

describe('X-Hub-Signature-256', () => {
  const body = Buffer.from('{"object":"whatsapp_business_account","entry":[]}');
  it('is the HMAC-SHA256 of the raw body with the app secret', () => {
    expect(checkWebhookSignature(body, signWebhookBody(body, 's3cret'), 's3cret')).toBe('valid');
    expect(
      checkWebhookSignature(body, signWebhookBody(body, 's3cret').toUpperCase().replace('SHA256=', 'sha256='), 's3cret'),
    ).toBe('valid');
    expect(checkWebhookSignature(body, undefined, 's3cret')).toBe('missing');
    expect(checkWebhookSignature(body, signWebhookBody(body, 'other'), 's3cret')).toBe('mismatch');
    expect(checkWebhookSignature(Buffer.from(`${body.toString()} `), signWebhookBody(body, 's3cret'), 's3cret')).toBe('mismatch');
    expect(checkWebhookSignature(body, 'sha1=abc', 's3cret')).toBe('mismatch');
  });
});

describe('the verification handshake', () => {
  it('takes only the configured verify token, and none while it is unset', () => {
    expect(sameVerifyToken('local-verify', 'local-verify')).toBe(true);
    expect(sameVerifyToken('local-verif', 'local-verify')).toBe(false);
    expect(sameVerifyToken('local-verify-and-more', 'local-verify')).toBe(false);
    expect(sameVerifyToken(undefined, 'local-verify')).toBe(false);
    expect(sameVerifyToken('', '')).toBe(false);
    expect(sameVerifyToken('anything', undefined)).toBe(false);
  });
});
