import { DomainError } from '../../shared/errors.js';
import { MAX_TOKEN_LENGTH, numericClaim, numericDateUtc } from '../compact.js';
import { readToken, type JweFacts, type JwsSignature } from '../forms.js';
import type { SdJwt, SdJwtProblems } from '../sd-jwt.js';
import { findingsOf, type Finding } from '../findings.js';
import { explainToken, type ExplainedMember, type IssuerVendor } from '../claims/dictionary.js';
import { profileReport, type ProfileReport } from '../profiles/profiles.js';
import type { Clock } from '../../shared/ports/clock.js';
import type { HmacAlgorithm, KnownSecrets } from '../ports/known-secrets.js';
import { MAX_JSON_DEPTH, own, type JsonObject } from '../../shared/json.js';

export { MAX_JSON_DEPTH, MAX_TOKEN_LENGTH, type JsonObject };

export interface DecodeJwtInput {
  readonly token: string;
  /** Try the publicly known secrets on an HS256/384/512 signature: `true` or `"true"`. */
  readonly check_secrets?: boolean | string | undefined;
}

/** What every JOSE form's answer carries (contract §4, §4c); `input` is added at the top level only. */
export interface DecodedBody {
  readonly header: JsonObject;
  /** The claims; null for a JWE (encrypted) and for a JWS that carries another token. */
  readonly payload: JsonObject | null;
  readonly signature: string | null;
  readonly algorithm: string | null;
  readonly token_type: string | null;
  readonly expires_at: string | null;
  readonly issued_at: string | null;
  readonly not_before: string | null;
  readonly expired: boolean | null;
  /** `iss` when it is a string, else null. */
  readonly issuer: string | null;
  /** `aud` when it is a string or an array of strings, else null. */
  readonly audience: string | string[] | null;
  /** `sub` when it is a string, else null. */
  readonly subject: string | null;
  readonly encoding: 'jwt' | 'jwe' | 'jwe-json' | 'jws-json' | 'sd-jwt';
  readonly source: 'decode';
  readonly findings: Finding[];
  /** Every header member, then every claim, explained from IANA's registries and the detected issuer's pack. */
  readonly explained: ExplainedMember[];
  /** The issuer that `iss` names, by contract §4d's patterns, or null. */
  readonly issuer_vendor: IssuerVendor | null;
  /** The profile the token's header and claims name (contract §4e), with its structural rules; null when none. */
  readonly profile: ProfileReport | null;
  readonly serialization?: 'flattened' | 'general';
  readonly signatures?: JwsSignature[];
  readonly jwe?: JweFacts;
  /** The token a `cty: JWT` JWS carries, decoded in its turn. */
  readonly nested?: DecodedBody;
  /** An SD-JWT's disclosures, the payload they disclose, and its key binding. */
  readonly sd_jwt?: SdJwt;
}

export interface DecodedJwt extends DecodedBody {
  readonly input: string;
}

/** At most this many tokens, the outer one included, are read through `cty: JWT`. */
export const MAX_NESTED_TOKENS = 3;

/** The refusal of a token nested deeper than MAX_NESTED_TOKENS, by decode and by validate alike. */
export const nestedTooDeep = (): DomainError =>
  new DomainError(
    'TOKEN_NESTED_TOO_DEEP',
    `token nests JWTs more than ${MAX_NESTED_TOKENS} deep (cty: JWT); at most ${MAX_NESTED_TOKENS} tokens, the outer one included, are read`,
  );

const HMAC_ALGORITHMS: ReadonlySet<string> = new Set<HmacAlgorithm>(['HS256', 'HS384', 'HS512']);

const stringOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function audienceOf(value: unknown): string | string[] | null {
  if (typeof value === 'string') return value;
  return Array.isArray(value) && value.every((entry) => typeof entry === 'string') ? value : null;
}

