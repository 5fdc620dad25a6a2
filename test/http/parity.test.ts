import request from 'supertest';
import { OPERATIONS } from '../../src/adapters/driving/contract/catalog.js';
import { describe, expect, it } from 'vitest';
import { JWT_IO_TOKEN, RFC7515_A3_KEY, RFC7515_A3_TOKEN, RFC7519_6_1_TOKEN, tokenOf } from '../support/fixtures.js';
import { testService, trpcInput } from '../support/service.js';

const { app } = testService({ RATE_LIMIT_POINTS: '100000' });

const inputs: ReadonlyArray<[procedure: string, input: Record<string, string> | undefined]> = [
  ['unixTimestamp.now', undefined],
  ['unixTimestamp.now', { tz: 'Asia/Kolkata' }],
  ['unixTimestamp.now', { tz: 'Mars/Olympus' }],
  ['unixTimestamp.toUtc', { timestamp: '1700000000', tz: 'Europe/Dublin' }],
  ['unixTimestamp.toUnix', { datetime: '2024-10-27T02:30:00', tz: 'Europe/Berlin', disambiguation: 'later' }],
  ['unixTimestamp.toUnix', { datetime: '2024-03-31T02:30:00', tz: 'Europe/Berlin', disambiguation: 'reject' }],
  ['unixTimestamp.toUnix', { datetime: '2024-03-31T02:30:00', tz: 'Europe/Berlin', disambiguation: 'sometimes' }],
  ['unixTimestamp.toUnix', { datetime: '2024-03-31T12:00:00+05:00[Europe/Berlin]' }],
  ['unixTimestamp.toUnix', { datetime: '2016-12-31T23:59:60Z' }],
  ['unixTimestamp.toUnix', { datetime: '2015-12-31T23:59:60Z' }],
  ['unixTimestamp.toUtc', { timestamp: '1700000000' }],
  ['unixTimestamp.toUtc', { timestamp: '-1500', unit: 'milliseconds' }],
  ['unixTimestamp.toUtc', { timestamp: '1700000000123456789' }],
  ['unixTimestamp.toUtc', { timestamp: '0x10' }],
  ['unixTimestamp.toUtc', { timestamp: '1', unit: 'weeks' }],
  ['unixTimestamp.toUtc', {}],
  ['unixTimestamp.toUnix', { datetime: '2024-01-01T00:00:00+05:00' }],
  ['unixTimestamp.toUnix', { datetime: '2024-01-01T00:00:00' }],
  ['unixTimestamp.toUnix', { datetime: '0000-12-31T23:59:59Z' }],
  ['unixTimestamp.identify', { value: '175928847299117063' }],
  ['unixTimestamp.identify', { value: '01d15614cbaee92c', tz: 'Europe/Berlin' }],
  ['unixTimestamp.identify', { value: '550e8400-e29b-41d4-a716-446655440000' }],
  ['unixTimestamp.identify', { value: '1700000000', format: 'gps_seconds' }],
  ['unixTimestamp.identify', { value: '1700000000', format: 'unix_weeks' }],
  ['unixTimestamp.identify', { value: ' ' }],
  ['unixTimestamp.identify', { value: 'Tue, 14 Nov 2023 22:13:20 GMT' }],
  ['unixTimestamp.format', { timestamp: '1700000000', tz: 'Europe/Berlin' }],
  ['unixTimestamp.format', { datetime: '1600-12-31T00:00:00Z' }],
  ['unixTimestamp.format', { timestamp: '1', datetime: '' }],
  ['unixTimestamp.diff', { from: '2024-10-26T12:00:00', to: '2024-10-27T12:00:00', tz: 'Europe/Berlin' }],
  ['unixTimestamp.diff', { from: '1700000000', to: '1699999998500', largest_unit: 'hours' }],
  ['unixTimestamp.diff', { from: '2024-01-01T00:00:00[Europe/Berlin]', to: '2024-01-01T00:00:00[Asia/Tokyo]' }],
  ['unixTimestamp.diff', { from: '1700000000' }],
  ['unixTimestamp.add', { from: '2024-03-30T12:00:00+01:00[Europe/Berlin]', duration: 'P1D' }],
  ['unixTimestamp.add', { from: '2023-01-31T00:00:00Z', duration: 'P1M', overflow: 'reject' }],
  ['unixTimestamp.add', { from: '1700000000', duration: 'P10001Y' }],
  ['jwt.decode', { token: JWT_IO_TOKEN }],
  ['jwt.decode', { token: RFC7519_6_1_TOKEN }],
  ['jwt.decode', { token: tokenOf('{"alg":"HS256"}', '{"__proto__":{"x":1},"big":12345678901234567890}') }],
  ['jwt.decode', { token: 'a.b.c.d.e' }],
  ['jwt.decode', { token: 'not-a-token' }],
  ['jwt.decode', { token: JWT_IO_TOKEN, check_secrets: 'true' }],
  ['jwt.decode', { token: JWT_IO_TOKEN, check_secrets: 'maybe' }],
  ['jwt.verify', { token: RFC7515_A3_TOKEN, key: RFC7515_A3_KEY }],
  ['jwt.verify', { token: RFC7515_A3_TOKEN, key: RFC7515_A3_KEY, algorithms: 'RS256' }],
  ['jwt.verify', { token: RFC7515_A3_TOKEN, key: '{"kty":"oct","k":"c2VjcmV0"}' }],
  ['jwt.verify', { token: RFC7515_A3_TOKEN, key: RFC7515_A3_KEY, clock_tolerance: 'lots' }],
  ['jwt.claims', undefined],
  ['jwt.claims', { name: 'tid', vendor: 'entra' }],
  ['jwt.claims', { name: 'groups' }],
  ['jwt.claims', { vendor: 'iana' }],
  ['jwt.claims', { name: '' }],
  ['jwt.claims', { vendor: 'Entra' }],
  ['jwt.inspectKey', { key: RFC7515_A3_KEY }],
  ['jwt.inspectKey', { key: RFC7515_A3_KEY, token: RFC7515_A3_TOKEN }],
  ['jwt.inspectKey', { key: '{"keys":[{"kty":"oct","k":"c2VjcmV0"},{"kty":"oct","k":"c2VjcmV0"}]}' }],
  ['jwt.inspectKey', { key: '{"kty":"EC","crv":"P-256"}' }],
  ['jwt.inspectKey', { key: RFC7515_A3_KEY, token: 'a.b' }],
  ['jwt.validate', { token: RFC7515_A3_TOKEN, profile: 'oidc_id_token', issuer: 'joe', key: RFC7515_A3_KEY }],
  ['jwt.validate', { token: RFC7515_A3_TOKEN }],
  ['jwt.validate', { token: RFC7515_A3_TOKEN, profile: 'dpop_proof', htm: 'GET', htu: 'https://a.example/x' }],
  ['jwt.validate', { token: RFC7515_A3_TOKEN, profile: 'oidc_id_token', htm: 'GET' }],
  // Paradoxis/Flask-Unsign, README.md, commit 9d8db6b14f4a77994f6c400a513c5f8c2ace31cc.
  ['token.identify', { value: 'eyJsb2dnZWRfaW4iOmZhbHNlfQ.XDuWxQ.E2Pyb6x3w-NODuflHoGnZOEpbH8', tz: 'Asia/Kolkata' }],
  // therootcompany/base62-token.js, test.js, commit 17dfd0700742c6b352844bd6ba568cf22269e6b1.
  ['token.identify', { value: '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' }],
  ['token.identify', { value: JWT_IO_TOKEN }],
  ['token.identify', { value: 'v4.public.e30', format: 'jwt' }],
  ['token.identify', { value: '' }],
];

// A mutation has no GET: test/http/sign.test.ts compares its POSTs.
const restPathOf = new Map(
  OPERATIONS.filter(([, operation]) => operation.mutation !== true).map(([procedure, operation]) => [procedure, operation.openapi.path]),
);
const cases = inputs.map(([procedure, input]) => [procedure, restPathOf.get(procedure) ?? '', input] as const);

describe('REST and tRPC parity', () => {
  it('covers every operation of the catalog', () => {
    expect(new Set(inputs.map(([procedure]) => procedure))).toEqual(new Set(restPathOf.keys()));
  });

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
