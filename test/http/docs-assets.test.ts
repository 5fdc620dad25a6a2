import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HttpApp } from '../../src/adapters/driving/http/pipeline.js';
import { getRaw } from '../support/raw-http.js';
import { listen, testService, type Running } from '../support/service.js';

// A fresh app for each test, built inside it, so that mutation testing counts each test for the router's setup.
let app: HttpApp;
let running: Running;
beforeEach(async () => {
  app = testService({ RATE_LIMIT_POINTS: '1' }).app;
  running = await listen(app);
});
afterEach(() => running.close());

const fetchRaw = (path: string, acceptEncoding: string) => getRaw(`${running.url}${path}`, { 'accept-encoding': acceptEncoding });

describe('/docs assets', () => {
  it('serves the bundle brotli-compressed, with an ETag and a week of caching, for free', async () => {
    const plain = await fetchRaw('/docs/swagger-ui-bundle.js', 'identity');
    const br = await fetchRaw('/docs/swagger-ui-bundle.js', 'gzip, deflate, br');
    expect([plain.status, br.status]).toEqual([200, 200]);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=604800');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers.etag).toMatch(/^W\/".+"$/);
    expect(br.headers.ratelimit).toBeUndefined();
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    const gz = await fetchRaw('/docs/swagger-ui-bundle.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });

  it('answers a revalidation with 304 and no body', async () => {
    const first = await request(app).get('/docs/swagger-ui.css').expect(200);
    const again = await request(app).get('/docs/swagger-ui.css').set('If-None-Match', String(first.headers.etag)).expect(304);
    expect(again.text ?? '').toBe('');
    const page = await request(app).get('/docs/').expect(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    await request(app).get('/docs/').set('If-None-Match', String(page.headers.etag)).expect(304);
  });

  it.each([
    ['br;q=0, gzip', 'gzip'],
    ['BR, gzip', 'br'],
    ['gzip;q=0.5, br;q=0.000', 'gzip'],
    ['gzip;q=0, br;q=0', undefined],
    ['deflate', 'deflate'],
    ['identity', undefined],
    ['', undefined],
  ])('with Accept-Encoding %j sends %s', async (acceptEncoding, encoding) => {
    const res = await fetchRaw('/docs/init.js', acceptEncoding);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    // A compressed answer streams, chunked; a plain one says its length.
    if (encoding === undefined) expect(Number(res.headers['content-length'])).toBe(res.body.length);
    else expect(res.headers['transfer-encoding']).toBe('chunked');
  });

  it('answers HEAD with the headers and no body, and any listed ETag or a lone * with 304', async () => {
    const head = await request(app).head('/docs/favicon-32x32.png').expect(200);
    expect(head.headers['content-type']).toBe('image/png');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    expect(head.body).toEqual({});
    const etag = String(head.headers.etag);
    await request(app).get('/docs/favicon-32x32.png').set('If-None-Match', `W/"other", ${etag}`).expect(304);
    await request(app).get('/docs/favicon-16x16.png').set('If-None-Match', '*').expect(304);
    await request(app).get('/docs/favicon-16x16.png').set('If-None-Match', 'W/"other"').expect(200).expect('Content-Type', 'image/png');
  });

  it('sends /docs to /docs/, and points the page at the document on the host it came from', async () => {
    const redirect = await request(app).get('/docs').expect(301);
    expect(redirect.headers.location).toBe('/docs/');
    const page = await request(app).get('/docs/').expect(200).expect('Content-Type', 'text/html; charset=utf-8');
    expect(page.text).toContain('<script src="./init.js"></script>');
    const init = await request(app).get('/docs/init.js').expect(200).expect('Content-Type', 'text/javascript; charset=utf-8');
    expect(init.headers['cache-control']).toBe('no-cache');
    // One level up from the page: the document and the API under any BASE_PATH.
    expect(init.text).toContain("const base = new URL('..', window.location.href);");
    expect(init.text).toContain("fetch(new URL('openapi.json', base))");
  });

  it('serves the page under BASE_PATH only', async () => {
    const { app: prefixed } = testService({ BASE_PATH: '/api/v1' });
    await request(prefixed).get('/api/v1/docs').expect(301).expect('Location', '/api/v1/docs/');
    await request(prefixed).get('/api/v1/docs/init.js').expect(200);
    await request(prefixed).get('/docs/init.js').expect(404);
  });

  it('revalidates with any tag of a spaced list, and reads Accept-Encoding lists in any order', async () => {
    const first = await fetchRaw('/docs/init.js', 'identity');
    const etag = String(first.headers.etag);
    await request(app).get('/docs/init.js').set('If-None-Match', `"a" ,  ${etag} , "b"`).expect(304);
    expect((await fetchRaw('/docs/init.js', 'gzip, br')).headers['content-encoding']).toBe('br');
    expect((await fetchRaw('/docs/init.js', 'identity,gzip')).headers['content-encoding']).toBe('gzip');
    expect((await fetchRaw('/docs/init.js', 'gzip;xq=0')).headers['content-encoding']).toBe('gzip');
    expect((await fetchRaw('/docs/init.js', 'gzip;q=0')).headers['content-encoding']).toBeUndefined();
  });

  it('serves only the files the page loads', async () => {
    for (const path of [
      '/docs/swagger-ui-bundle.js.map',
      '/docs/index.htm',
      '/docs/package.json',
      '/docs/..%2Fpackage.json',
      '/docs/SWAGGER-UI.CSS',
      '/docs/init.js/',
      '/docs/swagger-ui.css/',
      '/docs/toString',
    ]) {
      expect((await request(app).get(path).expect(404)).body).toEqual({ detail: 'Not Found' });
    }
  });
});
