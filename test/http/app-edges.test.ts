// The app's answers at its edges: preflights, reads with bodies, readiness, unknown paths.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { rawExchange } from '../support/raw-http.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { RateLimitStore, StoreHealth } from '../../src/core/rate-limit/ports/rate-limit-store.js';
import { testService } from '../support/service.js';

/** A store that counts in memory and reports whatever health the test sets. */
class StubbornStore implements RateLimitStore {
  state: StoreHealth['state'] = 'ok';
  private used = 0;
  consume(_key: string, points: number) {
    this.used += points;
    return Promise.resolve({ consumed: this.used, resetMs: 10_000 });
  }
  health(): StoreHealth {
    return { name: 'redis', mode: 'single', state: this.state };
  }
  close() {
    return Promise.resolve();
  }
}

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

describe('the app at its edges', () => {
  it('answers a preflight with the methods, the asked headers or Content-Type, and ten minutes of caching', async () => {
    const { app } = testService();
    const plain = await request(app).options('/unix-timestamp/now').expect(204);
    expect(plain.headers['access-control-allow-methods']).toBe('GET, POST, OPTIONS');
    expect(plain.headers['access-control-allow-headers']).toBe('Content-Type');
    expect(plain.headers['access-control-max-age']).toBe('600');
    expect(plain.headers['access-control-allow-origin']).toBe('*');
  });

  it('refuses a GET or HEAD with a body, and closes the connection, but takes an empty one', async () => {
    const { app } = testService({ RATE_LIMIT_POINTS: '100' });
    const get = await request(app).get('/unix-timestamp/now').set('Content-Type', 'text/plain').send('hello').expect(400);
    expect(get.body).toEqual({ detail: 'GET and HEAD requests must not carry a body' });
    expect(get.headers.connection).toBe('close');
    await request(app).head('/unix-timestamp/now').set('Content-Type', 'text/plain').send('hello').expect(400);
    await request(app).get('/unix-timestamp/now').set('Content-Length', '0').expect(200);
    // HEAD with a body, byte for byte: refused too, headers only.
    const { port } = await new Promise<{ port: number }>((resolve) => {
      const server = createServer(app).listen(0, '127.0.0.1', () => resolve(server.address() as AddressInfo));
      servers.push(server);
    });
    const raw = await rawExchange(
      `http://127.0.0.1:${port}`,
      'HEAD /unix-timestamp/now HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello',
    );
    expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(raw).toContain('\r\nConnection: close\r\n');
    // Chunked framing is a body too, even an empty one.
    await request(app).get('/unix-timestamp/now').set('Transfer-Encoding', 'chunked').send('').expect(400);
    // A POST may carry one.
    await request(app).post('/unix-timestamp/now').set('Content-Type', 'application/json').send('{}').expect(200);
  });

  it('is ready with a healthy store, degraded with a degraded one, and draining with 503 while it shuts down', async () => {
    const store = new StubbornStore();
    const { app, lifecycle } = testService({}, { rateLimitStore: store });
    expect((await request(app).get('/readyz').expect(200)).body).toEqual({
      status: 'ok',
      store: { name: 'redis', mode: 'single', state: 'ok' },
    });
    store.state = 'degraded';
    expect((await request(app).get('/readyz').expect(200)).body).toEqual({
      status: 'degraded',
      store: { name: 'redis', mode: 'single', state: 'degraded' },
    });
    lifecycle.draining = true;
    expect((await request(app).get('/readyz').expect(503)).body).toEqual({
      status: 'draining',
      store: { name: 'redis', mode: 'single', state: 'degraded' },
    });
  });

  it('answers an unknown path with a JSON 404, and a tRPC path it cannot decode with a JSON 400 in tRPC’s shape', async () => {
    const { app } = testService({ RATE_LIMIT_POINTS: '100' });
    expect((await request(app).get('/nothing/here').expect(404)).body).toEqual({ detail: 'Not Found' });
    const trpc = await request(app).get('/trpc/%E0%A4%A').expect(400);
    expect(trpc.body.error).toMatchObject({ message: 'path has invalid percent-encoding', data: { code: 'BAD_REQUEST', httpStatus: 400 } });
  });
});
