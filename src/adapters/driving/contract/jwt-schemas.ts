// A namespace import, not { z }: esbuild can then leave out of the command line's bundle the zod it does
// not use (the locales but English, JSON Schema), about 8 ms of every start of the CLI (docs/benchmarks.md).
import * as z from 'zod';
import { VERIFICATION_REASONS } from '../../../core/jwt/ports/signature-verifier.js';
import { HMAC_ALGORITHMS, SIGNING_ALGORITHMS } from '../../../core/shared/algorithms.js';
import { inputObject, jsonObject as jsonObjectSchema, once, oneOfWords, stringParam } from './schema-parts.js';
import { utc as utcSchema } from './time-schemas.js';
import { DICTIONARY_VENDORS, FINDING_CODES, PROFILE_NAMES } from '../../../core/jwt/vocabulary.js';
import { SEVERITIES } from '../../../core/shared/vocabulary.js';

/** jwt.io's example token: the example of every `token` parameter, /jwt/sign's and /jwt/inspect-key's too. */
export const EXAMPLE_TOKEN =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';

/**
 * The schemas of the token operations (decode, verify, claims, validate), inputs then outputs, built together on the
 * first use of any (with the time schemas' Utc, which they share). key-schemas.ts and sign-schemas.ts hold the rest.
 */
