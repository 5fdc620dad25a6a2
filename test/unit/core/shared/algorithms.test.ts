// The one table of JWS algorithms: the lists every surface shows, and the kinds of key each uses (RFC 7518 §3.1,
// RFC 8037 §3.1, RFC 9864 §2), which /jwt/sign's key rows and /jwt/inspect-key's alg_key_mismatch both read.
import { describe, expect, it } from 'vitest';
import {
  HMAC_ALGORITHMS,
  JWS_KEY_KINDS,
  PUBLIC_KEY_ALGORITHMS,
  SIGNING_ALGORITHMS,
  algorithmsForKey,
  isPublicKeyAlgorithm,
} from '../../../../src/core/shared/algorithms.js';

describe('the JWS algorithms', () => {
  it('list what /jwt/sign makes, HMAC first, in the order every surface shows them', () => {
    expect(HMAC_ALGORITHMS).toEqual(['HS256', 'HS384', 'HS512']);
    expect(PUBLIC_KEY_ALGORITHMS).toEqual([
      'RS256',
      'RS384',
      'RS512',
      'PS256',
      'PS384',
      'PS512',
      'ES256',
      'ES384',
      'ES512',
      'EdDSA',
      'Ed25519',
    ]);
    expect(SIGNING_ALGORITHMS).toEqual([...HMAC_ALGORITHMS, ...PUBLIC_KEY_ALGORITHMS]);
  });

  it('tell a public-key algorithm from an HMAC one, one only named, and what is no algorithm', () => {
    expect(PUBLIC_KEY_ALGORITHMS.every(isPublicKeyAlgorithm)).toBe(true);
    expect(['HS256', 'Ed448', 'none', 'es256', 5, undefined].filter(isPublicKeyAlgorithm)).toEqual([]);
  });

  it.each([
    ['HS512', ['oct']],
    ['PS384', ['RSA']],
    ['ES256', ['EC P-256']],
    ['ES384', ['EC P-384']],
    ['ES512', ['EC P-521']],
    ['EdDSA', ['OKP Ed25519', 'OKP Ed448']],
    ['Ed25519', ['OKP Ed25519']],
    ['Ed448', ['OKP Ed448']],
  ])('give %s the keys %j', (alg, kinds) => {
    expect(JWS_KEY_KINDS.get(alg)).toEqual(kinds);
  });

  it('give each kind of key that signs the algorithms it makes, in order (contract §4g)', () => {
    expect(algorithmsForKey(SIGNING_ALGORITHMS, 'oct')).toEqual(['HS256', 'HS384', 'HS512']);
    expect(algorithmsForKey(SIGNING_ALGORITHMS, 'RSA')).toEqual(['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512']);
    expect(algorithmsForKey(SIGNING_ALGORITHMS, 'EC P-521')).toEqual(['ES512']);
    expect(algorithmsForKey(SIGNING_ALGORITHMS, 'OKP Ed25519')).toEqual(['EdDSA', 'Ed25519']);
    expect(algorithmsForKey(SIGNING_ALGORITHMS, 'OKP Ed448')).toEqual(['EdDSA']);
    expect(algorithmsForKey(SIGNING_ALGORITHMS, 'EC secp256k1')).toEqual([]);
  });
});
