import { brotliDecompressSync } from 'node:zlib';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HttpApp } from '../../src/adapters/driving/http/pipeline.js';
import { assetsOf, firstLoad } from '../support/playground-weight.js';
import { getRaw } from '../support/raw-http.js';
import { listen, testService, type Running } from '../support/service.js';

// The page as make build leaves it (test/support/build-web.ts builds it first).
let app: HttpApp;
let running: Running;
beforeEach(async () => {
  app = testService({ RATE_LIMIT_POINTS: '1' }).app;
  running = await listen(app);
});
afterEach(() => running.close());

describe('the playground at /', () => {
  it('is an HTML page with a strict policy: its own origin only, no inline script or style', async () => {
    const page = await request(app)
      .get('/')
      .expect(200)
      .expect('Content-Type', /text\/html/);
    const policy = String(page.headers['content-security-policy']);
    const directives = new Map(policy.split(';').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1).join(' ')]));
    expect(directives.get('default-src')).toBe("'self'");
    expect(directives.get('script-src')).toBe("'self'");
    expect(directives.get('style-src')).toBe("'self'");
    expect(directives.get('connect-src')).toBe("'self'");
    expect(policy).not.toContain('unsafe');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(page.text).not.toMatch(/\sstyle=|<style/);
    expect(page.text).not.toMatch(/https?:\/\//);
  });

  it('serves its hashed assets compressed, validated and cached for good, and free of the rate limit', async () => {
    const html = (await request(app).get('/').expect(200)).text;
    const assets = assetsOf(html);
    expect(assets.filter((path) => path.endsWith('.js'))).toHaveLength(1);
    expect(assets.filter((path) => path.endsWith('.css'))).toHaveLength(1);
    for (const path of assets.filter((asset) => asset.startsWith('/assets/'))) {
      expect(path).toMatch(/^\/assets\/[\w-]+-[\w-]{8}\.(js|css)$/);
      const plain = await getRaw(`${running.url}${path}`, { 'accept-encoding': 'identity' });
      const br = await getRaw(`${running.url}${path}`, { 'accept-encoding': 'gzip, br' });
      expect([plain.status, br.status]).toEqual([200, 200]);
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers.ratelimit).toBeUndefined();
      await request(app).get(path).set('If-None-Match', String(br.headers.etag)).expect(304);
    }
    // One point in the window, many page loads: the page never pays.
    for (let i = 0; i < 3; i++) await request(app).get('/').expect(200);
    await request(app).get('/favicon.svg').expect(200).expect('Content-Type', /svg/);
    await request(app).get('/healthz').expect(200);
    await request(app).get('/unix-timestamp/now').expect(200);
    await request(app).get('/unix-timestamp/now').expect(429);
  });

  it('weighs at most 100 KB compressed on first load: HTML, scripts, styles and icon', async () => {
    const { bytes, encoding, assets } = await firstLoad(running.url);
    expect(encoding).toBe('br');
    expect(assets.length).toBeGreaterThanOrEqual(3);
    process.stdout.write(`playground first load: ${bytes} bytes compressed\n`);
    expect(bytes).toBeLessThanOrEqual(100 * 1024);
  });

  it('answers unknown files and other methods as the contract says, in JSON', async () => {
    await request(app).get('/assets/nothing.js').expect(404, { detail: 'Not Found' });
    await request(app).get('/assets/').expect(404, { detail: 'Not Found' });
    await request(app).get('/index.html').expect(404, { detail: 'Not Found' });
    await request(app).get('/assets/../package.json').expect(404, { detail: 'Not Found' });
    await request(app).post('/').send({}).expect(405).expect('Allow', 'GET, HEAD');
    await request(app).head('/').expect(200);
  });

  it('lives under BASE_PATH, with the bare prefix sent to its folder', async () => {
    const based = testService({ BASE_PATH: '/api' }).app;
    await request(based).get('/api').expect(301).expect('Location', '/api/');
    const page = await request(based)
      .get('/api/')
      .expect(200)
      .expect('Content-Type', /text\/html/);
    for (const path of assetsOf(page.text)) await request(based).get(`/api${path}`).expect(200);
    await request(based).get('/').expect(404, { detail: 'Not Found' });
  });
});
