import { describe, expect, it } from 'vitest';
import { compileRoutes } from '../../../src/adapters/driving/http/routes.js';

describe('compileRoutes', () => {
  // Built in each test, not once for the file, so that mutation testing counts these tests for it.
  const find = (url: string) => compileRoutes('/api')(url.split('?')[0] ?? url, url);

  it.each([
    ['/healthz', 'health', '/healthz', false],
    ['/readyz', 'ready', '/readyz', false],
    ['/unix-timestamp/now', 'none', 'unmatched', true],
    ['/api/unix-timestamp/now', 'rest', '/unix-timestamp/now', true],
    ['/api/jwt/decode?token=x', 'rest', '/jwt/decode', true],
    ['/api/unix-timestamp/other', 'none', 'unmatched', true],
    ['/api/openapi.json', 'openapi', '/openapi.json', false],
    ['/api/docs', 'docs', '/docs', false],
    ['/api/docs/swagger-ui.css', 'docs', '/docs', false],
    ['/api/docsx', 'none', 'unmatched', true],
    ['/api', 'playground', '/', false],
    ['/api/', 'playground', '/', false],
    ['/api/?input=x', 'playground', '/', false],
    ['/api/favicon.svg', 'playground', '/', false],
    ['/api/assets/index-abc.js', 'playground', '/', false],
    ['/api/assets', 'none', 'unmatched', true],
    ['/api/index.html', 'none', 'unmatched', true],
    ['/', 'none', 'unmatched', true],
    ['/assets/index-abc.js', 'none', 'unmatched', true],
    ['/api/trpc/unixTimestamp.now', 'trpc', '/trpc/unixTimestamp.now', true],
    ['/api/trpc/evil', 'trpc', '/trpc/unknown', true],
    ['/api/trpc/', 'trpc', '/trpc/unknown', true],
    ['/api/trpc', 'trpc', 'unmatched', true],
    ['/api/trpc/unixTimestamp.now,unixTimestamp.now?batch=1', 'trpc', '/trpc/batch', true],
    ['/api/TRPC/unixTimestamp.now,jwt.decode', 'none', 'unmatched', true],
    ['/api/other/unixTimestamp.now', 'none', 'unmatched', true],
    ['/xyz/openapi.json', 'none', 'unmatched', true],
    ['/xyz/unix-timestamp/now', 'none', 'unmatched', true],
  ])('routes %s to %s, named %s, charged: %s', (url, kind, name, charged) => {
    const route = find(url);
    expect([route.kind, route.name, route.charged]).toEqual([kind, name, charged]);
  });

  it('reads the tRPC call from the path after the mount, and from a case-folded one for the charge', () => {
    const route = find('/api/trpc/a%2Cb?batch=1&input=%7B%7D');
    expect(route.kind === 'trpc' && route.call).toMatchObject({ path: 'a%2Cb', procedures: ['a', 'b'], batch: true });
    const folded = find('/api/TRPC/a,b,c');
    expect(folded.kind === 'none' && folded.call?.procedures).toEqual(['a', 'b', 'c']);
  });

  it('allows GET, HEAD and POST on the API, and GET and HEAD on the service paths', () => {
    expect(find('/api/jwt/decode').allow).toBe('GET, HEAD, POST');
    expect(find('/api/trpc/jwt.decode').allow).toBe('GET, HEAD, POST');
    expect(find('/readyz').allow).toBe('GET, HEAD');
    expect(find('/api/docs/').allow).toBe('GET, HEAD');
    expect(find('/api/').allow).toBe('GET, HEAD');
    expect(find('/nothing').allow).toBeUndefined();
  });
});

describe('compileRoutes without BASE_PATH', () => {
  const find = (path: string) => compileRoutes('')(path, path);

  it.each([
    ['/', 'playground'],
    ['/favicon.svg', 'playground'],
    ['/assets/index-abc.css', 'playground'],
    ['/docs/', 'docs'],
    ['/unix-timestamp/now', 'rest'],
    ['/favicon.ico', 'none'],
  ])('routes %s to %s', (path, kind) => {
    expect(find(path).kind).toBe(kind);
  });
});
