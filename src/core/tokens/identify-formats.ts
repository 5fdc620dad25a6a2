import {
  AWS_ACCESS_KEY_ID,
  GITHUB_TOKEN,
  GITLAB_ROUTABLE_TOKEN,
  NPM_TOKEN,
  PASERK_KEY_TYPES,
  SLACK_TOKEN,
  STRIPE_KEY,
} from '../shared/token-shapes.js';
import { awsAccountId, base36Checksum, base62Checksum } from './checksums.js';
import type { TokenFields, TokenFinding } from './model.js';
import {
  fernetTimes,
  isLegacyEpoch,
  jsonOrText,
  pasetoClaimTimes,
  pasetoSigned,
  readDjangoSigned,
  readExpressCookie,
  readFernet,
  readItsdangerous,
  readPaserk,
  readPaseto,
  readPayload,
  shownPayload,
  signedTimes,
  type DjangoValue,
  type ExpressValue,
  type FernetValue,
  type ItsdangerousValue,
  type Payload,
} from './signed-values.js';
import type { RawTime } from './times.js';
import { MAX_INFLATED_BYTES, type KeyBenefit, type TokenFormat } from './vocabulary.js';

/** What one format reads from a value without a key. */
export interface FormatReading {
  readonly fields: TokenFields;
  readonly times?: readonly RawTime[];
  readonly keyNeededFor: readonly KeyBenefit[];
  readonly findings?: readonly TokenFinding[];
  readonly notes?: readonly string[];
}

/**
 * One value, read once: the itsdangerous reading and its payload serve two formats. Each reader runs only on a value
 * its row's grammar matched (token-shapes.ts), so a reader whose grammar is the pattern it reads with always reads it.
 */
export class ValueReading {
  private itsdangerousRead: ItsdangerousValue | undefined;
  private payloadRead: Payload | undefined;

  constructor(readonly value: string) {}

  /** Asked only of a value of the itsdangerous grammar, which `readItsdangerous` always reads. */
  get itsdangerous(): ItsdangerousValue {
    this.itsdangerousRead ??= readItsdangerous(this.value) as ItsdangerousValue;
    return this.itsdangerousRead;
  }

  /** The itsdangerous payload (read once): the grammar's payload segment is base64url, never a bare signer's text. */
  get itsdangerousPayload(): Payload {
    const read = this.itsdangerous;
    this.payloadRead ??= readPayload(read.payload, read.compressed);
    return this.payloadRead;
  }
}

export type FormatReader = (reading: ValueReading) => FormatReading | undefined;

const NO_KEY: readonly KeyBenefit[] = [];
const AUTHENTICITY: readonly KeyBenefit[] = ['authenticity'];

const live = (message: string): TokenFinding => ({ code: 'live_credential', severity: 'critical', message });
const checksumInvalid = (name: string): TokenFinding => ({
  code: 'checksum_invalid',
  severity: 'info',
  message: `the checksum does not match: this has the shape of ${name} but is not one that was issued (a placeholder, an example or a typo)`,
});
const inflatesPastLimit = (format: TokenFormat): string =>
  `${format}: the payload inflates past ${MAX_INFLATED_BYTES} bytes (1 MiB), the most read, so payload is null`;

const REVOKE_GITHUB =
  "revoke it now through GitHub's credential revocation API (POST /credentials/revoke) or on the token settings page (github.com/settings/tokens)";

const GITHUB_KINDS: Readonly<Record<string, string>> = {
  p: 'personal_access_token',
  o: 'oauth',
  u: 'user_to_server',
  s: 'server_to_server',
  r: 'refresh',
};

function githubToken({ value }: ValueReading): FormatReading {
  const [, kind, random, checksum] = GITHUB_TOKEN.exec(value) as unknown as [string, string, string, string];
  const valid = base62Checksum(random) === checksum;
  return {
    fields: { kind: GITHUB_KINDS[kind], checksum_valid: valid },
    keyNeededFor: NO_KEY,
    findings: [valid ? live(`a GitHub token whose checksum is valid: ${REVOKE_GITHUB}`) : checksumInvalid('a GitHub token')],
  };
}

