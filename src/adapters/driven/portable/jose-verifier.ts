import {
  compactVerify,
  createLocalJWKSet,
  errors,
  flattenedVerify,
  jwtVerify,
  type FlattenedJWSInput,
  type JWK,
  type JWSHeaderParameters,
  type KeyInput,
} from 'jose';
import { DomainError } from '../../../core/shared/errors.js';
import { publicJwk, type ReadKey } from '../../../core/keys/read-keys.js';
import type { KeyCodec, PublicKey } from '../../../core/keys/ports/key-codec.js';
import type {
  SignatureVerifier,
  VerificationKey,
  VerificationReasonCode,
  VerificationRequest,
  VerificationResult,
} from '../../../core/jwt/ports/signature-verifier.js';

const SIGNING_KEYS = new Set(['RSA', 'EC', 'OKP Ed25519', 'OKP Ed448']);

const privateKey = (): DomainError =>
  new DomainError(
    'KEY_PRIVATE',
    'key is a private key: send only the public key, and never send a private key anywhere, since whoever holds it can sign tokens as you',
  );
// jose picks no HMAC key from a JWK Set: a secret comes alone.
const secretInSet = (key: ReadKey): DomainError =>
  new DomainError(
    'KEY_SYMMETRIC',
    `key: ${key.where} is a symmetric secret, which a JWK Set here cannot hold: send the secret alone, as secret or as one oct JWK`,
  );

/** A key read by the service's one key reader, refused unless it is a public key that can verify a JWS. */
function checkedKey(key: ReadKey): JWK {
  if (key.required.kty === 'oct') throw secretInSet(key);
  if (key.private) throw privateKey();
  const kind = key.crv === null || key.required.kty === 'EC' ? key.required.kty : `${key.required.kty} ${key.crv}`;
  if (!SIGNING_KEYS.has(kind)) {
    throw new DomainError('KEY_UNSUPPORTED', `key: ${key.where} is an ${kind} key, which cannot verify JWS signatures`);
  }
  // Not oct (above), so publicJwk gives the JWK, whose members are strings and key_ops' array, as jose's JWK has them.
  return publicJwk(key) as JWK;
}

type JwkSet = ReturnType<typeof createLocalJWKSet>;
/** One key (an HMAC secret's bytes, or a public key), or a JWK Set whose key jose picks by the header. */
type Key = { readonly kind: 'single'; readonly key: KeyInput } | { readonly kind: 'set'; readonly keys: JwkSet };
type OneKey = KeyInput;

/**
 * The key to verify with, from what the core read (contract §4b, §4f): an HMAC secret (`secret`, or one `oct` JWK),
 * a public JWK or a JWK Set, or PEM text, whose first block is the key (a certificate chain's first certificate).
 * Private keys, secrets inside a JWK Set and keys that cannot sign are refused with a precise reason.
 */
function keyOf(key: VerificationKey, joseKey: (key: PublicKey) => KeyInput): Key {
  if (key.kind === 'secret') return { kind: 'single', key: key.bytes };
  const { inputKind, keys } = key.material;
  // The key reader reads at least one key, or throws.
  const first = keys[0] as ReadKey;
  if (inputKind === 'jwk' && first.required.kty === 'oct') {
    return { kind: 'single', key: Uint8Array.fromBase64(first.required.k, { alphabet: 'base64url' }) };
  }
  const checked = keys.map(checkedKey);
  if (inputKind === 'jwk_set') return { kind: 'set', keys: createLocalJWKSet({ keys: checked }) };
  // One public JWK or a PEM block's key: never oct, so the codec made its public key.
  return { kind: 'single', key: joseKey(first.publicKey as PublicKey) };
}

const WEB_CRYPTO_MISMATCH = new Set(['DataError', 'NotSupportedError']);

const reason = (code: VerificationReasonCode, message: string): VerificationResult => ({ valid: false, reason: { code, message } });

