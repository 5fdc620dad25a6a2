import { DomainError } from '../../shared/errors.js';
import { SIGNING_ALGORITHMS } from '../../shared/algorithms.js';
import { readToken, type TokenForm } from '../forms.js';
import type { ReadSdJwt, SdJwt } from '../sd-jwt.js';
import { MAX_SIGNING_KEY_LENGTH } from '../signing/signing-key.js';
import { readKeys } from '../../keys/read-keys.js';
import type { Call, InputCarrier } from '../../shared/call.js';
import type { DecodeJwt, DecodedBody } from './decode-jwt.js';
import type { Clock } from '../../shared/ports/clock.js';
import type { KeyCodec } from '../../keys/ports/key-codec.js';
import type {
  SignatureVerifier,
  VerificationKey,
  VerificationReasonCode,
  VerificationRequest,
  VerificationResult,
} from '../ports/signature-verifier.js';
import { own, type JsonObject } from '../../shared/json.js';

export const MAX_KEY_LENGTH = 16 * 1024;
/** The longest `secret`: as `/jwt/sign` reads one (contract §4b, §4g). */
export const MAX_SECRET_LENGTH = MAX_SIGNING_KEY_LENGTH;
export const MAX_CLOCK_TOLERANCE_SECONDS = 300;

export interface VerifyJwtInput {
  readonly token: string;
  /** A public key (JWK, JWK Set, PEM SPKI, PEM certificate), or one `oct` JWK; this or `secret`. */
  readonly key?: string | undefined;
  /** An HMAC secret: its UTF-8 bytes, never trimmed; this or `key`. */
  readonly secret?: string | undefined;
  readonly issuer?: string | undefined;
  /** Comma-separated audiences, any one of which `aud` must name. */
  readonly audience?: string | undefined;
  /** Comma-separated allow-list of algorithms. */
  readonly algorithms?: string | undefined;
  /** Whole seconds, 0–300. */
  readonly clock_tolerance?: string | undefined;
}

export interface VerifiedJwt {
  readonly valid: boolean;
  readonly reason: { readonly code: VerificationReasonCode; readonly message: string } | null;
  readonly algorithm: string | null;
  readonly key_id: string | null;
  readonly header: JsonObject;
  /** null for a JWS that carries another token: `nested` shows it. */
  readonly payload: JsonObject | null;
  readonly source: 'verify';
  readonly sd_jwt?: SdJwt;
  readonly nested?: DecodedBody;
}

const option = (message: string): DomainError => new DomainError('VERIFY_OPTION_INVALID', message);

export function list(name: string, value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.some((entry) => entry === '')) throw option(`${name} must be a comma-separated list with no empty entries`);
  return entries;
}

function algorithmsOf(value: string | undefined): string[] | undefined {
  const algorithms = list('algorithms', value);
  // includes only compares: any string may be looked for.
  const unknown = algorithms?.filter((alg) => !(SIGNING_ALGORITHMS as readonly string[]).includes(alg));
  if (unknown !== undefined && unknown.length > 0) {
    throw option(`algorithms may list only ${SIGNING_ALGORITHMS.join(', ')}; not ${unknown.join(', ')}`);
  }
  return algorithms;
}

/** How each carrier that keeps what it carries is named, and why a secret must not come by it, with where it goes instead. */
const LEAKS: Readonly<Record<Exclude<InputCarrier, 'private'>, { readonly by: string; readonly why: string }>> = {
  url: { by: 'sent in a URL', why: 'a secret in a URL leaks into proxies, logs and browser history; send it in a POST body instead' },
  argument: {
    by: 'passed as a command-line argument',
    why: 'a secret in a command-line argument stays in shell history; pass it on standard input instead',
  },
};

/**
 * The key of a verification (contract §4b): exactly one of `key` and `secret`. A secret, `secret` itself or an
 * `oct` JWK as `key`, is taken only from where it does not leak: this is the one place that decides so, for
 * `/jwt/verify` and `/jwt/validate` alike, whichever transport carried the input, and words the refusal for
 * that carrier (a URL, a command-line argument).
 */
