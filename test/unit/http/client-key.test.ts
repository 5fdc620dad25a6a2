import { describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'node:http';
import { clientAddress, clientKey, compileTrust } from '../../../src/adapters/driving/http/client-key.js';

describe('clientKey', () => {
  it.each([
    ['203.0.113.7', 56, '203.0.113.7'],
    ['::ffff:203.0.113.7', 56, '203.0.113.7'],
    ['::FFFF:203.0.113.7', 56, '203.0.113.7'],
    ['::ffff:cb00:7107', 56, '203.0.113.7'],
    ['2001:db8:abcd:12ff:1:2:3:4', 56, '2001:db8:abcd:1200:0:0:0:0/56'],
    ['2001:db8:abcd:1234::1', 56, '2001:db8:abcd:1200:0:0:0:0/56'],
    ['2001:db8:abcd:12ab:ffff::', 64, '2001:db8:abcd:12ab:0:0:0:0/64'],
    ['2001:db8::1', 128, '2001:db8:0:0:0:0:0:1/128'],
    ['fe80::1%eth0', 56, 'fe80:0:0:0:0:0:0:0/56'],
    ['::1', 56, '0:0:0:0:0:0:0:0/56'],
    ['::', 56, '0:0:0:0:0:0:0:0/56'],
    ['64:ff9b::192.0.2.33', 96, '64:ff9b:0:0:0:0:0:0/96'],
    ['1::1.2.3.4', 128, '1:0:0:0:0:0:102:304/128'],
    // Mapped only when all five leading groups are zero.
    ['1::ffff:1.2.3.4', 56, '1:0:0:0:0:0:0:0/56'],
    ['::1:ffff:1.2.3.4', 128, '0:0:0:0:1:ffff:102:304/128'],
    ['::1.2.3.4', 128, '0:0:0:0:0:0:102:304/128'],
    ['2001:db8:abcd:12ff::', 60, '2001:db8:abcd:12f0:0:0:0:0/60'],
    ['2001:db8:abcd:12ff::', 52, '2001:db8:abcd:1000:0:0:0:0/52'],
    ['ffff:ffff::', 1, '8000:0:0:0:0:0:0:0/1'],
    ['ffff:ffff::', 0, '0:0:0:0:0:0:0:0/0'],
    [undefined, 56, 'unknown'],
    ['', 56, 'unknown'],
    ['not-an-address', 56, 'not-an-address'],
  ])('keys %s with a /%i as %s', (address, prefix, key) => {
    expect(clientKey(address, prefix)).toBe(key);
  });

  it('gives two addresses in one /56 the same key and a neighbouring /56 another', () => {
    expect(clientKey('2001:db8:1:100::1', 56)).toBe(clientKey('2001:db8:1:1ff:ffff::9', 56));
    expect(clientKey('2001:db8:1:200::1', 56)).not.toBe(clientKey('2001:db8:1:100::1', 56));
  });
});

/** A request as proxy-addr reads it: the socket's address and the X-Forwarded-For header. */
const requestFrom = (remoteAddress: string | undefined, forwardedFor?: string): IncomingMessage =>
  ({
    socket: { remoteAddress },
    connection: { remoteAddress },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  }) as unknown as IncomingMessage; // as unknown as: a test double with only the fields proxy-addr reads

describe('compileTrust', () => {
  it('trusts nothing when TRUST_PROXY is unset', () => {
    const trust = compileTrust(false);
    expect(trust('127.0.0.1', 0)).toBe(false);
  });

  it('trusts the nearest hops when it is a count', () => {
    const trust = compileTrust(2);
    expect([0, 1, 2, 3].map((hop) => trust('198.51.100.1', hop))).toEqual([true, true, false, false]);
  });

  it('trusts the listed addresses and ranges', () => {
    const trust = compileTrust(['10.0.0.0/8', '192.0.2.7']);
    expect(trust('10.200.0.1', 0)).toBe(true);
    expect(trust('192.0.2.7', 3)).toBe(true);
    expect(trust('192.0.2.8', 0)).toBe(false);
  });
});

describe('clientAddress', () => {
  it('is the socket address when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddress(requestFrom('198.51.100.1', '203.0.113.9'), compileTrust(false))).toBe('198.51.100.1');
  });

  it('walks X-Forwarded-For through as many hops as are trusted', () => {
    const req = requestFrom('10.0.0.1', '203.0.113.9, 192.0.2.1, 10.0.0.2');
    expect(clientAddress(req, compileTrust(1))).toBe('10.0.0.2');
    expect(clientAddress(req, compileTrust(2))).toBe('192.0.2.1');
    expect(clientAddress(req, compileTrust(3))).toBe('203.0.113.9');
    expect(clientAddress(req, compileTrust(9))).toBe('203.0.113.9');
  });

  it('keys a request by the nearest real address when a trusted hop vouches for something that is not one', () => {
    expect(clientAddress(requestFrom('10.0.0.1', 'unknown'), compileTrust(1))).toBe('10.0.0.1');
    // The farthest trusted entry is the client; a name there falls back to the nearest real address.
    expect(clientAddress(requestFrom('10.0.0.1', '203.0.113.9, _hidden'), compileTrust(1))).toBe('10.0.0.1');
    expect(clientAddress(requestFrom('10.0.0.1', '203.0.113.9, _hidden'), compileTrust(2))).toBe('203.0.113.9');
    expect(clientAddress(requestFrom('10.0.0.1', '_hidden, 192.0.2.1'), compileTrust(2))).toBe('192.0.2.1');
  });

  it('keeps an IPv6 zone, and has no address for a socket that has none', () => {
    expect(clientAddress(requestFrom('fe80::1%eth0'), compileTrust(false))).toBe('fe80::1%eth0');
    expect(clientAddress(requestFrom(undefined), compileTrust(false))).toBeUndefined();
  });
});
