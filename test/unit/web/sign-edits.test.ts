import { describe, expect, it } from 'vitest';
import { edits, editsWithExpiry, pairAlgorithmFor } from '../../../web/src/sign-edits.js';

// jwt.io's example claims, with an expiry.
const BEFORE = { sub: '1234567890', name: 'John Doe', iat: 1516239022, exp: 1516242622 };

describe('the claim edits Edit and sign sends', () => {
  it('are the members changed or added, and the names removed', () => {
    expect(edits(BEFORE, { sub: '43', name: 'John Doe', iat: 1516239022, role: 'admin' })).toEqual({
      set: { sub: '43', role: 'admin' },
      unset: ['exp'],
    });
  });

  it('leave exp to "Expires in" when it is given, whether exp was removed or changed', () => {
    // A user trial's case: exp removed from the claims, "Expires in" 3600; the service refuses exp beside expires_in.
    expect(editsWithExpiry(BEFORE, { sub: '43', role: 'admin' }, '3600')).toEqual({
      set: { sub: '43', role: 'admin' },
      unset: ['name', 'iat'],
    });
    expect(editsWithExpiry(BEFORE, { ...BEFORE, exp: 1 }, 'PT1H')).toEqual({ set: {}, unset: [] });
  });

  it('keep an edited or removed exp without "Expires in"', () => {
    expect(editsWithExpiry(BEFORE, { ...BEFORE, exp: 1 }, '')).toEqual({ set: { exp: 1 }, unset: [] });
    expect(editsWithExpiry(BEFORE, { sub: '1234567890', name: 'John Doe', iat: 1516239022 }, '')).toEqual({ set: {}, unset: ['exp'] });
  });
});

describe('the algorithm of a generated key pair', () => {
  it("starts at the token's own where a pair can be made for it", () => {
    expect(pairAlgorithmFor('RS256')).toBe('RS256');
    expect(pairAlgorithmFor('EdDSA')).toBe('EdDSA');
  });

  it('is ES256 for a secret-signed, unsigned or unnamed algorithm', () => {
    for (const algorithm of ['HS256', 'none', 'RS1', null, undefined]) expect(pairAlgorithmFor(algorithm)).toBe('ES256');
  });
});
