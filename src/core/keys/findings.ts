import type { KeyFindingCode } from './vocabulary.js';
import type { CertificateFacts } from './certificate.js';
import type { KeyType, ReadKey } from './read-keys.js';
import type { Severity } from '../shared/vocabulary.js';
import { JWS_KEY_KINDS } from '../shared/algorithms.js';

export interface KeyFinding {
  readonly code: KeyFindingCode;
  readonly severity: Severity;
  readonly message: string;
}

/** What one key's findings are drawn from. */
export interface KeyFacts {
  readonly key: ReadKey;
  readonly certificate: CertificateFacts | null;
  /** The thumbprints of the key and of the key in its `x5c`'s first certificate (null without `x5c`). */
  readonly thumbprint: string;
  readonly x5cThumbprint: string | null;
  /** The number of keys in the JWK Set; null for a lone JWK or PEM. */
  readonly setSize: number | null;
}

export const MIN_RSA_BITS = 2048;
export const EXPIRES_SOON_DAYS = 30;

/**
 * §4f's table of what each `alg` a JWK may carry uses, a key kind written `kty` or `kty crv`: the JWS algorithms' from
 * their one table, then the JWE key management algorithms' (RFC 7518 §4, RFC 8037 §3.2), which only a key names.
 */
export const ALG_KEY_KINDS: ReadonlyMap<string, readonly string[]> = new Map<string, readonly string[]>([
  ...JWS_KEY_KINDS,
  ...['RSA1_5', 'RSA-OAEP', 'RSA-OAEP-256', 'RSA-OAEP-384', 'RSA-OAEP-512'].map((alg): [string, string[]] => [alg, ['RSA']]),
  ...['ECDH-ES', 'ECDH-ES+A128KW', 'ECDH-ES+A192KW', 'ECDH-ES+A256KW'].map((alg): [string, string[]] => [
    alg,
    ['EC', 'OKP X25519', 'OKP X448'],
  ]),
  ...['dir', 'A128KW', 'A192KW', 'A256KW', 'A128GCMKW', 'A192GCMKW', 'A256GCMKW'].map((alg): [string, string[]] => [alg, ['oct']]),
]);

/** Whether a key of `kty` (and `crv`) is one of `kinds`, each written `kty` or `kty crv`. */
export const isKind = (kinds: readonly string[], kty: KeyType, crv: string | null): boolean =>
  kinds.includes(kty) || (crv !== null && kinds.includes(`${kty} ${crv}`));

const kindText = (kty: KeyType, crv: string | null): string => (crv === null ? kty : `${kty} ${crv}`);

interface Rule {
  readonly code: KeyFindingCode;
  readonly severity: Severity;
  /** The finding's message when it applies, else undefined. */
  readonly check: (facts: KeyFacts) => string | undefined;
}

