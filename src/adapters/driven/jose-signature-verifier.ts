import { createPublicKey, type KeyObject, type webcrypto } from 'node:crypto';

type JsonWebKey = webcrypto.JsonWebKey;
import {
  compactVerify,
  createLocalJWKSet,
  errors,
  flattenedVerify,
  jwtVerify,
  type FlattenedJWSInput,
  type JWSHeaderParameters,
} from 'jose';
import { DomainError } from '../../core/errors.js';
import type {
  SignatureVerifier,
  VerificationReasonCode,
  VerificationRequest,
  VerificationResult,
} from '../../core/ports/signature-verifier.js';

const PEM = /^-----BEGIN ([A-Z0-9 ]+)-----\r?\n[\s\S]*-----END \1-----$/;
// Members that only a private (or secret) JWK has.
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];
const SIGNING_KEY_TYPES = new Set(['rsa', 'rsa-pss', 'ec', 'ed25519', 'ed448']);

const invalidKey = (why: string): DomainError => new DomainError('KEY_INVALID', `key ${why}`);
const privateKey = (): DomainError =>
  new DomainError(
    'KEY_PRIVATE',
    'key is a private key: send only the public key, and never send a private key anywhere, since whoever holds it can sign tokens as you',
  );
const symmetricKey = (): DomainError =>
  new DomainError(
    'KEY_SYMMETRIC',
    'key is a symmetric secret: verification here takes only public keys, because a secret sent in a URL leaks into proxies, logs and browser history',
  );

function checkSigningKey(key: KeyObject, where: string): KeyObject {
  if (key.type !== 'public') throw symmetricKey();
  const kind = key.asymmetricKeyType ?? 'unknown';
  if (!SIGNING_KEY_TYPES.has(kind))
    throw new DomainError('KEY_UNSUPPORTED', `key${where} is a ${kind} key, which cannot verify JWS signatures`);
  return key;
}

function publicJwk(value: unknown, where: string): JsonWebKey {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidKey(`${where}must be a JSON object`);
  const jwk = value as Record<string, unknown>;
  if (jwk.kty === 'oct') throw symmetricKey();
  if (PRIVATE_MEMBERS.some((member) => Object.hasOwn(jwk, member))) throw privateKey();
  if (!['RSA', 'EC', 'OKP'].includes(String(jwk.kty))) {
    throw new DomainError(
      'KEY_UNSUPPORTED',
      `key${where ? ` ${where.trim()}` : ''} has kty ${JSON.stringify(jwk.kty)}; a public JWK is RSA, EC or OKP`,
    );
  }
  let imported: KeyObject;
  try {
    imported = createPublicKey({ key: jwk, format: 'jwk' });
  } catch {
    throw new DomainError(
      'KEY_UNSUPPORTED',
      `key${where ? ` ${where.trim()}` : ''} is not a usable ${String(jwk.kty)} public key (check crv, x, y, n and e)`,
    );
  }
  checkSigningKey(imported, where ? ` ${where.trim()}` : '');
  return jwk;
}

type Key =
  { readonly kind: 'single'; readonly key: KeyObject } | { readonly kind: 'set'; readonly keys: ReturnType<typeof createLocalJWKSet> };

/** Reads a public JWK, a JWK Set, a PEM SPKI key or a PEM certificate; refuses everything else with a precise reason. */
function readKey(text: string): Key {
  const trimmed = text.trim();
  if (trimmed === '') throw invalidKey('must not be empty');
  if (trimmed.startsWith('-----BEGIN')) {
    const label = PEM.exec(trimmed)?.[1];
    if (label === undefined) throw invalidKey('is not a well-formed PEM block');
    if (label.includes('PRIVATE KEY')) throw privateKey();
    if (label !== 'PUBLIC KEY' && label !== 'CERTIFICATE') {
      throw new DomainError('KEY_UNSUPPORTED', `key is a PEM ${label}; send a PUBLIC KEY (SPKI) or a CERTIFICATE`);
    }
    try {
      return { kind: 'single', key: checkSigningKey(createPublicKey(trimmed), '') };
    } catch (error) {
      if (error instanceof DomainError) throw error;
      throw invalidKey(`is a PEM ${label} that cannot be read`);
    }
  }
  let json: unknown;
  try {
    json = JSON.parse(trimmed);
  } catch {
    throw invalidKey('must be a public JWK or JWK Set (JSON), or a PEM public key or certificate');
  }
  if (typeof json === 'object' && json !== null && Object.hasOwn(json, 'keys')) {
    const { keys } = json as { keys: unknown };
    if (!Array.isArray(keys) || keys.length === 0) throw invalidKey('is a JWK Set whose keys must be a non-empty array');
    const checked = keys.map((member, index) => publicJwk(member, `keys[${index}] `));
    return { kind: 'set', keys: createLocalJWKSet({ keys: checked }) };
  }
  const jwk = publicJwk(json, '');
  return { kind: 'single', key: createPublicKey({ key: jwk, format: 'jwk' }) };
}

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
  // The key exists but is of another type or curve than alg needs, or alg is not a JWS algorithm at all.
  if (error instanceof errors.JOSENotSupported || error instanceof TypeError || (error instanceof Error && error.name === 'DataError')) {
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
  const { payload } = serialization as { payload: string };
  const signatures = Array.isArray(serialization.signatures) ? (serialization.signatures as object[]) : [serialization];
  return signatures.map((entry) => {
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
 * Verification with panva/jose over node:crypto keys. It never fetches anything: no remote JWK Set is ever built.
 * A JSON serialization verifies when one of its signatures does (jose's flattened verification, which picks a
 * JWK Set's key by the merged header); the claims are then checked on that signature as a compact JWT.
 */
export class JoseSignatureVerifier implements SignatureVerifier {
  async verify(request: VerificationRequest): Promise<VerificationResult> {
    const key = readKey(request.key);
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
        if (flattened.protected !== undefined)
          await jwtVerify(`${flattened.protected}.${flattened.payload}.${flattened.signature}`, keyUsed, options);
      });
      if (verified.valid || signed) return { ...verified, signature: index };
      first ??= { ...verified, signature: index };
    }
    return first ?? reason('signature_invalid', 'the serialization has no signature');
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

/** A compact JWS: as a JWT, with its claims checked; or, when its payload is another token, its signature alone. */
async function verifyCompact(compact: string, claims: boolean, key: Key, options: Options): Promise<void> {
  if (claims) {
    if (key.kind === 'set') await jwtVerify(compact, key.keys, options);
    else await jwtVerify(compact, key.key, options);
    return;
  }
  const algorithms = options?.algorithms === undefined ? {} : { algorithms: options.algorithms };
  if (key.kind === 'set') await compactVerify(compact, key.keys, algorithms);
  else await compactVerify(compact, key.key, algorithms);
}

/** Verifies one flattened signature with the key, or the key of the set its merged header picks; returns that key. */
async function verifiedKey(flattened: Flattened, key: Key, options: Options): Promise<KeyObject | webcrypto.CryptoKey> {
  const algorithms = options?.algorithms === undefined ? {} : { algorithms: options.algorithms };
  if (key.kind === 'single') {
    await flattenedVerify(flattened, key.key, algorithms);
    return key.key;
  }
  return (await flattenedVerify(flattened, key.keys, algorithms)).key;
}
