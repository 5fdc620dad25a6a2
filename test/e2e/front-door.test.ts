// The front door serves plain REST reads without Express; every other request goes
// through the Express pipeline. An absolute-form request line ("GET http://host/path")
// is one the front door leaves to Express, which reads the same path from it, so the
// same call can be compared on both.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { listen, testService, trpcInput, type Running } from '../support/service.js';

interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

function send(running: Running, method: string, path: string): Promise<Answer> {
  const { hostname, port } = new URL(running.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, method, path }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The headers that differ between any two answers: the date, the request id, and the points left. */
function comparable({ status, headers, body }: Answer) {
  const { 'x-request-id': requestId, ratelimit, ...rest } = headers;
  delete rest.date;
  return { status, body, requestId: typeof requestId, ratelimit: String(ratelimit).replace(/r=\d+/, 'r=?'), headers: rest };
}

let running: Running | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

describe('the front door', () => {
  it.each([
    ['a conversion', 'GET', '/unix-timestamp/to-utc?timestamp=1700000000123'],
    ['a HEAD of a conversion', 'HEAD', '/unix-timestamp/to-utc?timestamp=1700000000123'],
    ['an operation without parameters, ignoring its query', 'GET', '/unix-timestamp/now?anything=at%20all'],
    ['a bad input', 'GET', '/unix-timestamp/to-utc?timestamp=soon'],
    ['a repeated parameter', 'GET', '/jwt/decode?token=a&token=b'],
    ['a query with bad percent-encoding', 'GET', '/jwt/decode?token=%E0%A4%A'],
    ['a DST gap refused', 'GET', '/unix-timestamp/to-unix?datetime=2026-03-29T02:30:00&tz=Europe/Berlin&disambiguation=reject'],
  ])('answers %s exactly as the Express pipeline does', async (_name, method, path) => {
    running = await listen(testService({ RATE_LIMIT_POINTS: '100' }).app);
    const front = await send(running, method, path);
    const express = await send(running, method, `${running.url}${path}`);
    expect(comparable(front)).toEqual(comparable(express));
  });

  it.each([
    ['a query', `/trpc/unixTimestamp.toUtc?input=${trpcInput({ timestamp: '1700000000123' })}`],
    ['a query without input', '/trpc/unixTimestamp.now'],
    ['a batch', `/trpc/unixTimestamp.now,jwt.decode?batch=1&input=${trpcInput({ 1: { token: 'a.b' } })}`],
    ['a bad input', `/trpc/unixTimestamp.toUtc?input=${trpcInput({ timestamp: 'soon' })}`],
    ['an unknown procedure', '/trpc/evil'],
    ['unreadable input', '/trpc/unixTimestamp.now?input=%7Bnot-json'],
    ['a path with bad percent-encoding', '/trpc/%E0%A4%A'],
  ])('answers tRPC %s exactly as the Express pipeline does', async (_name, path) => {
    running = await listen(testService({ RATE_LIMIT_POINTS: '100' }).app);
    const front = await send(running, 'GET', path);
    const express = await send(running, 'GET', `${running.url}${path}`);
    expect(comparable(front)).toEqual(comparable(express));
  });

  it('answers a tRPC batch over the limit exactly as the Express pipeline does', async () => {
    running = await listen(testService({ RATE_LIMIT_POINTS: '3' }).app);
    const path = `/trpc/unixTimestamp.now,unixTimestamp.now?batch=1&input=${trpcInput({})}`;
    const front = await send(running, 'GET', path);
    const express = await send(running, 'GET', `${running.url}${path}`);
    expect(front.headers.ratelimit).toBe('"default";r=1;t=10');
    expect(express.headers.ratelimit).toBe('"default";r=0;t=10');
    expect(comparable(front).body).not.toEqual(comparable(express).body);
    const refusedFront = await send(running, 'GET', path);
    const refusedExpress = await send(running, 'GET', `${running.url}${path}`);
    expect(refusedFront.status).toBe(429);
    expect(comparable(refusedFront)).toEqual(comparable(refusedExpress));
  });

  it('answers 429 exactly as the Express pipeline does, and charges both alike', async () => {
    running = await listen(testService({ RATE_LIMIT_POINTS: '2' }).app);
    const path = '/unix-timestamp/now';
    expect((await send(running, 'GET', path)).headers.ratelimit).toBe('"default";r=1;t=10');
    expect((await send(running, 'GET', `${running.url}${path}`)).headers.ratelimit).toBe('"default";r=0;t=10');
    const front = await send(running, 'GET', path);
    const express = await send(running, 'GET', `${running.url}${path}`);
    expect(front.status).toBe(429);
    expect(front.body).toBe('{"detail":"Rate limit exceeded"}');
    expect(comparable(front)).toEqual(comparable(express));
  });

  it('serves the REST paths under BASE_PATH only', async () => {
    running = await listen(testService({ BASE_PATH: '/api', RATE_LIMIT_POINTS: '100' }).app);
    const inside = await send(running, 'GET', '/api/unix-timestamp/to-utc?timestamp=1');
    expect(inside.status).toBe(200);
    expect(JSON.parse(inside.body)).toMatchObject({ input: '1', detected_unit: 'seconds' });
    expect((await send(running, 'GET', '/unix-timestamp/to-utc?timestamp=1')).status).toBe(404);
  });

  it.each([
    ['a trailing slash', '/unix-timestamp/to-utc/?timestamp=1'],
    ['another case', '/Unix-Timestamp/to-utc?timestamp=1'],
    ['an encoded letter', '/unix-timestamp/to%2Dutc?timestamp=1'],
  ])('leaves %s to Express, which finds no route', async (_name, path) => {
    running = await listen(testService().app);
    const answer = await send(running, 'GET', path);
    expect(answer.status).toBe(404);
    expect(answer.body).toBe('{"detail":"Not Found"}');
  });
});
