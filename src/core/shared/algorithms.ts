/** The JWS algorithms a public key can verify (RFC 7518, RFC 8037, RFC 9864): verify's allow-list, the profiles' "asymmetric". */
export const PUBLIC_KEY_ALGORITHMS = [
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
] as const;

export const isPublicKeyAlgorithm = (alg: unknown): alg is (typeof PUBLIC_KEY_ALGORITHMS)[number] =>
  typeof alg === 'string' && (PUBLIC_KEY_ALGORITHMS as readonly string[]).includes(alg);

/** The HMAC algorithms (RFC 7518 §3.2): a secret makes them. */
export const HMAC_ALGORITHMS = ['HS256', 'HS384', 'HS512'] as const;

/** The algorithms `/jwt/sign` makes (contract §4g): the HMAC ones and every public-key one. */
export const SIGNING_ALGORITHMS = [...HMAC_ALGORITHMS, ...PUBLIC_KEY_ALGORITHMS] as const;