const githubFineGrained = (): FormatReading => ({
  fields: { kind: 'fine_grained_personal_access_token' },
  keyNeededFor: NO_KEY,
  findings: [
    live(
      "a GitHub fine-grained personal access token: revoke it now on the fine-grained tokens page (github.com/settings/personal-access-tokens) or through GitHub's credential revocation API (POST /credentials/revoke)",
    ),
  ],
});

function npmToken({ value }: ValueReading): FormatReading {
  const [, random, checksum] = NPM_TOKEN.exec(value) as unknown as [string, string, string];
  const valid = base62Checksum(random) === checksum;
  return {
    fields: { checksum_valid: valid },
    keyNeededFor: NO_KEY,
    findings: [
      valid
        ? live("an npm access token whose checksum is valid: revoke it now with `npm token revoke` or on npmjs.com's Access Tokens page")
        : checksumInvalid('an npm access token'),
    ],
  };
}

const REVOKE_GITLAB =
  "revoke it now on GitLab's Personal access tokens page (User settings > Access tokens) or through the personal access tokens API (DELETE /personal_access_tokens/:id)";

/** The `c`, `o` and `u` lines a routable token's payload may carry. */
function gitlabRouting(payload: string): TokenFields {
  const routing: Record<string, string> = {};
  if (payload.length % 4 === 1) return routing;
  const text = new TextDecoder().decode(Uint8Array.fromBase64(payload, { alphabet: 'base64url' }));
  const names: Readonly<Record<string, string>> = { c: 'cell', o: 'organization', u: 'user' };
  for (const line of text.split('\n')) {
    const match = /^([cou]):([0-9a-z]+)$/.exec(line);
    if (match !== null) routing[names[match[1] as string] as string] = match[2] as string;
  }
  return routing;
}

function gitlabToken({ value }: ValueReading): FormatReading {
  const match = GITLAB_ROUTABLE_TOKEN.exec(value);
  if (match === null) {
    return { fields: { routable: false }, keyNeededFor: NO_KEY, findings: [live(`a GitLab personal access token: ${REVOKE_GITLAB}`)] };
  }
  const [, covered, payload, , , checksum] = match as unknown as [string, string, string, string | undefined, string, string];
  const valid = base36Checksum(covered) === checksum;
  return {
    fields: { routable: true, checksum_valid: valid, ...gitlabRouting(payload) },
    keyNeededFor: NO_KEY,
    findings: [
      valid
        ? live(`a routable GitLab personal access token whose checksum is valid: ${REVOKE_GITLAB}`)
        : checksumInvalid('a GitLab routable token'),
    ],
  };
}

const AWS_RESOURCES: Readonly<Record<string, string>> = {
  AKIA: 'long-term access key',
  ASIA: 'temporary (STS) access key',
  AIDA: 'IAM user',
  AROA: 'IAM role',
  AGPA: 'IAM group',
  ANPA: 'managed policy',
  ANVA: 'managed policy version',
  AIPA: 'EC2 instance profile',
  ACCA: 'context-specific credential',
  APKA: 'public key',
  ASCA: 'certificate',
  ABIA: 'STS service bearer token',
};

function awsAccessKeyId({ value }: ValueReading): FormatReading {
  const [, prefix, body] = AWS_ACCESS_KEY_ID.exec(value) as unknown as [string, string, string];
  const account = awsAccountId(body);
  return {
    fields: { resource: AWS_RESOURCES[prefix], account_id: account ?? null },
    keyNeededFor: NO_KEY,
    findings:
      prefix === 'AKIA'
        ? [
            {
              code: 'live_credential',
              severity: 'warning',
              message:
                'a long-term AWS access key id: the secret key is not in the id, but the id names an account; if the secret leaked too, deactivate and delete the key in IAM (Security credentials) and rotate it',
            },
          ]
        : [],
    notes:
      account === undefined
        ? ['aws_access_key_id: key ids whose fifth character is A–P (older ones) do not encode the account id, so account_id is null']
        : [],
  };
}

