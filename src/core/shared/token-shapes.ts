// The grammars of contract §12's token and credential formats, as syntax alone: anchored patterns and length checks,
// nothing decoded. `/token/identify` starts from them, the time context's identify names what they match, and the
// page flags a pasted credential with them before any answer; so this file imports nothing.

/** A format of contract §12's table, in its order (tokens/vocabulary.ts lists the same codes). */
export type TokenShape =
  | 'github_token'
  | 'github_fine_grained_token'
  | 'npm_token'
  | 'gitlab_token'
  | 'aws_access_key_id'
  | 'stripe_key'
  | 'slack_token'
  | 'pypi_token'
  | 'itsdangerous'
  | 'flask_session'
  | 'django_signed'
  | 'express_signed_cookie'
  | 'fernet'
  | 'paseto'
  | 'paserk';

/** `gh` and the kind's letter, `_`, 30 random characters, and their 6-character CRC-32 in base62. */
export const GITHUB_TOKEN = /^gh([pousr])_([0-9A-Za-z]{30})([0-9A-Za-z]{6})$/;
export const GITHUB_FINE_GRAINED_TOKEN = /^github_pat_[0-9A-Za-z]{22}_[0-9A-Za-z]{59}$/;
export const NPM_TOKEN = /^npm_([0-9A-Za-z]{30})([0-9A-Za-z]{6})$/;
export const GITLAB_CLASSIC_TOKEN = /^glpat-[0-9A-Za-z_-]{20}$/;
/** `glpat-`, the payload, `.`, an optional version and `.`, the payload's length and the CRC-32 of all before it. */
export const GITLAB_ROUTABLE_TOKEN = /^(glpat-([0-9A-Za-z_-]+)\.(?:([0-9a-z]{2})\.)?([0-9a-z]{2}))([0-9a-z]{7})$/;
export const AWS_ACCESS_KEY_ID = /^(AKIA|ASIA|AIDA|AROA|AGPA|ANPA|ANVA|AIPA|ACCA|APKA|ASCA|ABIA)([A-Z2-7]{16})$/;
export const STRIPE_KEY = /^(?:(sk|rk|pk)_(live|test)_[0-9A-Za-z]{10,}|whsec_[0-9A-Za-z+/=]{32,})$/;
export const SLACK_TOKEN = /^(xoxe\.xoxp-|xoxb-|xoxp-|xoxa-|xoxr-|xoxc-|xoxe-|xapp-)[0-9A-Za-z-]+$/;
export const PYPI_TOKEN = /^pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]+$/;

/** A payload segment of base64url, a leading `.` marking zlib. */
export const BASE64URL_SEGMENT = /^(\.?)([A-Za-z0-9_-]+)$/;
/** An HMAC in base64url: 27 characters for SHA-1, 43 for SHA-256. */
export const HMAC_SIGNATURE = /^[A-Za-z0-9_-]{27}$|^[A-Za-z0-9_-]{43}$/;
/** 2, 3, 4, 6, 7 or 8 base64url characters: the 1 to 6 bytes of a big-endian integer. */
export const ITSDANGEROUS_TIMESTAMP = /^(?:[A-Za-z0-9_-]{2,4}|[A-Za-z0-9_-]{6,8})$/;
export const DJANGO_TIMESTAMP = /^[0-9A-Za-z]{1,8}$/;
/** Standard base64 without padding, 43 characters: an HMAC-SHA256. */
export const EXPRESS_SIGNATURE = /^[A-Za-z0-9+/]{43}$/;
/** Padded base64url whose first byte is 0x80. */
export const FERNET_TOKEN = /^g[A-P][A-Za-z0-9_-]*={0,2}$/;
export const PASETO_TOKEN = /^v([1-4])\.(local|public)\.([A-Za-z0-9_-]+)(?:\.([A-Za-z0-9_-]+))?$/;
/** A PASERK; the wrapped types may name their protocol (`k4.local-wrap.pie.…`). */
export const PASERK_KEY =
  /^k([1-4])\.(lid|pid|sid|local|public|secret|seal|local-wrap|secret-wrap|local-pw|secret-pw)\.(?:([a-z][a-z0-9-]*)\.)?([A-Za-z0-9_-]+)$/;

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** Version, timestamp, IV, one block of ciphertext, HMAC. */
const FERNET_MIN_BYTES = 73;

