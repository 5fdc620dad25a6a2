// The token context's names, a list alone: the contract's schemas name them without loading the context (contract §12).

/** `/token/identify`'s formats, in the order of contract §12's table: candidates come in this order. */
export const TOKEN_FORMATS = [
  'github_token',
  'github_fine_grained_token',
  'npm_token',
  'gitlab_token',
  'aws_access_key_id',
  'stripe_key',
  'slack_token',
  'pypi_token',
  'itsdangerous',
  'flask_session',
  'django_signed',
  'express_signed_cookie',
  'fernet',
  'paseto',
  'paserk',
] as const;
export type TokenFormat = (typeof TOKEN_FORMATS)[number];

/** The credential formats (orders 1–8): masked in every answer, and no key proves anything about them. */
export const CREDENTIAL_FORMATS = [
  'github_token',
  'github_fine_grained_token',
  'npm_token',
  'gitlab_token',
  'aws_access_key_id',
  'stripe_key',
  'slack_token',
  'pypi_token',
] as const satisfies readonly TokenFormat[];

/** The formats `/token/verify` checks with the key the caller sends. */
export const VERIFY_FORMATS = ['itsdangerous', 'flask_session', 'django_signed', 'express_signed_cookie', 'fernet', 'paseto'] as const;
export type VerifyFormat = (typeof VERIFY_FORMATS)[number];

/** The options `/token/verify` takes besides the key, in the order its errors list them. */
export const VERIFY_OPTION_NAMES = ['salt', 'key_derivation', 'digest', 'max_age', 'implicit_assertion'] as const;
export type VerifyOption = (typeof VERIFY_OPTION_NAMES)[number];

/** Which options each verify format takes besides its key (contract §12's defaults by format); any other is refused. */
export const VERIFY_OPTIONS: Readonly<Record<VerifyFormat, readonly VerifyOption[]>> = {
  itsdangerous: ['salt', 'key_derivation', 'digest', 'max_age'],
  flask_session: ['salt', 'key_derivation', 'digest', 'max_age'],
  django_signed: ['salt', 'digest', 'max_age'],
  express_signed_cookie: [],
  fernet: ['max_age'],
  paseto: ['implicit_assertion'],
};

/** itsdangerous's key derivations (`Signer.key_derivation`). */
export const KEY_DERIVATIONS = ['concat', 'django-concat', 'hmac', 'none'] as const;
export type KeyDerivation = (typeof KEY_DERIVATIONS)[number];

/** The digests an HMAC-signed value may use; the signature's length says which unless `digest` does. */
export const TOKEN_DIGESTS = ['sha1', 'sha256'] as const;
export type TokenDigest = (typeof TOKEN_DIGESTS)[number];

/** What a key would add to what `/token/identify` reads, in this order. */
export const KEY_BENEFITS = ['authenticity', 'payload', 'expiry'] as const;
export type KeyBenefit = (typeof KEY_BENEFITS)[number];

export const TOKEN_FINDING_CODES = [
  'live_credential',
  'private_key_material',
  'not_a_secret',
  'checksum_invalid',
  'timestamp_unauthenticated',
  'legacy_epoch',
] as const;
export type TokenFindingCode = (typeof TOKEN_FINDING_CODES)[number];

/** Why `/token/verify` answered `valid: false`. */
export const TOKEN_VERIFY_REASONS = ['signature_invalid', 'expired', 'not_yet_valid', 'malformed'] as const;
export type TokenVerifyReason = (typeof TOKEN_VERIFY_REASONS)[number];

/** The most characters `value` may have, trimmed (contract §12). */
export const MAX_TOKEN_VALUE_LENGTH = 16_384;
/** The most bytes a compressed payload may inflate to (contract §12). */
export const MAX_INFLATED_BYTES = 1_048_576;
