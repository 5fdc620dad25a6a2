import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/adapters/driving/cli/cli.js';
import { createCaller } from '../../src/adapters/driving/http/trpc/router.js';
import type { ConvertTimestampToUtc, TimestampToUtcInput } from '../../src/core/time/use-cases/convert-timestamp-to-utc.js';
import type { DecodeJwt } from '../../src/core/jwt/use-cases/decode-jwt.js';
import { buildHttpService } from '../../src/composition-root.js';
import { JWT_IO_TOKEN } from '../support/fixtures.js';
import { swapUseCase, testContainer, trpcInput } from '../support/service.js';

/** A use case that answers only on a later turn of the event loop: proof that every path awaits. */
const slowToUtc = {
  execute: ({ timestamp }: TimestampToUtcInput) =>
    new Promise((resolve) =>
      setImmediate(() =>
        resolve({
          input: timestamp,
          detected_unit: 'seconds',
          utc: { iso: '2000-01-01T00:00:00Z', unix_seconds: 946_684_800, unix_milliseconds: 946_684_800_000 },
          source: 'datetime_utc',
        }),
      ),
    ),
  // The port types use cases as synchronous; an async one must work on every path all the same.
} as unknown as ConvertTimestampToUtc;

function serviceWith(swap: (container: ReturnType<typeof testContainer>['container']) => void, tuning: { trpcFastPath?: boolean } = {}) {
  const { container } = testContainer({ RATE_LIMIT_POINTS: '1000' });
  swap(container);
  return buildHttpService(container, tuning);
}

describe('one dispatcher for every transport', () => {
  const withSlowUseCase = (tuning: { trpcFastPath?: boolean } = {}) =>
    serviceWith((container) => swapUseCase(container, 'convertTimestampToUtc', slowToUtc), tuning);

  type Body = { result: { data: unknown } };
  it.each([
    ['REST', '/unix-timestamp/to-utc?timestamp=7', (body: unknown) => body],
    ['a tRPC query', `/trpc/unixTimestamp.toUtc?input=${trpcInput({ timestamp: '7' })}`, (body: unknown) => (body as Body).result.data],
    [
      'a tRPC batch',
      `/trpc/unixTimestamp.toUtc,unixTimestamp.toUtc?batch=1&input=${trpcInput({ 0: { timestamp: '7' }, 1: { timestamp: '7' } })}`,
      (body: unknown) => (body as Body[])[1]?.result.data,
    ],
  ])('awaits an asynchronous use case over %s', async (_label, url, dataOf) => {
    for (const trpcFastPath of [true, false]) {
      const { app } = withSlowUseCase({ trpcFastPath });
      const res = await request(app).get(url).expect(200);
      expect(dataOf(res.body)).toMatchObject({ input: '7', utc: { iso: '2000-01-01T00:00:00Z' } });
    }
  });

  it('awaits an asynchronous use case through createCaller and the command line', async () => {
    const { application } = withSlowUseCase();
    const caller = createCaller({ useCases: application.useCases, budget: { take: () => true } });
    expect((await caller.unixTimestamp.toUtc({ timestamp: '7' })).utc.iso).toBe('2000-01-01T00:00:00Z');
    let out = '';
    const code = await runCli(['to-utc', '7'], () => Promise.resolve(application.useCases), {
      out: (text) => (out += text),
      err: () => undefined,
      readStdin: () => Promise.resolve(''),
    });
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ utc: { iso: '2000-01-01T00:00:00Z' } });
  });

  describe('an answer that cannot be serialised', () => {
    // Claims pass the output schema as they are, so a BigInt reaches JSON.stringify and throws there.
    const decoded = {
      input: '',
      header: {},
      payload: { n: 1n },
      signature: '',
      algorithm: null,
      token_type: null,
      encoding: 'jwt',
      source: 'decode',
    };
    const derived = {
      expires_at: null,
      issued_at: null,
      not_before: null,
      expired: null,
      issuer: null,
      audience: null,
      subject: null,
      findings: [],
      explained: [],
      issuer_vendor: null,
      profile: null,
    };
    const unwritable = { execute: () => ({ ...decoded, ...derived }) } as unknown as DecodeJwt;
    const broken = (tuning: { trpcFastPath?: boolean } = {}) =>
      serviceWith((container) => swapUseCase(container, 'decodeJwt', unwritable), tuning).app;

    it('is a JSON 500 over REST', async () => {
      const res = await request(broken()).get(`/jwt/decode?token=${JWT_IO_TOKEN}`).expect(500);
      expect(res.body).toEqual({ detail: 'Internal Server Error' });
    });

    it.each([
      ['single', `/trpc/jwt.decode?input=${trpcInput({ token: JWT_IO_TOKEN })}`],
      ['batched', `/trpc/unixTimestamp.now,jwt.decode?batch=1&input=${trpcInput({ 1: { token: JWT_IO_TOKEN } })}`],
    ])('is a 500 in tRPC’s error shape on the GET fast path, %s', async (_label, url) => {
      const res = await request(broken()).get(url).expect(500);
      const errors: Array<{ error: unknown }> = Array.isArray(res.body) ? res.body : [res.body];
      for (const entry of errors) {
        expect(entry.error).toMatchObject({
          message: 'Internal Server Error',
          code: -32603,
          data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 },
        });
      }
    });
  });
});
