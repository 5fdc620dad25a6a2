import type { Clock } from '../../shared/ports/clock.js';
import type { KeyCodec } from '../../keys/ports/key-codec.js';
import { DomainError } from '../../shared/errors.js';
import { MAX_SIGNING_KEY_LENGTH } from '../../jwt/signing/signing-key.js';
import type { TokenTime, TokenVerification, TokenVerifyInput } from '../model.js';
import { tokenTime } from '../times.js';
import { tokenValue } from '../value.js';
import {
  KEY_DERIVATIONS,
  MAX_TOKEN_VALUE_LENGTH,
  TOKEN_DIGESTS,
  VERIFY_FORMATS,
  VERIFY_OPTION_NAMES,
  VERIFY_OPTIONS,
  type KeyDerivation,
  type TokenDigest,
  type VerifyFormat,
  type VerifyOption,
} from '../vocabulary.js';
import { VERIFIERS, type VerifyRequest } from '../verify/formats.js';

type Option = 'secret' | 'key' | VerifyOption;

/** The key each format is checked with: a public key for PASETO, a secret for the rest. */
const keyOf = (format: VerifyFormat): 'secret' | 'key' => (format === 'paseto' ? 'key' : 'secret');

const OPTIONS: readonly Option[] = ['secret', 'key', ...VERIFY_OPTION_NAMES];

/** The longest `secret`: as `/jwt/sign` and `/jwt/verify` read one (contract §4b, §4g). */
const MAX_SECRET_LENGTH = MAX_SIGNING_KEY_LENGTH;

const optionError = (message: string): DomainError => new DomainError('TOKEN_OPTION_INVALID', message);
const keyError = (message: string): DomainError => new DomainError('TOKEN_KEY_INVALID', message);

function formatOf(input: TokenVerifyInput): VerifyFormat {
  // includes only compares: any string may be looked for.
  if (!(VERIFY_FORMATS as readonly string[]).includes(input.format))
    throw optionError(`format must be one of ${VERIFY_FORMATS.join(', ')}`);
  return input.format as VerifyFormat;
}

/** Every option the request carries is one its format takes, and the format's key is there. */
function checkOptions(format: VerifyFormat, input: TokenVerifyInput): void {
  const key = keyOf(format);
  const options: readonly Option[] = VERIFY_OPTIONS[format];
  for (const option of OPTIONS) {
    if (input[option] === undefined || option === key || options.includes(option)) continue;
    if (option === 'secret' || option === 'key') {
      throw keyError(
        `${option} is not used by format ${format}, which is checked with ${key === 'key' ? 'a public key as key' : 'a secret as secret'}`,
      );
    }
    throw optionError(`${option} is not used by format ${format}${options.length === 0 ? '' : `, which takes ${options.join(', ')}`}`);
  }
  if (input[key] === undefined) {
    throw keyError(
      key === 'key' ? `key is required for format ${format}: the public key it was signed with` : `secret is required for format ${format}`,
    );
  }
}

function secretOf(secret: string | undefined): string | undefined {
  if (secret === undefined) return undefined;
  if (secret === '') throw keyError('secret must not be empty');
  if (secret.length > MAX_SECRET_LENGTH) throw keyError(`secret is longer than ${MAX_SECRET_LENGTH} characters`);
  return secret;
}

function textOption(name: Option, value: string | undefined): string | undefined {
  if (value !== undefined && value.length > MAX_TOKEN_VALUE_LENGTH)
    throw optionError(`${name} is longer than ${MAX_TOKEN_VALUE_LENGTH} characters`);
  return value;
}

function oneOf<T extends string>(name: Option, value: string | undefined, allowed: readonly T[]): T | undefined {
  // includes only compares: any string may be looked for.
  if (value !== undefined && !(allowed as readonly string[]).includes(value))
    throw optionError(`${name} must be one of ${allowed.join(', ')}`);
  return value as T | undefined;
}

function maxAgeOf(value: number | undefined): number | undefined {
  if (value !== undefined && !(Number.isSafeInteger(value) && value >= 0)) {
    throw optionError('max_age must be a whole number of seconds, 0 or more');
  }
  return value;
}

/**
 * `/token/verify` (contract §12): checks a signed value with the one key the caller sends, by the format the caller
 * names (the service never guesses a key schedule): itsdangerous, a Flask session, a Django signed value, an Express
 * signed cookie, a Fernet token (decrypted once its HMAC verifies), or a `public` PASETO. The signature is checked
 * first; `valid` is true only when it verifies and no time check fails (`max_age`, Fernet's clock skew, a PASETO's
 * `exp` and `nbf`); times are `authenticated` only when it verified. A value not of its format is an answer
 * (`malformed`), not an error.
 *
 * Throws `TOKEN_VALUE_INVALID` (an empty or over-long value, a payload inflating past 1 MiB, a `local` PASETO, which it
 * never decrypts), `TOKEN_OPTION_INVALID` (an unknown format, an option outside its form or not used by the format),
 * `TOKEN_KEY_INVALID` (a missing, empty or misplaced secret or key, a Fernet key not of its form, a public key of
 * another kind than the PASETO version signs with, several keys) and the key reader's `KEY_*` errors, `KEY_PRIVATE`
 * for a private key. It never tries a second key, and never fetches one.
 */
export class VerifyToken {
  constructor(
    private readonly clock: Clock,
    private readonly keyCodec: KeyCodec,
  ) {}

  async execute(input: TokenVerifyInput): Promise<TokenVerification> {
    const value = tokenValue(input.value);
    const format = formatOf(input);
    checkOptions(format, input);
    const request: VerifyRequest = {
      value,
      secret: secretOf(input.secret),
      key: input.key,
      salt: textOption('salt', input.salt),
      keyDerivation: oneOf<KeyDerivation>('key_derivation', input.key_derivation, KEY_DERIVATIONS),
      digest: oneOf<TokenDigest>('digest', input.digest, TOKEN_DIGESTS),
      maxAge: maxAgeOf(input.max_age),
      implicitAssertion: textOption('implicit_assertion', input.implicit_assertion),
      nowMs: this.clock.nowMs(),
    };
    const outcome = await VERIFIERS[format](request, { keyCodec: this.keyCodec });
    if (outcome.kind === 'malformed') {
      return {
        format,
        valid: false,
        reason: { code: 'malformed', message: outcome.message },
        payload: null,
        times: [],
        source: 'token_verify',
      };
    }
    const times = outcome.times
      .map(({ name, unixNs }) => tokenTime(name, unixNs, outcome.verified, undefined))
      .filter((time): time is TokenTime => time !== undefined);
    const reason = outcome.verified
      ? (outcome.failure ?? null)
      : { code: 'signature_invalid' as const, message: SIGNATURE_INVALID[format] };
    return { format, valid: reason === null, reason, payload: outcome.payload, times, source: 'token_verify' };
  }
}

const SIGNATURE_INVALID: Readonly<Record<VerifyFormat, string>> = {
  itsdangerous:
    'the signature does not match: the secret, salt, key derivation or digest differs from the signer’s, or the value was changed',
  flask_session: 'the signature does not match: the secret (SECRET_KEY) differs from the app’s, or the cookie was changed',
  django_signed:
    'the signature does not match: the secret (SECRET_KEY), salt or digest differs from the signer’s, or the value was changed',
  express_signed_cookie: 'the signature does not match: the secret differs from the app’s, or the cookie was changed',
  fernet: 'the HMAC does not match: the key differs from the one that made the token, or the token was changed; nothing was decrypted',
  paseto: 'the signature does not verify with this key (and implicit assertion, for v3 and v4), or the token was changed',
};
