import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network an address belongs to, for limits that one subscriber must not dodge by using
 * the next address: an IPv4 /24, or an IPv6 /48 (what providers hand one site). IPv4 mapped
 * into IPv6 counts as IPv4. Anything else (a unix socket, garbage) is its own range.
 */
export function addressRange(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const address = mapped ?? ip;
  if (isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(address)) {
    const [head = '', tail] = address.toLowerCase().split('%')[0]!.split('::');
    const front = head ? head.split(':') : [];
    const back = tail === undefined ? [] : tail ? tail.split(':') : [];
    const groups =
      tail === undefined
        ? front
        : [...front, ...Array(8 - front.length - back.length).fill('0'), ...back];
    return `${groups
      .slice(0, 3)
      .map((group) => group.replace(/^0+(?=.)/, ''))
      .join(':')}::/48`;
  }
  return address;
}
