import { describe, expect, it } from 'vitest';
import { digest, shake256Of } from '../../../../src/core/shared/hash.js';

const hex = (bytes: Uint8Array): string => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

// The one-block message "abc" of FIPS 180-2, Appendices A.1 (SHA-1), B.1 (SHA-256), D.1 (SHA-384) and C.1 (SHA-512).
const ABC = {
  sha1: 'a9993e364706816aba3e25717850c26c9cd0d89d',
  sha256: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
  sha384: 'cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7',
  sha512:
    'ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f',
} as const;

describe('digest', () => {
  it.each(Object.entries(ABC) as [keyof typeof ABC, string][])('gives FIPS 180-2 %s of "abc", as text or as bytes', (name, expected) => {
    expect(hex(digest(name, 'abc'))).toBe(expected);
    expect(hex(digest(name, new Uint8Array([0x61, 0x62, 0x63])))).toBe(expected);
  });

  it('reads a text as UTF-8 and bytes as they are', () => {
    expect(digest('sha256', 'é')).toEqual(digest('sha256', new Uint8Array([0xc3, 0xa9])));
    expect(digest('sha256', new Uint8Array([0xe9]))).not.toEqual(digest('sha256', 'é'));
  });
});

describe('shake256Of', () => {
  // SHAKE256 of the empty message, 512 bits: NIST's example values for FIPS 202 (SHAKE256_Msg0.pdf).
  it('gives FIPS 202 SHAKE256 of the empty message, as long as asked', () => {
    const expected =
      '46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762fd75dc4ddd8c0f200cb05019d67b592f6fc821c49479ab48640292eacb3b7c4be';
    expect(hex(shake256Of('', 64))).toBe(expected);
    expect(hex(shake256Of('', 32))).toBe(expected.slice(0, 64));
  });
});