/** The one table from jose's failures to the service's reason codes. */
function reasonOf(error: unknown, request: VerificationRequest): VerificationResult | undefined {
  const alg = request.algorithm ?? 'this';
  if (error instanceof errors.JWTExpired)
    return reason('expired', 'exp is at or before now, beyond clock_tolerance: the token has expired');
  if (error instanceof errors.JWTClaimValidationFailed) {
    switch (error.claim) {
      case 'exp':
        return reason('expired', 'exp is not a number, so the token cannot be shown to be unexpired');
      case 'nbf':
        return error.reason === 'check_failed'
          ? reason('not_yet_valid', 'nbf is after now, beyond clock_tolerance: the token is not valid yet')
          : reason('not_yet_valid', 'nbf is not a number, so the token cannot be shown to be valid yet');
      case 'iat':
        return reason('not_yet_valid', 'iat is not a number');
      case 'iss':
        return reason('issuer_mismatch', `iss is not ${JSON.stringify(request.issuer)}`);
      case 'aud':
        return reason('audience_mismatch', `aud names none of ${(request.audience ?? []).map((a) => JSON.stringify(a)).join(', ')}`);
      default:
        return undefined;
    }
  }
  if (error instanceof errors.JOSEAlgNotAllowed) {
    return reason('algorithm_not_allowed', `alg ${alg} is not among the allowed algorithms (${(request.algorithms ?? []).join(', ')})`);
  }
  if (error instanceof errors.JWKSNoMatchingKey) {
    return reason('key_not_found', 'no key in the JWK Set matches the token (by its kid, else by its alg)');
  }
  if (error instanceof errors.JWKSMultipleMatchingKeys) {
    return reason('key_not_found', 'several keys in the JWK Set match the token and none verifies it; give the token a kid');
  }
  if (error instanceof errors.JWSSignatureVerificationFailed)
    return reason('signature_invalid', 'the signature does not verify with this key');
  // The key exists but is of another type or curve than alg needs, or alg is not a JWS algorithm at all: jose or Web
  // Crypto says so (a JWK that Web Crypto imports under another algorithm's parameters is a DataError, or where the
  // host lacks that algorithm for the key, a NotSupportedError).
  if (
    error instanceof errors.JOSENotSupported ||
    error instanceof TypeError ||
    (error instanceof Error && WEB_CRYPTO_MISMATCH.has(error.name))
  ) {
    return reason('key_mismatch', `the key cannot verify ${alg} signatures`);
  }
  if (error instanceof errors.JOSEError) return reason('signature_invalid', 'the token does not verify as a signed JWT with this key');
  return undefined;
}

/** One signature of a JWS JSON serialization, as the flattened form jose verifies (the core has checked each member). */
interface Flattened extends FlattenedJWSInput {
  readonly payload: string;
}

/** The signatures of a JWS JSON serialization, each as the flattened form jose verifies. */
function flattenedSignatures(serialization: { readonly [member: string]: unknown }): Flattened[] {
  // The core's JOSE forms reader checked each member: a string payload, and each signature an object whose
  // protected, header and signature members have these types (jose checks them again).
  const { payload } = serialization as { payload: string };
  const signatures = Array.isArray(serialization.signatures) ? (serialization.signatures as object[]) : [serialization];
  return signatures.map((entry) => {
    // Checked by the core's reader, as above.
    const {
      protected: protectedHeader,
      header,
      signature,
    } = entry as { protected?: string; header?: JWSHeaderParameters; signature: string };
    return {
      payload,
      signature,
      ...(protectedHeader === undefined ? {} : { protected: protectedHeader }),
      ...(header === undefined ? {} : { header }),
    };
  });
}

/**
 * Verification with panva/jose, the one of every host: which keys a request may use, a JWK Set's candidates, JWS JSON
 * serializations, and the table from jose's failures to the service's reasons. A host gives only the form in which
 * jose takes one public key the key codec holds (`joseKey`): node:crypto's KeyObject on the server, a JWK that jose
 * imports with Web Crypto in the browser. It never fetches anything: no remote JWK Set is ever built.
 * A JSON serialization verifies when one of its signatures does (jose's flattened verification, which picks a
 * JWK Set's key by the merged header); the claims are then checked on that signature as a compact JWT.
 */
export abstract class JoseVerifier implements SignatureVerifier {
  constructor(protected readonly codec: KeyCodec) {}

  /** A public key of this host's codec, as jose takes it. */
  protected abstract joseKey(key: PublicKey): KeyInput;

