// Contract §5 and §7: a member the input schema refuses is named by its path (`unset[1] must be a string`),
// never by zod's bare "expected string, received number", with the same detail on REST, tRPC and the CLI.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/adapters/driving/cli/cli.js';
import { JWT_IO_TOKEN } from '../support/fixtures.js';
import { testService, trpcInput } from '../support/service.js';

const SECRET = 'a-string-secret-at-least-256-bits-long';
const { app, application } = testService({ RATE_LIMIT_POINTS: '100000' });
const post = (path: string, body: unknown) => request(app).post(path).set('Content-Type', 'application/json').send(JSON.stringify(body));

const CASES: ReadonlyArray<[label: string, rest: string, procedure: string, body: Record<string, unknown>, detail: string]> = [
  ['a number in unset', '/jwt/sign', 'jwt.sign', { token: JWT_IO_TOKEN, secret: SECRET, unset: ['a', 1] }, 'unset[1] must be a string'],
  ['null in unset', '/jwt/sign', 'jwt.sign', { token: JWT_IO_TOKEN, secret: SECRET, unset: ['a', 'b', null] }, 'unset[2] must be a string'],
  ['an object in unset', '/jwt/sign', 'jwt.sign', { payload: { a: 1 }, secret: SECRET, unset: [{}] }, 'unset[0] must be a string'],
  ['a string for unset', '/jwt/sign', 'jwt.sign', { token: JWT_IO_TOKEN, secret: SECRET, unset: 'a' }, 'unset must be an array of strings'],
  ['a number for secret', '/jwt/sign', 'jwt.sign', { payload: {}, secret: 12 }, 'secret must be a string'],
  ['an array for payload', '/jwt/sign', 'jwt.sign', { payload: [], secret: SECRET }, 'payload must be a JSON object'],
  [
    'a fraction for expires_in',
    '/jwt/sign',
    'jwt.sign',
    { payload: {}, secret: SECRET, expires_in: 1.5 },
    'expires_in must be an integer of seconds or a string',
  ],
  ['a string for generate', '/jwt/sign', 'jwt.sign', { payload: {}, secret: SECRET, generate: 'yes' }, 'generate must be true or false'],
  // The rest of /jwt/sign's members, whose types the schema alone checks: the use case takes them as typed.
  ['null for payload', '/jwt/sign', 'jwt.sign', { payload: null, secret: SECRET }, 'payload must be a JSON object'],
  ['an array for header', '/jwt/sign', 'jwt.sign', { payload: {}, header: [], secret: SECRET }, 'header must be a JSON object'],
  ['a number for token', '/jwt/sign', 'jwt.sign', { token: 1, secret: SECRET }, 'token must be a string'],
  ['a string for set', '/jwt/sign', 'jwt.sign', { token: JWT_IO_TOKEN, set: 'x', secret: SECRET }, 'set must be a JSON object'],
  ['a number for alg', '/jwt/sign', 'jwt.sign', { payload: {}, alg: 256, secret: SECRET }, 'alg must be a string'],
  ['a number for key', '/jwt/sign', 'jwt.sign', { payload: {}, key: 5 }, 'key must be a JWK object, or a string holding a JWK or a PEM'],
  [
    'a number for return_private_key',
    '/jwt/sign',
    'jwt.sign',
    { payload: {}, secret: SECRET, return_private_key: 1 },
    'return_private_key must be true or false',
  ],
  [
    'a string for issued_at',
    '/jwt/sign',
    'jwt.sign',
    { payload: {}, secret: SECRET, issued_at: 'true' },
    'issued_at must be true or false',
  ],
  [
    'true for expires_in',
    '/jwt/sign',
    'jwt.sign',
    { payload: {}, secret: SECRET, expires_in: true },
    'expires_in must be an integer of seconds or a string',
  ],
  [
    'null for not_before_in',
    '/jwt/sign',
    'jwt.sign',
    { payload: {}, secret: SECRET, not_before_in: null },
    'not_before_in must be an integer of seconds or a string',
  ],
  ['a number for token', '/jwt/decode', 'jwt.decode', { token: 5 }, 'token must be a string'],
  [
    'another word for check_secrets',
    '/jwt/decode',
    'jwt.decode',
    { token: JWT_IO_TOKEN, check_secrets: 'yes' },
    'check_secrets must be true or false',
  ],
  ['a number for timestamp', '/unix-timestamp/format', 'unixTimestamp.format', { timestamp: 1700000000 }, 'timestamp must be a string'],
];

describe('a refused member of a JSON body', () => {
  it.each(CASES)('refuses %s on POST %s and tRPC %s with the same detail', async (_label, rest, procedure, body, detail) => {
    const answer = await post(rest, body).expect(400);
    expect(answer.body).toEqual({ detail });
    const trpc = await post(`/trpc/${procedure}`, body).expect(400);
    expect(trpc.body.error).toMatchObject({ message: detail, data: { code: 'BAD_REQUEST', httpStatus: 400 } });
    // A query may come as GET too, answered by the fast path: the same detail again.
    if (rest !== '/jwt/sign') {
      const get = await request(app)
        .get(`/trpc/${procedure}?input=${trpcInput(body)}`)
        .expect(400);
      expect(get.body.error.message).toBe(detail);
    }
  });

  // The command line sends a secret or a key as standard input's text, token, alg and the times as an option's text,
  // and every other member as an option's JSON: a body it can send is refused in the same words as over HTTP.
  const JSON_OPTIONS = new Set(['payload', 'header', 'set', 'unset', 'generate', 'return_private_key', 'issued_at']);
  const commandLineOf = (body: Record<string, unknown>): { args: string[]; stdin: string } | undefined => {
    const args = ['sign'];
    let stdin = '';
    for (const [member, value] of Object.entries(body)) {
      const option = `--${member.replaceAll('_', '-')}`;
      if (JSON_OPTIONS.has(member)) args.push(`${option}=${JSON.stringify(value)}`);
      else if (typeof value !== 'string') return undefined;
      else if (member === 'secret' || member === 'key') stdin = `${value}\n`;
      else args.push(`${option}=${value}`);
    }
    return { args, stdin };
  };
  const byCommandLine = CASES.filter(([, rest]) => rest === '/jwt/sign').flatMap(([label, , , body, detail]) => {
    const line = commandLineOf(body);
    return line === undefined ? [] : [[label, line, detail] as const];
  });

  it('covers, on the command line, every member it reads as JSON', () => {
    expect(new Set(byCommandLine.map(([, , detail]) => /^[a-z_]+/.exec(detail)?.[0]))).toEqual(JSON_OPTIONS);
  });

  it.each(byCommandLine)(
    'is named the same way by the command line for %s, which keeps standard input out of it',
    async (_label, line, detail) => {
      let out = '';
      let err = '';
      const code = await runCli(line.args, () => Promise.resolve(application.useCases), {
        out: (text) => (out += text),
        err: (text) => (err += text),
        readStdin: () => Promise.resolve(line.stdin),
      });
      expect([code, out, err]).toEqual([1, '', `${JSON.stringify({ detail })}\n`]);
    },
  );
});