export function verificationKey(
  keys: KeyCodec,
  { key, secret }: Pick<VerifyJwtInput, 'key' | 'secret'>,
  carrier: InputCarrier = 'url',
): VerificationKey {
  if (key === undefined && secret === undefined) {
    throw option('give exactly one of key and secret: key for a public key or an oct JWK, secret for an HMAC secret');
  }
  if (key !== undefined && secret !== undefined) {
    throw option('give exactly one of key and secret, not both: key for a public key or an oct JWK, secret for an HMAC secret');
  }
  const leaks = carrier === 'private' ? undefined : LEAKS[carrier];
  if (secret !== undefined) {
    if (leaks !== undefined) throw new DomainError('KEY_SYMMETRIC', `secret must not be ${leaks.by}: ${leaks.why}`);
    if (secret.length > MAX_SECRET_LENGTH) throw new DomainError('KEY_TOO_LONG', `secret is longer than ${MAX_SECRET_LENGTH} characters`);
    if (secret === '') throw new DomainError('KEY_INVALID', 'secret must not be empty');
    return { kind: 'secret', bytes: new TextEncoder().encode(secret) };
  }
  // Not both absent, and no secret: the key was given.
  const text = key as string;
  if (text.length > MAX_KEY_LENGTH) throw new DomainError('KEY_TOO_LONG', `key is longer than ${MAX_KEY_LENGTH / 1024} KiB`);
  const material = readKeys(keys, text);
  if (leaks !== undefined && material.keys.some((read) => read.required.kty === 'oct')) {
    throw new DomainError('KEY_SYMMETRIC', `key is a symmetric secret (an oct JWK), which must not be ${leaks.by}: ${leaks.why}`);
  }
  return { kind: 'keys', material };
}

export function toleranceOf(value: string | undefined): number {
  if (value === undefined) return 0;
  const text = value.trim();
  if (!/^\d{1,3}$/.test(text) || Number(text) > MAX_CLOCK_TOLERANCE_SECONDS) {
    throw option(`clock_tolerance must be a whole number of seconds from 0 to ${MAX_CLOCK_TOLERANCE_SECONDS}`);
  }
  return Number(text);
}

/**
 * Verifies a signed token with a public key or an HMAC secret the caller supplies: its signature
 * (for a JWS JSON serialization, any one of them; for a nested JWT, the outer
 * one; for an SD-JWT, compact or in JSON serialization, the issuer's, then the key-binding JWT with `cnf.jwk`),
 * then `exp` and `nbf` (with `clock_tolerance`), and `iss` and `aud` when asked.
 * A token that fails any check is an answer (`valid: false` with a reason), not
 * an error; `alg: none` never verifies.
 *
 * Throws the `TOKEN_*` DomainErrors of decoding (`TOKEN_ENCRYPTED` for a JWE),
 * `KEY_*` errors for a key or secret it cannot or must not use (`KEY_SYMMETRIC`
 * for a secret that came in a URL: see `verificationKey`), and
 * `VERIFY_OPTION_INVALID` for an option outside its form, or for not exactly
 * one of `key` and `secret`. It never fetches a key.
 */
export class VerifyJwt {
  constructor(
    private readonly clock: Clock,
    private readonly verifier: SignatureVerifier,
    private readonly keys: KeyCodec,
    /** Shows the token a nested JWT carries. */
    private readonly decoder: DecodeJwt,
  ) {}

  /**
   * With `claims: false`, only the signatures are checked (and an SD-JWT's key binding): no time, issuer or audience
   * claim. `carrier` says where the input travelled: a secret is taken only when it is `private`.
   */
  execute(input: VerifyJwtInput, options: VerifyOptions = {}): Promise<VerifiedJwt> {
    return this.verifyRead(readToken(input.token), input, options);
  }

  /** `execute` for a token already read (`input.token` is then not read again). */
  async verifyRead(form: TokenForm, input: VerifyJwtInput, { claims = true, carrier }: VerifyOptions = {}): Promise<VerifiedJwt> {
    if (form.form === 'jwe' || form.form === 'jwe-json') {
      throw new DomainError(
        'TOKEN_ENCRYPTED',
        'token is an encrypted JWE and cannot be verified: decrypting it needs a private or secret key, which this service never takes',
      );
    }
    const key = verificationKey(this.keys, input, carrier);
    if (input.issuer !== undefined && input.issuer.trim() === '') throw option('issuer must not be empty');
    const checks = {
      key,
      algorithms: algorithmsOf(input.algorithms),
      issuer: input.issuer,
      audience: list('audience', input.audience),
      clockToleranceSeconds: toleranceOf(input.clock_tolerance),
      nowMs: this.clock.nowMs(),
    };
    switch (form.form) {
      case 'jwt': {
        const { header, payload, compact } = form.jws;
        return answer(header, header, payload, await this.compact(checks, compact, header, claims));
      }
      case 'jwt-nested': {
        const { header, compact } = form;
        const result = await this.compact(checks, compact, header, false);
        return { ...answer(header, header, null, result), nested: this.decoder.body(form.inner) };
      }
      case 'jws-json': {
        const result = await this.verifier.verify({
          ...checks,
          token: { form: 'json', serialization: form.json, claims },
          algorithm: algOf(form.header),
        });
        const chosen = form.signatures[result.signature ?? 0] ?? form.signatures[0];
        const signed = { ...(chosen?.header ?? {}), ...(chosen?.protected ?? {}) };
        if (form.sd === null) return answer(signed, form.header, form.payload, result);
        const bound = result.valid ? await this.keyBinding(form.sd, checks, claims) : result;
        return { ...answer(signed, form.header, form.payload, bound), sd_jwt: form.sd.sdJwt };
      }
      case 'sd-jwt': {
        const { header, payload, compact } = form.issuerJwt;
        const issued = await this.compact(checks, compact, header, claims);
        const result = issued.valid ? await this.keyBinding(form, checks, claims) : issued;
        return { ...answer(header, header, payload, result), sd_jwt: form.sdJwt };
      }
    }
  }

