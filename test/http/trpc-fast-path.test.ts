import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { JWT_IO_TOKEN } from '../support/fixtures.js';
import { listen, testService, trpcInput } from '../support/service.js';

const many = (path: string, count: number) => Array.from({ length: count }, () => path).join(',');

const JSON_TYPE = { 'content-type': 'application/json' };
const VARYING = new Set(['date', 'x-request-id', 'content-length', 'transfer-encoding']);

// A label with POST sends the body given (tRPC's method override for queries).
const REQUESTS: ReadonlyArray<[label: string, url: string, headers?: Record<string, string>, body?: string]> = [
  ['single query', `/trpc/unixTimestamp.toUtc?input=${trpcInput({ timestamp: '1700000000' })}`],
  ['query without input', '/trpc/unixTimestamp.now'],
  ['domain error', `/trpc/unixTimestamp.toUtc?input=${trpcInput({ timestamp: '1e9' })}`],
  ['schema error', `/trpc/unixTimestamp.toUtc?input=${trpcInput({ timestamp: 5 })}`],
  ['missing input', '/trpc/jwt.decode'],
  [
    'claims verbatim',
    `/trpc/jwt.decode?input=${trpcInput({ token: `e30.${Buffer.from('{"__proto__":{"a":1},"n":12345678901234567890}').toString('base64url')}.` })}`,
  ],
  ['batch, all good', `/trpc/unixTimestamp.now,jwt.decode?batch=1&input=${trpcInput({ 1: { token: JWT_IO_TOKEN } })}`],
  [
    'batch, mixed',
    `/trpc/unixTimestamp.toUtc,unixTimestamp.toUnix?batch=1&input=${trpcInput({ 0: { timestamp: '1' }, 1: { datetime: 'x' } })}`,
  ],
  ['batch, all failing', `/trpc/unixTimestamp.toUtc,unixTimestamp.toUtc?batch=1&input=${trpcInput({ 0: { timestamp: 'x' }, 1: {} })}`],
  ['batch over the limit', `/trpc/${many('unixTimestamp.now', 8)}?batch=1`],
  ['batch beyond the maximum size', `/trpc/${many('unixTimestamp.now', 12)}?batch=1`],
  ['%2C batch', '/trpc/unixTimestamp.now%2CunixTimestamp.now?batch=1'],
  ['batch without an object input', `/trpc/unixTimestamp.now?batch=1&input=${trpcInput([1])}`],
  ['unknown procedure', '/trpc/unixTimestamp.nope'],
  ['unreadable input', '/trpc/unixTimestamp.toUtc?input=%7Bnope'],
  ['a POST without a content type', '/trpc/unixTimestamp.now'],
  ['a POST query', '/trpc/unixTimestamp.toUtc', JSON_TYPE, JSON.stringify({ timestamp: '1700000000' })],
  ['a POST query without input', '/trpc/unixTimestamp.now', JSON_TYPE],
  ['a POST query with a bad input', '/trpc/unixTimestamp.toUtc', JSON_TYPE, JSON.stringify({ timestamp: 5 })],
  ['a POST batch', '/trpc/unixTimestamp.now,jwt.decode?batch=1', JSON_TYPE, JSON.stringify({ 1: { token: JWT_IO_TOKEN } })],
  ['a POST of unreadable JSON', '/trpc/unixTimestamp.toUtc', JSON_TYPE, '{nope'],
  ['a POST of an unknown procedure', '/trpc/unixTimestamp.nope', JSON_TYPE, '{}'],
];

describe('the tRPC fast path', () => {
  it('imports nothing from tRPC’s internal entry point', async () => {
    const { readFile } = await import('node:fs/promises');
    const source = await readFile(new URL('../../src/adapters/driving/http/trpc/fast-path.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/unstable-core-do-not-import|_def/);
  });

  it.each(REQUESTS)('answers %s exactly as tRPC’s own adapter does', async (label, url, headers = {}, body = undefined) => {
    // Ten points: the 8-call batch fits, the 12-call one exceeds maxBatchSize.
    const fast = testService({ RATE_LIMIT_POINTS: '10' }).app;
    const adapter = testService({ RATE_LIMIT_POINTS: '10' }, {}, { trpcFastPath: false }).app;
    const send = (app: typeof fast) =>
      label.includes('POST') ? request(app).post(url).set(headers).send(body) : request(app).get(url).set(headers);
    // Spend two points first, so that a batch can run over what is left.
    for (const app of [fast, adapter]) for (let i = 0; i < 2; i++) await request(app).get('/unix-timestamp/now');
    const [a, b] = [await send(fast), await send(adapter)];
    expect(a.status).toBe(b.status);
    expect(a.text).toBe(b.text);
    // Only the date, the per-request id and the framing may differ: the fast path says its length.
    const comparable = (headers: Record<string, string>) =>
      Object.fromEntries(Object.entries(headers).filter(([name]) => !VARYING.has(name)));
    expect(comparable(a.headers)).toEqual(comparable(b.headers));
    for (const res of [a, b]) {
      if (res.headers['content-length'] === undefined) expect(res.headers['transfer-encoding']).toBe('chunked');
      else expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.text));
    }
  });

  it('says the length of a plain call’s answer, where tRPC’s adapter streams it chunked', async () => {
    const url = `/trpc/unixTimestamp.toUtc?input=${trpcInput({ timestamp: '1700000000' })}`;
    const fast = await request(testService().app).get(url);
    const adapter = await request(testService({}, {}, { trpcFastPath: false }).app).get(url);
    expect(fast.headers['transfer-encoding']).toBeUndefined();
    expect(Number(fast.headers['content-length'])).toBe(Buffer.byteLength(fast.text));
    expect(adapter.headers['transfer-encoding']).toBe('chunked');
    expect(fast.text).toBe(adapter.text);
  });

  it('leaves streaming requests to the adapter', async () => {
    const fast = await listen(testService({ RATE_LIMIT_POINTS: '10' }).app);
    const adapter = await listen(testService({ RATE_LIMIT_POINTS: '10' }, {}, { trpcFastPath: false }).app);
    try {
      const url = '/trpc/unixTimestamp.now,unixTimestamp.now?batch=1';
      const headers = { 'trpc-accept': 'application/jsonl' };
      const [a, b] = await Promise.all([fetch(fast.url + url, { headers }), fetch(adapter.url + url, { headers })]);
      expect(a.headers.get('content-type')).toBe(b.headers.get('content-type'));
      expect(await a.text()).toBe(await b.text());
    } finally {
      await fast.close();
      await adapter.close();
    }
  });
});