function parseFlag(value: boolean | string | undefined): boolean {
  if (value === undefined || value === false || value === 'false') return false;
  if (value === true || value === 'true') return true;
  throw new DomainError('CHECK_SECRETS_INVALID', 'check_secrets must be true or false');
}

/**
 * Decodes a token in any JOSE form (contract §4, §4c): a compact JWS into its
 * header, claims and signature; a JWE into its headers and byte lengths,
 * never decrypted; a JWS JSON serialization with every signature; a nested JWT
 * level by level; an SD-JWT with its disclosures put in place. It derives the
 * registered time claims against the clock, lists security findings, and
 * explains every header member and claim (contract §4d). With
 * `check_secrets`, an HMAC signature is tried against the publicly known secrets.
 *
 * It never verifies the signature otherwise and never trusts the claims: they
 * are returned as data and drive nothing. Throws the `TOKEN_*` DomainErrors of
 * `readToken`, and `CHECK_SECRETS_INVALID` for a flag that is neither true
 * nor false.
 */
export class DecodeJwt {
  constructor(
    private readonly clock: Clock,
    private readonly knownSecrets: KnownSecrets,
  ) {}

  execute({ token, check_secrets }: DecodeJwtInput): DecodedJwt {
    const checkSecrets = parseFlag(check_secrets);
    return this.decode(token, checkSecrets, 1, token) as DecodedJwt;
  }

  /** A token's answer without `input`, as `nested` shows it: without trying the known secrets. */
  body(token: string): DecodedBody {
    return this.decode(token, false, 1, undefined);
  }

  /**
   * One token's answer; `input` leads it at the top level only (an inner token's answer carries
   * `input: undefined`, which no serialisation writes). Built in one literal rather than spread into
   * another: that copy alone cost a plain decode 4%.
   */
  private decode(token: string, checkSecrets: boolean, level: number, input: string | undefined): Answer {
    const form = readToken(token);
    const nowMs = this.clock.nowMs();
    switch (form.form) {
      case 'jwt':
        return this.signed(input, form.jws.header, form.jws.payload, form.jws.signature, nowMs, {
          encoding: 'jwt',
          duplicateMember: form.jws.duplicateMember,
          knownSecret: checkSecrets
            ? this.knownSecret(form.jws.header, form.jws.compact.slice(0, form.jws.compact.lastIndexOf('.')), form.jws.signature)
            : undefined,
        });
      case 'sd-jwt': {
        const jws = form.issuerJwt;
        return {
          ...this.signed(input, jws.header, jws.payload, jws.signature, nowMs, {
            encoding: 'sd-jwt',
            claims: form.sdJwt.disclosed_payload,
            duplicateMember: form.duplicateMember,
            sd: form.problems,
            knownSecret: checkSecrets
              ? this.knownSecret(jws.header, jws.compact.slice(0, jws.compact.lastIndexOf('.')), jws.signature)
              : undefined,
          }),
          sd_jwt: form.sdJwt,
        };
      }
      case 'jws-json': {
        const body = {
          ...this.signed(input, form.header, form.payload, form.signature, nowMs, {
            encoding: 'jws-json',
            ...(form.sd === null ? {} : { claims: form.sd.sdJwt.disclosed_payload, sd: form.sd.problems }),
            duplicateMember: form.duplicateMember,
            headerConflict: form.headerConflict,
            knownSecret: checkSecrets ? this.knownSecret(form.header, form.signingInput, form.signature) : undefined,
          }),
          serialization: form.serialization,
          signatures: form.signatures,
        };
        return form.sd === null ? body : { ...body, sd_jwt: form.sd.sdJwt };
      }
      case 'jwt-nested': {
        if (level >= MAX_NESTED_TOKENS) throw nestedTooDeep();
        const nested = this.decode(form.inner, checkSecrets, level + 1, undefined);
        return { ...withoutClaims(input, form, form.signature, 'jwt', nowMs), nested };
      }
      case 'jwe':
      case 'jwe-json':
        return { ...withoutClaims(input, form, null, form.form, nowMs), jwe: form.jwe };
    }
  }

