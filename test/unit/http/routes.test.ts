import type { Request, RequestHandler, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { compileRoutes, type Route, type RouteSteps } from '../../../src/adapters/driving/http/routes.js';

/** Step lists that only say which kind of route ran them: each route's list is one step that names its kind. */
const marked = (kind: string): RequestHandler[] => [
  (_req, res) => {
    (res as Response & { ran?: string }).ran = kind;
  },
];
const STEPS: RouteSteps = {
  health: marked('health'),
  ready: marked('ready'),
  openapi: marked('openapi'),
  docs: marked('docs'),
  playground: marked('playground'),
  rest: (operation) => marked(`rest ${operation.openapi.path}`),
  trpc: marked('trpc'),
  none: marked('none'),
};
const WRITERS = { detail: () => undefined, trpc: () => () => undefined };

/** The kind of route whose steps `route` runs. */
function kindOf(route: Route): string | undefined {
  const res = {} as Response & { ran?: string };
  route.run({} as Request, res, () => undefined);
  return res.ran?.split(' ')[0];
}

describe('compileRoutes', () => {
  // Built in each test, not once for the file, so that mutation testing counts these tests for it.
  const find = (url: string) => compileRoutes('/api', STEPS, WRITERS)(url.split('?')[0] ?? url, url);

  it.each([
    ['/healthz', 'health', '/healthz', 1],
    ['/readyz', 'ready', '/readyz', 1],
    ['/unix-timestamp/now', 'none', 'unmatched', 1],
    ['/api/unix-timestamp/now', 'rest', '/unix-timestamp/now', 1],
    ['/api/jwt/decode?token=x', 'rest', '/jwt/decode', 1],
    ['/api/unix-timestamp/other', 'none', 'unmatched', 1],
    ['/api/openapi.json', 'openapi', '/openapi.json', 1],
    ['/api/docs', 'docs', '/docs', 1],
    ['/api/docs/swagger-ui.css', 'docs', '/docs', 1],
    ['/api/docsx', 'none', 'unmatched', 1],
    ['/api', 'playground', '/', 1],
    ['/api/', 'playground', '/', 1],
    ['/api/?input=x', 'playground', '/', 1],
    ['/api/favicon.svg', 'playground', '/', 1],
    ['/api/assets/index-abc.js', 'playground', '/', 1],
    ['/api/assets', 'none', 'unmatched', 1],
    ['/api/index.html', 'none', 'unmatched', 1],
    ['/', 'none', 'unmatched', 1],
    ['/assets/index-abc.js', 'none', 'unmatched', 1],
    ['/api/trpc/unixTimestamp.now', 'trpc', '/trpc/unixTimestamp.now', 1],
    ['/api/trpc/evil', 'trpc', '/trpc/unknown', 1],
    ['/api/trpc/', 'trpc', '/trpc/unknown', 1],
    ['/api/trpc', 'trpc', 'unmatched', 1],
    ['/api/trpc/unixTimestamp.now,unixTimestamp.now?batch=1', 'trpc', '/trpc/batch', 2],
    ['/api/trpc/a%2Cb%2Cc', 'trpc', '/trpc/batch', 3],
    ['/api/TRPC/unixTimestamp.now,jwt.decode', 'none', 'unmatched', 2],
    ['/api/other/unixTimestamp.now', 'none', 'unmatched', 1],
    ['/xyz/openapi.json', 'none', 'unmatched', 1],
    ['/xyz/unix-timestamp/now', 'none', 'unmatched', 1],
  ])('routes %s to the %s steps, named %s, paying for %i calls', (url, kind, name, calls) => {
    const route = find(url);
    expect([kindOf(route), route.name, route.calls]).toEqual([kind, name, calls]);
  });

  it("runs each REST operation's own steps", () => {
    const res = {} as Response & { ran?: string };
    find('/api/jwt/decode').run({} as Request, res, () => undefined);
    expect(res.ran).toBe('rest /jwt/decode');
  });

  it('reads the tRPC call from the path after the mount, and writes its refusals for that call', () => {
    const calls: unknown[] = [];
    const route = compileRoutes('/api', STEPS, { detail: () => undefined, trpc: (call) => () => calls.push(call) })(
      '/api/trpc/a%2Cb',
      '/api/trpc/a%2Cb?batch=1&input=%7B%7D',
    );
    expect(route.call).toMatchObject({ path: 'a%2Cb', procedures: ['a', 'b'], batch: true });
    route.fail({} as Response, 400, 'no');
    expect(calls).toEqual([route.call]);
  });

  it("writes {detail} refusals on every route but tRPC's", () => {
    const written: string[] = [];
    const find = compileRoutes('/api', STEPS, { detail: (_res, _status, message) => written.push(message), trpc: () => () => undefined });
    for (const path of ['/healthz', '/api/jwt/decode', '/api/', '/nothing', '/api/TRPC/a'])
      find(path, path).fail({} as Response, 404, path);
    expect(written).toEqual(['/healthz', '/api/jwt/decode', '/api/', '/nothing', '/api/TRPC/a']);
  });
});

describe('compileRoutes without BASE_PATH', () => {
  const find = (path: string) => compileRoutes('', STEPS, WRITERS)(path, path);

  it.each([
    ['/', 'playground'],
    ['/favicon.svg', 'playground'],
    ['/assets/index-abc.css', 'playground'],
    ['/docs/', 'docs'],
    ['/unix-timestamp/now', 'rest'],
    ['/favicon.ico', 'none'],
  ])('routes %s to %s', (path, kind) => {
    expect(kindOf(find(path))).toBe(kind);
  });
});