  async verify(request: VerificationRequest): Promise<VerificationResult> {
    const key = keyOf(request.key, (publicKey) => this.joseKey(publicKey));
    const options = {
      ...(request.algorithms === undefined ? {} : { algorithms: [...request.algorithms] }),
      ...(request.issuer === undefined ? {} : { issuer: request.issuer }),
      ...(request.audience === undefined ? {} : { audience: [...request.audience] }),
      clockTolerance: request.clockToleranceSeconds,
      currentDate: new Date(request.nowMs),
    };
    const { token } = request;
    if (token.form === 'compact') return this.attempt(request, () => verifyCompact(token.compact, token.claims, key, options));
    // A signature that verified is the answer, even when the claims then fail (contract §4c): the claims are the
    // same whichever signature carries them. When none verifies, the first signature's failure is the answer.
    let first: VerificationResult | undefined;
    for (const [index, flattened] of flattenedSignatures(token.serialization).entries()) {
      let signed = false;
      const verified = await this.attempt(request, async () => {
        const keyUsed = await verifiedKey(flattened, key, options);
        signed = true;
        // Claims checks need a protected alg (RFC 7515 §7.2.1 allows it unprotected): then the signature is what counts.
        if (flattened.protected !== undefined && token.claims)
          await jwtVerify(`${flattened.protected}.${flattened.payload}.${flattened.signature}`, keyUsed, options);
      });
      if (verified.valid || signed) return { ...verified, signature: index };
      first ??= { ...verified, signature: index };
    }
    return first ?? reason('signature_invalid', 'the serialization has no signature');
  }

  async signatureVerifies(compact: string, jwk: { readonly [member: string]: unknown }, algorithm: string): Promise<boolean> {
    try {
      // The codec reads the key members alone (not alg, use or key_ops), as the host checks a key.
      const key = this.joseKey(this.codec.publicKeyFromJwk(jwk));
      await compactVerify(compact, key, { algorithms: [algorithm] });
      return true;
    } catch {
      return false;
    }
  }

  private async attempt(request: VerificationRequest, run: () => Promise<unknown>): Promise<VerificationResult> {
    try {
      await run();
      return { valid: true };
    } catch (error) {
      const mapped = reasonOf(error, request);
      if (mapped === undefined) throw error;
      return mapped;
    }
  }
}

type Options = Parameters<typeof jwtVerify>[2];

/**
 * Runs `attempt` with the set, and when several of its keys match the token (jose then names no one key),
 * with each of them in turn, as jose's documentation advises: the first that verifies the signature wins,
 * and a failure after the signature verified (a claim) is the answer. None verifying keeps jose's error.
 */
async function withCandidates<T>(keys: JwkSet, attempt: (key: JwkSet | OneKey) => Promise<T>): Promise<T> {
  try {
    return await attempt(keys);
  } catch (error) {
    if (!(error instanceof errors.JWKSMultipleMatchingKeys)) throw error;
    for await (const candidate of error) {
      try {
        return await attempt(candidate);
      } catch (failure) {
        if (!(failure instanceof errors.JWSSignatureVerificationFailed)) throw failure;
      }
    }
    throw error;
  }
}

/** A compact JWS: as a JWT, with its claims checked; or, when its payload is another token, its signature alone. */
async function verifyCompact(compact: string, claims: boolean, key: Key, options: Options): Promise<void> {
  const algorithms = options?.algorithms === undefined ? {} : { algorithms: options.algorithms };
  const run = async (verifyWith: JwkSet | OneKey): Promise<void> => {
    if (claims) await jwtVerify(compact, verifyWith, options);
    else await compactVerify(compact, verifyWith, algorithms);
  };
  if (key.kind === 'set') await withCandidates(key.keys, run);
  else await run(key.key);
}

/** Verifies one flattened signature with the key, or the key of the set its merged header picks; returns that key. */
async function verifiedKey(flattened: Flattened, key: Key, options: Options): Promise<OneKey> {
  const algorithms = options?.algorithms === undefined ? {} : { algorithms: options.algorithms };
  if (key.kind === 'single') {
    await flattenedVerify(flattened, key.key, algorithms);
    return key.key;
  }
  return withCandidates(key.keys, async (verifyWith) => {
    if (typeof verifyWith === 'function') return (await flattenedVerify(flattened, verifyWith, algorithms)).key;
    await flattenedVerify(flattened, verifyWith, algorithms);
    return verifyWith;
  });
}
