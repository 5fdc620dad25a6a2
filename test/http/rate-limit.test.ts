import { Agent, request as httpRequest } from 'node:http';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { listen, testService, trpcInput } from '../support/service.js';

const LIMITED = '{"detail":"Rate limit exceeded"}';
const toUtc = (timestamp = '0') => `/unix-timestamp/to-utc?timestamp=${timestamp}`;

describe('rate limit', () => {
  it('allows 30 requests, then answers 429 with the exact body, Retry-After, RateLimit headers and CORS', async () => {
    const { app } = testService();
    for (let i = 1; i <= 30; i++) {
      const res = await request(app).get(toUtc()).expect(200);
      expect(res.headers['ratelimit-policy']).toBe('"default";q=30;w=10');
      expect(res.headers.ratelimit).toMatch(new RegExp(`^"default";r=${30 - i};t=(10|9)$`));
      expect(res.headers['retry-after']).toBeUndefined();
    }
    const limited = await request(app).get(toUtc()).expect(429);
    expect(limited.text).toBe(LIMITED);
    expect(limited.headers['content-type']).toMatch(/application\/json/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(10);
    expect(limited.headers.ratelimit).toMatch(/^"default";r=0;t=\d+$/);
    expect(limited.headers['access-control-allow-origin']).toBe('*');
  });

  it('charges 400 and 404 answers too', async () => {
    const { app } = testService({ RATE_LIMIT_POINTS: '3' });
    await request(app).get(toUtc('bad')).expect(400);
    await request(app).get('/no-such-path').expect(404);
    await request(app).put('/jwt/decode').expect(405);
    await request(app).get(toUtc()).expect(429);
  });

  it('shares one bucket between REST and tRPC', async () => {
    const { app } = testService();
    for (let i = 0; i < 15; i++) await request(app).get(toUtc()).expect(200);
    for (let i = 0; i < 15; i++) await request(app).get('/trpc/unixTimestamp.now').expect(200);
    const trpc = await request(app).get('/trpc/unixTimestamp.now').expect(429);
    expect(trpc.body.error).toMatchObject({ message: 'Rate limit exceeded', data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429 } });
    expect(Number(trpc.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    await request(app).get(toUtc()).expect(429);
  });

  it('charges each call of a batch and runs no more calls than the points left', async () => {
    const { app } = testService();
    for (let i = 0; i < 25; i++) await request(app).get(toUtc()).expect(200);
    const paths = Array.from({ length: 10 }, () => 'unixTimestamp.toUtc').join(',');
    const input = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [i, { timestamp: String(i) }]));
    const res = await request(app).get(`/trpc/${paths}?batch=1&input=${trpcInput(input)}`);
    const results = res.body as Array<{ result?: unknown; error?: { data: { code: string } } }>;
    expect(results).toHaveLength(10);
    expect(results.filter((r) => r.result).length).toBe(5);
    expect(results.filter((r) => r.error?.data.code === 'TOO_MANY_REQUESTS').length).toBe(5);
    await request(app).get(toUtc()).expect(429);
  });

  it.each([
    ['a %2C-separated batch', (calls: string[]) => `/trpc/${calls.join('%2C')}?batch=1`],
    ['a %2c-separated batch', (calls: string[]) => `/trpc/${calls.join('%2c')}?batch=1`],
    ['a repeated batch parameter', (calls: string[]) => `/trpc/${calls.join(',')}?batch=1&batch=1`],
    ['a batch with no batch parameter', (calls: string[]) => `/trpc/${calls.join(',')}`],
  ])('closes the bypass of %s', async (_name, url) => {
    const { app } = testService();
    const calls = Array.from({ length: 30 }, () => 'unixTimestamp.now');
    await request(app).get(url(calls));
    await request(app).get('/trpc/unixTimestamp.now').expect(429);
    await request(app).get(toUtc()).expect(429);
  });

  it('charges uppercase /TRPC paths, which reach no procedure', async () => {
    const { app } = testService();
    const calls = Array.from({ length: 30 }, () => 'unixTimestamp.now').join(',');
    await request(app).get(`/TRPC/${calls}?batch=1`).expect(404);
    await request(app).get(toUtc()).expect(429);
  });

  it('gives exactly 30 successes to 100 parallel requests from one client', async () => {
    const running = await listen(testService().app);
    try {
      const statuses = await Promise.all(
        Array.from({ length: 100 }, (_, i) => fetch(`${running.url}${toUtc(String(i))}`).then((res) => res.status)),
      );
      expect(statuses.filter((status) => status === 200)).toHaveLength(30);
      expect(statuses.filter((status) => status === 429)).toHaveLength(70);
    } finally {
      await running.close();
    }
  });

  it('sends Retry-After with a batch only when some of its calls are refused', async () => {
    const { app } = testService({ RATE_LIMIT_POINTS: '3' });
    const whole = await request(app).get('/trpc/unixTimestamp.now,unixTimestamp.now?batch=1').expect(200);
    expect(whole.headers['retry-after']).toBeUndefined();
    const part = await request(app).get('/trpc/unixTimestamp.now,unixTimestamp.now?batch=1');
    expect(Number(part.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('keeps the connection open after a 429 that the Express pipeline answers', async () => {
    const running = await listen(testService({ RATE_LIMIT_POINTS: '1' }).app);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string) =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const req = httpRequest(`${running.url}${toUtc()}`, { method, agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
        });
        req.on('error', reject);
        req.end();
      });
    try {
      expect(await send('GET')).toEqual({ status: 200, reused: false });
      // POST is not served by the front door: the Express pipeline charges it and answers 429.
      expect(await send('POST')).toEqual({ status: 429, reused: true });
      expect(await send('GET')).toEqual({ status: 429, reused: true });
    } finally {
      agent.destroy();
      await running.close();
    }
  });

  it('resets the window after its duration', async () => {
    const { app } = testService({ RATE_LIMIT_DURATION_SECONDS: '1', RATE_LIMIT_POINTS: '2' });
    await request(app).get(toUtc()).expect(200);
    await request(app).get(toUtc()).expect(200);
    const limited = await request(app).get(toUtc()).expect(429);
    expect(limited.headers['retry-after']).toBe('1');
    // The window must pass: the wait is the behaviour under test.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await request(app).get(toUtc()).expect(200);
  });

  it('does not charge health, docs, the document or preflights', async () => {
    const { app } = testService({ RATE_LIMIT_POINTS: '1' });
    for (let i = 0; i < 5; i++) {
      await request(app).get('/healthz').expect(200);
      await request(app).get('/readyz').expect(200);
      await request(app).get('/openapi.json').expect(200);
      await request(app).get('/docs/').expect(200);
      await request(app).get('/docs/missing.js').expect(404);
      await request(app).options('/jwt/decode').expect(204);
    }
    const first = await request(app).get(toUtc()).expect(200);
    expect(first.headers.ratelimit).toMatch(/^"default";r=0;/);
    const health = await request(app).get('/healthz');
    expect(health.headers.ratelimit).toBeUndefined();
  });

  describe('client identity', () => {
    it('ignores X-Forwarded-For by default', async () => {
      const { app } = testService({ RATE_LIMIT_POINTS: '2' });
      await request(app).get(toUtc()).set('X-Forwarded-For', '198.51.100.1').expect(200);
      await request(app).get(toUtc()).set('X-Forwarded-For', '198.51.100.2').expect(200);
      await request(app).get(toUtc()).set('X-Forwarded-For', '198.51.100.3').expect(429);
    });

    it('keys by the forwarded client when TRUST_PROXY trusts the hop', async () => {
      const { app } = testService({ RATE_LIMIT_POINTS: '1', TRUST_PROXY: 'loopback' });
      await request(app).get(toUtc()).set('X-Forwarded-For', '198.51.100.1').expect(200);
      await request(app).get(toUtc()).set('X-Forwarded-For', '198.51.100.2').expect(200);
      await request(app).get(toUtc()).set('X-Forwarded-For', '198.51.100.1').expect(429);
    });

    it('takes only the trusted number of hops from the right of the chain', async () => {
      const { app } = testService({ RATE_LIMIT_POINTS: '1', TRUST_PROXY: '1' });
      await request(app).get(toUtc()).set('X-Forwarded-For', '203.0.113.9, 198.51.100.1').expect(200);
      // A client cannot pick a new identity by prepending spoofed entries.
      await request(app).get(toUtc()).set('X-Forwarded-For', '203.0.113.10, 198.51.100.1').expect(429);
    });

    it.each([
      ['loopback', 'not-an-ip-7'],
      ['loopback', 'not-an-ip-8'],
      ['loopback', 'unknown'],
    ])(
      'never makes a non-IP X-Forwarded-For entry a key (TRUST_PROXY=%s, %s): the nearest trusted address pays',
      async (trust, forwarded) => {
        const { app } = testService({ RATE_LIMIT_POINTS: '1', TRUST_PROXY: trust });
        await request(app).get(toUtc()).set('X-Forwarded-For', forwarded).expect(200);
        // Another bogus identity is the same client, the loopback proxy, and so is the proxy itself.
        await request(app).get(toUtc()).set('X-Forwarded-For', `${forwarded}-again`).expect(429);
        await request(app).get(toUtc()).expect(429);
      },
    );

    it('keys by the client beyond a non-IP hop that two trusted proxies passed on', async () => {
      const { app } = testService({ RATE_LIMIT_POINTS: '1', TRUST_PROXY: '2' });
      await request(app).get(toUtc()).set('X-Forwarded-For', '198.51.100.1, garbage').expect(200);
      await request(app).get(toUtc()).set('X-Forwarded-For', '198.51.100.1').expect(429);
    });

    it('treats ::ffff:a.b.c.d as the IPv4 client and keys IPv6 by its /56', async () => {
      const { app } = testService({ RATE_LIMIT_POINTS: '1', TRUST_PROXY: 'loopback' });
      await request(app).get(toUtc()).set('X-Forwarded-For', '198.51.100.7').expect(200);
      await request(app).get(toUtc()).set('X-Forwarded-For', '::ffff:198.51.100.7').expect(429);
      await request(app).get(toUtc()).set('X-Forwarded-For', '2001:db8:1:100::1').expect(200);
      await request(app).get(toUtc()).set('X-Forwarded-For', '2001:db8:1:1ff:abcd::2').expect(429);
      await request(app).get(toUtc()).set('X-Forwarded-For', '2001:db8:1:200::1').expect(200);
    });

    it('keys real IPv6 and IPv4-mapped socket addresses', async () => {
      const { app } = testService({ RATE_LIMIT_POINTS: '1' });
      const running = await listen(app, '::1');
      try {
        expect((await fetch(`${running.url}${toUtc()}`)).status).toBe(200);
        expect((await fetch(`${running.url}${toUtc()}`)).status).toBe(429);
      } finally {
        await running.close();
      }
    });
  });
});
