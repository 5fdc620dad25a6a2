// The core's one byte-joining helper, which the HMAC key derivations, a certificate's constructed times and the
// portable key codec's constructed strings all read.
import { describe, expect, it } from 'vitest';
import { concatBytes } from '../../../../src/core/shared/bytes.js';

describe('concatBytes', () => {
  it('joins the parts in order, empty ones included', () => {
    const joined = concatBytes([Uint8Array.of(1, 2), new Uint8Array(0), Uint8Array.of(3), Uint8Array.of(4, 5, 6)]);
    expect([...joined]).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('gives an empty array for no parts, and a copy for one', () => {
    expect(concatBytes([])).toHaveLength(0);
    const part = Uint8Array.of(7, 8);
    const joined = concatBytes([part]);
    part[0] = 0;
    expect([...joined]).toEqual([7, 8]);
  });
});
