// A namespace import, not { z }: esbuild can then leave out of the command line's bundle the zod it does
// not use (the locales but English, JSON Schema), about 8 ms of every start of the CLI (docs/benchmarks.md).
import * as z from 'zod';
import { SEVERITIES } from '../../../core/shared/vocabulary.js';
import {
  KEY_BENEFITS,
  KEY_DERIVATIONS,
  MAX_TOKEN_VALUE_LENGTH,
  TOKEN_DIGESTS,
  TOKEN_FINDING_CODES,
  TOKEN_FORMATS,
  TOKEN_VERIFY_REASONS,
  VERIFY_FORMATS,
} from '../../../core/tokens/vocabulary.js';
import { inputObject, jsonObject as jsonObjectSchema, once, stringParam } from './schema-parts.js';
import { local as localSchema, utc as utcSchema } from './time-schemas.js';

/** A Flask session cookie signed with `CHANGEME` (Flask-Unsign's README): the example of /token/identify's `value`. */
export const EXAMPLE_FLASK_SESSION = 'eyJsb2dnZWRfaW4iOmZhbHNlfQ.XDuWxQ.E2Pyb6x3w-NODuflHoGnZOEpbH8';
/** itsdangerous's own example, signed with `secret-key` (its docs/signer.rst): the example of /token/verify's `value`. */
export const EXAMPLE_SIGNED_VALUE = 'my string.wh6tMHxLgJqB6oY1uT73iMlyrOA';

/**
 * The schemas of /token/identify and /token/verify (contract §12), inputs then outputs, built together on the first
 * use of either (with the time schemas' Utc and LocalTime, which their times share).
 */
