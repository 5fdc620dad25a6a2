import type { UseCaseContext } from '../../../core/use-cases/contexts.js';
import { jwtSchemas } from './jwt-schemas.js';
import { oneOfWords } from './schema-parts.js';
import { keySchemas } from './key-schemas.js';
import { signSchemas } from './sign-schemas.js';
import { tokenSchemas } from './token-schemas.js';
import * as time from './time-schemas.js';
import { DICTIONARY_VENDORS } from '../../../core/jwt/vocabulary.js';
import { IDENTIFY_FORMATS, LARGEST_UNITS } from '../../../core/time/vocabulary.js';
import { HMAC_ALGORITHMS } from '../../../core/shared/algorithms.js';
import { TOKEN_FORMATS } from '../../../core/tokens/vocabulary.js';
import { define, rest, type AnyOperation } from './operation.js';

export type { AnyOperation, CliCommand, InvalidExample, Operation } from './operation.js';
export { runOperation } from './operation.js';

/**
 * Every public operation, grouped as the tRPC router nests them: the key path
 * is the procedure path (`unixTimestamp.toUtc`).
 */
export const catalog = {
  unixTimestamp: {
    now: define({
      invalid: {
        input: { tz: 'Mars/Olympus' },
        detail: 'tz must be an IANA time zone such as Europe/Berlin or an offset ±HH:MM; "Mars/Olympus" is neither',
      },
      openapi: rest('/unix-timestamp/now', 'unix-timestamp', 'Current UTC time, and local time in a zone', {
        description: 'The current instant in UTC, with its millisecond part; with `tz`, also as the wall clock of that zone shows it.',
      }),
      input: time.nowInput,
      output: time.nowOutput,
      useCase: 'getCurrentTime',
      cli: { command: 'now', positional: [], example: 'tsjwt now --tz Asia/Kolkata' },
    }),
    toUtc: define({
      invalid: { input: { timestamp: '1.5' }, detail: 'timestamp must be a decimal integer (an optional sign and digits)' },
      openapi: rest('/unix-timestamp/to-utc', 'unix-timestamp', 'Unix timestamp to UTC', {
        description:
          'The unit is detected from the absolute value (below 1e11 seconds, below 1e14 milliseconds, below 1e17 microseconds, otherwise nanoseconds) unless `unit` names it.',
      }),
      input: time.toUtcInput,
      output: time.toUtcOutput,
      useCase: 'convertTimestampToUtc',
      cli: {
        command: 'to-utc',
        positional: ['timestamp'],
        example: 'tsjwt to-utc -1500 --unit milliseconds',
      },
    }),
    toUnix: define({
      invalid: { input: { datetime: '2023-02-29T00:00:00Z' }, detail: 'datetime has an impossible date: 2023-02-29' },
      openapi: rest('/unix-timestamp/to-unix', 'unix-timestamp', 'RFC 3339 date-time, or wall-clock time in a zone, to Unix time', {
        description:
          'A date-time without an offset is read in the zone that `tz` or an RFC 9557 suffix names; a wall-clock time that DST skips or repeats is settled by `disambiguation` and reported in `resolution`. Second 60 is accepted only at the 27 real leap seconds.',
      }),
      input: time.toUnixInput,
      output: time.toUnixOutput,
      useCase: 'convertDatetimeToUnix',
      cli: {
        command: 'to-unix',
        positional: ['datetime'],
        example: 'tsjwt to-unix 2024-10-27T02:30:00 --tz Europe/Berlin --disambiguation later',
      },
    }),
    identify: define({
      invalid: { input: { value: '1700000000', format: 'unix_weeks' }, detail: `format must be one of ${IDENTIFY_FORMATS.join(', ')}` },
      openapi: rest('/unix-timestamp/identify', 'unix-timestamp', 'Identify any timestamp or time-bearing ID, best guess first', {
        description: `Lists every reading of \`value\` among ${IDENTIFY_FORMATS.length} formats (Unix time in four units, snowflakes, FILETIME, .NET ticks, WebKit, Cocoa, HFS+, NTP, GPS, PostgreSQL, Excel, UUID v1/v6/v7, ULID, KSUID, MongoDB ObjectId, Bluesky TID, and dates written as RFC 3339, RFC 9557, ISO 8601, RFC 5322, HTTP-date, Common Log Format, JavaScript, Go, the date command, PostgreSQL, Java or Rails write them) that falls in years 0001–9999, plausible instants first. Exact to the nanosecond. A date with no offset is read in \`tz\`, else in UTC, settled by \`disambiguation\` and shown in \`resolution\`; when nothing reads the value, a note says which format came close and what is wrong.`,
      }),
      input: time.identifyInput,
      output: time.identifyOutput,
      useCase: 'identifyTimestamp',
      cli: {
        command: 'identify',
        positional: ['value'],
        stdin: 'value',
        stdinLines: true,
        table: { rows: 'candidates', columns: ['format', 'exact', 'plausible', 'description'] },
        example: 'tsjwt identify 01d15614cbaee92c',
      },
    }),
    format: define({
      invalid: {
        input: { timestamp: '1700000000', datetime: '2023-11-14T22:13:20Z' },
        detail: 'give exactly one of timestamp and datetime: the instant to write',
      },
      openapi: rest('/unix-timestamp/format', 'unix-timestamp', 'One instant written in every format, exactly', {
        description:
          'The instant (`timestamp` or `datetime`) in every format the service knows, in a fixed order: Unix time in four units, RFC 3339, RFC 9557, RFC 5322, HTTP-date, ISO week and ordinal dates, snowflakes, FILETIME, .NET ticks, WebKit, Cocoa, HFS+, NTP, GPS, PostgreSQL, Excel, UUID v1/v6/v7, ULID, KSUID, ObjectId and Bluesky TID. A format that cannot hold the instant is left out. The local formats use the zone of the request, or UTC.',
      }),
      input: time.formatInput,
      output: time.formatOutput,
      useCase: 'formatInstant',
      cli: { command: 'format', positional: [], example: 'tsjwt format --timestamp 1700000000 --tz Europe/Berlin' },
    }),
    diff: define({
      invalid: {
        input: { from: '1700000000', to: '1700000001', largest_unit: 'fortnights' },
        detail: `largest_unit must be one of ${LARGEST_UNITS.join(', ')}`,
      },
      openapi: rest('/unix-timestamp/diff', 'unix-timestamp', 'The time between two instants, exact and in calendar units', {
        description:
          "Each of `from` and `to` is a Unix timestamp or a date-time. `exact` is the elapsed time; `calendar` is Temporal's ZonedDateTime.until in the zone of the request (`tz`, else a zone an operand names in brackets, else UTC), so that a 23- or 25-hour DST day counts as one day.",
      }),
      input: time.diffInput,
      output: time.diffOutput,
      useCase: 'diffInstants',
      cli: {
        command: 'diff',
        positional: ['from', 'to'],
        example: 'tsjwt diff 2024-10-26T12:00:00 2024-10-27T12:00:00 --tz Europe/Berlin',
      },
    }),
    add: define({
      invalid: {
        input: { from: '1700000000', duration: 'P1H' },
        detail:
          'duration must be an ISO 8601 duration such as P1M, PT36H or -P1DT2H30M: units come in the order Y, M, W, D, then T and H, M, S, each a whole number (only seconds take a fraction)',
      },
      openapi: rest('/unix-timestamp/add', 'unix-timestamp', 'An instant plus an ISO 8601 duration, with DST made explicit', {
        description:
          'Adds years and months on the local date in the zone of the request (a missing day constrained or refused by `overflow`), then weeks and days keeping the wall-clock time (read with `disambiguation`, reported in `resolution`), then hours, minutes and seconds as exact time: across a DST change P1D is 23 or 25 hours, PT24H is 24.',
      }),
      input: time.addInput,
      output: time.addOutput,
      useCase: 'addDuration',
      cli: { command: 'add', positional: ['from', 'duration'], example: 'tsjwt add 2024-03-30T12:00:00+01:00[Europe/Berlin] P1D' },
    }),
  },
  jwt: {
    decode: define({
      invalid: { input: { token: 'a.b' }, detail: 'token must have three dot-separated parts (header.payload.signature), found 2' },
      openapi: rest('/jwt/decode', 'jwt', 'Decode a JWT without verifying it', {
        description:
          'Returns the header, claims and signature of a JWS compact token, and derives exp, iat and nbf, with security findings. Also reads a JWE (compact or JSON: its headers and byte lengths, never decrypted), a JWS JSON serialization (flattened or general: every signature) and a nested JWT (cty: JWT, up to three tokens). The signature is never verified.',
      }),
      input: () => jwtSchemas().decodeInput,
      output: () => jwtSchemas().decodeOutput,
      useCase: 'decodeJwt',
      cli: {
        command: 'decode',
        positional: ['token'],
        stdin: 'token',
        example: 'tsjwt decode - --check-secrets < token.txt',
      },
    }),
    verify: define({
      invalid: {
        input: { token: 'eyJhbGciOiJIUzI1NiJ9.e30.c2ln', key: '{"kty":"oct","k":"c2VjcmV0"}', secret: 'secret' },
        detail: 'give exactly one of key and secret, not both: key for a public key or an oct JWK, secret for an HMAC secret',
      },
      openapi: rest('/jwt/verify', 'jwt', 'Verify a JWT with a public key, or an HMAC token with its secret', {
        description: `Checks the signature with the public key given (JWK, JWK Set, PEM SPKI or certificate; never a private key), or an ${oneOfWords(HMAC_ALGORITHMS)} signature with the secret given (secret, or an oct JWK as key) in a POST body only, since a secret in a URL leaks into proxies, logs and browser history; then exp and nbf, and iss and aud when asked. Takes a compact JWS, a JWS JSON serialization (any signature), a nested JWT (the outer signature) and an SD-JWT (the issuer signature, and the key binding with cnf.jwk). A well-formed request answers 200 whether or not the token verifies; nothing is ever fetched (jku, x5u and iss are not followed).`,
      }),
      input: () => jwtSchemas().verifyInput,
      output: () => jwtSchemas().verifyOutput,
      useCase: 'verifyJwt',
      cli: {
        command: 'verify',
        positional: ['token'],
        stdinOnly: 'key',
        stdinSecret: 'secret',
        example: 'tsjwt verify "$(cat token.txt)" --issuer https://issuer.example < public.pem',
      },
    }),
    claims: define({
      invalid: { input: { vendor: 'azure' }, detail: `vendor must be one of ${DICTIONARY_VENDORS.join(', ')}` },
      openapi: rest('/jwt/claims', 'jwt', 'The claim dictionary: IANA registries and ten issuers', {
        description:
          "Every entry of the dictionary that /jwt/decode explains tokens with: IANA's JOSE header parameters and JWT claims (a pinned copy, dated in registry_snapshot, never fetched), then the claims that Microsoft Entra ID, Auth0, Okta, Keycloak, Google, Amazon Cognito, Firebase, GitHub Actions, Kubernetes and Sign in with Apple define. `name` keeps one exact name; `vendor` keeps IANA's entries or one pack's.",
      }),
      input: () => jwtSchemas().claimsInput,
      output: () => jwtSchemas().claimsOutput,
      useCase: 'listClaims',
      cli: {
        command: 'claims',
        positional: [],
        table: { rows: 'entries', columns: ['in', 'name', 'title', 'vendor'] },
        example: 'tsjwt claims --name tid --vendor entra',
      },
    }),
    inspectKey: define({
      invalid: { input: { key: '{"keys":[{"kty":"EC","crv":"P-256"}]}' }, detail: 'key: keys[0] has no x' },
      openapi: rest('/jwt/inspect-key', 'jwt', 'Inspect a key: JWK, JWK Set, PEM or certificate', {
        description:
          'Says what each key is (type, curve, size), how it is identified (the RFC 7638 thumbprint and its RFC 9278 URI), its public JWK and PEM, its certificate (subject, issuer, validity, fingerprints, place in the chain) and what is wrong with it, a private key left in the input first. With a token, says which key /jwt/verify would select and whether the signature verifies with each. Private parts are never echoed; nothing is fetched (x5u and jku are not followed).',
      }),
      input: () => keySchemas().inspectKeyInput,
      output: () => keySchemas().inspectKeyOutput,
      useCase: 'inspectKey',
      cli: {
        command: 'inspect-key',
        positional: [],
        stdinOnly: 'key',
        example: 'tsjwt inspect-key --token "$(cat token.txt)" < jwks.json',
      },
    }),
    validate: define({
      invalid: {
        input: { token: 'eyJhbGciOiJub25lIn0.e30.', htm: 'POST' },
        detail:
          'profile: none given, and the token matches no profile; give one of oidc_id_token, oauth_access_token, dpop_proof, client_assertion, logout_token, security_event_token',
      },
      openapi: rest('/jwt/validate', 'jwt', "Check a token against its profile's rules", {
        description:
          'Checks a token against the profile it is meant to follow (an OIDC ID token, an RFC 9068 access token, a DPoP proof, a client assertion, a back-channel logout token, a security event token): the profile given or the one its typ or claims name, and every rule of it in order, each with the specification section that states it, with the expectations given (issuer, audience, nonce, hashes of the access token, code and state, max_age, htm, htu, jkt, a public key for the signature). A well-formed request answers 200 whether or not the token passes; access_token and code are never returned.',
      }),
      input: () => jwtSchemas().validateInput,
      output: () => jwtSchemas().validateOutput,
      useCase: 'validateJwt',
      cli: {
        command: 'validate',
        positional: ['token'],
        stdinOnly: 'key',
        example:
          'tsjwt validate "$(cat id_token.txt)" --profile oidc_id_token --issuer https://op.example --audience client-1 < public.pem',
      },
    }),
    sign: define({
      invalid: {
        input: { payload: { sub: '1' }, secret: 'short' },
        detail: 'secret: HS256 needs a secret of at least 32 bytes (RFC 7518 §3.2); this one has 5',
      },
      openapi: rest('/jwt/sign', 'jwt', 'Make a token, or re-sign one', {
        method: 'POST',
        description:
          'Signs a new token from payload (and header), or re-signs token with set, unset and relative times, with a secret, a private key (JWK or PEM) or a key pair generated for this call; the answer carries the token, its public JWK and thumbprint, and its /jwt/decode body. POST only, so that no secret is ever in a URL; nothing sent is logged, kept or echoed.',
      }),
      input: () => signSchemas().signInput,
      output: () => signSchemas().signOutput,
      useCase: 'signJwt',
      mutation: true,
      cli: {
        command: 'sign',
        positional: [],
        stdinOnly: 'key',
        stdinSecret: 'secret',
        example: `tsjwt sign --payload '{"sub":"1"}' --expires-in PT1H < key.pem`,
      },
    }),
  },
  token: {
    identify: define({
      invalid: {
        input: { value: 'eyJsb2dnZWRfaW4iOmZhbHNlfQ.XDuWxQ.E2Pyb6x3w-NODuflHoGnZOEpbH8', format: 'flask' },
        detail: `format must be one of ${TOKEN_FORMATS.join(', ')}`,
      },
      openapi: rest('/token/identify', 'token', 'Identify a token or credential that is not a JWT', {
        description:
          'Says what a value is among GitHub, npm, GitLab, AWS, Stripe, Slack and PyPI credentials, itsdangerous and Flask session values, Django signed values, Express signed cookies, Fernet tokens, PASETOs and PASERKs: every format whose grammar it matches, in a fixed order, with what it shows without a key (checksums, account ids, payloads), the times it carries (never authenticated here) and what a key would add. A credential is masked in the answer and flagged when its checksum says it is live. A JWT gets one candidate pointing to /jwt/decode. Nothing is ever fetched and no vendor is called; send a credential by POST, since a URL leaks into proxies and history.',
      }),
      input: () => tokenSchemas().identifyInput,
      output: () => tokenSchemas().identifyOutput,
      useCase: 'identifyToken',
      cli: {
        command: 'identify-token',
        positional: [],
        stdinValue: 'value',
        example: 'tsjwt identify-token --tz Europe/Berlin < value.txt',
      },
    }),
    verify: define({
      invalid: {
        input: { value: 'my string.wh6tMHxLgJqB6oY1uT73iMlyrOA', format: 'itsdangerous', secret: 'secret-key', max_age: 1.5 },
        detail: 'max_age must be an integer of seconds',
      },
      openapi: rest('/token/verify', 'token', 'Verify an itsdangerous, Flask, Django, Express, Fernet or PASETO value with its key', {
        method: 'POST',
        description:
          "Checks a value's signature with the one secret or public key sent, under the key schedule that format names (salt, key derivation and digest default to the format's), then its age (max_age) or a PASETO's exp and nbf; a Fernet token is also decrypted. A well-formed request answers 200 whether or not the value verifies, with the reason. POST only, so that no secret is ever in a URL; nothing sent is logged, kept or echoed. A local PASETO is not decrypted.",
      }),
      input: () => tokenSchemas().verifyInput,
      output: () => tokenSchemas().verifyOutput,
      useCase: 'verifyToken',
      mutation: true,
      cli: {
        command: 'verify-token',
        positional: [],
        stdinValue: 'value',
        stdinOnly: 'key',
        stdinSecret: 'secret',
        example: 'tsjwt verify-token --format flask_session --max-age 3600 < cookie-then-secret.txt',
      },
    }),
  },
} as const;

export type Catalog = typeof catalog;

/**
 * The core's context whose table holds each group's use cases: a command of the CLI loads its group's context alone
 * (`loadUseCases`), and test/unit/composition-root.test.ts checks every operation's use case against it.
 */
export const GROUP_CONTEXTS: { readonly [G in keyof Catalog]: UseCaseContext } = { unixTimestamp: 'time', jwt: 'jwt', token: 'tokens' };

/** The context of the group of a procedure path (`unixTimestamp.now`) of `OPERATIONS`. */
export const contextOf = (procedure: string): UseCaseContext =>
  // A procedure path of OPERATIONS begins with a group of the catalog.
  GROUP_CONTEXTS[procedure.slice(0, procedure.indexOf('.')) as keyof Catalog];

/** Every operation with its procedure path, in catalog order. */
export const OPERATIONS: ReadonlyArray<readonly [procedure: string, operation: AnyOperation]> = Object.entries(catalog).flatMap(
  ([group, operations]) => Object.entries(operations).map(([name, operation]) => [`${group}.${name}`, operation] as const),
);

export const OPERATION_BY_PROCEDURE: ReadonlyMap<string, AnyOperation> = new Map(OPERATIONS);
