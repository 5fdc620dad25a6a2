import { HttpMetrics } from '../../src/adapters/driving/http/observability/metrics.js';
import { capturedLogger } from '../support/logs.js';
import { rawExchange } from '../support/raw-http.js';
import { parserAnswerRecorder } from '../../src/adapters/driving/http/observability/request-log.js';
import { createMetricsServer } from '../../src/adapters/driving/http/server.js';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createHttpApp } from '../../src/adapters/driving/http/pipeline.js';
import type { UseCases } from '../../src/core/use-cases/index.js';
import { ConsumeRateLimit } from '../../src/core/rate-limit/consume-rate-limit.js';
import { MemoryRateLimitStore } from '../../src/adapters/driven/memory-rate-limit-store.js';
import { tokenOf } from '../support/fixtures.js';
import { listen, testService, trpcInput } from '../support/service.js';

const MARKER = 'SECRETMARKER7f3a';
const markerToken = tokenOf('{"alg":"HS256","kid":"SECRETMARKER7f3a"}', `{"sub":"${MARKER}","email":"${MARKER}@example.com"}`);

describe('logs', () => {
  it('write one line per request with method, route, status, duration and request id, and never a token, claim or query', async () => {
    const { lines, logger } = capturedLogger();
    const { app } = testService({ RATE_LIMIT_POINTS: '1000' }, { logger });
    await request(app).get(`/jwt/decode?token=${markerToken}`).set('X-Request-Id', 'req-123').expect(200).expect('X-Request-Id', 'req-123');
    await request(app).get(`/jwt/decode?token=Bearer%20${markerToken}.extra`).expect(400);
    await request(app)
      .get(`/trpc/jwt.decode?input=${trpcInput({ token: markerToken })}`)
      .expect(200);
    await request(app).get(`/trpc/jwt.decode,jwt.decode?batch=1&input=${trpcInput({ 0: { token: markerToken }, 1: { token: MARKER } })}`);
    await request(app).get(`/${MARKER}?token=${MARKER}`).expect(404);
    await request(app).get(`/unix-timestamp/to-unix?datetime=${MARKER}`).expect(400);
    await request(app).get(`/trpc/${MARKER}`).expect(404);
    await request(app).get('/trpc/unixTimestamp.now%2CunixTimestamp.now?batch=1').expect(200);
    const output = lines.join('');
    expect(output).not.toContain(MARKER);
    expect(output).not.toContain(markerToken.slice(0, 30));
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.msg === 'request');
    expect(entries).toHaveLength(8);
    expect(entries[0]).toMatchObject({ method: 'GET', route: '/jwt/decode', status: 200, requestId: 'req-123', level: 'info' });
    expect(entries[0]?.durationMs).toBeTypeOf('number');
    expect(entries.map((entry) => entry.route)).toEqual([
      '/jwt/decode',
      '/jwt/decode',
      '/trpc/jwt.decode',
      '/trpc/batch',
      'unmatched',
      '/unix-timestamp/to-unix',
      '/trpc/unknown',
      '/trpc/batch',
    ]);
    expect(new Set(entries.map((entry) => entry.requestId)).size).toBe(8);
  });

  it('name the procedure of a tRPC request that the Express pipeline answers', async () => {
    const { lines, logger } = capturedLogger();
    const { app } = testService({}, { logger });
    await request(app).put('/trpc/unixTimestamp.toUtc').expect(405);
    await request(app).put('/trpc/unixTimestamp.toUtc,unixTimestamp.now?batch=1').expect(405);
    const routes = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.msg === 'request')
      .map((entry) => entry.route);
    expect(routes).toEqual(['/trpc/unixTimestamp.toUtc', '/trpc/batch']);
  });

  it('answer a crash with a bare 500 on both transports and log only the error type', async () => {
    const { lines, logger } = capturedLogger();
    const crash = (): never => {
      throw new TypeError(`boom while reading ${MARKER}`);
    };
    const useCases = {
      getCurrentTime: { execute: crash },
      convertTimestampToUtc: { execute: crash },
      convertDatetimeToUnix: { execute: crash },
      decodeJwt: { execute: crash },
    } as unknown as UseCases;
    const app = createHttpApp({
      useCases,
      metrics: new HttpMetrics(() => ({ name: 'memory', state: 'ok' })),
      consumeRateLimit: new ConsumeRateLimit(new MemoryRateLimitStore({ points: 100, durationSeconds: 10 }), {
        points: 100,
        durationSeconds: 10,
      }),
      storeHealth: () => ({ name: 'memory', state: 'ok' }),
      logger,
      options: {
        basePath: '',
        trustProxy: false,
        ipv6SubnetPrefix: 56,
        rateLimit: { points: 100, durationSeconds: 10 },
        version: 'test',
        serverUrl: 'http://localhost:3000',
      },
    });
    // Built without a lifecycle: never draining.
    expect((await request(app).get('/readyz').expect(200)).body.status).toBe('ok');
    const rest = await request(app).get(`/jwt/decode?token=${MARKER}`).expect(500);
    expect(rest.text).toBe('{"detail":"Internal Server Error"}');
    const trpc = await request(app)
      .get(`/trpc/jwt.decode?input=${trpcInput({ token: MARKER })}`)
      .expect(500);
    expect(trpc.body.error.message).toBe('Internal Server Error');
    expect(trpc.text).not.toContain(MARKER);
    expect(trpc.text).not.toContain('stack');
    const output = lines.join('');
    expect(output).not.toContain(MARKER);
    expect(output).toContain('"type":"TypeError"');
  });
});