  /** A compact JWS's signature, and with `claims` its time, issuer and audience claims. */
  private compact(checks: Checks, compact: string, header: JsonObject, claims: boolean): Promise<VerificationResult> {
    return this.verifier.verify({ ...checks, token: { form: 'compact', compact, claims }, algorithm: algOf(header) });
  }

  /**
   * An SD-JWT's key binding: with a key-binding JWT and `cnf.jwk` in the disclosed payload, the
   * key-binding JWT must verify with that key and carry the right `sd_hash`.
   */
  private async keyBinding(form: ReadSdJwt, checks: Checks, claims: boolean): Promise<VerificationResult> {
    const cnf = own(form.sdJwt.disclosed_payload, 'cnf');
    // cnf is a non-null object from the payload's JSON, whose members own() reads.
    const jwk = typeof cnf === 'object' && cnf !== null ? own(cnf as JsonObject, 'jwk') : undefined;
    const kb = form.sdJwt.key_binding;
    if (form.keyBindingJwt === null || kb === null || jwk === undefined) return { valid: true };
    const invalid = (message: string): VerificationResult => ({ valid: false, reason: { code: 'key_binding_invalid', message } });
    if (!kb.sd_hash_matches) return invalid("the key-binding JWT's sd_hash is missing or is not the hash of the SD-JWT it came with");
    try {
      const material = readKeys(this.keys, JSON.stringify(jwk));
      if (material.keys.some((read) => read.required.kty === 'oct')) {
        return invalid("cnf.jwk cannot verify the key-binding JWT: it is a symmetric secret, not the holder's public key");
      }
      const holder = { ...checks, key: { kind: 'keys', material } as const, algorithms: undefined, issuer: undefined, audience: undefined };
      const result = await this.compact(holder, form.keyBindingJwt, kb.header, claims);
      return result.valid ? result : invalid(`the key-binding JWT does not verify with cnf.jwk: ${result.reason.message}`);
    } catch (error) {
      if (error instanceof DomainError) return invalid(`cnf.jwk cannot verify the key-binding JWT: ${error.message}`);
      throw error;
    }
  }
}

/** How a verification is run: `claims: false` checks the signatures alone; `carrier` says where the input travelled. */
export interface VerifyOptions extends Call {
  readonly claims?: boolean;
}

/** What every verification of one request shares: the key and the requested checks. */
type Checks = Omit<VerificationRequest, 'token' | 'algorithm'>;

const algOf = (header: JsonObject): string | undefined => {
  const alg = own(header, 'alg');
  return typeof alg === 'string' ? alg : undefined;
};

/** The answer for a token signed under `signedHeader` (the signature that verified, or the first), shown with `header`. */
function answer(signedHeader: JsonObject, header: JsonObject, payload: JsonObject | null, result: VerificationResult): VerifiedJwt {
  const alg = own(signedHeader, 'alg');
  const kid = own(signedHeader, 'kid');
  const unsigned = typeof alg === 'string' && alg.toLowerCase() === 'none';
  const reason = unsigned
    ? { code: 'algorithm_not_allowed' as const, message: 'alg is none: an unsigned token never verifies' }
    : result.valid
      ? null
      : result.reason;
  return {
    valid: reason === null,
    reason,
    algorithm: typeof alg === 'string' ? alg : null,
    key_id: typeof kid === 'string' ? kid : null,
    header,
    payload,
    source: 'verify',
  };
}
