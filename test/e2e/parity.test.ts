import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { JWT_IO_TOKEN, RFC7519_6_1_TOKEN, tokenOf } from '../support/fixtures.js';
import { testService, trpcInput } from '../support/service.js';

const { app } = testService({ RATE_LIMIT_POINTS: '100000' });

const cases: ReadonlyArray<[procedure: string, rest: string, input: Record<string, string> | undefined]> = [
  ['unixTimestamp.now', '/unix-timestamp/now', undefined],
  ['unixTimestamp.toUtc', '/unix-timestamp/to-utc', { timestamp: '1700000000' }],
  ['unixTimestamp.toUtc', '/unix-timestamp/to-utc', { timestamp: '-1500', unit: 'milliseconds' }],
  ['unixTimestamp.toUtc', '/unix-timestamp/to-utc', { timestamp: '1700000000123456789' }],
  ['unixTimestamp.toUtc', '/unix-timestamp/to-utc', { timestamp: '0x10' }],
  ['unixTimestamp.toUtc', '/unix-timestamp/to-utc', { timestamp: '1', unit: 'weeks' }],
  ['unixTimestamp.toUtc', '/unix-timestamp/to-utc', {}],
  ['unixTimestamp.toUnix', '/unix-timestamp/to-unix', { datetime: '2024-01-01T00:00:00+05:00' }],
  ['unixTimestamp.toUnix', '/unix-timestamp/to-unix', { datetime: '2024-01-01T00:00:00' }],
  ['unixTimestamp.toUnix', '/unix-timestamp/to-unix', { datetime: '0000-12-31T23:59:59Z' }],
  ['jwt.decode', '/jwt/decode', { token: JWT_IO_TOKEN }],
  ['jwt.decode', '/jwt/decode', { token: RFC7519_6_1_TOKEN }],
  ['jwt.decode', '/jwt/decode', { token: tokenOf('{"alg":"HS256"}', '{"__proto__":{"x":1},"big":12345678901234567890}') }],
  ['jwt.decode', '/jwt/decode', { token: 'a.b.c.d.e' }],
  ['jwt.decode', '/jwt/decode', { token: 'not-a-token' }],
];

describe('REST and tRPC parity', () => {
  it.each(cases)('%s and GET %s agree for %j', async (procedure, restPath, input) => {
    const query = input ? new URLSearchParams(input).toString() : '';
    const rest = await request(app).get(`${restPath}${query ? `?${query}` : ''}`);
    const trpc = await request(app).get(`/trpc/${procedure}${input ? `?input=${trpcInput(input)}` : ''}`);
    expect(trpc.status).toBe(rest.status);
    if (rest.status === 200) {
      expect(trpc.text).toBe(`{"result":{"data":${rest.text}}}`);
    } else {
      expect(rest.body.detail).toBeTypeOf('string');
      expect(trpc.body.error.message).toBe(rest.body.detail);
    }
  });
});
