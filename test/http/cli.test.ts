import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { usage, runCli, type CliIo } from '../../src/adapters/driving/cli/cli.js';
import { COMMANDS } from '../../src/adapters/driving/cli/commands.js';
import { OPERATIONS } from '../../src/adapters/driving/contract/catalog.js';
import { PLAIN, render } from '../../src/adapters/driving/cli/pretty.js';
import { RFC7515_A3_KEY, RFC7515_A3_TOKEN, JWT_IO_TOKEN, RFC7516_JWE, RFC7519_3_1_TOKEN, b64url, tokenOf } from '../support/fixtures.js';
import { testService } from '../support/service.js';

const { app, application } = testService({ RATE_LIMIT_POINTS: '1' });

/** Paradoxis/Flask-Unsign, README.md, commit 9d8db6b14f4a77994f6c400a513c5f8c2ace31cc: `{'logged_in': False}`, secret `CHANGEME`. */
const FLASK_SESSION = 'eyJsb2dnZWRfaW4iOmZhbHNlfQ.XDuWxQ.E2Pyb6x3w-NODuflHoGnZOEpbH8';
/** pallets/itsdangerous, docs/signer.rst, commit 786f5de1616e359a2a4c25d5524c181d400e4edd: `Signer("secret-key").sign("my string")`. */
const SIGNED_VALUE = 'my string.wh6tMHxLgJqB6oY1uT73iMlyrOA';
/** therootcompany/base62-token.js, test.js, commit 17dfd0700742c6b352844bd6ba568cf22269e6b1: a real, expired GitHub token. */
const GITHUB_TOKEN = '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';

/** A POST of a JSON body to a fresh service, as the CLI's answer is compared with it. */
const postTo = (path: string, body: unknown) =>
  request(testService({ RATE_LIMIT_POINTS: '10' }).app)
    .post(path)
    .set('Content-Type', 'application/json')
    .send(JSON.stringify(body));

async function cli(args: string[], stdin = '', extra: Partial<CliIo> = {}) {
  let out = '';
  let err = '';
  const code = await runCli(args, () => Promise.resolve(application.useCases), {
    out: (text) => (out += text),
    err: (text) => (err += text),
    readStdin: () => Promise.resolve(stdin),
    ...extra,
  });
  return { code, out, err };
}

