// The published values of contract §12's token formats, each once with its source (repository, path, commit), for
// every test and bench that reads or verifies one. Fernet's and PASETO's come from the JSON files beside this one,
// copied unchanged from their sources (README.md names them); the rest are quoted here. The keys and secrets are the
// published examples', never real ones.
import { readFileSync } from 'node:fs';

const json = <T>(file: string): T => JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as T;

/** therootcompany/base62-token.js, test.js, commit 17dfd0700742c6b352844bd6ba568cf22269e6b1: a GitHub token whose CRC-32 checksum holds. */
export const GITHUB_TOKEN = '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';
/** GITHUB_TOKEN as every answer masks it: its first eight and last four characters. */
export const GITHUB_TOKEN_MASKED = 'ghp_zQWB…Lq17';
/** GitHub's OAuth documentation example token, as contract §12 cites it: its checksum does not match. */
export const GITHUB_PLACEHOLDER = 'gho_16C7e42F292c6912E7710c838347Ae178B4a';

/** google/osv-scalibr, veles/secrets/gitlabpat/detector_test.go, commit 6ce73cededf86880fc03ed204aa0e186edebc841: GitLab tokens. */
export const GITLAB_ROUTABLE = 'glpat-bzox79Of-KE9FD2LjoXXF4CvyxA.0r03gxo7s';
export const GITLAB_VERSIONED = 'glpat-bzox79Of-KE9FD2LjoXXF4CvyxA.01.0r0l8l6ir';
export const GITLAB_VERSIONED_BAD_CRC = 'glpat-bzox79Of-KE9FD2LjoXXF4CvyxA.01.0r03gxo7a';
export const GITLAB_LEGACY = 'glpat-vzDNJu3Lvh4YCCekKsnx';

/** praetorian-inc/nebula, test/access_key_id_to_account_id_test.go, commit 77c7119f27758eca485f28d2ddca20ef2fb7b5f2: an STS key id and its account. */
export const AWS_KEY_ID = { value: 'ASIAY34FZKBOKMUTVV7A', account: '609629065308' } as const;

/** pallets/itsdangerous, docs/signer.rst, commit 786f5de1616e359a2a4c25d5524c181d400e4edd: `Signer("secret-key").sign("my string")`. */
export const ITSDANGEROUS_SIGNER = { value: 'my string.wh6tMHxLgJqB6oY1uT73iMlyrOA', secret: 'secret-key' } as const;

/**
 * Paradoxis/Flask-Unsign, README.md, commit 9d8db6b14f4a77994f6c400a513c5f8c2ace31cc: `{'logged_in': False}`, cracked
 * to `CHANGEME`, signed at 0x5C3B96C5 (its timestamp segment `XDuWxQ`); and `{'logged_in': True}` signed again with it.
 */
export const FLASK_UNSIGN = {
  value: 'eyJsb2dnZWRfaW4iOmZhbHNlfQ.XDuWxQ.E2Pyb6x3w-NODuflHoGnZOEpbH8',
  secret: 'CHANGEME',
  signedAt: '2019-01-13T19:51:33Z',
  resigned: 'eyJsb2dnZWRfaW4iOnRydWV9.XDuW-g.cPCkFmmeB7qNIcN-ReiN72r0hvU',
} as const;

/** pallets/flask#4117, as contract §12 cites it: a compressed session cookie, secret `foobar`. */
export const FLASK_COMPRESSED = {
  value: '.eJyrVipOLS7OzM_TLUktLlGyUgJTOjDR-MwUoBiQqAUANscOVw.YLFEpg.mUktNdWRkgDnm0OWxbpoyOiY4kg',
  secret: 'foobar',
} as const;

/** django/django, tests/signing/tests.py, commit 06be092582991369372fe7072dc94cf593dee3f2, test_valid_sep: `Signer(key="predictable-secret").sign("foo")`. */
export const DJANGO_SIGNER = { value: 'foo:jZQoX_FtSO70jX9HLRGg2A_2s4kdDBxz1QoO_OpEQb0', secret: 'predictable-secret' } as const;
/** django/django, django/core/signing.py, the module docstring, commit 01dfcf77c5c41cb46203049493e194f54a631133: `signing.dumps("hello")`, under a secret it does not give. */
export const DJANGO_DUMPS = 'ImhlbGxvIg:1QaUZC:YIye-ze3TTx7gtSv422nZA4sgmk';
/** The same docstring's compressed value, whose payload is the numbers 1 to 19. */
export const DJANGO_DUMPS_COMPRESSED = '.eJwFwcERACAIwLCF-rCiILN47r-GyZVJsNgkxaFxoDgxcOHGxMKD_T7vhAml:1QaUaL:BA0thEZrp4FQVXIXuOvYJtLJSrQ';

