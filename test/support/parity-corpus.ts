// The fixed part of the parity corpus (contract §11 "Parity"): every example of the README and docs/api.md, and the
// published vectors the tests use, each as a call of a catalog procedure. The generated part is parity-arbitraries.ts.
import { OPERATION_BY_PROCEDURE, OPERATIONS, type Catalog } from '../../src/adapters/driving/contract/catalog.js';
import { DICTIONARY_VENDORS } from '../../src/core/jwt/vocabulary.js';
import { makeChain, x5cOf } from './certificates.js';
import { clientCallsOf, curlCommandsOf, DOCUMENTS, documentText } from './doc-examples.js';
import { JWT_IO_TOKEN, RFC7515_A3_KEY, RFC7515_A3_TOKEN, RFC7516_JWE, RFC7519_3_1_TOKEN, RFC7519_6_1_TOKEN } from './fixtures.js';
import { EXAMPLE_ISSUER_KEY, EXAMPLE_SECOND_ISSUER_KEY, SD_JWT_EXAMPLES, exampleToken } from './sd-jwt-examples.js';
import {
  OIDC_A3_ACCESS_TOKEN,
  OIDC_A3_ID_TOKEN,
  OIDC_A4_CODE,
  OIDC_A4_ID_TOKEN,
  OIDC_A6_ID_TOKEN,
  OIDC_A7_KEY,
  RFC7515_A1_KEY,
  RFC7515_A2_KEY,
  RFC7515_A2_TOKEN,
  RFC7515_A3_PRIVATE_KEY,
  RFC7517_A1,
  RFC7517_A2_EC,
  RFC7517_A3,
  RFC7517_B,
  RFC7517_C1,
  RFC7520_3_1,
  RFC7520_3_2,
  RFC7520_3_3,
  RFC7520_3_4,
  RFC7520_3_5,
  RFC7520_4_1,
  RFC7520_4_2,
  RFC7520_4_3,
  RFC7520_4_4,
  RFC8037_A1,
  RFC8037_A2,
  RFC8037_A4_JWS,
  RFC9449_BOUND_TOKEN,
  RFC9449_JKT,
  RFC9449_PROOF,
} from '../vectors/jose-keys.js';
import {
  FERNET,
  FLASK_COMPRESSED,
  FLASK_UNSIGN,
  GITHUB_PLACEHOLDER,
  GITHUB_TOKEN,
  GITLAB_ROUTABLE,
  ITSDANGEROUS_SIGNER,
  PASETO_4_S_1,
} from '../vectors/tokens/index.js';
import { KUBERNETES_LEGACY_TOKEN, VENDOR_TOKENS, tokenOf as vendorToken } from '../vectors/vendor-tokens.js';

/** A procedure path of the catalog (`unixTimestamp.toUtc`), as a type. */
export type Procedure = { [G in keyof Catalog]: `${G & string}.${keyof Catalog[G] & string}` }[keyof Catalog];

export const PROCEDURES = OPERATIONS.map(([procedure]) => procedure) as readonly Procedure[];

export const isProcedure = (path: string): path is Procedure => OPERATION_BY_PROCEDURE.has(path);

/** One call of the corpus: a procedure, its input as a JSON value (what a remote call can carry), and where it comes from. */
export interface ParityCall {
  readonly procedure: Procedure;
  readonly input: unknown;
  readonly label: string;
}

const call = (procedure: Procedure, input: unknown, label: string): ParityCall => ({ procedure, input, label });

const REST_PROCEDURE = new Map(OPERATIONS.map(([procedure, operation]) => [operation.openapi.path, procedure]));

function procedureOf(path: string, where: string): Procedure {
  if (!isProcedure(path)) throw new Error(`${where}: ${path} is no procedure of the catalog`);
  return path;
}

