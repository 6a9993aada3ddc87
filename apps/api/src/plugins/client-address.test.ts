import { describe, expect, it } from 'vitest';
import { addressKey, requestLimitKey } from './client-address.js';

describe('the key a request counts against', () => {
  it('is the address for IPv4 and the /64 network for IPv6', () => {
    expect(requestLimitKey('203.0.113.7')).toBe('203.0.113.7');
    expect(requestLimitKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(requestLimitKey('2001:db8:0:1:aa:bb:cc:dd')).toBe(addressKey('2001:db8:0:1::1'));
  });

  it('never fails a request whose client has gone (no address) or sent no address', () => {
    expect(requestLimitKey(undefined)).toBe('unknown');
    expect(requestLimitKey('')).toBe('unknown');
    expect(requestLimitKey('not-an-address')).toBe('not-an-address');
  });
});