describe('metrics', () => {
  it('expose requests by route, method and status, latency, rejections, degradation and process metrics, for free', async () => {
    const { app, metrics } = testService({ RATE_LIMIT_POINTS: '2' });
    await request(app).get('/unix-timestamp/to-utc?timestamp=1').expect(200);
    await request(app).get('/unix-timestamp/to-utc?timestamp=x').expect(400);
    await request(app).get('/unix-timestamp/to-utc?timestamp=1').expect(429);
    // The public port does not serve metrics; their own listener does.
    expect((await request(testService().app).get('/metrics').expect(404)).body).toEqual({ detail: 'Not Found' });
    const metricsServer = createMetricsServer(metrics);
    expect((await request(metricsServer).get('/other').expect(404)).body).toEqual({ detail: 'Not Found' });
    await request(metricsServer).post('/metrics').expect(405).expect('Allow', 'GET, HEAD');
    const first = await request(metricsServer)
      .get('/metrics')
      .expect(200)
      .expect('Content-Type', /text\/plain/);
    expect(first.text).toContain('http_requests_total{route="/unix-timestamp/to-utc",method="GET",status="200"} 1');
    expect(first.text).toContain('http_requests_total{route="/unix-timestamp/to-utc",method="GET",status="400"} 1');
    expect(first.text).toContain('http_requests_total{route="/unix-timestamp/to-utc",method="GET",status="429"} 1');
    expect(first.text).toMatch(/http_request_duration_seconds_bucket\{le="0.005",route="\/unix-timestamp\/to-utc",method="GET"\} \d+/);
    expect(first.text).toContain('rate_limit_rejections_total 1');
    expect(first.text).toMatch(/^rate_limit_store_degraded 0$/m);
    expect(first.text).toContain('process_cpu_user_seconds_total');
    expect(first.headers.ratelimit).toBeUndefined();
  });
});

