// /token/verify in process (contract §12): a value signed here with node:crypto, an implementation independent of the
// core's @noble/hashes and Web Crypto code, verifies with its key, and with one byte changed does not; and a request
// of any shape is answered or refused with a DomainError, never anything else.
import fc from 'fast-check';
import { createPrivateKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NodeKeyCodec } from '../../src/adapters/driven/node-key-codec.js';
import { DomainError } from '../../src/core/shared/errors.js';
import type { TokenVerifyInput } from '../../src/core/tokens/model.js';
import { VerifyToken } from '../../src/core/tokens/use-cases/verify-token.js';
import { KEY_DERIVATIONS, VERIFY_FORMATS } from '../../src/core/tokens/vocabulary.js';
import { FixedClock } from '../support/fakes.js';
import { djangoSign, expressSign, fernetToken, itsdangerousSign, pasetoV4Sign } from '../support/token-arbitraries.js';
import { RFC8037_A1, RFC8037_A2 } from '../vectors/jose-keys.js';

const NOW_S = 1_700_000_000;
const verifier = new VerifyToken(new FixedClock(NOW_S * 1000), new NodeKeyCodec());
const ED25519_PRIVATE = createPrivateKey({ key: RFC8037_A1, format: 'jwk' });
const ED25519_PUBLIC = JSON.stringify(RFC8037_A2);

/** Whether the request verifies: a refusal (a DomainError) or any reason counts as not. */
async function verifies(input: TokenVerifyInput): Promise<boolean> {
  try {
    return (await verifier.execute(input)).valid;
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
}

/** Text any of these libraries signs: printable, with the separators they split at. */
const text = fc
  .string({ unit: fc.constantFrom(...'abcXYZ019 .:-_+/={}"é'), minLength: 1, maxLength: 40 })
  .filter((value) => value.trim() === value);
const secret = fc.string({ minLength: 1, maxLength: 24 });

/** The value with the character at `at` replaced by another printable ASCII one. */
function changeCharacter(value: string, at: number, by: number): string {
  const index = at % value.length;
  const old = value.charCodeAt(index);
  const replacement = 33 + ((old - 33 + 1 + (by % 93)) % 94);
  return `${value.slice(0, index)}${String.fromCharCode(replacement === old ? replacement + 1 : replacement)}${value.slice(index + 1)}`;
}

/** A base64url token with one byte of what it encodes changed, written back as it was (padded or not). */
function changeByte(token: string, at: number, by: number): string {
  const padded = token.endsWith('=');
  const bytes = Uint8Array.fromBase64(token, { alphabet: 'base64url' });
  const index = at % bytes.length;
  bytes[index] = (bytes[index] as number) ^ (1 + (by % 255));
  return bytes.toBase64({ alphabet: 'base64url', omitPadding: !padded });
}

interface Signed {
  readonly input: TokenVerifyInput;
  /** The input with one byte of its value changed. */
  readonly changed: (at: number, by: number) => TokenVerifyInput;
}

const byCharacter = (input: TokenVerifyInput): Signed => ({
  input,
  changed: (at, by) => ({ ...input, value: changeCharacter(input.value, at, by) }),
});

const signedValues: fc.Arbitrary<Signed> = fc.oneof(
  fc
    .tuple(
      text,
      secret,
      fc.string({ maxLength: 12 }),
      fc.constantFrom(...KEY_DERIVATIONS),
      fc.constantFrom('sha1' as const, 'sha256' as const),
    )
    .map(([value, key, salt, derivation, digest]) =>
      byCharacter({
        value: itsdangerousSign(value, key, salt, derivation, digest),
        format: 'itsdangerous',
        secret: key,
        salt,
        key_derivation: derivation,
      }),
    ),
  fc
    .tuple(
      text.filter((value) => !value.includes(':')),
      secret,
      fc.constantFrom('sha1' as const, 'sha256' as const),
    )
    .map(([value, key, digest]) =>
      byCharacter({ value: djangoSign(value, key, 'django.core.signing.Signer', digest), format: 'django_signed', secret: key }),
    ),
  fc
    .tuple(text, secret)
    .map(([value, key]) => byCharacter({ value: expressSign(value, key), format: 'express_signed_cookie', secret: key })),
  fc
    .tuple(
      fc.uint8Array({ maxLength: 40 }),
      fc.uint8Array({ minLength: 32, maxLength: 32 }),
      fc.uint8Array({ minLength: 16, maxLength: 16 }),
    )
    .map(([message, key, iv]) => {
      const input = {
        value: fernetToken(message, key, BigInt(NOW_S), iv),
        format: 'fernet',
        secret: key.toBase64({ alphabet: 'base64url' }),
      };
      return { input, changed: (at: number, by: number) => ({ ...input, value: changeByte(input.value, at, by) }) };
    }),
  fc.tuple(fc.json({ maxDepth: 2 }), fc.string({ maxLength: 10 })).map(([claims, assertion]) => {
    const input = {
      value: pasetoV4Sign(claims, ED25519_PRIVATE, '', assertion),
      format: 'paseto',
      key: ED25519_PUBLIC,
      implicit_assertion: assertion,
    };
    const [header, purpose, body] = input.value.split('.') as [string, string, string];
    return { input, changed: (at: number, by: number) => ({ ...input, value: `${header}.${purpose}.${changeByte(body, at, by)}` }) };
  }),
);

describe('/token/verify, in process', () => {
  it('verifies a value signed by another implementation, and not with one byte changed', async () => {
    await fc.assert(
      fc.asyncProperty(signedValues, fc.nat(), fc.nat(), async (signed, at, by) => {
        expect(await verifies(signed.input)).toBe(true);
        expect(await verifies(signed.changed(at, by))).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('answers any request or refuses it with a DomainError, never anything else', async () => {
    const anything = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.constantFrom('', ' ', '{}', '{"keys":[]}', ED25519_PUBLIC, JSON.stringify(RFC8037_A1)),
    );
    const request = fc.record(
      {
        value: fc.oneof(
          fc.string({ maxLength: 120 }),
          signedValues.map((signed) => signed.input.value),
        ),
        format: fc.oneof(fc.constantFrom(...VERIFY_FORMATS), fc.string({ maxLength: 8 })),
        secret: anything,
        key: anything,
        salt: fc.string({ maxLength: 8 }),
        key_derivation: fc.oneof(fc.constantFrom(...KEY_DERIVATIONS), fc.string({ maxLength: 6 })),
        digest: fc.oneof(fc.constantFrom('sha1', 'sha256'), fc.string({ maxLength: 6 })),
        max_age: fc.oneof(fc.integer(), fc.double()),
        implicit_assertion: fc.string({ maxLength: 8 }),
      },
      { requiredKeys: ['value', 'format'] },
    );
    await fc.assert(
      fc.asyncProperty(request, async (input) => {
        try {
          const answer = await verifier.execute(input);
          expect(answer.source).toBe('token_verify');
          expect(answer.valid).toBe(answer.reason === null);
        } catch (error) {
          expect(error).toBeInstanceOf(DomainError);
        }
      }),
      { numRuns: 500 },
    );
  });
});
