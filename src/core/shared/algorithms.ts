// The kinds of key, each written `kty` or `kty crv` (contract §4f). Each is typed `readonly string[]`, so that the
// table's type, which the compiler works out for its names, holds no literal type of them: a literal type made here
// first ('oct' before the key schema's 'RSA' | 'EC' | 'OKP' | 'oct') would reorder the unions that the client
// types' generator prints.
const SECRET: readonly string[] = ['oct'];
const RSA: readonly string[] = ['RSA'];
const P256: readonly string[] = ['EC P-256'];
const P384: readonly string[] = ['EC P-384'];
const P521: readonly string[] = ['EC P-521'];
const ED25519: readonly string[] = ['OKP Ed25519'];
const ED448: readonly string[] = ['OKP Ed448'];
const EDDSA: readonly string[] = [...ED25519, ...ED448];

/**
 * The JWS algorithms (RFC 7518 §3.1, RFC 8037, RFC 9864), one row each, in the order every list shows them: every
 * other list of them derives from this table. `kind` says what the service does with one: it makes (`/jwt/sign`) and
 * verifies (`/jwt/verify`, `/jwt/inspect-key`) the `hmac` and `public` ones, and only names a `named` one, whose keys a
 * key's findings check. `keys` are the kinds of key it uses.
 */
const JWS_ALGORITHMS = [
  { alg: 'HS256', kind: 'hmac', keys: SECRET },
  { alg: 'HS384', kind: 'hmac', keys: SECRET },
  { alg: 'HS512', kind: 'hmac', keys: SECRET },
  { alg: 'RS256', kind: 'public', keys: RSA },
  { alg: 'RS384', kind: 'public', keys: RSA },
  { alg: 'RS512', kind: 'public', keys: RSA },
  { alg: 'PS256', kind: 'public', keys: RSA },
  { alg: 'PS384', kind: 'public', keys: RSA },
  { alg: 'PS512', kind: 'public', keys: RSA },
  { alg: 'ES256', kind: 'public', keys: P256 },
  { alg: 'ES384', kind: 'public', keys: P384 },
  { alg: 'ES512', kind: 'public', keys: P521 },
  { alg: 'EdDSA', kind: 'public', keys: EDDSA },
  { alg: 'Ed25519', kind: 'public', keys: ED25519 },
  { alg: 'Ed448', kind: 'named', keys: ED448 },
] as const;

type Row = (typeof JWS_ALGORITHMS)[number];
type RowOf<K extends Row['kind']> = Extract<Row, { kind: K }>;

/** The HMAC algorithms (RFC 7518 §3.2): a secret makes them. */
export const HMAC_ALGORITHMS: readonly RowOf<'hmac'>['alg'][] = JWS_ALGORITHMS.filter(
  (row): row is RowOf<'hmac'> => row.kind === 'hmac',
).map((row) => row.alg);

/** The JWS algorithms a public key can verify: verify's allow-list, the profiles' "asymmetric". */
export const PUBLIC_KEY_ALGORITHMS: readonly RowOf<'public'>['alg'][] = JWS_ALGORITHMS.filter(
  (row): row is RowOf<'public'> => row.kind === 'public',
).map((row) => row.alg);

const PUBLIC_KEY_NAMES: readonly string[] = PUBLIC_KEY_ALGORITHMS;
export const isPublicKeyAlgorithm = (alg: unknown): alg is (typeof PUBLIC_KEY_ALGORITHMS)[number] =>
  typeof alg === 'string' && PUBLIC_KEY_NAMES.includes(alg);

/** The algorithms `/jwt/sign` makes (contract §4g): the HMAC ones and every public-key one. */
export const SIGNING_ALGORITHMS = [...HMAC_ALGORITHMS, ...PUBLIC_KEY_ALGORITHMS] as const;

/** The kinds of key each JWS algorithm uses, each written `kty` or `kty crv`. */
export const JWS_KEY_KINDS: ReadonlyMap<string, readonly string[]> = new Map(JWS_ALGORITHMS.map(({ alg, keys }) => [alg, keys]));

/** The algorithms of `algorithms` that a key of `kind` (`kty` or `kty crv`) makes, in the table's order. */
export const algorithmsForKey = <A extends string>(algorithms: readonly A[], kind: string): A[] =>
  algorithms.filter((alg) => JWS_KEY_KINDS.get(alg)?.includes(kind) === true);
