import { DomainError } from '../../shared/errors.js';
import { isPublicKeyAlgorithm } from '../../shared/algorithms.js';
import { readToken, type TokenForm } from '../forms.js';
import { checksOf, detectProfile, parametersOf, type Check, type Expectations, type SignatureOutcome } from '../profiles/profiles.js';
import { httpUrl } from '../profiles/same-url.js';
import { jwkThumbprint, publicJwk, readJwk } from '../../keys/read-keys.js';
import type { Clock } from '../../shared/ports/clock.js';
import type { KeyCodec } from '../../keys/ports/key-codec.js';
import type { SignatureVerifier } from '../ports/signature-verifier.js';
import type { Call, InputCarrier } from '../../shared/call.js';
import { MAX_NESTED_TOKENS, nestedTooDeep } from './decode-jwt.js';
import { list, toleranceOf, type VerifyJwt } from './verify-jwt.js';
import { PROFILE_NAMES, type ProfileName } from '../vocabulary.js';
import { own, type JsonObject } from '../../shared/json.js';

export interface ValidateJwtInput {
  readonly token: string;
  readonly profile?: string | undefined;
  readonly issuer?: string | undefined;
  readonly audience?: string | undefined;
  readonly nonce?: string | undefined;
  readonly access_token?: string | undefined;
  readonly code?: string | undefined;
  readonly state?: string | undefined;
  readonly max_age?: string | undefined;
  readonly htm?: string | undefined;
  readonly htu?: string | undefined;
  readonly jkt?: string | undefined;
  readonly key?: string | undefined;
  readonly clock_tolerance?: string | undefined;
}

export interface ValidatedJwt {
  readonly input: string;
  readonly profile: ProfileName;
  readonly detected_by: 'parameter' | 'typ' | 'claims';
  readonly valid: boolean;
  readonly checks: Check[];
  readonly header: JsonObject;
  readonly payload: JsonObject;
  readonly source: 'validate';
}

/** The parameters that name an expectation, in the order messages list them; `token` and `profile` are not among them. */
const EXPECTATIONS = [
  'issuer',
  'audience',
  'nonce',
  'access_token',
  'code',
  'state',
  'max_age',
  'htm',
  'htu',
  'jkt',
  'key',
  'clock_tolerance',
] as const;

const MAX_VALUE_LENGTH = 8192;
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;
// RFC 9110 §5.6.2's tchar.
const TCHAR = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,32}$/;
const JKT = /^[A-Za-z0-9_-]{43}$/;
const MAX_AGE = /^\d{1,9}$/;
// Reason codes that only come once the signature has verified: they are rules of their own here.
const AFTER_SIGNATURE = new Set(['expired', 'not_yet_valid', 'issuer_mismatch', 'audience_mismatch']);

const refuse = (message: string): DomainError => new DomainError('VALIDATE_OPTION_INVALID', message);

function printable(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value.length > MAX_VALUE_LENGTH || !PRINTABLE_ASCII.test(value)) {
    throw refuse(`${name} must be 1 to ${MAX_VALUE_LENGTH} printable ASCII characters`);
  }
  return value;
}

function expectationsOf(input: ValidateJwtInput): Expectations {
  if (input.issuer !== undefined && input.issuer.trim() === '') throw refuse('issuer must not be empty');
  const maxAge = input.max_age?.trim();
  if (maxAge !== undefined && !MAX_AGE.test(maxAge)) throw refuse('max_age must be a whole number of seconds, 1 to 9 digits');
  if (input.htm !== undefined && !TCHAR.test(input.htm)) throw refuse('htm must be an HTTP method: 1 to 32 token characters (RFC 9110)');
  const htu = input.htu?.trim();
  if (htu !== undefined && httpUrl(htu) === undefined) throw refuse('htu must be an absolute http or https URL');
  const jkt = input.jkt?.trim();
  if (jkt !== undefined && !JKT.test(jkt)) throw refuse('jkt must be a JWK SHA-256 thumbprint: 43 base64url characters');
  return {
    issuer: input.issuer,
    audience: list('audience', input.audience),
    nonce: printable('nonce', input.nonce),
    access_token: printable('access_token', input.access_token),
    code: printable('code', input.code),
    state: printable('state', input.state),
    max_age: maxAge === undefined ? undefined : Number(maxAge),
    htm: input.htm,
    htu,
    jkt,
  };
}

/** What the rules read: the header and claims, and the token whose signature the `signature` rule verifies. */
interface Read {
  readonly header: JsonObject;
  readonly claims: JsonObject;
  /** The token as verify takes it, and as read. */
  readonly token: string;
  readonly form: TokenForm;
  /** A compact JWS whose signature a DPoP proof's own `jwk` verifies; undefined for a JSON serialization. */
  readonly compact: string | undefined;
}

/** §4e's token forms: a nested JWT by its innermost token; a JWE refused. */
function read(token: string, form: TokenForm, level = 1): Read {
  switch (form.form) {
    case 'jwt':
      return { header: form.jws.header, claims: form.jws.payload, token, form, compact: form.jws.compact };
    case 'sd-jwt':
      return { header: form.issuerJwt.header, claims: form.sdJwt.disclosed_payload, token, form, compact: form.issuerJwt.compact };
    case 'jws-json':
      return { header: form.header, claims: form.sd?.sdJwt.disclosed_payload ?? form.payload, token, form, compact: undefined };
    case 'jwt-nested':
      if (level >= MAX_NESTED_TOKENS) throw nestedTooDeep();
      return read(form.inner, readToken(form.inner), level + 1);
    case 'jwe':
    case 'jwe-json':
      throw new DomainError(
        'TOKEN_ENCRYPTED',
        'token is an encrypted JWE: its claims cannot be validated without decrypting it, which this service never does',
      );
  }
}