/** tj/node-cookie-signature, test/index.js, commit b7bd4cb9500bfa5e696143f51d61e5f24f7a625d: `sign('hello', 'tobiiscool')`, with cookie-parser's `s:`. */
export const EXPRESS_COOKIE = { value: 's:hello.DGDUkGlIkCzPz+C0B064FNgHdEjox7ch8tOBGslZ5QI', secret: 'tobiiscool' } as const;

/** A case of fernet/spec's verify.json or invalid.json. */
export interface FernetCase {
  readonly desc?: string;
  readonly token: string;
  readonly now: string;
  readonly ttl_sec: number;
  readonly src?: string;
  readonly secret: string;
}
/** fernet/spec, verify.json and invalid.json, commit 20dead475f53f11d20592baf29ad697163afc0cd (fernet-*.json here). */
export const fernetCases = (name: 'verify' | 'invalid'): readonly FernetCase[] => json<FernetCase[]>(`./fernet-${name}.json`);
/** fernet/spec verify.json's one case: `hello`, issued 1985-10-26T08:20:00Z. */
export const FERNET = fernetCases('verify')[0] as FernetCase;

/** A case of paseto-standard/test-vectors' v1.json … v4.json. */
export interface PasetoCase {
  readonly name: string;
  readonly 'expect-fail': boolean;
  readonly token: string;
  readonly payload: string | null;
  readonly footer: string;
  readonly 'implicit-assertion': string;
  readonly key?: string;
  readonly nonce?: string;
  readonly 'public-key'?: string;
  readonly 'public-key-pem'?: string;
  readonly 'secret-key'?: string;
  readonly 'secret-key-pem'?: string;
}
/** paseto-standard/test-vectors, v1.json … v4.json, commit 32d7406591eb022f9eff88abb84106dd9d42c0f2 (paseto-v*.json here). */
export const pasetoCases = (version: 1 | 2 | 3 | 4): readonly PasetoCase[] =>
  json<{ tests: PasetoCase[] }>(`./paseto-v${version}.json`).tests;
const pasetoCase = (version: 1 | 2 | 3 | 4, name: string): PasetoCase => {
  const found = pasetoCases(version).find((vector) => vector.name === name);
  if (found === undefined) throw new Error(`paseto-v${version}.json has no ${name}`);
  return found;
};

const S_1 = pasetoCase(4, '4-S-1');
/** v4.json's 4-S-1: a v4.public token whose exp is 2022-01-01, and its Ed25519 public key as PEM, as a JWK and in hex. */
export const PASETO_4_S_1 = {
  token: S_1.token,
  publicKeyPem: S_1['public-key-pem'] as string,
  publicKeyHex: S_1['public-key'] as string,
  publicJwk: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(S_1['public-key'] as string, 'hex').toString('base64url') },
} as const;
/** v4.json's 4-S-2, with a footer; v3.json's 3-S-2; v4.json's 4-E-1 (local, no footer) and 4-F-1 (local, with a footer). */
export const PASETO_4_S_2 = pasetoCase(4, '4-S-2').token;
export const PASETO_3_S_2 = pasetoCase(3, '3-S-2').token;
export const PASETO_4_E_1 = pasetoCase(4, '4-E-1').token;
export const PASETO_4_F_1 = pasetoCase(4, '4-F-1').token;

/** paseto-standard/test-vectors, PASERK/k4.lid.json, k4.pid.json and k4.secret.json, commit 32d7406591eb022f9eff88abb84106dd9d42c0f2. */
export const PASERK_K4_LID = 'k4.lid.iVtYQDjr5gEijCSjJC3fQaJm7nCeQSeaty0Jixy8dbsk';
export const PASERK_K4_PID = 'k4.pid.S_XQmeEwHbbvRmiyfXfHYpLGjXGzjTRSDoT1YtTakWFE';
export const PASERK_K4_SECRET = 'k4.secret.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA7aie8zrakLWKjqNAqbw1zZTIVdx3iQ6Y6wEihi1naKQ';