describe('headers', () => {
  it('lock API answers down and let /docs load its own assets', async () => {
    const { app } = testService({ RATE_LIMIT_POINTS: '1000' });
    // The same fixed headers on the front door's REST answers and on Express's.
    for (const path of ['/unix-timestamp/now', '/trpc/unixTimestamp.now', '/healthz', '/nothing']) {
      const api = await request(app).get(path);
      expect(api.headers, path).toMatchObject({
        'content-security-policy': "default-src 'none';frame-ancestors 'none'",
        'cross-origin-resource-policy': 'cross-origin',
        'referrer-policy': 'no-referrer',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'access-control-allow-origin': '*',
        'access-control-expose-headers': 'Retry-After, RateLimit, RateLimit-Policy',
        'cache-control': 'no-store',
      });
      for (const absent of [
        'x-powered-by',
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'x-dns-prefetch-control',
        'x-xss-protection',
      ])
        expect(api.headers[absent], `${path} ${absent}`).toBeUndefined();
    }
    const docs = await request(app).get('/docs/');
    expect(docs.headers['content-security-policy']).toBe(
      "default-src 'none';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data:;font-src 'self';" +
        "connect-src 'self';frame-ancestors 'none';base-uri 'none';form-action 'none'",
    );
  });
});

describe('malformed requests', () => {
  it('answer oversized headers with 431 JSON and malformed HTTP with 400 JSON, log and count them, and stay up', async () => {
    const { lines, logger } = capturedLogger();
    const { app, metrics } = testService();
    const running = await listen(app, '127.0.0.1', parserAnswerRecorder(logger, metrics));
    try {
      const huge = await rawExchange(running.url, `GET /unix-timestamp/now HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      expect(huge).toMatch(/^HTTP\/1.1 431 /);
      expect(huge).toContain('Content-Type: application/json');
      expect(huge.endsWith('{"detail":"Request Header Fields Too Large"}')).toBe(true);
      const longUrl = await rawExchange(running.url, `GET /jwt/decode?token=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
      expect(longUrl).toMatch(/^HTTP\/1.1 431 /);
      const garbage = await rawExchange(running.url, 'HELLO THERE\r\n\r\n');
      expect(garbage).toMatch(/^HTTP\/1.1 400 /);
      expect(garbage.endsWith('{"detail":"Bad Request"}')).toBe(true);
      const badVersion = await rawExchange(running.url, 'GET / HTTP/7.0\r\n\r\n');
      expect(badVersion).toMatch(/^HTTP\/1.1 400 /);
      expect((await fetch(`${running.url}/healthz`)).status).toBe(200);
      const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.route === 'parser');
      expect(logged.map((entry) => entry.status)).toEqual([431, 431, 400, 400]);
      expect(logged[0]).toMatchObject({
        msg: 'request',
        method: 'OTHER',
        level: 'info',
        durationMs: expect.any(Number),
        requestId: expect.any(String),
      });
      expect(lines.join('')).not.toContain('aaaaaaaa');
      const text = await metrics.registry.metrics();
      expect(text).toContain('http_requests_total{route="parser",method="OTHER",status="431"} 2');
      expect(text).toContain('http_requests_total{route="parser",method="OTHER",status="400"} 2');
    } finally {
      await running.close();
    }
  });

  it.each([
    '/trpc/%E0%A4%A',
    '/trpc/unixTimestamp.toUtc?input=%7Bnot-json',
    '/trpc/unixTimestamp.toUtc?input=%E0%A4%A',
    '/trpc/unixTimestamp.toUtc,unixTimestamp.now?batch=1&input=%5B1%5D',
    '/unix-timestamp/to-utc?timestamp=%00',
    '/jwt/decode?token[]=1&token[]=2',
  ])('answers %s with a JSON 4xx', async (path) => {
    const { app } = testService({ RATE_LIMIT_POINTS: '1000' });
    const res = await request(app).get(path);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });
});

describe('trusted proxies', () => {
  it('walks a real X-Forwarded-For chain through trusted CIDRs to the first untrusted hop', async () => {
    const { app } = testService({ RATE_LIMIT_POINTS: '1', TRUST_PROXY: '127.0.0.1/32, 10.0.0.0/8' });
    await request(app).get('/unix-timestamp/now').set('X-Forwarded-For', '203.0.113.5, 10.1.2.3').expect(200);
    await request(app).get('/unix-timestamp/now').set('X-Forwarded-For', '203.0.113.5, 10.9.9.9').expect(429);
    await request(app).get('/unix-timestamp/now').set('X-Forwarded-For', '198.18.0.1, 203.0.113.6, 10.1.2.3').expect(200);
  });
});