function profileOf(
  given: string | undefined,
  header: JsonObject,
  claims: JsonObject,
): { profile: ProfileName; by: ValidatedJwt['detected_by'] } {
  if (given !== undefined) {
    const name = given.trim();
    // includes only compares; past it, name is one of PROFILE_NAMES.
    if (!(PROFILE_NAMES as readonly string[]).includes(name)) throw refuse(`profile must be one of ${PROFILE_NAMES.join(', ')}`);
    return { profile: name as ProfileName, by: 'parameter' };
  }
  const detected = detectProfile(header, claims);
  if (detected === null) throw refuse(`profile: none given, and the token matches no profile; give one of ${PROFILE_NAMES.join(', ')}`);
  return { profile: detected.name, by: detected.detected_by };
}

/**
 * The thumbprint of header `jwk` and its public members as a JWK (null for a secret); undefined when it does not
 * read. A `jwk` that also holds `d` fails `jwk_public`, yet its public members still verify the signature (§4e).
 */
function headerKey(keys: KeyCodec, header: JsonObject): { thumbprint: string; jwk: JsonObject | null } | undefined {
  let key;
  try {
    key = readJwk(keys, own(header, 'jwk'), 'jwk');
  } catch {
    return undefined;
  }
  return { thumbprint: jwkThumbprint(key.required), jwk: publicJwk(key) };
}

/**
 * Checks a token against the profile it is meant to follow (contract §4e):
 * the profile given, or the one its header and claims name, and every rule
 * of that profile in order, with the caller's expectations. A rule that
 * fails is an answer, not an error. Throws the `TOKEN_*` DomainErrors of
 * decoding (`TOKEN_ENCRYPTED` for a JWE), `VALIDATE_OPTION_INVALID` and
 * `VERIFY_OPTION_INVALID` for a parameter outside its form or one the profile
 * does not read, and the verifier's `KEY_*` errors. `access_token` and `code`
 * are only hashed: never returned.
 */
export class ValidateJwt {
  constructor(
    private readonly clock: Clock,
    private readonly verifier: SignatureVerifier,
    private readonly keys: KeyCodec,
    private readonly verify: VerifyJwt,
  ) {}

  /** `carrier` says where the input travelled: `key` may be an `oct` JWK only when it is `private` (contract §4b). */
  async execute(input: ValidateJwtInput, { carrier }: Call = {}): Promise<ValidatedJwt> {
    const { header, claims, token, form, compact } = read(input.token, readToken(input.token));
    const { profile, by } = profileOf(input.profile, header, claims);
    const reads = parametersOf(profile);
    const stray = EXPECTATIONS.find((name) => input[name] !== undefined && !reads.has(name));
    if (stray !== undefined) {
      const why = stray === 'key' && profile === 'dpop_proof' ? ': a proof is verified with its own jwk, which jkt pins' : '';
      throw refuse(`${stray} does not apply to profile ${profile}${why}`);
    }
    const expected = expectationsOf(input);
    const toleranceSeconds = toleranceOf(input.clock_tolerance);
    // Only a DPoP proof's rules read its header jwk.
    const key = profile === 'dpop_proof' ? headerKey(this.keys, header) : undefined;
    const alg = own(header, 'alg');
    const dpopSignature =
      profile === 'dpop_proof' && isPublicKeyAlgorithm(alg) && key?.jwk !== null && key !== undefined && compact !== undefined
        ? await this.dpopSignature(compact, key.jwk, alg)
        : undefined;
    const checks = checksOf({
      profile,
      header,
      claims,
      expected,
      nowSeconds: Math.floor(this.clock.nowMs() / 1000),
      toleranceSeconds,
      jwkThumbprint: key?.thumbprint,
      dpopSignature,
      signature: input.key === undefined ? null : await this.signature(form, token, input.key, carrier),
    });
    return {
      input: input.token,
      profile,
      detected_by: by,
      valid: checks.every((check) => check.passed !== false),
      checks,
      header,
      payload: claims,
      source: 'validate',
    };
  }

  private async dpopSignature(compact: string, jwk: JsonObject, alg: string): Promise<SignatureOutcome> {
    const passed = await this.verifier.signatureVerifies(compact, jwk, alg);
    return passed
      ? { passed, reason_code: null, message: 'the signature verifies with the header jwk' }
      : { passed, reason_code: 'signature_invalid', message: 'the signature does not verify with the header jwk' };
  }

  /** §4b's verification of the signatures alone: a failure that can only follow a verified signature is a pass here. */
  private async signature(form: TokenForm, token: string, key: string, carrier: InputCarrier | undefined): Promise<SignatureOutcome> {
    const verified = await this.verify.verifyRead(form, { token, key }, { claims: false, carrier });
    if (verified.reason === null || AFTER_SIGNATURE.has(verified.reason.code)) {
      return { passed: true, reason_code: null, message: 'the signature verifies with the key' };
    }
    return { passed: false, reason_code: verified.reason.code, message: verified.reason.message };
  }
}
