import type { IncomingMessage } from 'node:http';
import { isIP, isIPv4, isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';
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

/**
 * The rate-limit key for a client address: an IPv4 address as is (also when it
 * arrives IPv4-mapped as `::ffff:a.b.c.d`), and an IPv6 address by its prefix,
 * because one IPv6 subscriber usually holds a whole /56 or /64.
 */
export function clientKey(address: string | undefined, ipv6PrefixLength: number): string {
  if (address === undefined || address === '') return 'unknown';
  const bare = address.replace(/%.*$/, '');
  if (isIPv4(bare) || !isIPv6(bare)) return bare;
  // WHATWG URL writes an embedded IPv4 tail as hex groups first: ipaddr.js 2.5 reads '::1.2.3.4' as
  // IPv4-mapped (::ffff:1.2.3.4), which it is not.
  const ipv6 = ipaddr.IPv6.parse(new URL(`http://[${bare}]/`).hostname.slice(1, -1));
  if (ipv6.isIPv4MappedAddress()) return ipv6.toIPv4Address().toString();
  const bytes = ipv6.toByteArray().map((byte, index) => {
    const keep = Math.min(8, Math.max(0, ipv6PrefixLength - index * 8));
    return byte & ((0xff << (8 - keep)) & 0xff);
  });
  return `${ipaddr.fromByteArray(bytes).toNormalizedString()}/${ipv6PrefixLength}`;
}