/**
 * The calls one `curl` command of a document makes, as tRPC inputs: a REST GET's query parameters (strings), a REST or
 * tRPC POST's body, a tRPC GET's `input`, and each call of a batch. A secret that a document sends in a URL, to show
 * that it is refused there, is here in the input, which the service gets in a POST body: the same input for both hosts.
 */
function callsOfCommand(document: string, { line, method, url, body }: ReturnType<typeof curlCommandsOf>[number]): ParityCall[] {
  const where = `${document}:${line}`;
  if (url.pathname.startsWith('/trpc/')) {
    const procedures = url.pathname.slice('/trpc/'.length).split(',');
    const text = method === 'POST' ? body : url.searchParams.get('input');
    const input = text === undefined || text === null ? undefined : (JSON.parse(text) as unknown);
    if (url.searchParams.get('batch') !== '1') return [call(procedureOf(procedures[0] ?? '', where), input, where)];
    const inputs = (input ?? {}) as Record<string, unknown>;
    return procedures.map((path, at) => call(procedureOf(path, where), inputs[String(at)], `${where} (batch call ${at})`));
  }
  const procedure = REST_PROCEDURE.get(url.pathname as `/${string}`);
  if (procedure === undefined) throw new Error(`${where}: ${url.pathname} is no REST path of the catalog`);
  if (method === 'POST') return [call(procedureOf(procedure, where), JSON.parse(body ?? 'null') as unknown, where)];
  const parameters = Object.fromEntries(url.searchParams);
  return [call(procedureOf(procedure, where), Object.keys(parameters).length === 0 ? undefined : parameters, where)];
}

/** Every example of the README and docs/api.md: each `curl` command's calls, and each call of the typed client shown. */
export function documentCorpus(): ParityCall[] {
  return DOCUMENTS.flatMap((document) => {
    const text = documentText(document);
    return [
      ...curlCommandsOf(text).flatMap((command) => callsOfCommand(document, command)),
      ...clientCallsOf(text).map(({ line, procedure, input }) =>
        call(procedureOf(procedure, `${document}:${line}`), input, `${document}:${line} (typed client)`),
      ),
    ];
  });
}

const json = (value: unknown): string => JSON.stringify(value);
const publicOf = (jwk: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(jwk).filter(([name]) => !['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth'].includes(name)));
const withoutUse = (jwk: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(jwk).filter(([name]) => name !== 'use'));
const pemCertificate = (base64: string): string =>
  `-----BEGIN CERTIFICATE-----\n${base64.replace(/.{64}/g, '$&\n')}\n-----END CERTIFICATE-----\n`;
/** RFC 7520 §4's payload, a quotation from The Fellowship of the Ring, signed by §4.1–4.4. */
const RFC7520_4_TOKENS = [
  ['RFC 7520 §4.1 (RS256)', RFC7520_4_1, RFC7520_3_3],
  ['RFC 7520 §4.2 (PS384)', RFC7520_4_2, RFC7520_3_3],
  ['RFC 7520 §4.3 (ES512)', RFC7520_4_3, RFC7520_3_1],
  ['RFC 7520 §4.4 (HS256)', RFC7520_4_4, RFC7520_3_5],
] as const;

/**
 * The published vectors the tests use, each sent to the procedures that read it: the JOSE RFCs' tokens and keys
 * (test/vectors/jose-keys.ts, test/support/fixtures.ts), OpenID Connect Core's ID tokens, the vendors' documented
 * tokens (test/vectors/vendor-tokens.ts), RFC 9901's SD-JWT examples (test/vectors/sd-jwt-examples/), RFC 7517 B's
 * certificate; and the certificate chain test/support/certificates.ts makes with openssl, which is not published
 * but is what the certificate tests read.
 */