export const jwtSchemas = once(() => {
  const utc = utcSchema();

  const token = stringParam(
    'token',
    'A JWS compact serialization (/jwt/decode also reads a JWE, compact or JSON, a JWS JSON serialization and a nested JWT); surrounding whitespace and a leading "Bearer " are stripped',
  ).meta({ example: EXAMPLE_TOKEN });

  // REST sends "true"/"false", tRPC a boolean. A pipe, because trpc-to-openapi
  // documents query parameters only of string-like schemas.
  const checkSecrets = z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: () => 'check_secrets must be true or false' })
    .pipe(z.transform((value) => value === true || value === 'true'))
    .meta({
      description:
        'Also try a list of publicly known HMAC secrets on an HS256/384/512 signature, and report known_secret if one verifies it',
      example: 'true',
      // REST sends a string; tRPC clients may also send the boolean, which the client types show.
      override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
        delete jsonSchema.anyOf;
        Object.assign(jsonSchema, { type: 'string', enum: ['true', 'false'] });
      },
    })
    .optional();

  const decodeInput = inputObject({ token, check_secrets: checkSecrets });

  const claimsInput = inputObject({
    name: stringParam('name', 'Keeps the entries with exactly this name (case-sensitive, not trimmed); 1–256 characters')
      .meta({ example: 'tid' })
      .optional(),
    vendor: stringParam('vendor', `Keeps IANA's entries (iana) or one pack's: one of ${DICTIONARY_VENDORS.join(', ')}`)
      .meta({ enum: [...DICTIONARY_VENDORS], example: 'entra' })
      .optional(),
  }).optional();

  const verifyInput = inputObject({
    token,
    key: stringParam(
      'key',
      "A public key: a JWK or JWK Set (JSON; the token's kid, else its alg, picks the key), a PEM SPKI public key or a PEM X.509 certificate; or, in a POST body only, an HMAC secret as one oct JWK. Never a private key. Give this or secret.",
    )
      .meta({ example: '{"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}' })
      .optional(),
    // JSON Schema's examples, not example: the API reference fills in each `example`, and this and key are exclusive.
    secret: stringParam(
      'secret',
      `An HMAC secret for an ${oneOfWords(HMAC_ALGORITHMS)} token: its UTF-8 bytes, never trimmed, at most 8192 characters. In a POST body only: in a URL it is refused, since it would leak into proxies, logs and browser history. Give this or key.`,
    )
      .meta({ examples: ['a-string-secret-at-least-256-bits-long'] })
      .optional(),
    issuer: stringParam('issuer', 'The iss the token must carry').meta({ example: 'https://issuer.example' }).optional(),
    audience: stringParam('audience', 'Comma-separated audiences; aud must name one of them').meta({ example: 'api,web' }).optional(),
    algorithms: stringParam('algorithms', `Comma-separated allow-list of ${SIGNING_ALGORITHMS.join(', ')}`)
      .meta({ example: 'EdDSA,ES256' })
      .optional(),
    clock_tolerance: stringParam('clock_tolerance', 'Leeway for exp and nbf, in whole seconds from 0 to 300 (default 0)')
      .meta({ example: '30' })
      .optional(),
  });

  const expectation = (name: string, description: string, example: string) => stringParam(name, description).meta({ example }).optional();

  const validateInput = inputObject({
    token,
    profile: stringParam(
      'profile',
      `The profile to check against (default: the one the token's typ or claims name): one of ${PROFILE_NAMES.join(', ')}`,
    )
      .meta({ enum: [...PROFILE_NAMES], example: 'oidc_id_token' })
      .optional(),
    issuer: expectation('issuer', 'The iss the token must carry (for a client assertion, the client_id)', 'https://op.example'),
    audience: expectation('audience', 'Comma-separated audiences; aud must name one, and azp, when present, be one', 'client-1'),
    nonce: expectation('nonce', 'The nonce the token must carry (ID token, DPoP proof); 1–8192 printable ASCII characters', 'n-0S6_WzA2Mj'),
    access_token: expectation(
      'access_token',
      'The access token whose hash at_hash (ID token) or ath (DPoP proof) must be; never returned',
      'SlAV32hkKG',
    ),
    code: expectation('code', 'The authorization code whose hash c_hash must be; never returned', 'Qcb0Orv1zh30vL1MPRsbm'),
    state: expectation('state', 'The state whose hash s_hash must be (FAPI 1.0 Advanced)', 'af0ifjsldkj'),
    max_age: expectation('max_age', 'Seconds since auth_time at most (with clock_tolerance); 1 to 9 digits', '3600'),
    htm: expectation('htm', 'The request method htm must be (DPoP proof)', 'POST'),
    htu: expectation('htu', 'The request URL htu must be, compared as RFC 9449 §4.3 says (DPoP proof)', 'https://server.example.com/token'),
    jkt: expectation(
      'jkt',
      'The JWK SHA-256 thumbprint the proof jwk (jkt_matches) or the access token cnf.jkt must have',
      '0ZcOCORZNYy-DWpqq30jZyJGHTN0d2HglBV3uiguA4I',
    ),
    key: expectation(
      'key',
      'A public key as /jwt/verify takes it (an oct JWK in a POST body only), to check the signature; not for a DPoP proof, which carries its own',
      '{"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}',
    ),
    clock_tolerance: expectation(
      'clock_tolerance',
      'Leeway for exp, nbf, iat and auth_time, in whole seconds from 0 to 300 (default 0)',
      '30',
    ),
  });

  const jsonObject = jsonObjectSchema();
  const isoOrNull = z.string().nullable();

  const profileCheck = z
    .object({
      rule: z.string().meta({ example: 'typ' }),
      passed: z.boolean().nullable().meta({ description: 'null for a rule not evaluated: message says why' }),
      message: z.string(),
      reference: z.string().meta({ description: 'The specification section that states the rule', example: '[RFC 9068 §2.1]' }),
      reason_code: z.string().nullable().optional().meta({ description: "The signature rule's §4b reason code when it failed" }),
    })
    .meta({ id: 'ProfileCheck' });

  const profileReport = z
    .object({
      name: z.enum(PROFILE_NAMES),
      detected_by: z.enum(['typ', 'claims']),
      checks: z.array(profileCheck).meta({ description: "The profile's structural rules, in its order, as /jwt/validate evaluates them" }),
    })
    .nullable()
    .meta({ id: 'ProfileReport', description: "The profile the token's typ or claims name (contract §4e); null when none" });

  const finding = z
    .object({
      code: z.enum(FINDING_CODES),
      severity: z.enum(SEVERITIES),
      message: z.string().meta({ description: 'Why it matters, citing RFC 8725 where it applies' }),
    })
    .meta({ id: 'Finding' });

  const jwsSignature = z
    .object({
      protected: jsonObject.nullable().meta({ description: 'The decoded protected header, or null' }),
      header: jsonObject.nullable().meta({ description: 'The unprotected header, or null' }),
      algorithm: z.string().nullable(),
      key_id: z.string().nullable(),
      signature: z.string(),
    })
    .meta({ id: 'JwsSignature', description: 'One signature of a JWS JSON serialization' });

  const jweFacts = z
    .object({
      encryption: z.string().nullable().meta({ description: 'enc' }),
      compression: z.string().nullable().meta({ description: 'zip' }),
      encrypted_key_bytes: z.number().int().meta({ description: "The first recipient's encrypted key, in bytes (0 for dir)" }),
      iv_bytes: z.number().int(),
      ciphertext_bytes: z.number().int(),
      tag_bytes: z.number().int(),
      recipients: z.array(
        z.object({
          header: jsonObject.nullable().meta({ description: "The recipient's own unprotected header, or null" }),
          encrypted_key_bytes: z.number().int(),
        }),
      ),
    })
    .meta({ id: 'JweFacts', description: 'What a JWE shows without its key; nothing is decrypted' });

  const sdJwt = z
    .object({
      hash_alg: z.enum(['sha-256', 'sha-384', 'sha-512']),
      disclosures: z.array(
        z
          .object({
            disclosure: z.string(),
            digest: z.string().meta({ description: "base64url of the hash of the disclosure's ASCII" }),
            salt: z.string(),
            name: z.string().nullable().meta({ description: 'null for an array element' }),
            value: z.unknown(),
            path: z
              .string()
              .nullable()
              .meta({ description: 'The JSON Pointer where it lands in disclosed_payload, or null when nothing matches it' }),
          })
          .meta({ id: 'Disclosure' }),
      ),
      disclosed_payload: jsonObject.meta({
        description: 'The payload with every matched disclosure in place, recursively (RFC 9901 §7.3)',
      }),
      undisclosed_digests: z.number().int().meta({ description: 'Digests with no disclosure: claims withheld, or decoys' }),
      key_binding: z
        .object({ header: jsonObject, payload: jsonObject, sd_hash_matches: z.boolean() })
        .nullable()
        .meta({ description: 'The key-binding JWT, read but not verified, or null' }),
    })
    .meta({ id: 'SdJwt', description: 'An SD-JWT (RFC 9901): its disclosures, what they disclose, and its key binding' });

  const [, ...packCodes] = DICTIONARY_VENDORS;
  const VENDOR_CODES: [string, ...string[]] = packCodes;
  const where = z.enum(['header', 'payload']).meta({ description: 'Whether the name is a JOSE header parameter or a claim' });
  const definedBy = z.array(z.string()).meta({
    description: 'The documents that define the name, in order: RFC 7519, OpenID Connect Core 1.0, or a vendor such as Microsoft Entra ID',
  });

  const amrValue = z
    .object({
      value: z.unknown().meta({ description: 'The element of amr, verbatim' }),
      known: z.boolean().meta({ description: "Registered in IANA's Authentication Method Reference Values" }),
      description: z.string().nullable(),
      defined_by: definedBy,
    })
    .meta({ id: 'AmrValue' });

  const explainedMember = z
    .object({
      in: where,
      name: z.string(),
      known: z.boolean().meta({ description: 'False for a name that neither IANA nor the detected issuer defines' }),
      title: z.string().nullable(),
      description: z.string().nullable(),
      defined_by: definedBy,
      reference: z
        .string()
        .nullable()
        .meta({ description: "IANA's Reference text, or the URL of the vendor's documentation; null for an unknown name" }),
      vendor: z.enum(VENDOR_CODES).nullable().meta({ description: "The pack that explained the claim; null for IANA's and unknown names" }),
      utc: utc.nullable().optional().meta({
        description:
          'exp, nbf, iat, auth_time, updated_at and toe: the NumericDate in UTC, or null when it is not a number in years 0001–9999',
      }),
      values: z
        .array(amrValue)
        .nullable()
        .optional()
        .meta({ description: 'amr: each element explained, or null when amr is not an array' }),
    })
    .meta({ id: 'ExplainedMember', description: 'One header member or claim, explained (contract §4d)' });

  const issuerVendor = z
    .object({
      code: z.enum(VENDOR_CODES),
      name: z.string().meta({ example: 'Microsoft Entra ID' }),
      detected_by: z.string().meta({ description: 'The iss pattern that matched', example: 'https://sts.windows.net/{tenant}/' }),
    })
    .nullable()
    .meta({
      id: 'IssuerVendor',
      description: 'The issuer that iss names, recognised from its text alone (nothing is verified or fetched), or null',
    });

  // The shared schemas are exported so that the client's generated types can name each once, by its id.
  // Every form's answer, in the order the fields are written; `input` leads at the top level only.
  const decodedFields = {
    header: jsonObject.meta({ description: 'The JOSE header; for a JSON serialization, the first signature or recipient, merged' }),
    payload: jsonObject.nullable().meta({ description: 'The claims verbatim; null for a JWE and for a JWS carrying another token' }),
    signature: z.string().nullable(),
    algorithm: z.string().nullable(),
    token_type: z.string().nullable(),
    expires_at: isoOrNull,
    issued_at: isoOrNull,
    not_before: isoOrNull,
    expired: z.boolean().nullable(),
    issuer: z
      .string()
      .nullable()
      .meta({ description: 'iss when it is a string (RFC 7519 StringOrURI), else null; payload keeps it as given' }),
    audience: z
      .union([z.string(), z.array(z.string())])
      .nullable()
      .meta({ description: 'aud when it is a string or an array of strings, else null; payload keeps it as given' }),
    subject: z.string().nullable().meta({ description: 'sub when it is a string, else null; payload keeps it as given' }),
    encoding: z.enum(['jwt', 'jwe', 'jwe-json', 'jws-json', 'sd-jwt']),
    source: z.literal('decode'),
    findings: z
      .array(finding)
      .meta({ description: 'Security findings about the token, most severe first; empty when there is nothing to say' }),
    explained: z
      .array(explainedMember)
      .meta({ description: 'Every header member, then every claim, in the order written, explained from IANA and the detected issuer' }),
    issuer_vendor: issuerVendor,
    profile: profileReport,
    serialization: z.enum(['flattened', 'general']).optional().meta({ description: 'For a JWS JSON serialization' }),
    signatures: z.array(jwsSignature).optional().meta({ description: 'For a JWS JSON serialization: every signature, in order' }),
    jwe: jweFacts.optional(),
    sd_jwt: sdJwt.optional(),
  };

  // Nesting stops at three tokens (MAX_NESTED_TOKENS), so the schema spells out its two inner levels
  // instead of recursing: the OpenAPI document and the client's types stay finite and exact.
  const innermostToken = z
    .object(decodedFields)
    .meta({ id: 'InnermostToken', description: 'The third token of a nested JWT, decoded as /jwt/decode answers for it, without input' });
  const nestedToken = z
    .object({ ...decodedFields, nested: innermostToken.optional() })
    .meta({ id: 'NestedToken', description: 'The token a cty: JWT token carries, decoded as /jwt/decode answers for it, without input' });

  const decodeOutput = z
    .object({
      input: z.string(),
      ...decodedFields,
      nested: nestedToken.optional(),
    })
    .meta({ id: 'DecodedToken', description: 'A token decoded, with its findings and explained members: the /jwt/decode body' });

  const dictionaryEntry = z
    .object({
      in: where,
      name: z.string(),
      title: z.string(),
      description: z.string(),
      defined_by: definedBy,
      reference: z.string().meta({ description: "IANA's Reference text, or the URL of the vendor's documentation" }),
      vendor: z.enum(VENDOR_CODES).nullable().meta({ description: 'The pack the entry belongs to; null for an IANA entry' }),
    })
    .meta({ id: 'DictionaryEntry' });

  const claimsOutput = z.object({
    entries: z
      .array(dictionaryEntry)
      .meta({ description: "IANA's header parameters, then its claims, in registry order, then each pack's claims in code-point order" }),
    registry_snapshot: z.string().meta({ description: 'The date of the pinned copy of the IANA registries', example: '2026-07-20' }),
    source: z.literal('claims'),
  });

  const verifyOutput = z.object({
    valid: z.boolean().meta({ description: 'True only when the signature and every requested or present time check pass' }),
    reason: z
      .object({ code: z.enum(VERIFICATION_REASONS), message: z.string() })
      .nullable()
      .meta({ id: 'VerificationFailure', description: 'Why the token did not verify; null when valid' }),
    algorithm: z.string().nullable(),
    key_id: z.string().nullable(),
    header: jsonObject,
    payload: jsonObject.nullable().meta({ description: 'The claims; null for a JWS carrying another token, which nested shows' }),
    source: z.literal('verify'),
    sd_jwt: sdJwt.optional(),
    nested: nestedToken.optional(),
  });

  const validateOutput = z.object({
    input: z.string(),
    profile: z.enum(PROFILE_NAMES),
    detected_by: z.enum(['parameter', 'typ', 'claims']),
    valid: z.boolean().meta({ description: 'True when no check failed' }),
    checks: z.array(profileCheck).meta({ description: "Every rule of the profile, in the profile's order" }),
    header: jsonObject,
    payload: jsonObject.meta({ description: "The claims the rules read: an SD-JWT's disclosed payload, a nested JWT's innermost" }),
    source: z.literal('validate'),
  });

  // In the catalog's order, then the shared ones: the order in which the client types' generator first meets
  // each type, which decides how it orders a union's members.
  return {
    decodeInput,
    decodeOutput,
    verifyInput,
    verifyOutput,
    claimsInput,
    claimsOutput,
    validateInput,
    validateOutput,
    profileCheck,
    profileReport,
    finding,
    jwsSignature,
    jweFacts,
    sdJwt,
    amrValue,
    explainedMember,
    issuerVendor,
    innermostToken,
    nestedToken,
    dictionaryEntry,
  };
});