const STRIPE_KINDS: Readonly<Record<string, string>> = { sk: 'secret', rk: 'restricted', pk: 'publishable' };

function stripeKey({ value }: ValueReading): FormatReading {
  const [, prefix, mode] = STRIPE_KEY.exec(value) as unknown as [string, string | undefined, string | undefined];
  if (prefix === undefined) {
    return {
      fields: { kind: 'webhook_secret', mode: null },
      keyNeededFor: NO_KEY,
      findings: [
        live("a Stripe webhook signing secret: roll it now on the endpoint's page in the Stripe Dashboard (Developers > Webhooks)"),
      ],
    };
  }
  const findings: TokenFinding[] = [];
  if (prefix === 'pk') {
    findings.push({
      code: 'not_a_secret',
      severity: 'info',
      message: 'a publishable key is meant to be public: it identifies the account to Stripe.js and grants no access on its own',
    });
  } else if (mode === 'live') {
    findings.push(live("a live Stripe API key: roll or delete it now on the Stripe Dashboard's API keys page (Developers > API keys)"));
  }
  return { fields: { kind: STRIPE_KINDS[prefix], mode }, keyNeededFor: NO_KEY, findings };
}

const SLACK_KINDS: Readonly<Record<string, string>> = {
  'xoxb-': 'bot',
  'xoxp-': 'user',
  'xoxa-': 'workspace_app',
  'xoxr-': 'refresh',
  'xoxe-': 'refresh',
  'xoxc-': 'client',
  'xoxe.xoxp-': 'rotating_user',
  'xapp-': 'app_level',
};

function slackToken({ value }: ValueReading): FormatReading {
  const [, prefix] = SLACK_TOKEN.exec(value) as unknown as [string, string];
  return {
    fields: { kind: SLACK_KINDS[prefix] },
    keyNeededFor: NO_KEY,
    findings: [live("a Slack token: revoke it now with the auth.revoke API method or on the app's settings page (api.slack.com/apps)")],
  };
}

const pypiToken = (): FormatReading => ({
  fields: { index: 'pypi.org' },
  keyNeededFor: NO_KEY,
  findings: [live("a PyPI API token: revoke it now on the account's API tokens page (pypi.org/manage/account/token/)")],
});

function itsdangerousReading(format: TokenFormat, reading: ValueReading): FormatReading {
  const read = reading.itsdangerous;
  const payload = reading.itsdangerousPayload;
  const findings: TokenFinding[] = [];
  if (read.timestamp !== undefined && isLegacyEpoch(read.timestamp)) {
    findings.push({
      code: 'legacy_epoch',
      severity: 'info',
      message:
        'the timestamp is below 400,000,000: itsdangerous before 1.0 counted from 2011-01-01T00:00:00Z, so signed_at_legacy reads it that way',
    });
  }
  return {
    fields: { compressed: read.compressed, payload: payload.kind === 'json' ? payload.value : null, digest: read.digest },
    times: signedTimes(read.timestamp, true),
    keyNeededFor: AUTHENTICITY,
    findings,
    notes: payload.kind === 'too_large' ? [inflatesPastLimit(format)] : [],
  };
}

const itsdangerous = (reading: ValueReading): FormatReading => itsdangerousReading('itsdangerous', reading);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The grammar holds the timestamp and the SHA-1 signature; what is left to read is that the payload is a JSON object. */
function flaskSession(reading: ValueReading): FormatReading | undefined {
  const payload = reading.itsdangerousPayload;
  return payload.kind === 'json' && isObject(payload.value) ? itsdangerousReading('flask_session', reading) : undefined;
}