function itsdangerousParts(value: string): { readonly timed: boolean; readonly signature: string } | undefined {
  const at = value.lastIndexOf('.');
  if (at <= 0) return undefined;
  const signature = value.slice(at + 1);
  if (!HMAC_SIGNATURE.test(signature)) return undefined;
  const signed = value.slice(0, at);
  const stamp = signed.lastIndexOf('.');
  if (stamp > 0 && ITSDANGEROUS_TIMESTAMP.test(signed.slice(stamp + 1)) && BASE64URL_SEGMENT.test(signed.slice(0, stamp))) {
    return { timed: true, signature };
  }
  return BASE64URL_SEGMENT.test(signed) ? { timed: false, signature } : undefined;
}

/** An itsdangerous value whose payload is base64url (a serializer's); a PASETO or PASERK is not one. */
const isItsdangerous = (value: string): boolean =>
  itsdangerousParts(value) !== undefined && !PASETO_TOKEN.test(value) && !PASERK_KEY.test(value);

/** As itsdangerous, with a timestamp and a SHA-1 signature; that the payload is a JSON object is read by identify. */
function isFlaskSession(value: string): boolean {
  const parts = itsdangerousParts(value);
  return parts !== undefined && parts.timed && parts.signature.length === 27 && !PASETO_TOKEN.test(value) && !PASERK_KEY.test(value);
}

function isDjangoSigned(value: string): boolean {
  const at = value.lastIndexOf(':');
  if (at <= 0 || !HMAC_SIGNATURE.test(value.slice(at + 1))) return false;
  const parts = value.slice(0, at).split(':');
  if (parts.length > 2 || parts[0] === '') return false;
  return parts.length === 1 || DJANGO_TIMESTAMP.test(parts[1] as string);
}

function isExpressCookie(value: string): boolean {
  let text = value;
  if (/^s%3A/i.test(value)) {
    try {
      text = decodeURIComponent(value);
    } catch {
      return false;
    }
  }
  if (!text.startsWith('s:')) return false;
  const at = text.lastIndexOf('.');
  return at > 2 && EXPRESS_SIGNATURE.test(text.slice(at + 1));
}

function isFernet(value: string): boolean {
  if (value.length % 4 !== 0 || !FERNET_TOKEN.test(value)) return false;
  const padding = value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0;
  const bytes = (value.length / 4) * 3 - padding;
  return bytes >= FERNET_MIN_BYTES && (bytes - 57) % 16 === 0;
}

function isPaseto(value: string): boolean {
  const match = PASETO_TOKEN.exec(value);
  return match !== null && (match[3] as string).length % 4 !== 1 && (match[4] ?? '').length % 4 !== 1;
}

function isPaserk(value: string): boolean {
  const match = PASERK_KEY.exec(value);
  return match !== null && BASE64URL.test(match[4] as string) && (match[4] as string).length % 4 !== 1;
}

export interface TokenShapeRow {
  readonly format: TokenShape;
  /** A short name in words. */
  readonly description: string;
  /** Whether a trimmed value is of the format's syntax. */
  readonly matches: (value: string) => boolean;
}

const pattern =
  (regex: RegExp) =>
  (value: string): boolean =>
    regex.test(value);

