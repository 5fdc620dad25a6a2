import { describe, expect, it } from 'vitest';
import { clientKey } from '../../src/adapters/driving/http/client-key.js';

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
    [undefined, 56, 'unknown'],
  ])('keys %s with a /%i as %s', (address, prefix, key) => {
    expect(clientKey(address, prefix)).toBe(key);
  });

  it('gives two addresses in one /56 the same key and a neighbouring /56 another', () => {
    expect(clientKey('2001:db8:1:100::1', 56)).toBe(clientKey('2001:db8:1:1ff:ffff::9', 56));
    expect(clientKey('2001:db8:1:200::1', 56)).not.toBe(clientKey('2001:db8:1:100::1', 56));
  });
});
