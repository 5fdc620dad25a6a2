// The listener's own answers, in-process: what Node's parser refuses, the connections it
// must not answer twice, a client that leaves half-way through its body, and the metrics listener. The errors are the ones Node raises;
// a timeout is emitted rather than waited for (test/process/timeouts.test.ts waits).
import { eventually } from '../support/eventually.js';
import { connect, createServer as createNetServer, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { RateLimitStore, StoreHealth, WindowUsage } from '../../src/core/rate-limit/ports/rate-limit-store.js';
import { HttpMetrics } from '../../src/adapters/driving/http/observability/metrics.js';
import { createMetricsServer } from '../../src/adapters/driving/http/server.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { capturedLogger } from '../support/logs.js';
import { listen, testService, type Running } from '../support/service.js';

/** A store whose answers wait until the test releases them, so that a request stays in flight. */
class HeldStore implements RateLimitStore {
  private readonly waiting: Array<() => void> = [];
  consume(): Promise<WindowUsage> {
    return new Promise((resolve) => this.waiting.push(() => resolve({ consumed: 1, resetMs: 10_000 })));
  }
  release(): void {
    for (const resolve of this.waiting.splice(0)) resolve();
  }
  get held(): number {
    return this.waiting.length;
  }
  health(): StoreHealth {
    return { name: 'memory', state: 'ok' };
  }
  close() {
    return Promise.resolve();
  }
}

const recorded: Array<[status: number, seconds: number]> = [];
let running: Running | undefined;
let other: NetServer | undefined;
afterEach(async () => {
  recorded.length = 0;
  await running?.close();
  running = undefined;
  other?.close();
  other = undefined;
});

async function start(store?: RateLimitStore): Promise<Running> {
  running = await listen(testService({}, store ? { rateLimitStore: store } : {}).app, '127.0.0.1', (status, seconds) =>
    recorded.push([status, seconds]),
  );
  return running;
}

/** A client connected to the server, with the server's side of the connection and all the client receives. */
async function connection(server: Running) {
  const serverSide = new Promise<Socket>((resolve) => server.server.once('connection', resolve));
  const { port } = new URL(server.url);
  const client = connect(Number(port), '127.0.0.1');
  let received = '';
  client.on('data', (chunk: Buffer) => (received += chunk.toString()));
  const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
  client.on('error', () => undefined);
  return { client, socket: await serverSide, closed, received: () => received };
}

const nodeError = (code: string): NodeJS.ErrnoException => Object.assign(new Error(code), { code });

describe('answers Node forces before any route', () => {
  it('answers a request timeout with exactly this 408, records it with the seconds since the connection opened, and closes', async () => {
    const server = await start();
    const { socket, closed, received } = await connection(server);
    // Time passes on the open connection, so that the seconds recorded since it opened are above zero.
    await new Promise((resolve) => setTimeout(resolve, 20));
    server.server.emit('clientError', nodeError('ERR_HTTP_REQUEST_TIMEOUT'), socket);
    await closed;
    expect(received()).toBe(
      'HTTP/1.1 408 Request Timeout\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: 28\r\n' +
        'Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nAccess-Control-Allow-Origin: *\r\nConnection: close\r\n\r\n' +
        '{"detail":"Request Timeout"}',
    );
    expect(recorded).toHaveLength(1);
    const [status, seconds] = recorded[0]!;
    expect(status).toBe(408);
    expect(seconds).toBeGreaterThanOrEqual(0.015);
    expect(seconds).toBeLessThan(5);
  });

  it.each([
    ['HPE_HEADER_OVERFLOW', 431, 'Request Header Fields Too Large'],
    ['HPE_INVALID_METHOD', 400, 'Bad Request'],
    [undefined, 400, 'Bad Request'],
  ])('answers a parser error %s with %i %s', async (code, status, text) => {
    const server = await start();
    const { socket, closed, received } = await connection(server);
    server.server.emit('clientError', code === undefined ? new Error('odd') : nodeError(code), socket);
    await closed;
    const body = JSON.stringify({ detail: text });
    expect(received()).toMatch(new RegExp(`^HTTP/1\\.1 ${status} ${text}\\r\\n`));
    expect(received()).toContain(`\r\nContent-Length: ${body.length}\r\n`);
    expect(received().endsWith(`\r\n\r\n${body}`)).toBe(true);
    expect(recorded.map(([recordedStatus]) => recordedStatus)).toEqual([status]);
  });

  it('records a connection it never saw open as lasting no time', async () => {
    const server = await start();
    other = createNetServer();
    await new Promise<void>((resolve) => other!.listen(0, '127.0.0.1', resolve));
    const accepted = new Promise<Socket>((resolve) => other!.once('connection', resolve));
    const client = connect((other.address() as AddressInfo).port, '127.0.0.1');
    client.on('error', () => undefined);
    const answered = new Promise((resolve) => client.once('data', resolve));
    server.server.emit('clientError', nodeError('HPE_INVALID_METHOD'), await accepted);
    await answered;
    client.destroy();
    expect(recorded).toEqual([[400, 0]]);
  });

  it.each([
    ['reset by its client', 'ECONNRESET', false],
    ['it can no longer write to', 'HPE_INVALID_METHOD', true],
  ])('only closes a connection %s, unanswered and unrecorded', async (_name, code, endFirst) => {
    const server = await start();
    const { socket, closed, received } = await connection(server);
    if (endFirst) socket.end();
    server.server.emit('clientError', nodeError(code), socket);
    await closed;
    expect(received()).toBe('');
    expect(recorded).toEqual([]);
  });

  it('does not answer a second time on a connection with an answer in flight, and answers again once that one is out', async () => {
    const store = new HeldStore();
    const server = await start(store);
    const { client, socket, closed, received } = await connection(server);
    client.write('GET /unix-timestamp/now HTTP/1.1\r\nHost: x\r\n\r\n');
    await eventually(() => store.held > 0, { intervalMs: 5, what: 'a decision held by the store' });
    server.server.emit('clientError', nodeError('HPE_INVALID_METHOD'), socket);
    await closed;
    expect(received()).toBe('');
    expect(recorded).toEqual([]);
    store.release();

    const next = await connection(server);
    next.client.write('GET /unix-timestamp/now HTTP/1.1\r\nHost: x\r\n\r\n');
    await eventually(() => store.held > 0, { intervalMs: 5, what: 'a decision held by the store' });
    store.release();
    await eventually(() => next.received().includes('"unix_seconds"'), { intervalMs: 5, what: 'the answer' });
    // Answered and kept alive: the connection is no longer answering, so a parser error gets its 400.
    server.server.emit('clientError', nodeError('HPE_INVALID_METHOD'), next.socket);
    await next.closed;
    expect(next.received()).toContain('HTTP/1.1 400 Bad Request');
  });

  it('does not answer a parser error on a connection whose last answer said Connection: close', async () => {
    const server = await start();
    const { client, socket, closed, received } = await connection(server);
    client.write('GET /unix-timestamp/now HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    await eventually(() => received().includes('"unix_seconds"'), { intervalMs: 5, what: 'the answer' });
    server.server.emit('clientError', nodeError('HPE_INVALID_METHOD'), socket);
    await closed;
    expect(received()).not.toContain('400 Bad Request');
  });

  it('answers a parser error without a recorder too', async () => {
    running = await listen(testService().app);
    const { socket, closed, received } = await connection(running);
    running.server.emit('clientError', nodeError('HPE_INVALID_METHOD'), socket);
    await closed;
    expect(received()).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
  });

  it('keeps connections alive for 5 s and refuses headers over 16 KiB', async () => {
    const server = await start();
    expect(server.server.keepAliveTimeout).toBe(5_000);
    expect(server.server.requestTimeout).toBe(30_000);
    expect(server.server.headersTimeout).toBe(10_000);
    // Set per server, which @types/node does not declare.
    expect((server.server as { maxHeaderSize?: number }).maxHeaderSize).toBe(16 * 1024);
  });
});

describe('a client that leaves half-way through its body', () => {
  const REQUEST_HEAD =
    'POST /jwt/decode HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"token":"eyJ';

  /** The server's request and answer, once it has them, and the request's log lines. */
  async function leaving(store?: RateLimitStore) {
    const { lines, logger } = capturedLogger();
    const server = await listen(testService({}, { logger, ...(store ? { rateLimitStore: store } : {}) }).app);
    running = server;
    const exchange = new Promise<[IncomingMessage, ServerResponse]>((resolve) =>
      server.server.once('request', (req, res) => resolve([req, res])),
    );
    const { client } = await connection(server);
    client.write(REQUEST_HEAD);
    const [req, res] = await exchange;
    const requestLines = () =>
      lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((entry) => entry.msg === 'request' || entry.level === 'error');
    return { server, client, req, res, requestLines };
  }

  it('ends the request it was reading: logged as 499 on its route, no internal error, and the next client answered', async () => {
    const { server, client, req, res, requestLines } = await leaving();
    await eventually(() => req.listenerCount('data') > 0, { what: 'the body reader' });
    client.destroy();
    await eventually(() => requestLines().length > 0, { what: 'the log line' });
    expect(requestLines()).toEqual([expect.objectContaining({ msg: 'request', route: '/jwt/decode', method: 'POST', status: 499 })]);
    // The reader lets go and the pipeline reaches its error answer: 400, cut off, written to no one.
    await eventually(() => req.listenerCount('data') === 0 && res.statusCode === 400, { what: 'the request to end' });
    await request(server.url).get('/unix-timestamp/to-utc?timestamp=0').expect(200);
  });

  it('finishes a request whose client left while its rate-limit decision was pending', async () => {
    const store = new HeldStore();
    const { client, req, res, requestLines } = await leaving(store);
    await eventually(() => store.held === 1, { what: 'the decision to be asked for' });
    client.destroy();
    await eventually(() => req.destroyed, { what: 'the request to be gone' });
    store.release();
    // The body step refuses a request already gone, so the pipeline reaches its error answer (400, cut off; written
    // to no one) instead of waiting forever for a body that will not come.
    await eventually(() => res.statusCode === 400, { what: 'the pipeline to answer' });
    expect(req.listenerCount('data')).toBe(0);
    expect(requestLines()).toEqual([expect.objectContaining({ route: '/jwt/decode', status: 499 })]);
  });
});

describe('the metrics listener', () => {
  const metrics = () => new HttpMetrics(() => ({ name: 'memory', state: 'ok' }));

  it('answers HEAD /metrics with the headers only, and ignores a query string', async () => {
    const server = createMetricsServer(metrics());
    const head = await request(server)
      .head('/metrics')
      .expect(200)
      .expect('Content-Type', /text\/plain/);
    expect(head.text).toBeUndefined();
    const get = await request(server).get('/metrics?format=any').expect(200);
    expect(get.text).toContain('rate_limit_store_degraded 0');
  });

  it('answers another method with a JSON 405 naming GET and HEAD, and another path with a JSON 404 naming none', async () => {
    const server = createMetricsServer(metrics());
    const post = await request(server).post('/metrics').expect(405).expect('Content-Type', 'application/json; charset=utf-8');
    expect(post.headers.allow).toBe('GET, HEAD');
    expect(post.text).toBe('{"detail":"Method Not Allowed"}');
    const other = await request(server).get('/metricsx').expect(404).expect('Content-Type', 'application/json; charset=utf-8');
    expect(other.headers.allow).toBeUndefined();
    expect(other.text).toBe('{"detail":"Not Found"}');
  });

  it('answers a registry that fails with a JSON 500', async () => {
    const failing = metrics();
    failing.registry.metrics = () => Promise.reject(new Error('collector failed'));
    const answer = await request(createMetricsServer(failing)).get('/metrics').expect(500);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.text).toBe('{"detail":"Internal Server Error"}');
  });
});