/** Contract §12's table, in its order. */
export const TOKEN_SHAPES: readonly TokenShapeRow[] = [
  { format: 'github_token', description: 'GitHub token', matches: pattern(GITHUB_TOKEN) },
  {
    format: 'github_fine_grained_token',
    description: 'GitHub fine-grained personal access token',
    matches: pattern(GITHUB_FINE_GRAINED_TOKEN),
  },
  { format: 'npm_token', description: 'npm access token', matches: pattern(NPM_TOKEN) },
  {
    format: 'gitlab_token',
    description: 'GitLab personal access token',
    matches: (value) => GITLAB_CLASSIC_TOKEN.test(value) || GITLAB_ROUTABLE_TOKEN.test(value),
  },
  { format: 'aws_access_key_id', description: 'AWS access key ID', matches: pattern(AWS_ACCESS_KEY_ID) },
  { format: 'stripe_key', description: 'Stripe API key', matches: pattern(STRIPE_KEY) },
  { format: 'slack_token', description: 'Slack token', matches: pattern(SLACK_TOKEN) },
  { format: 'pypi_token', description: 'PyPI API token', matches: pattern(PYPI_TOKEN) },
  { format: 'itsdangerous', description: 'itsdangerous signed value', matches: isItsdangerous },
  { format: 'flask_session', description: 'Flask session cookie', matches: isFlaskSession },
  { format: 'django_signed', description: 'Django signed value', matches: isDjangoSigned },
  { format: 'express_signed_cookie', description: 'Express signed cookie', matches: isExpressCookie },
  { format: 'fernet', description: 'Fernet token', matches: isFernet },
  { format: 'paseto', description: 'PASETO', matches: isPaseto },
  { format: 'paserk', description: 'PASERK key or key identifier', matches: isPaserk },
];

/**
 * The formats whose syntax a value, trimmed, matches, in the table's order. Syntax only: `/token/identify` may still
 * leave one out once it reads the value (a JWS that looks like an itsdangerous value, a Flask payload that is not a
 * JSON object).
 */
export function tokenShapes(value: string): TokenShape[] {
  const text = value.trim();
  return TOKEN_SHAPES.filter((row) => row.matches(text)).map((row) => row.format);
}

/** The credential formats' rows: orders 1–8 of contract §12's table, whose values are masked in every answer. */
const CREDENTIAL_SHAPES = TOKEN_SHAPES.slice(0, 8);

/**
 * Values of a credential format that are no secret: a Stripe publishable key (contract §12: `not_a_secret`) and an AWS
 * key id other than a long-term one's (only `AKIA` gets `live_credential`).
 */
const NOT_SECRET = /^pk_(?:live|test)_|^A(?!KIA)[A-Z]{3}[A-Z2-7]{16}$/;

/**
 * The credential formats a value, trimmed, is of when it is a secret someone should revoke: what a page flags the
 * moment it is pasted, before any answer. A publishable Stripe key or a temporary AWS key id gives none.
 */
export function secretCredentialsIn(value: string): TokenShape[] {
  const text = value.trim();
  if (NOT_SECRET.test(text)) return [];
  return CREDENTIAL_SHAPES.filter((row) => row.matches(text)).map((row) => row.format);
}

/** The PASERK types that hold a key itself (a symmetric or secret key, or one wrapped with a password), not an id. */
export const PASERK_KEY_TYPES: ReadonlySet<string> = new Set(['local', 'secret', 'local-pw', 'secret-pw']);

/** A credential of orders 1–8, or a PASERK that holds a key: a value no answer may repeat. */
export function isSecretValue(value: string): boolean {
  const text = value.trim();
  if (CREDENTIAL_SHAPES.some((row) => row.matches(text))) return true;
  const paserk = isPaserk(text) ? PASERK_KEY.exec(text) : null;
  return paserk !== null && PASERK_KEY_TYPES.has(paserk[2] as string);
}

/** The shortest secret value whose first 8 and last 4 characters may be shown: at least 8 stay hidden. */
const SHOWN_ENDS_FROM = 20;

/**
 * A value as every answer may show it: a credential's, or a PASERK key's (trimmed), masked to its first 8 and last 4
 * characters with `…` between, so that no answer repeats a live key (a shorter one keeps only its first third); any
 * other value as it is.
 */
export function maskedValue(value: string): string {
  const text = value.trim();
  if (!isSecretValue(text)) return value;
  return text.length >= SHOWN_ENDS_FROM ? `${text.slice(0, 8)}…${text.slice(-4)}` : `${text.slice(0, Math.floor(text.length / 3))}…`;
}
