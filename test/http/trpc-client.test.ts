import { TRPCClientError, createTRPCClient, httpBatchLink, httpLink } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { createClient, type AppRouter } from 'timestamp-jwt-client';
import { JWT_IO_TOKEN } from '../support/fixtures.js';
import { listen, testService, type Running } from '../support/service.js';

let running: Running;

beforeAll(async () => {
  running = await listen(testService({ RATE_LIMIT_POINTS: '1000' }).app);
});
afterAll(() => running.close());

describe.each([
  ['httpLink', () => createTRPCClient<AppRouter>({ links: [httpLink({ url: `${running.url}/trpc` })] })],
  ['httpBatchLink', () => createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `${running.url}/trpc` })] })],
  ['createClient', () => createClient(running.url)],
  ['createClient sending POST', () => createClient(running.url, { method: 'POST' })],
])('a typed tRPC client over %s', (_name, makeClient) => {
  it('calls every procedure with typed inputs and outputs', async () => {
    const client = makeClient();
    const [now, utc, unix, jwt] = await Promise.all([
      client.unixTimestamp.now.query(),
      client.unixTimestamp.toUtc.query({ timestamp: '1700000000000' }),
      client.unixTimestamp.toUnix.query({ datetime: '2023-11-14T22:13:20Z' }),
      client.jwt.decode.query({ token: JWT_IO_TOKEN }),
    ]);
    expectTypeOf(utc.detected_unit).toEqualTypeOf<'seconds' | 'milliseconds' | 'microseconds' | 'nanoseconds'>();
    expectTypeOf(unix.utc.unix_seconds).toEqualTypeOf<number>();
    expect(now.utc.iso).toBe('2027-01-15T08:00:00Z');
    expect(utc).toMatchObject({ detected_unit: 'milliseconds', utc: { unix_seconds: 1_700_000_000 } });
    expect(unix.utc.unix_milliseconds).toBe(1_700_000_000_000);
    expect(jwt).toMatchObject({ algorithm: 'HS256', subject: '1234567890', encoding: 'jwt' });
  });

  it('reports invalid input as BAD_REQUEST with the REST message', async () => {
    const client = makeClient();
    const error = await client.unixTimestamp.toUtc.query({ timestamp: '1e9' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TRPCClientError);
    const clientError = error as TRPCClientError<AppRouter>;
    expect(clientError.message).toBe('timestamp must be a decimal integer (an optional sign and digits)');
    expect(clientError.data).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400 });
  });
});

describe('createClient with method POST', () => {
  it('sends every query as a POST with a JSON body, so that no input is in a URL', async () => {
    const sent: Array<{ url: string; method: string | undefined; body: unknown }> = [];
    const recording: typeof fetch = (input, init) => {
      sent.push({ url: input instanceof Request ? input.url : String(input), method: init?.method, body: init?.body });
      return fetch(input, init);
    };
    const client = createClient(running.url, { method: 'POST', fetch: recording });
    const [decoded, utc] = await Promise.all([
      client.jwt.decode.query({ token: JWT_IO_TOKEN }),
      client.unixTimestamp.toUtc.query({ timestamp: '1700000000' }),
    ]);
    expect(decoded.subject).toBe('1234567890');
    expect(utc.utc.unix_seconds).toBe(1_700_000_000);
    expect(sent.length).toBeGreaterThan(0);
    for (const request of sent) {
      expect(request.method).toBe('POST');
      expect(request.url).not.toContain('input=');
      expect(request.url).not.toContain(JWT_IO_TOKEN.slice(0, 20));
    }
    expect(sent.map((request) => String(request.body)).join('')).toContain(JWT_IO_TOKEN);
  });
});

describe('tRPC over raw HTTP', () => {
  it('answers an input of the wrong type with the schema message', async () => {
    const res = await fetch(`${running.url}/trpc/unixTimestamp.toUtc?input=${encodeURIComponent('{"timestamp":123}')}`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('timestamp must be a string');
  });

  it('never includes a stack in an error', async () => {
    const res = await fetch(`${running.url}/trpc/jwt.decode?input=${encodeURIComponent('{"token":"x"}')}`);
    const text = await res.text();
    expect(res.status).toBe(400);
    expect(text).not.toContain('stack');
  });
});