describe('command line', () => {
  it.each([
    [['now'], '/unix-timestamp/now'],
    [['to-utc', '1700000000123456789'], '/unix-timestamp/to-utc?timestamp=1700000000123456789'],
    [['to-utc', '-1500', '--unit', 'milliseconds'], '/unix-timestamp/to-utc?timestamp=-1500&unit=milliseconds'],
    [['to-utc', '--unit=seconds', '253402300799'], '/unix-timestamp/to-utc?timestamp=253402300799&unit=seconds'],
    [['to-unix', '2024-01-01T00:00:00+05:00'], '/unix-timestamp/to-unix?datetime=2024-01-01T00%3A00%3A00%2B05%3A00'],
    [['decode', JWT_IO_TOKEN], `/jwt/decode?token=${JWT_IO_TOKEN}`],
    [['decode', RFC7516_JWE], `/jwt/decode?token=${RFC7516_JWE}`],
    [['now', '--tz', 'Asia/Kolkata'], '/unix-timestamp/now?tz=Asia/Kolkata'],
    [['claims'], '/jwt/claims'],
    [
      ['validate', RFC7515_A3_TOKEN, '--profile', 'oidc_id_token', '--issuer', 'joe'],
      `/jwt/validate?token=${RFC7515_A3_TOKEN}&profile=oidc_id_token&issuer=joe`,
    ],
    [['claims', '--name', 'tid', '--vendor', 'entra'], '/jwt/claims?name=tid&vendor=entra'],
    [['claims', '--name=groups'], '/jwt/claims?name=groups'],
    [['identify', '01d15614cbaee92c'], '/unix-timestamp/identify?value=01d15614cbaee92c'],
    [
      ['identify', '-1500', '--format', 'unix_milliseconds', '--tz', 'UTC'],
      '/unix-timestamp/identify?value=-1500&format=unix_milliseconds&tz=UTC',
    ],
    [['to-utc', '1700000000', '--tz=Pacific/Chatham'], '/unix-timestamp/to-utc?timestamp=1700000000&tz=Pacific/Chatham'],
    [
      ['to-unix', '2024-10-27T02:30:00', '--tz', 'Europe/Berlin', '--disambiguation', 'later'],
      '/unix-timestamp/to-unix?datetime=2024-10-27T02:30:00&tz=Europe/Berlin&disambiguation=later',
    ],
  ])('%j prints the same JSON as GET %s', async (args, path) => {
    const api = await request(testService({ RATE_LIMIT_POINTS: '10' }).app)
      .get(path)
      .expect(200);
    const { code, out, err } = await cli(args);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toBe(`${api.text}\n`);
  });

  it('identifies one value a line from standard input with -, one JSON answer a line, a refusal in its place', async () => {
    const { code, out, err } = await cli(['identify', '-', '--format', 'uuid_v7'], '017F22E2-79B0-7CC3-98C4-DC0C0C07398F\r\n\nhello\n');
    expect(err).toBe('');
    expect(code).toBe(1);
    const lines = out.split('\n');
    expect(lines).toHaveLength(4);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ candidates: [{ format: 'uuid_v7', exact: '2022-02-22T19:22:22Z' }] });
    expect(JSON.parse(lines[1] ?? '')).toEqual({ detail: 'value must not be empty' });
    expect(JSON.parse(lines[2] ?? '')).toMatchObject({ input: 'hello', candidates: [], notes: ['value is not of the syntax of uuid_v7'] });
    expect(lines[3]).toBe('');
    expect(await cli(['identify', '-'], '1700000000\n0ujtsYcgvSTl8PAuAdqWYSMnLOv')).toMatchObject({ code: 0 });
  });

  it('lays identify candidates out as a table on a terminal', async () => {
    const { code, out } = await cli(['identify', '175928847299117063'], '', { terminal: true });
    expect(code).toBe(0);
    expect(out).toMatch(/^input {2}175928847299117063\ncandidates\n {2}format +exact +plausible {2}description\n {2}snowflake_twitter /);
    const row = out.split('\n').find((line) => line.includes('snowflake_discord')) ?? '';
    expect(row.split(/ {2,}/)).toEqual([
      '',
      'snowflake_discord',
      '2016-04-30T11:18:25.796Z',
      'true',
      'Discord snowflake ID (ms since 2015)',
    ]);
    const header = out.split('\n')[2] ?? '';
    expect(row.indexOf('2016-')).toBe(header.indexOf('exact'));
    expect(out).toMatch(/\nnotes {2}\(none\)\nsource {2}identify\n$/);
    const none = await cli(['identify', '550e8400-e29b-41d4-a716-446655440000'], '', { terminal: true });
    expect(none.out).toBe(
      'input  550e8400-e29b-41d4-a716-446655440000\ncandidates\n  (none)\nnotes\n  - value is a version-4 UUID: its bits are random and carry no time\nsource  identify\n',
    );
  });

  it('writes each explained member on one line on a terminal', async () => {
    const token = tokenOf('{"alg":"RS256","x-y":1}', '{"iss":"https://sts.windows.net/t/","tid":"t","exp":1537234948}');
    const { code, out } = await cli(['decode', token], '', { terminal: true });
    expect(code).toBe(0);
    const block = out.slice(out.indexOf('explained\n'), out.indexOf('issuer_vendor'));
    expect(block.split('\n').slice(1, -1)).toEqual([
      '  header alg  Algorithm (RFC 7515, RFC 7516)',
      '  header x-y  unknown',
      '  payload iss  Issuer (RFC 7519)',
      '  payload tid  Tenant ID (Microsoft Entra ID)',
      '  payload exp  Expiration time (RFC 7519)  2018-09-18T01:42:28Z',
    ]);
    expect(out).toMatch(/\nissuer_vendor\n {2}code {9}entra\n/);
  });

  it('lays claim entries out as a table on a terminal', async () => {
    const { code, out } = await cli(['claims', '--name', 'groups'], '', { terminal: true });
    expect(code).toBe(0);
    expect(out).toMatch(/^entries\n {2}in +name +title +vendor\n/);
    const rows = out
      .split('\n')
      .slice(2, 4)
      .map((line) => line.trim().split(/ {2,}/));
    expect(rows).toEqual([
      ['payload', 'groups', 'Groups', 'null'],
      ['payload', 'groups', 'Group object IDs', 'entra'],
    ]);
    expect(out).toMatch(/\nregistry_snapshot {2}2026-07-20\nsource {2}claims\n$/);
  });

  it('inspects a key read from standard input only, with the token as an option', async () => {
    const { code, out } = await cli(['inspect-key', '--token', RFC7515_A3_TOKEN], `${RFC7515_A3_KEY}\n`);
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ input_kind: 'jwk', keys: [{ kty: 'EC', crv: 'P-256' }], verification: { valid: true } });
    const positional = await cli(['inspect-key', RFC7515_A3_KEY]);
    expect(positional.code).toBe(2);
    expect(positional.err).toMatch(/^inspect-key takes no arguments\n/);
    expect(positional.err).toContain('inspect-key [--token <token>] < key');
  });

  // RFC 7515 Appendix A.1's HMAC key (RFC 7519 §3.1's token is signed with it).
  const RFC7515_A1_KEY = '{"kty":"oct","k":"AyM1SysPpbyDfgZld3umj1qzKObwVMkoqQ-EstJQLr_T-1qS0gZH75aKtMN3Yj0iPS4hcgUuTwjAzZr1Z9CAow"}';
  const signatureOf = (out: string): unknown =>
    (JSON.parse(out) as { checks: Array<{ rule: string }> }).checks.find((check) => check.rule === 'signature');

  it("checks an HS256 token's signature rule with an oct JWK read from standard input", async () => {
    const args = ['validate', RFC7519_3_1_TOKEN, '--profile', 'oidc_id_token'];
    const right = await cli(args, `${RFC7515_A1_KEY}\n`);
    expect([right.code, right.err]).toEqual([0, '']);
    expect(signatureOf(right.out)).toMatchObject({ passed: true });
    const wrong = await cli(args, '{"kty":"oct","k":"c2VjcmV0LXRoYXQtc2lnbmVkLW5vdGhpbmctb2YtdGhpcy0zMmI"}');
    expect(wrong.code).toBe(0);
    expect(signatureOf(wrong.out)).toMatchObject({ passed: false, reason_code: 'signature_invalid' });
  });

  it('validates with no key when standard input is empty or a terminal, and never takes the key as an argument', async () => {
    const args = ['validate', RFC7519_3_1_TOKEN, '--profile', 'oidc_id_token'];
    expect(signatureOf((await cli(args)).out)).toMatchObject({ passed: null });
    const unread = () => Promise.reject(new Error('standard input is a terminal: nothing may wait on it'));
    const terminal = await cli(args, '', { readStdin: unread, stdinTerminal: true });
    expect([terminal.code, signatureOf(terminal.out)]).toMatchObject([0, { passed: null }]);
    const asOption = await cli([...args, '--key', RFC7515_A1_KEY]);
    expect([asOption.code, asOption.err.split('\n')[0]]).toEqual([2, 'validate takes 1 argument']);
    expect(usage()).toMatch(/^ {2}validate <token> .* < key$/m);
  });

  it.each(['verify', 'validate'])('%s says that - cannot read the token from standard input, which carries the key', async (command) => {
    const { code, err } = await cli([command, '-'], RFC7515_A1_KEY);
    expect(code).toBe(2);
    expect(err.split('\n')[0]).toBe(
      `${command} reads the key from standard input, so - cannot read the token there too: give the token as an argument, such as "$(cat token.txt)"`,
    );
  });

  it('signs with a secret or a key from standard input, its JSON members read as JSON, as POST /jwt/sign answers', async () => {
    const secret = 'a-string-secret-at-least-256-bits-long';
    const payload = '{"sub":"1234567890","name":"John Doe","admin":true,"iat":1516239022}';
    const bySecret = await cli(['sign', '--payload', payload], `${secret}\n`);
    expect(bySecret.code).toBe(0);
    const rest = await request(testService({ RATE_LIMIT_POINTS: '10' }).app)
      .post('/jwt/sign')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ payload: JSON.parse(payload) as unknown, secret }));
    expect(bySecret.out).toBe(`${rest.text}\n`);
    const byKey = await cli(
      ['sign', '--payload', '{}', '--alg', 'ES256', '--expires-in', 'PT1H'],
      JSON.stringify({ ...JSON.parse(RFC7515_A3_KEY), d: 'jpsQnnGQmL-YBIffH1136cspYG6-0iY7X1fCE9-E9LI' }),
    );
    expect(JSON.parse(byKey.out)).toMatchObject({ algorithm: 'ES256', payload: { exp: expect.any(Number) as number } });
    const badJson = await cli(['sign', '--payload', 'sub=1'], secret);
    expect([badJson.code, badJson.err.split('\n')[0]]).toEqual([2, `--payload takes JSON, such as '{"sub":"1"}'`]);
    const asArgument = await cli(['sign', '--payload', '{}', '--secret', secret]);
    expect([asArgument.code, asArgument.err.split('\n')[0]]).toEqual([2, 'sign takes no arguments']);
  });

  it('identifies a value read from standard input only, as POST /token/identify answers', async () => {
    const { code, out, err } = await cli(['identify-token', '--tz', 'Europe/Berlin'], `${FLASK_SESSION}\n`);
    expect({ code, err }).toEqual({ code: 0, err: '' });
    expect(out).toBe(`${(await postTo('/token/identify', { value: FLASK_SESSION, tz: 'Europe/Berlin' })).text}\n`);
    expect((JSON.parse(out) as { candidates: Array<{ format: string }> }).candidates.map(({ format }) => format)).toContain(
      'flask_session',
    );
    const asArgument = await cli(['identify-token', FLASK_SESSION]);
    expect([asArgument.code, asArgument.err.split('\n')[0]]).toEqual([2, 'identify-token takes no arguments']);
  });

  it('masks a credential read from standard input, and never prints it', async () => {
    const { code, out } = await cli(['identify-token', '--json'], GITHUB_TOKEN);
    expect(code).toBe(0);
    expect(out).not.toContain(GITHUB_TOKEN);
    expect(JSON.parse(out)).toMatchObject({ input: 'ghp_zQWB…Lq17' });
  });

  it('verifies the value of the first line of standard input with the secret after it, as POST /token/verify answers', async () => {
    const { code, out, err } = await cli(['verify-token', '--format', 'itsdangerous'], `${SIGNED_VALUE}\nsecret-key\n`);
    expect({ code, err }).toEqual({ code: 0, err: '' });
    const body = { value: SIGNED_VALUE, format: 'itsdangerous', secret: 'secret-key' };
    expect(out).toBe(`${(await postTo('/token/verify', body)).text}\n`);
    expect(JSON.parse(out)).toMatchObject({ format: 'itsdangerous', valid: true, reason: null, payload: 'my string' });
    // max_age takes an integer, read as JSON as POST /token/verify reads it.
    const aged = await cli(['verify-token', '--format', 'flask_session', '--max-age', '3600'], `${FLASK_SESSION}\r\nCHANGEME`);
    expect(aged.out).toBe(
      `${(await postTo('/token/verify', { value: FLASK_SESSION, format: 'flask_session', secret: 'CHANGEME', max_age: 3600 })).text}\n`,
    );
    expect(JSON.parse(aged.out)).toMatchObject({ valid: false, reason: { code: 'expired' } });
    const badAge = await cli(['verify-token', '--format', 'flask_session', '--max-age', 'an hour'], FLASK_SESSION);
    expect([badAge.code, badAge.err.split('\n')[0]]).toEqual([2, `--max-age takes JSON, such as '3600'`]);
    const asArgument = await cli(['verify-token', '--format', 'itsdangerous', '--secret', 'secret-key'], SIGNED_VALUE);
    expect([asArgument.code, asArgument.err.split('\n')[0]]).toEqual([2, 'verify-token takes no arguments']);
  });

  it('refuses a wrong secret for verify-token with valid false, and shows no secret', async () => {
    const { code, out } = await cli(['verify-token', '--format', 'itsdangerous'], `${SIGNED_VALUE}\nnot-the-secret-key\n`);
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ valid: false, reason: { code: 'signature_invalid' } });
    expect(out).not.toContain('not-the-secret-key');
  });

  it.each([
    ['--payload', `'{"sub":"1"}'`],
    ['--header', `'{"sub":"1"}'`],
    ['--set', `'{"sub":"1"}'`],
    ['--unset', `'["admin"]'`],
    ['--generate', `'true'`],
  ])('says that %s takes JSON with an example of the kind it takes', async (option, example) => {
    const { code, err } = await cli(['sign', `${option}=admin`], 'a-string-secret-at-least-256-bits-long');
    expect([code, err.split('\n')[0]]).toEqual([2, `${option} takes JSON, such as ${example}`]);
  });

  it('shows each key on a terminal, its thumbprint and its findings, and never the secret', async () => {
    const { code, out } = await cli(['inspect-key'], '{"keys":[{"kty":"oct","k":"c2VjcmV0","kid":"s"}]}', { terminal: true });
    expect(code).toBe(0);
    expect(out).toMatch(/\n {6}sha256 {2}DWBh0SEIAPYh1x5uvot4z3AhaikHkxNJa3Ada2fT-Cg\n/);
    expect(out).toMatch(/\n {6}CRITICAL symmetric_key {2}this is a shared secret/);
    expect(out).not.toContain('c2VjcmV0');
  });

  it('reads the token from standard input with -', async () => {
    const { code, out } = await cli(['decode', '-'], `${JWT_IO_TOKEN}\n`);
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ subject: '1234567890' });
  });

  it.each([
    [['to-utc', '1.5'], '/unix-timestamp/to-utc?timestamp=1.5'],
    [['to-utc', '1', '--unit', 'days'], '/unix-timestamp/to-utc?timestamp=1&unit=days'],
    [['to-unix', '2023-02-29T00:00:00Z'], '/unix-timestamp/to-unix?datetime=2023-02-29T00:00:00Z'],
    [
      ['to-unix', '2024-03-31T02:30:00', '--tz', 'Europe/Berlin', '--disambiguation', 'reject'],
      '/unix-timestamp/to-unix?datetime=2024-03-31T02:30:00&tz=Europe/Berlin&disambiguation=reject',
    ],
  ])('%j exits 1 with the API message', async (args, path) => {
    const api = await request(testService({ RATE_LIMIT_POINTS: '10' }).app)
      .get(path)
      .expect(400);
    const { code, out, err } = await cli(args);
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toBe(`${api.text}\n`);
  });

  it.each([
    [[]],
    [['launch']],
    [['now', 'extra']],
    [['to-utc']],
    [['to-unix', 'a', 'b']],
    [['now', '--unit', 'seconds']],
    [['to-utc', '1', '--unit']],
  ])('%j exits 2 with usage', async (args) => {
    const { code, err } = await cli(args);
    expect(code).toBe(2);
    expect(err).toContain(usage());
  });

  it('lays the answer out for a person on a terminal, and prints the raw JSON with --json', async () => {
    const pretty = await cli(['decode', JWT_IO_TOKEN, '--check-secrets'], '', { terminal: true });
    expect(pretty.code).toBe(0);
    expect(pretty.out).toContain('\nheader\n  alg  HS256\n  typ  JWT\npayload\n');
    expect(pretty.out).toMatch(
      /^findings\n {2}CRITICAL known_secret {2}the signature verifies with the publicly known secret "your-256-bit-secret"/m,
    );
    expect(pretty.out).toMatch(/^ {2}WARNING no_expiry {2}/m);
    const raw = await cli(['decode', JWT_IO_TOKEN, '--json'], '', { terminal: true });
    expect(JSON.parse(raw.out)).toMatchObject({ algorithm: 'HS256', findings: [{ code: 'no_expiry' }] });
    expect(raw.out.trim().split('\n')).toHaveLength(1);
  });

  it('shows a nested token without the input it does not have, as the JSON does', async () => {
    const nested = `${b64url('{"alg":"HS256","cty":"JWT"}')}.${b64url(JWT_IO_TOKEN)}.c2ln`;
    const { out } = await cli(['decode', nested], '', { terminal: true });
    expect(out).toMatch(/^nested\n {2}header\n/m);
    expect(out.match(/input/g)).toHaveLength(1);
  });

  it('colours findings by severity', () => {
    const marked = { ...PLAIN, critical: (text: string) => `<c>${text}</c>`, info: (text: string) => `<i>${text}</i>` };
    const text = render(
      {
        findings: [
          { code: 'alg_none', severity: 'critical', message: 'm' },
          { code: 'expired', severity: 'info', message: 'n' },
        ],
      },
      marked,
    );
    expect(text).toBe('findings\n  <c>CRITICAL alg_none</c>  m\n  <i>INFO expired</i>  n\n');
  });

  it('says in its usage which commands read a key or a secret from standard input', () => {
    expect(usage()).toContain(
      '\ninspect-key and validate read the key, and verify, sign and verify-token the key or secret (any input that is neither a JWK nor a PEM)',
    );
    expect(usage()).toContain(
      '\nidentify-token and verify-token read the value from standard input only: all of it, or its first line when a key or secret follows.',
    );
    expect(usage()).toMatch(/^ {2}identify-token \[--format <format>\] \[--tz <tz>\] < value$/m);
    expect(usage()).toMatch(/^ {2}verify-token \[--format <format>\] .* < value-line-then-key-or-secret$/m);
    expect(usage()).toMatch(/^ {2}verify <token> .* < key-or-secret$/m);
    expect(usage()).toMatch(/^ {2}inspect-key \[--token <token>\] < key$/m);
  });

  it.each([
    [['identify', '--help'], 'identify'],
    [['identify', '2024-01-01', '-h'], 'identify'],
    [['help', 'diff'], 'diff'],
    [['sign', '--help'], 'sign'],
  ])('%j prints the usage of %s alone, instead of reading --help as a value', async (args, command) => {
    const { code, out, err } = await cli(args);
    expect({ code, err }).toEqual({ code: 0, err: '' });
    const lines = out.split('\n');
    expect(lines[0]).toMatch(new RegExp(`^usage: tsjwt ${command} `));
    expect(usage()).toContain(`  ${lines[0]?.slice('usage: tsjwt '.length)}\n`);
    expect(out).toContain('  e.g. tsjwt ');
    expect(out).not.toContain('candidates');
  });

  it('prints its version', async () => {
    expect(await cli(['--version'], '', { version: 'tsjwt 1.2.3' })).toEqual({ code: 0, out: 'tsjwt 1.2.3\n', err: '' });
  });

  it('is not rate limited', async () => {
    await request(app).get('/unix-timestamp/now').expect(200);
    await request(app).get('/unix-timestamp/now').expect(429);
    for (let i = 0; i < 50; i++) expect((await cli(['now'])).code).toBe(0);
  });
});

describe('the commands, read from the catalog', () => {
  it('has one command for every operation, each with every non-positional input field as an option', () => {
    expect(COMMANDS.map((command) => command.operation)).toEqual(OPERATIONS.map(([, operation]) => operation));
    const verify = COMMANDS.find((command) => command.command === 'verify');
    expect(verify?.options.map((option) => option.field)).toEqual(['issuer', 'audience', 'algorithms', 'clock_tolerance']);
    expect(COMMANDS.find((command) => command.command === 'decode')?.options).toEqual([{ field: 'check_secrets', flag: true, json: true }]);
    // The key and the secret come from standard input alone; the JSON members are read as JSON.
    const sign = COMMANDS.find((command) => command.command === 'sign');
    expect(sign?.options.map((option) => option.field)).not.toContain('secret');
    expect(sign?.options.filter((option) => option.json).map((option) => option.field)).toEqual([
      'payload',
      'header',
      'set',
      'unset',
      'generate',
      'return_private_key',
      'issued_at',
    ]);
  });
});