  /** The publicly known secret an HMAC signature verifies with, if any. */
  private knownSecret(header: JsonObject, signingInput: string, signature: string): string | undefined {
    const alg = own(header, 'alg');
    return typeof alg === 'string' && HMAC_ALGORITHMS.has(alg)
      ? this.knownSecrets.find(alg as HmacAlgorithm, signingInput, signature)
      : undefined;
  }

  private signed(
    input: string | undefined,
    header: JsonObject,
    payload: JsonObject,
    signature: string,
    nowMs: number,
    { encoding, duplicateMember, headerConflict, knownSecret, claims = payload, sd }: SignedOptions,
  ): Answer {
    const exp = numericClaim(own(claims, 'exp'));
    const iat = numericClaim(own(claims, 'iat'));
    const nbf = numericClaim(own(claims, 'nbf'));
    const times = { exp: numericDateUtc(exp), iat: numericDateUtc(iat), nbf: numericDateUtc(nbf) };
    const { explained, issuer_vendor } = explainToken(header, claims, times);
    return {
      input,
      header,
      payload,
      signature,
      algorithm: stringOrNull(own(header, 'alg')),
      token_type: stringOrNull(own(header, 'typ')),
      expires_at: times.exp?.iso ?? null,
      issued_at: times.iat?.iso ?? null,
      not_before: times.nbf?.iso ?? null,
      expired: exp === undefined ? null : exp * 1000 <= nowMs,
      issuer: stringOrNull(own(claims, 'iss')),
      audience: audienceOf(own(claims, 'aud')),
      subject: stringOrNull(own(claims, 'sub')),
      encoding,
      source: 'decode',
      findings: findingsOf({
        header,
        payload: claims,
        exp,
        iat,
        nbf,
        nowSeconds: nowMs / 1000,
        duplicateMember,
        knownSecret,
        headerConflict: headerConflict === true,
        sd,
      }),
      explained,
      issuer_vendor,
      profile: profileReport(header, claims),
    };
  }
}

/** A token's answer with `input` first, undefined for an inner token. */
type Answer = DecodedBody & { readonly input: string | undefined };

interface SignedOptions {
  readonly encoding: 'jwt' | 'jws-json' | 'sd-jwt';
  /** The claims the derived fields and findings read, when they are not the payload (an SD-JWT's disclosed payload). */
  readonly claims?: JsonObject;
  readonly sd?: SdJwtProblems;
  readonly duplicateMember: boolean;
  readonly headerConflict?: boolean;
  readonly knownSecret: string | undefined;
}

/**
 * The body of a token whose claims cannot be read: a JWE (encrypted, no signature) or a JWS that
 * carries another token. Its findings come from the header alone.
 */
function withoutClaims(
  input: string | undefined,
  { header, duplicateMember }: { readonly header: JsonObject; readonly duplicateMember: boolean },
  signature: string | null,
  encoding: DecodedBody['encoding'],
  nowMs: number,
): Answer {
  return {
    input,
    header,
    payload: null,
    signature,
    algorithm: stringOrNull(own(header, 'alg')),
    token_type: stringOrNull(own(header, 'typ')),
    expires_at: null,
    issued_at: null,
    not_before: null,
    expired: null,
    issuer: null,
    audience: null,
    subject: null,
    encoding,
    source: 'decode',
    findings: findingsOf({
      header,
      payload: undefined,
      exp: undefined,
      iat: undefined,
      nbf: undefined,
      encrypted: encoding === 'jwe' || encoding === 'jwe-json',
      nowSeconds: nowMs / 1000,
      duplicateMember,
      knownSecret: undefined,
    }),
    explained: explainToken(header, null).explained,
    issuer_vendor: null,
    profile: null,
  };
}