function djangoSigned({ value }: ValueReading): FormatReading {
  // The grammar's checks are readDjangoSigned's own.
  const read = readDjangoSigned(value) as DjangoValue;
  const payload = shownPayload(read.payload, read.compressed);
  return {
    fields: { compressed: read.compressed, payload: payload === 'too_large' ? null : payload.value, digest: read.digest },
    times: signedTimes(read.timestamp, false),
    keyNeededFor: AUTHENTICITY,
    notes: payload === 'too_large' ? [inflatesPastLimit('django_signed')] : [],
  };
}

function expressSignedCookie({ value }: ValueReading): FormatReading {
  // The grammar requires cookie-parser's s: prefix, so readExpressCookie reads the value as prefixed.
  const read = readExpressCookie(value) as ExpressValue;
  const fields = read.value.startsWith('j:') ? { value: read.value, json: read.json ?? null } : { value: read.value };
  return { fields, keyNeededFor: AUTHENTICITY };
}

function fernet({ value }: ValueReading): FormatReading {
  // The grammar's length and first character make readFernet's first byte 0x80.
  const read = readFernet(value) as FernetValue;
  return {
    fields: { version: 128, iv: read.iv.toHex(), ciphertext_bytes: read.ciphertext.length },
    times: fernetTimes(read),
    keyNeededFor: ['authenticity', 'payload'],
  };
}

function paseto({ value }: ValueReading): FormatReading | undefined {
  const read = readPaseto(value);
  if (read === undefined) return undefined;
  const footer = read.footer.length === 0 ? null : jsonOrText(read.footer);
  const kid = isObject(footer) && typeof footer.kid === 'string' ? footer.kid : null;
  const base = { version: read.version, purpose: read.purpose };
  if (read.purpose === 'local') {
    return { fields: { ...base, footer, kid }, keyNeededFor: ['authenticity', 'payload', 'expiry'] };
  }
  const signed = pasetoSigned(read);
  const payload = signed === undefined ? null : jsonOrText(signed.message);
  const times: RawTime[] = [];
  const notes: string[] = [];
  if (signed === undefined) notes.push(`paseto: the body is shorter than a v${read.version} signature, so it holds no claims`);
  for (const { name, unixNs } of pasetoClaimTimes(payload)) {
    if (unixNs === undefined) notes.push(`paseto: the ${name} claim is not an RFC 3339 date-time, so it is not read as a time`);
    else times.push({ name, unixNs });
  }
  return { fields: { ...base, payload, footer, kid }, times, keyNeededFor: AUTHENTICITY, notes };
}

const PASERK_WRAPPED = new Set(['seal', 'local-wrap', 'secret-wrap', 'local-pw', 'secret-pw']);

function paserk({ value }: ValueReading): FormatReading | undefined {
  const read = readPaserk(value);
  if (read === undefined) return undefined;
  const { version, type } = read;
  return {
    fields: { version, type },
    keyNeededFor: PASERK_WRAPPED.has(type) ? ['payload'] : NO_KEY,
    findings: PASERK_KEY_TYPES.has(type)
      ? [
          {
            code: 'private_key_material',
            severity: 'critical',
            message: `a k${version}.${type} PASERK is a key, not an identifier: treat it as exposed and replace it wherever it is used`,
          },
        ]
      : [],
  };
}

/** How each format of contract §12's table reads a value its syntax matched (token-shapes.ts). */
export const FORMAT_READERS: Readonly<Record<TokenFormat, FormatReader>> = {
  github_token: githubToken,
  github_fine_grained_token: githubFineGrained,
  npm_token: npmToken,
  gitlab_token: gitlabToken,
  aws_access_key_id: awsAccessKeyId,
  stripe_key: stripeKey,
  slack_token: slackToken,
  pypi_token: pypiToken,
  itsdangerous,
  flask_session: flaskSession,
  django_signed: djangoSigned,
  express_signed_cookie: expressSignedCookie,
  fernet,
  paseto,
  paserk,
};
