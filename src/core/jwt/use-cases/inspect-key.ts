import { DomainError } from '../../shared/errors.js';
import { base64UrlBytes, decodeSegment, stripToken } from '../compact.js';
import { certificateFacts, type CertificateFacts } from '../../keys/certificate.js';
import { isKind, keyFindings, MIN_RSA_BITS, setFindings, type KeyFinding } from '../../keys/findings.js';
import {
  jwkThumbprint,
  publicJwk,
  publicKeyThumbprint,
  publicPem,
  readKeys,
  THUMBPRINT_URI_PREFIX,
  type InputKind,
  type KeyType,
  type ReadKey,
} from '../../keys/read-keys.js';
import type { Clock } from '../../shared/ports/clock.js';
import type { KeyCodec } from '../../keys/ports/key-codec.js';
import type { SignatureVerifier } from '../ports/signature-verifier.js';
import { own, type JsonObject } from '../../shared/json.js';

export interface InspectKeyInput {
  /** A JWK, a JWK Set or PEM text. */
  readonly key: string;
  /** A compact JWS whose signature each key is tried on. */
  readonly token?: string | undefined;
}

export type KeyReasonCode = 'key_mismatch' | 'signature_invalid' | 'key_not_found';
export interface KeyReason {
  readonly code: KeyReasonCode;
  readonly message: string;
}

export interface KeyVerification {
  readonly selected: boolean;
  readonly valid: boolean;
  readonly reason: KeyReason | null;
}

export interface InspectedKey {
  readonly kty: KeyType;
  readonly crv: string | null;
  readonly size_bits: number;
  readonly kid: string | null;
  readonly alg: string | null;
  readonly use: string | null;
  readonly key_ops: string[] | null;
  readonly private: boolean;
  readonly thumbprint: { readonly sha256: string; readonly uri: string };
  readonly public_jwk: JsonObject | null;
  readonly public_pem: string | null;
  readonly certificate: CertificateFacts | null;
  readonly findings: KeyFinding[];
  readonly verification?: KeyVerification;
}

export interface InspectedKeys {
  readonly input_kind: InputKind;
  readonly keys: InspectedKey[];
  readonly findings: KeyFinding[];
  readonly source: 'inspect_key';
  readonly verification?: {
    readonly algorithm: string | null;
    readonly key_id: string | null;
    readonly valid: boolean;
    readonly reason: KeyReason | null;
  };
}

/** §4f's table: the key a token's `alg` verifies with, as `kty` or `kty crv`. */
const VERIFYING_KEYS: ReadonlyMap<string, string> = new Map([
  ['RS256', 'RSA'],
  ['RS384', 'RSA'],
  ['RS512', 'RSA'],
  ['PS256', 'RSA'],
  ['PS384', 'RSA'],
  ['PS512', 'RSA'],
  ['ES256', 'EC P-256'],
  ['ES384', 'EC P-384'],
  ['ES512', 'EC P-521'],
  ['EdDSA', 'OKP Ed25519'],
  ['Ed25519', 'OKP Ed25519'],
]);

interface ReadToken {
  readonly compact: string;
  readonly alg: string | null;
  readonly kid: unknown;
}

/** §4f's `token`: read as §4 reads tokens, three base64url parts, the first a JSON object; the payload is not read. */
function readToken(token: string): ReadToken {
  const compact = stripToken(token);
  const parts = compact.split('.');
  if (parts.length !== 3) {
    throw new DomainError('TOKEN_MALFORMED', `token must be a compact JWS of three dot-separated parts, found ${parts.length}`);
  }
  // Three parts, checked above.
  const [headerText, payloadText, signature] = parts as [string, string, string];
  const header = decodeSegment('header', headerText).value;
  base64UrlBytes('payload', payloadText);
  base64UrlBytes('signature', signature);
  const alg = own(header, 'alg');
  return { compact, alg: typeof alg === 'string' ? alg : null, kid: own(header, 'kid') };
}

/**
 * Whether jose, and so `/jwt/verify`, would pick this key of a JWK Set for the token: jose 6's `isUsableJWK`
 * (jwks/local.js), where a `kid` that is present but not a string (null included) matches no key, and a
 * `key_ops` that names an operation twice is not usable.
 */
function passesSetRules(key: ReadKey, token: ReadToken): boolean {
  if (token.kid !== undefined && (typeof token.kid !== 'string' || key.kid !== token.kid)) return false;
  if (key.alg !== null && key.alg !== token.alg) return false;
  if (key.use !== null && key.use !== 'sig') return false;
  const ops = key.keyOps;
  return ops === null || (ops.includes('verify') && ops.every((op, at) => ops.indexOf(op) === at));
}

