import { isIP } from 'node:net';

/**
 * The client address as limits count it: an IPv4 address as it is (an IPv4 address mapped into IPv6
 * too), an IPv6 address as its /64 network, written "2001:db8:0:1::/64". One subscriber gets a whole
 * /64 and may change the rest at will, so counting whole addresses would let one client pass as
 * millions. Null when the text is no address.
 */
export function addressKey(address: string): string | null {
  let value = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(value);
  if (mapped) value = mapped[1]!;
  const network = value.endsWith('/64');
  if (network) value = value.slice(0, -3);
  const version = isIP(value);
  if (version === 4 && !network) return value;
  if (version !== 6) return null;
  return `${expandIpv6(value).slice(0, 4).join(':')}::/64`;
}

/**
 * What a request counts against in the request limits: its address's key, or the address's text when it
 * is no address. A request whose client has already gone has no address at all (the socket closed):
 * it counts as one unknown client rather than failing the request.
 */
export function requestLimitKey(address: string | undefined): string {
  if (!address) return 'unknown';
  return addressKey(address) ?? address;
}

/** The eight groups of an IPv6 address, each in lower-case hex without leading zeros. */
function expandIpv6(value: string): string[] {
  let text = value;
  // A trailing IPv4 address is the last two groups.
  const ipv4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (ipv4) {
    const [a, b, c, d] = ipv4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, ipv4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail === undefined ? [] : tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].map((group) => parseInt(group, 16).toString(16));
}
