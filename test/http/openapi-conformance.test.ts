import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { JWT_IO_TOKEN } from '../support/fixtures.js';
import type { paths } from '../support/generated/rest-api.js';
import { restClientTypes } from '../support/rest-client-types.js';
import { listen, testService, type Running } from '../support/service.js';

type Document = { paths: Record<string, { get: { responses: Record<string, unknown> } }> } & Record<string, unknown>;

let running: Running;
let document: Document;
let ajv: Ajv2020;

beforeAll(async () => {
  running = await listen(testService({ RATE_LIMIT_POINTS: '5' }).app);
  document = (await (await fetch(`${running.url}/openapi.json`)).json()) as Document;
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(document, 'openapi.json');
});
afterAll(() => running.close());

const pointer = (...segments: string[]) => segments.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

function validate(schemaRef: string, body: unknown): void {
  const check = ajv.getSchema(schemaRef);
  if (!check) throw new Error(`no schema at ${schemaRef}`);
  const valid = check(body);
  expect(check.errors ?? [], JSON.stringify(body)).toEqual([]);
  expect(valid).toBe(true);
}

function validateLive(path: string, status: number, body: unknown): void {
  const operation = document.paths[path]?.get;
  expect(operation?.responses, `${path} documents ${status}`).toHaveProperty(String(status));
  validate(`openapi.json#/${pointer('paths', path, 'get', 'responses', String(status), 'content', 'application/json', 'schema')}`, body);
}

const LIVE: ReadonlyArray<[path: string, ok: string, bad: string | undefined]> = [
  ['/unix-timestamp/now', '', undefined],
  ['/unix-timestamp/to-utc', '?timestamp=1700000000123456789', '?timestamp=1.5'],
  ['/unix-timestamp/to-unix', '?datetime=2024-01-01T00:00:00.5Z', '?datetime=2024-01-01'],
  ['/jwt/decode', `?token=${JWT_IO_TOKEN}`, '?token=a.b.c.d.e'],
];

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it.each(LIVE)('describes every live answer of %s: 200, 400, 404 and 429', async (path, ok, bad) => {
    // A fresh service per path, so that the 429 comes from this path's own requests.
    const own = await listen(testService({ RATE_LIMIT_POINTS: '3' }).app);
    try {
      const success = await fetch(`${own.url}${path}${ok}`);
      expect(success.status).toBe(200);
      validateLive(path, 200, await success.json());
      if (bad) {
        const invalid = await fetch(`${own.url}${path}${bad}`);
        expect(invalid.status).toBe(400);
        validateLive(path, 400, await invalid.json());
      }
      const missing = await fetch(`${own.url}${path}/nothing-here`);
      expect(missing.status).toBe(404);
      validate('openapi.json#/components/schemas/Error', await missing.json());
      let limited: Response;
      do limited = await fetch(`${own.url}${path}${ok}`);
      while (limited.status === 200);
      expect(limited.status).toBe(429);
      validateLive(path, 429, await limited.json());
    } finally {
      await own.close();
    }
  });
});

describe('a REST client generated with openapi-typescript and openapi-fetch', () => {
  it('is generated from the live document and up to date', async () => {
    const committed = readFileSync(new URL('../support/generated/rest-api.ts', import.meta.url), 'utf8');
    expect(committed).toBe(await restClientTypes(document));
  });

  it('calls the live server with typed parameters and answers', async () => {
    const client = createClient<paths>({ baseUrl: running.url });
    const ok = await client.GET('/unix-timestamp/to-utc', { params: { query: { timestamp: '1700000000', unit: 'seconds' } } });
    expectTypeOf(ok.data?.utc.unix_seconds).toEqualTypeOf<number | undefined>();
    expect(ok.response.status).toBe(200);
    expect(ok.data?.utc.iso).toBe('2023-11-14T22:13:20Z');

    const bad = await client.GET('/unix-timestamp/to-unix', { params: { query: { datetime: '2023-02-29T00:00:00Z' } } });
    expectTypeOf(bad.error).toMatchTypeOf<{ detail: string } | undefined>();
    expect(bad.response.status).toBe(400);
    expect(bad.error?.detail).toBe('datetime has an impossible date: 2023-02-29');

    const jwt = await client.GET('/jwt/decode', { params: { query: { token: JWT_IO_TOKEN } } });
    expect(jwt.data?.algorithm).toBe('HS256');
  });
});

describe('a REST client generated with @hey-api/openapi-ts', () => {
  const out = new URL('../../.lint/hey-api/', import.meta.url);

  it('compiles and calls the live server', async () => {
    const { createClient: generate } = await import('@hey-api/openapi-ts');
    await generate({ input: structuredClone(document) as never, output: { path: out.pathname }, logs: { level: 'silent' } });
    const usage = new URL('usage.ts', out);
    writeFileSync(
      usage,
      `import { client } from './client.gen';\nimport { unixTimestampToUtc, jwtVerify } from './sdk.gen';\nclient.setConfig({ baseUrl: 'http://localhost:3000' });\nexport const call = async () => { const { data } = await unixTimestampToUtc({ query: { timestamp: '1', unit: 'seconds' } }); const seconds: number | undefined = data?.utc.unix_seconds; const v = await jwtVerify({ query: { token: 'a', key: 'b' } }); const code: string | undefined = v.data?.reason?.code; return [seconds, code]; };\n`,
    );
    writeFileSync(
      new URL('tsconfig.json', out),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'Bundler',
          lib: ['ES2022', 'DOM'],
          types: [],
          noEmit: true,
        },
        files: ['usage.ts'],
      }),
    );
    const tsc = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', new URL('tsconfig.json', out).pathname], {
      encoding: 'utf8',
    });
    expect(`${tsc.stdout}${tsc.stderr}`).toBe('');
    // The generated modules exist only once this test has run, so their types are stated here.
    type Answer = Promise<{ response: Response; data?: { utc: { iso: string } }; error?: unknown }>;
    const sdk = (await import(new URL('sdk.gen.ts', out).href)) as Record<
      'unixTimestampToUtc' | 'jwtDecode',
      (options: { query: Record<string, string> }) => Answer
    >;
    const { client } = (await import(new URL('client.gen.ts', out).href)) as { client: { setConfig(config: { baseUrl: string }): void } };
    client.setConfig({ baseUrl: running.url });
    const ok = await sdk.unixTimestampToUtc({ query: { timestamp: '1700000000' } });
    expect(ok.response.status).toBe(200);
    expect(ok.data?.utc.iso).toBe('2023-11-14T22:13:20Z');
    const bad = await sdk.jwtDecode({ query: { token: 'a.b' } });
    expect(bad.response.status).toBe(400);
    expect(bad.error).toEqual({ detail: 'token must have three dot-separated parts (header.payload.signature), found 2' });
  }, 60_000);
});