/**
 * Inspects key material (contract §4f): per key its kind, RFC 7638
 * thumbprint and RFC 9278 URI, public JWK and PEM, certificate and findings;
 * with `token`, which keys would be selected for it and whether its signature
 * verifies with each. Throws `KEY_TOO_LONG` and `KEY_INVALID` for the key and
 * the `TOKEN_*` errors for the token. Never fetches anything (`x5u` and `jku`
 * are not followed) and never returns a private member, a `k` or a private
 * PEM block's text.
 */
export class InspectKey {
  constructor(
    private readonly clock: Clock,
    private readonly verifier: SignatureVerifier,
    private readonly keys: KeyCodec,
  ) {}

  async execute(input: InspectKeyInput): Promise<InspectedKeys> {
    const material = readKeys(this.keys, input.key);
    const token = input.token === undefined ? undefined : readToken(input.token);
    const nowMs = this.clock.nowMs();
    const pemCertificates = material.keys.filter((key) => key.fromPemCertificate);
    const setSize = material.inputKind === 'jwk_set' ? material.keys.length : null;
    const keys = material.keys.map((key): InspectedKey => {
      const [leaf, ...rest] = key.certificates;
      const next = key.fromPemCertificate ? pemCertificates[pemCertificates.indexOf(key) + 1]?.certificates[0] : rest[0];
      const certificate = leaf === undefined ? null : certificateFacts(leaf, next, nowMs);
      const thumbprint = jwkThumbprint(key.required);
      const x5cKey = key.fromPemCertificate || leaf === undefined ? null : publicKeyThumbprint(this.keys, leaf.publicKey);
      return {
        kty: key.required.kty,
        crv: key.crv,
        size_bits: key.sizeBits,
        kid: key.kid,
        alg: key.alg,
        use: key.use,
        key_ops: key.keyOps === null ? null : [...key.keyOps],
        private: key.private,
        thumbprint: { sha256: thumbprint, uri: `${THUMBPRINT_URI_PREFIX}${thumbprint}` },
        public_jwk: publicJwk(key),
        public_pem: key.publicKey === null ? null : publicPem(this.keys, key.publicKey),
        certificate,
        findings: keyFindings({ key, certificate, thumbprint, x5cThumbprint: x5cKey, setSize }),
      };
    });
    const answer: InspectedKeys = { input_kind: material.inputKind, keys, findings: setFindings(material.keys), source: 'inspect_key' };
    return token === undefined ? answer : this.withVerification(answer, material.keys, material.inputKind, token);
  }

  private async withVerification(
    answer: InspectedKeys,
    read: readonly ReadKey[],
    kind: InputKind,
    token: ReadToken,
  ): Promise<InspectedKeys> {
    const needs = token.alg === null ? undefined : VERIFYING_KEYS.get(token.alg);
    const verifications = await Promise.all(
      read.map(async (key, index): Promise<KeyVerification> => {
        const fits = needs !== undefined && isKind([needs], key.required.kty, key.crv);
        const selected = fits && (kind !== 'jwk_set' || passesSetRules(key, token));
        if (!fits || (key.required.kty === 'RSA' && key.sizeBits < MIN_RSA_BITS)) {
          return { selected, valid: false, reason: mismatch(token.alg, needs) };
        }
        // A key that fits an alg is not oct, so it has a public JWK; a fitting alg is a string (VERIFYING_KEYS's key).
        const jwk = answer.keys[index]?.public_jwk as JsonObject;
        const valid = await this.verifier.signatureVerifies(token.compact, jwk, token.alg as string);
        return {
          selected,
          valid,
          reason: valid ? null : { code: 'signature_invalid', message: 'the signature does not verify with this key' },
        };
      }),
    );
    const chosen = verifications.filter((verification) => verification.selected);
    const valid = chosen.some((verification) => verification.valid);
    const reason: KeyReason | null = valid
      ? null
      : needs === undefined
        ? mismatch(token.alg, needs)
        : chosen.length === 0
          ? kind === 'jwk_set'
            ? {
                code: 'key_not_found',
                message: 'no key in the JWK Set is one jose would select for this token (by its kid, alg, use and key_ops)',
              }
            : mismatch(token.alg, needs)
          : (chosen[0]?.reason ?? null);
    return {
      ...answer,
      // One verification a key, in the keys' order.
      keys: answer.keys.map((key, index) => ({ ...key, verification: verifications[index] as KeyVerification })),
      verification: { algorithm: token.alg, key_id: typeof token.kid === 'string' ? token.kid : null, valid, reason },
    };
  }
}

function mismatch(alg: string | null, needs: string | undefined): KeyReason {
  if (needs === undefined) {
    return {
      code: 'key_mismatch',
      message: `alg ${alg ?? '(none)'} is not one a public key verifies here (${[...VERIFYING_KEYS.keys()].join(', ')})`,
    };
  }
  const what = needs === 'RSA' ? `an RSA key of at least ${MIN_RSA_BITS} bits` : `an ${needs} key`;
  return { code: 'key_mismatch', message: `${alg ?? ''} signatures verify with ${what}, and this is not one` };
}
