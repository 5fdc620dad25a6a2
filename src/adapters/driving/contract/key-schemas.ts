// A namespace import, not { z }: esbuild can then leave out of the command line's bundle the zod it does
// not use (the locales but English, JSON Schema), about 8 ms of every start of the CLI (docs/benchmarks.md).
import * as z from 'zod';
import { KEY_FINDING_CODES } from '../../../core/keys/vocabulary.js';
import { SEVERITIES } from '../../../core/shared/vocabulary.js';
import { EXAMPLE_TOKEN } from './jwt-schemas.js';
import { inputObject, jsonObject as jsonObjectSchema, once, stringParam } from './schema-parts.js';
import { utc as utcSchema } from './time-schemas.js';

/** The schemas of /jwt/inspect-key (the keys context), its input then its output, built on its first use. */
export const keySchemas = once(() => {
  const utc = utcSchema();
  const jsonObject = jsonObjectSchema();

  // RFC 7638 §3.1's key, from RFC 7517 A.1, as the example.
  const EXAMPLE_KEY =
    '{"kty":"RSA","n":"0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw","e":"AQAB","alg":"RS256","kid":"2011-04-29"}';

  const inspectKeyInput = inputObject({
    key: stringParam(
      'key',
      'A JWK, a JWK Set or PEM text (PUBLIC KEY, RSA PUBLIC KEY, CERTIFICATE and chains, PRIVATE KEY, RSA PRIVATE KEY, EC PRIVATE KEY), up to 61,440 characters. Private parts are only noticed, never echoed; send them by POST, and better not at all.',
    ).meta({ example: EXAMPLE_KEY }),
    token: stringParam(
      'token',
      'A compact JWS: says which key it selects (as /jwt/verify would) and whether its signature verifies with each',
    )
      .meta({ example: EXAMPLE_TOKEN })
      .optional(),
  });

  const keyFinding = z
    .object({
      code: z.enum(KEY_FINDING_CODES),
      severity: z.enum(SEVERITIES),
      message: z.string().meta({ description: 'What is wrong, citing the RFC where it applies' }),
    })
    .meta({ id: 'KeyFinding' });

  const keyReason = z
    .object({ code: z.enum(['key_mismatch', 'signature_invalid', 'key_not_found']), message: z.string() })
    .nullable()
    .meta({ id: 'KeyVerificationFailure', description: 'Why the signature did not verify; null when valid' });

  const certificate = z
    .object({
      subject: z.string().meta({ description: 'RFC 4514: the last RDN first', example: 'CN=example.com,O=Example,C=DE' }),
      issuer: z.string(),
      serial: z.string().meta({ description: 'Lowercase hex, no leading zero byte' }),
      not_before: utc,
      not_after: utc,
      expired: z.boolean(),
      days_left: z.number().int().meta({ description: 'Whole days until not_after, rounded down; negative once expired' }),
      self_signed: z.boolean(),
      x5t_s256: z.string().meta({ description: 'base64url SHA-256 of the DER (x5t#S256)' }),
      x5t: z.string().meta({ description: 'base64url SHA-1 of the DER' }),
      subject_alt_names: z.array(z.string()).meta({ example: ['DNS:example.com', 'IP:2001:db8::1'] }),
      issued_by_next: z
        .boolean()
        .nullable()
        .meta({ description: 'Whether the next certificate of the chain issued this one; null for the last or a self-signed one' }),
    })
    .meta({ id: 'Certificate' });

  const inspectKeyOutput = z.object({
    input_kind: z.enum(['jwk', 'jwk_set', 'pem']),
    keys: z.array(
      z
        .object({
          kty: z.enum(['RSA', 'EC', 'OKP', 'oct']),
          crv: z.string().nullable(),
          size_bits: z.number().int(),
          kid: z.string().nullable(),
          alg: z.string().nullable(),
          use: z.string().nullable(),
          key_ops: z.array(z.string()).nullable(),
          private: z.boolean().meta({ description: "True when the input holds this key's private or secret part" }),
          thumbprint: z.object({
            sha256: z.string().meta({
              description: 'The RFC 7638 JWK Thumbprint, SHA-256, base64url',
              example: 'NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs',
            }),
            uri: z.string().meta({
              description: 'RFC 9278',
              example: 'urn:ietf:params:oauth:jwk-thumbprint:sha-256:NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs',
            }),
          }),
          public_jwk: jsonObject
            .nullable()
            .meta({ description: 'The public members, canonical, with kid, alg, use and key_ops; null for oct' }),
          public_pem: z.string().nullable().meta({ description: 'The SubjectPublicKeyInfo as PEM; null for oct' }),
          certificate: certificate.nullable(),
          findings: z.array(keyFinding),
          verification: z.object({ selected: z.boolean(), valid: z.boolean(), reason: keyReason }).optional(),
        })
        .meta({ id: 'InspectedKey' }),
    ),
    findings: z.array(keyFinding).meta({ description: "The set's own: duplicate_kid" }),
    source: z.literal('inspect_key'),
    verification: z
      .object({ algorithm: z.string().nullable(), key_id: z.string().nullable(), valid: z.boolean(), reason: keyReason })
      .optional()
      .meta({ description: 'With token only' }),
  });

  // The operation's, then the shared ones, as jwtSchemas orders its own.
  return { inspectKeyInput, inspectKeyOutput, keyFinding, keyReason, certificate };
});