/** One row a finding, in order of severity: the order findings are listed in. */
const RULES: readonly Rule[] = [
  {
    code: 'private_key_material',
    severity: 'critical',
    check: ({ key }) =>
      key.private && key.required.kty !== 'oct'
        ? 'the input holds this private key: whoever sees this text can sign as its owner, and a JWK Set that holds it must never be published'
        : undefined,
  },
  {
    code: 'symmetric_key',
    severity: 'critical',
    check: ({ key }) =>
      key.required.kty === 'oct' ? 'this is a shared secret (kty oct): never publish it or paste it anywhere' : undefined,
  },
  {
    code: 'weak_rsa',
    severity: 'critical',
    check: ({ key }) =>
      key.required.kty === 'RSA' && key.sizeBits < MIN_RSA_BITS
        ? `the RSA modulus has ${key.sizeBits} bits; RFC 7518 §3.3 and §4.2 require at least ${MIN_RSA_BITS}`
        : undefined,
  },
  {
    code: 'x5c_key_mismatch',
    severity: 'critical',
    check: ({ thumbprint, x5cThumbprint }) =>
      x5cThumbprint !== null && x5cThumbprint !== thumbprint
        ? "the key of x5c's first certificate is not this JWK's key (RFC 7517 §4.7)"
        : undefined,
  },
  {
    code: 'x5t_mismatch',
    severity: 'critical',
    check: ({ key, certificate }) => {
      if (key.fromPemCertificate || certificate === null) return undefined;
      const wrong = [
        key.x5t !== undefined && key.x5t !== certificate.x5t ? 'x5t' : undefined,
        key.x5tS256 !== undefined && key.x5tS256 !== certificate.x5t_s256 ? 'x5t#S256' : undefined,
      ].filter((name) => name !== undefined);
      return wrong.length === 0
        ? undefined
        : `${wrong.join(' and ')} ${wrong.length === 1 ? 'is not the hash' : 'are not the hashes'} of x5c's first certificate (RFC 7517 §4.8, §4.9)`;
    },
  },
  {
    code: 'alg_key_mismatch',
    severity: 'warning',
    check: ({ key }) => {
      const kinds = key.alg === null ? undefined : ALG_KEY_KINDS.get(key.alg);
      return kinds === undefined || isKind(kinds, key.required.kty, key.crv)
        ? undefined
        : `alg ${key.alg ?? ''} uses ${kinds.join(' or ')} keys, and this is an ${kindText(key.required.kty, key.crv)} key`;
    },
  },
  {
    code: 'non_canonical_encoding',
    severity: 'warning',
    check: ({ key }) =>
      key.nonCanonical
        ? key.required.kty === 'RSA'
          ? 'n or e has leading zero octets (RFC 7518 §6.3.1): libraries that hash the members as written compute another thumbprint'
          : 'an EC coordinate is not at its full length (RFC 7518 §6.2.1.2): libraries that hash the members as written compute another thumbprint'
        : undefined,
  },
  {
    code: 'certificate_expired',
    severity: 'warning',
    check: ({ certificate }) => (certificate?.expired === true ? `the certificate expired at ${certificate.not_after.iso}` : undefined),
  },
  {
    code: 'certificate_chain_broken',
    severity: 'warning',
    check: ({ certificate }) =>
      certificate?.issued_by_next === false
        ? 'the next certificate in the chain did not issue this one: its subject is not this issuer, or its key does not verify the signature'
        : undefined,
  },
  {
    code: 'certificate_expires_soon',
    severity: 'info',
    check: ({ certificate }) =>
      certificate !== null && !certificate.expired && certificate.days_left < EXPIRES_SOON_DAYS
        ? `the certificate expires in ${certificate.days_left} days, at ${certificate.not_after.iso}`
        : undefined,
  },
  {
    code: 'deprecated_alg',
    severity: 'info',
    check: ({ key }) =>
      key.alg === 'EdDSA' ? 'alg EdDSA is deprecated by RFC 9864: use Ed25519 or Ed448, which name the curve' : undefined,
  },
  {
    code: 'use_and_key_ops',
    severity: 'info',
    check: ({ key }) =>
      key.use !== null && key.keyOps !== null
        ? 'the key has both use and key_ops, which RFC 7517 §4.3 says should not be used together'
        : undefined,
  },
  {
    code: 'missing_kid',
    severity: 'info',
    check: ({ key, setSize }) =>
      key.kid === null && setSize !== null && setSize >= 2
        ? 'the key has no kid, in a JWK Set of several keys: no token can select it by kid'
        : undefined,
  },
];

/** One key's findings, most severe first, each code at most once. */
export function keyFindings(facts: KeyFacts): KeyFinding[] {
  return RULES.flatMap(({ code, severity, check }) => {
    const message = check(facts);
    return message === undefined ? [] : [{ code, severity, message }];
  });
}

/** The set's own findings: `duplicate_kid` once for each kid shared by keys of one kty (RFC 7517 §4.5). */
export function setFindings(keys: readonly ReadKey[]): KeyFinding[] {
  const seen = new Map<string, number>();
  for (const key of keys) {
    if (key.kid === null) continue;
    const id = JSON.stringify([key.kid, key.required.kty]);
    seen.set(id, (seen.get(id) ?? 0) + 1);
  }
  return [...seen.entries()]
    .filter(([, count]) => count >= 2)
    .map(([id, count]) => {
      const [kid, kty] = JSON.parse(id) as [string, string];
      return {
        code: 'duplicate_kid' as const,
        severity: 'warning' as const,
        message: `${count} ${kty} keys share kid ${JSON.stringify(kid)}: RFC 7517 §4.5 allows a shared kid only across key types, and a token cannot say which it means`,
      };
    });
}
