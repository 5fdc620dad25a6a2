// A namespace import, not { z }: esbuild can then leave out of the command line's bundle the zod it does
// not use (the locales but English, JSON Schema), about 8 ms of every start of the CLI (docs/benchmarks.md).
import * as z from 'zod';
import { EXAMPLE_TOKEN, jwtSchemas } from './jwt-schemas.js';
import { SIGNING_ALGORITHMS } from '../../../core/shared/algorithms.js';
import { isJsonObject, jsonObject as jsonObjectSchema, once, oneOfWords } from './schema-parts.js';

/** The schemas of /jwt/sign, its input then its output, built on its first use (with the token schemas: its answer holds decode's). */
export const signSchemas = once(() => {
  const { decodeOutput } = jwtSchemas();
  const jsonObject = jsonObjectSchema();

  const member = <T extends z.ZodType>(schema: T, description: string, example?: unknown) =>
    schema.meta({ description, ...(example === undefined ? {} : { example }) }).optional();
  const objectMember = (name: string, description: string, example?: unknown) =>
    member(
      z
        .custom<Record<string, unknown>>(isJsonObject, { error: `${name} must be a JSON object` })
        .meta({ override: { type: 'object', additionalProperties: true } }),
      description,
      example,
    );
  const stringMember = (name: string, description: string, example?: string) =>
    member(z.string({ error: `${name} must be a string` }), description, example);
  const booleanMember = (name: string, description: string) =>
    member(z.boolean({ error: `${name} must be true or false` }), description, true);
  const relativeMember = (name: string, description: string, example: string) =>
    member(z.union([z.number().int(), z.string()], { error: `${name} must be an integer of seconds or a string` }), description, example);

  /**
   * `/jwt/sign`'s body (contract §4g): JSON values, not strings; unknown members are ignored. The one check of its
   * members' types, on every transport: the use case takes them typed, and checks what goes together and each value.
   */
  const signInput = z.object(
    {
      payload: objectMember('payload', 'The claims of a new token', { sub: '1234567890', name: 'John Doe', admin: true, iat: 1516239022 }),
      header: objectMember('header', 'Header members of a new token; alg, typ and kid are added as needed', { kid: 'key-1' }),
      token: stringMember('token', 'A compact JWS to re-sign instead of payload: its old signature is not checked', EXAMPLE_TOKEN),
      set: objectMember('set', 'Re-signing: claims to add or replace (null sets a claim to null)', { admin: true }),
      unset: member(z.array(z.string(), { error: 'unset must be an array of strings' }), 'Re-signing: names of claims to remove', ['iat']),
      alg: stringMember('alg', `The algorithm: ${oneOfWords(SIGNING_ALGORITHMS)}`, 'HS256'),
      secret: stringMember(
        'secret',
        'An HMAC key: its UTF-8 bytes, at least as long as the hash (32, 48 or 64 bytes), at most 8192 characters; never echoed or kept',
        'a-string-secret-at-least-256-bits-long',
      ),
      key: member(
        z.union(
          [z.string(), z.custom<Record<string, unknown>>(isJsonObject).meta({ override: { type: 'object', additionalProperties: true } })],
          { error: 'key must be a JWK object, or a string holding a JWK or a PEM' },
        ),
        'A private JWK (object or JSON string) or a PEM private key (PKCS #8, PKCS #1, SEC 1); never echoed or kept',
        // RFC 8037 A.1's published Ed25519 test key: the private half of /jwt/verify's example key.
        {
          kty: 'OKP',
          crv: 'Ed25519',
          d: 'nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A',
          x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo',
        },
      ),
      generate: booleanMember(
        'generate',
        "true makes a key pair for this call only, never stored: RSA 2048, EC on the algorithm's curve, or Ed25519",
      ),
      return_private_key: booleanMember('return_private_key', 'With generate: true, the answer adds private_jwk'),
      expires_in: relativeMember('expires_in', 'Sets exp to now plus this: seconds, or an ISO 8601 duration of W, D, H, M, S', 'PT1H'),
      not_before_in: relativeMember('not_before_in', 'Sets nbf to now plus this: seconds, or an ISO 8601 duration', '-PT1M'),
      issued_at: booleanMember('issued_at', 'true sets iat to now'),
    },
    { error: () => 'request body must be a JSON object' },
  );

  const signOutput = z.object({
    token: z.string().meta({ description: 'The compact JWS' }),
    header: jsonObject,
    payload: jsonObject,
    algorithm: z.string(),
    key: z
      .object({ public_jwk: jsonObject, thumbprint: z.string().meta({ description: 'RFC 7638 SHA-256 thumbprint, base64url' }) })
      .nullable()
      .meta({ description: 'null for a secret; else the public key, with alg, use and kid' }),
    notes: z.array(z.string()).meta({ description: 'A sentence for each claim a time option replaced, and for a changed algorithm' }),
    changes: z
      .array(z.object({ op: z.enum(['add', 'replace', 'remove']), name: z.string(), from: z.unknown(), to: z.unknown() }))
      .optional()
      .meta({ description: 'Re-signing only: each claim set, unset or timed, in that order' }),
    private_jwk: jsonObject.optional().meta({ description: 'Only with generate and return_private_key: the generated private key' }),
    decoded: decodeOutput.meta({ description: 'The /jwt/decode body of the new token, findings included' }),
    source: z.literal('sign'),
  });

  return { signInput, signOutput };
});
