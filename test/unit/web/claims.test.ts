import { describe, expect, it } from 'vitest';
import { CLAIM_NAMES, DATE_CLAIMS, explainClaim } from '../../../web/src/claims.js';

describe('the claims dictionary', () => {
  it('names the RFC 7519 registered claims in words', () => {
    expect(explainClaim('exp')).toBe('Expiration time');
    expect(explainClaim('nbf')).toBe('Not before');
    expect(explainClaim('iat')).toBe('Issued at');
    expect(explainClaim('iss')).toBe('Issuer');
    expect(explainClaim('sub')).toBe('Subject');
    expect(explainClaim('aud')).toBe('Audience');
    expect(explainClaim('jti')).toBe('JWT ID');
  });

  it('knows the SD-JWT and OpenID Connect names too', () => {
    expect(explainClaim('_sd')).toMatch(/disclos/i);
    expect(explainClaim('cnf')).toMatch(/confirmation/i);
    expect(explainClaim('auth_time')).toMatch(/authentication/i);
  });

  it('says nothing of a name it does not know, nor of inherited object members', () => {
    expect(explainClaim('favourite_colour')).toBeUndefined();
    expect(explainClaim('__proto__')).toBeUndefined();
    expect(explainClaim('toString')).toBeUndefined();
  });

  it('shows as dates only the claims that are NumericDates, each of them explained', () => {
    expect([...DATE_CLAIMS].sort()).toEqual(['auth_time', 'exp', 'iat', 'nbf', 'toe', 'updated_at']);
    for (const name of DATE_CLAIMS) expect(CLAIM_NAMES[name]).toBeTypeOf('string');
  });
});
