import type { IncomingMessage } from 'node:http';
import { isIP, isIPv4, isIPv6 } from 'node:net';
import proxyaddr from 'proxy-addr';

/** TRUST_PROXY as the config reads it: nothing, a hop count, or addresses, CIDRs and names. */
export type TrustProxy = false | number | readonly string[];
export type TrustFunction = (address: string, hop: number) => boolean;

/** TRUST_PROXY as a function, compiled once, with Express's `trust proxy` meaning. */
export function compileTrust(trust: TrustProxy): TrustFunction {
  if (trust === false) return () => false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return proxyaddr.compile([...trust]);
}

/**
 * The client's address: the socket's, or the one the trusted proxies vouch
 * for. An X-Forwarded-For entry that is not an IP address is never the client:
 * the request is then keyed by the nearest address that is one, the proxy that
 * passed it on.
 */
export function clientAddress(req: IncomingMessage, trust: TrustFunction): string | undefined {
  const chain = proxyaddr.all(req, trust);
  for (let i = chain.length - 1; i >= 0; i--) {
    const address = chain[i] ?? '';
    if (isIP(address.replace(/%.*$/, '')) !== 0) return address;
  }
  return undefined;
}

function parseIPv6(address: string): number[] | undefined {
  let text = address;
  const tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  const last = text.slice(lastColon + 1);
  if (last.includes('.')) {
    const [a = 0, b = 0, c = 0, d = 0] = last.split('.').map(Number);
    tail.push((a << 8) | b, (c << 8) | d);
    text = text.slice(0, lastColon);
    // '::1.2.3.4' and '1::1.2.3.4' leave a lone trailing colon of their '::'.
    if (text.endsWith(':')) text += ':';
  }
  const [head = '', rest] = text.split('::');
  const toGroups = (part: string): number[] => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const headGroups = toGroups(head);
  const restGroups = rest === undefined ? [] : toGroups(rest);
  const missing = 8 - tail.length - headGroups.length - restGroups.length;
  if (missing < 0 || (rest === undefined && missing !== 0)) return undefined;
  return [...headGroups, ...new Array<number>(missing).fill(0), ...restGroups, ...tail];
}

/**
 * The rate-limit key for a client address: an IPv4 address as is (also when it
 * arrives IPv4-mapped as `::ffff:a.b.c.d`), and an IPv6 address by its prefix,
 * because one IPv6 subscriber usually holds a whole /56 or /64.
 */
export function clientKey(address: string | undefined, ipv6PrefixLength: number): string {
  if (address === undefined || address === '') return 'unknown';
  const bare = address.replace(/%.*$/, '');
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return bare;
  const groups = parseIPv6(bare);
  if (!groups || groups.length !== 8) return bare;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  }
  const masked = groups.map((group, index) => {
    const keep = Math.min(16, Math.max(0, ipv6PrefixLength - index * 16));
    return keep === 0 ? 0 : group & ((0xffff << (16 - keep)) & 0xffff);
  });
  return `${masked.map((group) => group.toString(16)).join(':')}/${ipv6PrefixLength}`;
}