export function vectorCorpus(): ParityCall[] {
  const calls: ParityCall[] = [];
  const add = (procedure: Procedure, label: string, input: unknown) => calls.push(call(procedure, input, `vector: ${label}`));

  const tokens: ReadonlyArray<readonly [string, string]> = [
    ["jwt.io's default token", JWT_IO_TOKEN],
    ['RFC 7519 §3.1', RFC7519_3_1_TOKEN],
    ['RFC 7519 §6.1 (unsecured)', RFC7519_6_1_TOKEN],
    ['RFC 7516 A.1 (JWE)', RFC7516_JWE],
    ['RFC 7515 A.2 (RS256)', RFC7515_A2_TOKEN],
    ['RFC 7515 A.3 (ES256)', RFC7515_A3_TOKEN],
    ...RFC7520_4_TOKENS.map(([label, token]) => [label, token] as const),
    ['RFC 8037 A.4 (EdDSA)', RFC8037_A4_JWS],
    ['RFC 9449 §4.1 (DPoP proof)', RFC9449_PROOF],
    ['RFC 9449 §6.1 (bound access token)', RFC9449_BOUND_TOKEN],
    ['OIDC Core A.3', OIDC_A3_ID_TOKEN],
    ['OIDC Core A.4', OIDC_A4_ID_TOKEN],
    ['OIDC Core A.6', OIDC_A6_ID_TOKEN],
    ...[...VENDOR_TOKENS, KUBERNETES_LEGACY_TOKEN].map((vendor) => [`${vendor.code} (${vendor.source})`, vendorToken(vendor)] as const),
    ...SD_JWT_EXAMPLES.flatMap((name) =>
      (['sd_jwt_issuance', 'sd_jwt_presentation'] as const).map((stem) => [`RFC 9901 ${name} ${stem}`, exampleToken(name, stem)] as const),
    ),
  ];
  for (const [label, token] of tokens) {
    add('jwt.decode', label, { token });
    add('jwt.validate', label, { token });
    add('jwt.validate', `${label}, as an access token`, {
      token,
      profile: 'oauth_access_token',
      issuer: 'https://server.example.com',
      audience: 'api',
    });
  }
  const hmacTokens = [
    ["jwt.io's default token", JWT_IO_TOKEN],
    ['RFC 7519 §3.1', RFC7519_3_1_TOKEN],
    ['RFC 7520 §4.4', RFC7520_4_4],
  ] as const;
  for (const [label, token] of hmacTokens) add('jwt.decode', `${label}, check_secrets`, { token, check_secrets: true });

  // Each token with the key that verifies it, and with a key that does not.
  const verifications: ReadonlyArray<readonly [string, string, Record<string, unknown>]> = [
    ['RFC 7515 A.3 with its key', RFC7515_A3_TOKEN, JSON.parse(RFC7515_A3_KEY) as Record<string, unknown>],
    ['RFC 7515 A.2 with its public key', RFC7515_A2_TOKEN, publicOf(RFC7515_A2_KEY)],
    ['RFC 7519 §3.1 with RFC 7515 A.1 oct key', RFC7519_3_1_TOKEN, RFC7515_A1_KEY],
    ...RFC7520_4_TOKENS.map(([label, token, key]) => [`${label} with §3's key`, token, publicOf(key)] as const),
    ['RFC 8037 A.4 with A.2', RFC8037_A4_JWS, RFC8037_A2],
    ['OIDC Core A.3 with A.7', OIDC_A3_ID_TOKEN, OIDC_A7_KEY],
    ['OIDC Core A.4 with A.7', OIDC_A4_ID_TOKEN, OIDC_A7_KEY],
    ['RFC 7515 A.3 with RFC 7517 A.1 (another key)', RFC7515_A3_TOKEN, RFC7517_A1],
    ['RFC 7515 A.2 with RFC 7517 B (another key)', RFC7515_A2_TOKEN, publicOf(RFC7517_B)],
    ...SD_JWT_EXAMPLES.map(
      (name) =>
        [
          `RFC 9901 ${name} presentation`,
          exampleToken(name, 'sd_jwt_presentation'),
          { keys: [EXAMPLE_ISSUER_KEY, EXAMPLE_SECOND_ISSUER_KEY] },
        ] as const,
    ),
  ];
  for (const [label, token, key] of verifications) {
    add('jwt.verify', label, { token, key: json(key) });
    // inspect-key takes a compact JWS only: an SD-JWT's issuer-signed part.
    add('jwt.inspectKey', label, { key: json(key), token: token.startsWith('{') ? token : token.split('~')[0] });
  }
  add('jwt.verify', "jwt.io's token with its secret", { token: JWT_IO_TOKEN, secret: 'your-256-bit-secret' });
  add('jwt.verify', 'RFC 7515 A.3 with issuer, audience, algorithms and tolerance', {
    token: RFC7515_A3_TOKEN,
    key: RFC7515_A3_KEY,
    issuer: 'joe',
    audience: 'api',
    algorithms: 'ES256,EdDSA',
    clock_tolerance: '300',
  });
  add('jwt.verify', 'OIDC Core A.3 with RFC 7517 B as a certificate', {
    token: OIDC_A3_ID_TOKEN,
    key: pemCertificate(RFC7517_B.x5c[0] ?? ''),
  });

  const keys: ReadonlyArray<readonly [string, unknown]> = [
    ['RFC 7517 A.1 (JWK Set)', RFC7517_A1],
    ['RFC 7517 A.2 (EC private)', RFC7517_A2_EC],
    ['RFC 7517 A.3 (oct set)', RFC7517_A3],
    ['RFC 7517 B (x5c)', RFC7517_B],
    ['RFC 7517 C.1 (RSA private)', RFC7517_C1],
    ['RFC 8037 A.1 (Ed25519 private)', RFC8037_A1],
    ['RFC 7520 §3.1 (P-521)', RFC7520_3_1],
    ['RFC 7520 §3.2 (P-521 private)', RFC7520_3_2],
    ['RFC 7520 §3.3 (RSA)', RFC7520_3_3],
    ['RFC 7520 §3.4 (RSA private)', RFC7520_3_4],
    ['RFC 7520 §3.5 (oct)', RFC7520_3_5],
    ['RFC 9901 settings.yml issuer key', EXAMPLE_ISSUER_KEY],
  ];
  for (const [label, key] of keys) add('jwt.inspectKey', label, { key: json(key) });
  add('jwt.inspectKey', 'RFC 7517 B certificate as PEM', { key: pemCertificate(RFC7517_B.x5c[0] ?? '') });

  const chain = makeChain();
  const pems: ReadonlyArray<readonly [string, string]> = [
    ['root', chain.root.pem],
    ['intermediate', chain.intermediate.pem],
    ['leaf', chain.leaf.pem],
    ['stranger', chain.stranger.pem],
    ['sha1', chain.sha1.pem],
    ['impostor', chain.impostor.pem],
    ['v1', chain.v1.pem],
    ['twin', chain.twin.pem],
    ['leaf, intermediate and root', chain.leaf.pem + chain.intermediate.pem + chain.root.pem],
    ['root key (PKCS #8)', chain.root.keyPem],
    ['intermediate key (PKCS #8)', chain.intermediate.keyPem],
    ['leaf key (PKCS #8)', chain.leaf.keyPem],
  ];
  for (const [label, key] of pems) add('jwt.inspectKey', `certificates.ts ${label}`, { key });
  add('jwt.inspectKey', 'certificates.ts leaf as x5c', {
    key: json({ ...RFC8037_A2, x5c: [x5cOf(chain.leaf.pem), x5cOf(chain.intermediate.pem)] }),
  });
  add('jwt.verify', 'RFC 8037 A.4 with the leaf certificate (another key)', { token: RFC8037_A4_JWS, key: chain.leaf.pem });

  // OpenID Connect Core A.3 and A.4 with what their responses carry, and RFC 9449's proof and bound token.
  const oidc = {
    profile: 'oidc_id_token',
    issuer: 'https://server.example.com',
    audience: 's6BhdRkqt3',
    nonce: 'n-0S6_WzA2Mj',
    key: json(OIDC_A7_KEY),
  };
  add('jwt.validate', 'OIDC Core A.3 as an ID token', { token: OIDC_A3_ID_TOKEN, ...oidc, access_token: OIDC_A3_ACCESS_TOKEN });
  add('jwt.validate', 'OIDC Core A.4 as an ID token', { token: OIDC_A4_ID_TOKEN, ...oidc, code: OIDC_A4_CODE, max_age: '3600' });
  add('jwt.validate', 'OIDC Core A.6 with the wrong nonce', { token: OIDC_A6_ID_TOKEN, ...oidc, nonce: 'other' });
  add('jwt.validate', 'RFC 9449 §4.1 as a DPoP proof', {
    token: RFC9449_PROOF,
    profile: 'dpop_proof',
    htm: 'POST',
    htu: 'https://server.example.com/token',
    jkt: RFC9449_JKT,
  });
  add('jwt.validate', 'RFC 9449 §6.1 as an access token', { token: RFC9449_BOUND_TOKEN, profile: 'oauth_access_token', jkt: RFC9449_JKT });

  // Signing with every published private key, and re-signing RFC 7519's token.
  const signers: ReadonlyArray<readonly [string, Record<string, unknown>, string | undefined]> = [
    ['RFC 7515 A.2 (RSA)', RFC7515_A2_KEY, 'RS256'],
    ['RFC 7515 A.2 (RSA), PS256', RFC7515_A2_KEY, 'PS256'],
    ['RFC 7515 A.3 (P-256)', RFC7515_A3_PRIVATE_KEY, undefined],
    ['RFC 7517 A.2 (P-256, use enc)', RFC7517_A2_EC, 'ES256'],
    ['RFC 7517 A.2 (P-256) without its use', withoutUse(RFC7517_A2_EC), 'ES256'],
    ['RFC 7517 C.1 (RSA, use enc)', RFC7517_C1, undefined],
    ['RFC 7517 C.1 (RSA) without its use', withoutUse(RFC7517_C1), undefined],
    ['RFC 7520 §3.2 (P-521)', RFC7520_3_2, 'ES512'],
    ['RFC 7520 §3.4 (RSA), RS384', RFC7520_3_4, 'RS384'],
    ['RFC 8037 A.1 (Ed25519)', RFC8037_A1, undefined],
  ];
  const payload = { iss: 'joe', exp: 1300819380, 'http://example.com/is_root': true };
  for (const [label, key, alg] of signers) {
    add('jwt.sign', label, { payload, key, ...(alg === undefined ? {} : { alg }) });
    add('jwt.sign', `${label}, as a string, re-signing RFC 7519 §3.1`, {
      token: RFC7519_3_1_TOKEN,
      key: json(key),
      set: { sub: 'x' },
      unset: ['http://example.com/is_root'],
      expires_in: 'PT1H',
      issued_at: true,
    });
  }
  // Not published: a private key that is no key, refused alike. An ECPrivateKey (RFC 5915 §3) on P-256 whose d is 0,
  // so that its public key d·G is SEC 1 §2.3.3's point at infinity, as SEC 1 and as PKCS #8 (RFC 5958 §2).
  add('jwt.sign', 'an EC private key whose d is 0 (SEC 1)', {
    payload,
    key: '-----BEGIN EC PRIVATE KEY-----\nMDECAQEEIAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAoAoGCCqGSM49AwEH\n-----END EC PRIVATE KEY-----',
  });
  add('jwt.sign', 'an EC private key whose d is 0 (PKCS #8)', {
    payload,
    key: '-----BEGIN PRIVATE KEY-----\nMEECAQAwEwYHKoZIzj0CAQYIKoZIzj0DAQcEJzAlAgEBBCAAAAAAAAAAAAAAAAAA\nAAAAAAAAAAAAAAAAAAAAAAAAAA==\n-----END PRIVATE KEY-----',
  });
  add('jwt.sign', 'RFC 7515 A.3 (P-256) with a d of 0', { payload, key: { ...RFC7515_A3_PRIVATE_KEY, d: 'A'.repeat(43) } });
  add('jwt.sign', 'RFC 7520 §3.5 (oct) as a JWK', { payload, key: RFC7520_3_5 });
  add('jwt.sign', "jwt.io's example secret", { payload, secret: 'a-string-secret-at-least-256-bits-long', not_before_in: '-PT1M' });
  for (const alg of ['ES256', 'EdDSA', 'ES384'] as const)
    add('jwt.sign', `a generated ${alg} pair`, { payload, alg, generate: true, return_private_key: true });

  for (const vendor of DICTIONARY_VENDORS) add('jwt.claims', `the ${vendor} entries`, { vendor });

  // Contract §12's vectors (test/vectors/tokens/index.ts names each one's source).
  const values: ReadonlyArray<readonly [string, string]> = [
    ['a GitHub token whose checksum holds', GITHUB_TOKEN],
    ["GitHub's OAuth documentation placeholder, as contract §12 cites it", GITHUB_PLACEHOLDER],
    ['a routable GitLab token', GITLAB_ROUTABLE],
    ['itsdangerous, its docs/signer.rst example', ITSDANGEROUS_SIGNER.value],
    ['Flask-Unsign, its README example', FLASK_UNSIGN.value],
    ['pallets/flask#4117, as contract §12 cites it', FLASK_COMPRESSED.value],
    ['fernet/spec verify.json', FERNET.token],
    ['paseto-standard/test-vectors v4.json 4-S-1', PASETO_4_S_1.token],
  ];
  for (const [label, value] of values) add('token.identify', label, { value, tz: 'Europe/Berlin' });
  const tokenVerifications: ReadonlyArray<readonly [string, Record<string, string>]> = [
    [
      'itsdangerous, its docs/signer.rst example',
      { value: ITSDANGEROUS_SIGNER.value, format: 'itsdangerous', secret: ITSDANGEROUS_SIGNER.secret },
    ],
    ['Flask-Unsign, CHANGEME', { value: FLASK_UNSIGN.value, format: 'flask_session', secret: FLASK_UNSIGN.secret }],
    ['pallets/flask#4117, foobar', { value: FLASK_COMPRESSED.value, format: 'flask_session', secret: FLASK_COMPRESSED.secret }],
    ['fernet/spec verify.json', { value: FERNET.token, format: 'fernet', secret: FERNET.secret }],
    ['paseto 4-S-1 with its public key', { value: PASETO_4_S_1.token, format: 'paseto', key: PASETO_4_S_1.publicKeyPem }],
  ];
  for (const [label, body] of tokenVerifications) add('token.verify', label, body);
  return calls;
}

/**
 * Every time zone the service's runtime names (Intl.supportedValuesOf, and the POSIX-style names IANA keeps as links),
 * now and at an instant of 1922: each host reads zone rules from its own copy of the IANA tz database, and an answer
 * differs wherever two copies do.
 */
export function zoneCorpus(): ParityCall[] {
  const zones = [
    'UTC',
    ...Intl.supportedValuesOf('timeZone'),
    'EST5EDT',
    'CST6CDT',
    'MST7MDT',
    'PST8PDT',
    'EST',
    'MST',
    'HST',
    'CET',
    'EET',
    'WET',
    'MET',
  ];
  return zones.flatMap((tz) => [
    call('unixTimestamp.now', { tz }, `zone ${tz}, now`),
    call('unixTimestamp.toUtc', { timestamp: '-1500000000', tz }, `zone ${tz}, 1922`),
  ]);
}