export const tokenSchemas = once(() => {
  const utc = utcSchema();
  const local = localSchema();
  const jsonObject = jsonObjectSchema();

  const valueDescription = `The value, trimmed of white space, at most ${MAX_TOKEN_VALUE_LENGTH.toLocaleString('en')} characters: a GitHub, npm, GitLab, AWS, Stripe, Slack or PyPI credential, an itsdangerous or Flask session value, a Django signed value, an Express signed cookie, a Fernet token, a PASETO or a PASERK. Send a credential in a POST body: a URL leaks into proxies and history.`;

  const identifyInput = inputObject({
    value: stringParam('value', valueDescription).meta({ example: EXAMPLE_FLASK_SESSION }),
    format: stringParam('format', 'Keeps only this reading of the value')
      .meta({ enum: [...TOKEN_FORMATS], example: 'itsdangerous' })
      .optional(),
    tz: stringParam('tz', 'An IANA time zone or a fixed offset ±HH:MM: adds `local` to every time')
      .meta({ example: 'Europe/Berlin' })
      .optional(),
  });

  // An example that does not go with the itsdangerous example is among JSON Schema's `examples`, not `example`: the API
  // reference fills each `example` into its request.
  type Example = { readonly example: unknown } | { readonly examples: unknown[] };
  const meta = (description: string, example: Example, values?: readonly string[]) => ({
    description,
    ...example,
    ...(values === undefined ? {} : { enum: [...values] }),
  });
  const stringMember = (name: string, description: string, example: Example, values?: readonly string[]) =>
    z
      .string({ error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be a string`) })
      .meta(meta(description, example, values));

  /**
   * `/token/verify`'s body (contract §12): JSON values, every one a string but `max_age`; unknown members are ignored.
   * The use case checks each value, and what goes together.
   */
  const verifyInput = z.object(
    {
      value: stringMember('value', 'The value to verify, read as /token/identify reads it', { example: EXAMPLE_SIGNED_VALUE }),
      format: stringMember(
        'format',
        'Which key schedule to check it with: the service never guesses',
        { example: 'itsdangerous' },
        VERIFY_FORMATS,
      ),
      secret: stringMember(
        'secret',
        'The secret, its UTF-8 bytes (a Fernet key: 44 base64url characters); never echoed, logged or kept. One key per request: no list is tried',
        { example: 'secret-key' },
      ).optional(),
      key: stringMember(
        'key',
        'A public key for a PASETO public token: a JWK, JWK Set, PEM SPKI public key or certificate, as /jwt/verify reads it',
        // RFC 8037 A.2's Ed25519 public key.
        { examples: ['{"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}'] },
      ).optional(),
      salt: stringMember('salt', "The salt, when not the format's default (itsdangerous, Flask, Django)", {
        example: 'itsdangerous.Signer',
      }).optional(),
      key_derivation: stringMember(
        'key_derivation',
        "itsdangerous's key derivation, when not the format's default",
        { example: 'django-concat' },
        KEY_DERIVATIONS,
      ).optional(),
      digest: stringMember(
        'digest',
        "The HMAC's hash, when the signature's length does not say",
        { example: 'sha1' },
        TOKEN_DIGESTS,
      ).optional(),
      max_age: z
        .number({ error: 'max_age must be an integer of seconds' })
        .int({ error: 'max_age must be an integer of seconds' })
        .meta(meta('Seconds after the signed time beyond which the value is expired', { examples: [3600] }))
        .optional(),
      implicit_assertion: stringMember('implicit_assertion', "A PASETO v3 or v4 token's implicit assertion; empty when absent", {
        examples: ['{"tenant":"1"}'],
      }).optional(),
    },
    { error: () => 'request body must be a JSON object' },
  );

  const tokenTime = z
    .object({
      name: z
        .string()
        .meta({ description: 'signed_at, signed_at_legacy, issued_at, or a PASETO claim: exp, nbf, iat', example: 'signed_at' }),
      utc,
      exact: z.string().meta({
        description: 'The instant with every non-zero fractional digit down to the nanosecond, YYYY-MM-DDTHH:MM:SS[.f]Z',
        example: '2019-01-13T19:51:33Z',
      }),
      unix_nanoseconds: z
        .string()
        .regex(/^-?[0-9]+$/)
        .meta({ description: 'The instant in nanoseconds since 1970, as a decimal integer string', example: '1547409093000000000' }),
      authenticated: z.boolean().meta({ description: 'True only when /token/verify checked the signature over this time' }),
      local: local.optional(),
    })
    .meta({ id: 'TokenTime', description: 'A time the value carries' });

  const tokenFinding = z
    .object({
      code: z.enum(TOKEN_FINDING_CODES),
      severity: z.enum(SEVERITIES),
      message: z.string().meta({ description: 'Why it matters; for a live credential, where to revoke it' }),
    })
    .meta({ id: 'TokenFinding' });

  const tokenCandidate = z
    .object({
      format: z.enum(TOKEN_FORMATS),
      description: z.string().meta({ description: 'The format, in words', example: 'itsdangerous signed value' }),
      fields: jsonObject.meta({
        description:
          'What the value shows without a key, by format: kind, checksum_valid, account_id, mode, payload, digest, compressed, version, purpose, footer, kid, …; {} when nothing',
      }),
      times: z.array(tokenTime).readonly(),
      key_needed_for: z
        .array(z.enum(KEY_BENEFITS))
        .readonly()
        .meta({ description: 'What a key would add, in this order: authenticity, payload, expiry' }),
      findings: z.array(tokenFinding).readonly().meta({ description: 'Most severe first' }),
    })
    .meta({ id: 'TokenCandidate', description: 'One format whose grammar the value matches' });

  const jwtPointer = z
    .object({ format: z.literal('jwt'), see: z.literal('/jwt/decode') })
    .meta({ id: 'JwtPointer', description: 'A JWT in any form: /jwt/decode reads it' });

  const identifyOutput = z.object({
    input: z.string().meta({ description: 'The value as received; a credential masked: its first 8 and last 4 characters, … between' }),
    candidates: z
      .array(z.union([tokenCandidate, jwtPointer]))
      .readonly()
      .meta({ description: "Every format the value matches, in the table's order" }),
    notes: z.array(z.string()).readonly().meta({ description: 'Why nothing matched, or what is ambiguous; may be empty' }),
    source: z.literal('token_identify'),
  });

  const verifyOutput = z.object({
    format: z.enum(VERIFY_FORMATS),
    valid: z.boolean().meta({ description: 'The signature verifies and no time check fails' }),
    reason: z
      .object({ code: z.enum(TOKEN_VERIFY_REASONS), message: z.string() })
      .nullable()
      .meta({ description: 'null when valid' }),
    payload: z.unknown().meta({
      description:
        'The payload: JSON when it is JSON, else its text (Fernet: the decrypted message, or base64 when it is not UTF-8); null when unread',
    }),
    times: z.array(tokenTime).readonly().meta({ description: 'authenticated: true for each time when the signature verified' }),
    source: z.literal('token_verify'),
  });

  return { identifyInput, verifyInput, tokenTime, tokenFinding, tokenCandidate, jwtPointer, identifyOutput, verifyOutput };
});
