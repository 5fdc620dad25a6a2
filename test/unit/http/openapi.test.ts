// docs/openapi.json is the published REST contract. Any change to the served document
// shows up here first, and is committed on purpose with `npm run generate:openapi`.
import { readFileSync } from 'node:fs';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, referencedSchemas } from '../../../src/adapters/driving/http/openapi.js';
import { SERVICE_VERSION } from '../../../src/composition-root.js';
import { testService } from '../../support/service.js';

const published = JSON.parse(readFileSync(new URL('../../../docs/openapi.json', import.meta.url), 'utf8')) as Record<string, unknown>;
/** A fresh copy of the JSON, as the service would serve it. */
const served = (basePath: string, serverUrl: string, version = SERVICE_VERSION) =>
  JSON.parse(JSON.stringify(buildOpenApiDocument({ basePath, version, serverUrl }))) as Record<string, unknown>;

describe('the OpenAPI document', () => {
  it('is the one published in docs/openapi.json (regenerate it with npm run generate:openapi)', () => {
    expect(served('', 'http://localhost:3000')).toEqual(published);
  });

  it('is what the service serves at /openapi.json, for free', async () => {
    const { app } = testService({ RATE_LIMIT_POINTS: '1' });
    for (let i = 0; i < 2; i++) {
      const served = await request(app).get('/openapi.json').expect(200).expect('Content-Type', 'application/json; charset=utf-8');
      expect(JSON.parse(served.text)).toEqual(published);
    }
  });

  it('differs under BASE_PATH and another address only in its server and links', () => {
    const moved = served('/api', 'https://time.example', '9.9.9');
    const expected = structuredClone(published) as { info: Record<string, unknown>; servers: unknown };
    expected.info = {
      ...expected.info,
      version: '9.9.9',
      license: { name: 'Proprietary', url: 'https://time.example/api/docs/' },
      contact: { name: 'API reference', url: 'https://time.example/api/docs/' },
    };
    expected.servers = [
      {
        url: '{origin}/api',
        description: 'This service',
        variables: { origin: { default: 'https://time.example', description: 'Scheme, host and port of the service' } },
      },
    ];
    expect(moved).toEqual(expected);
  });
});

describe('referencedSchemas', () => {
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

  it('follows references in objects and arrays, through other schemas, once each, and nothing else', () => {
    const schemas = {
      A: { properties: { b: ref('B') } },
      B: { anyOf: [ref('C'), { type: 'string' }] },
      C: { items: ref('A') },
      D: { type: 'string' },
      E: { description: '#/components/schemas/D' },
      F: {},
    };
    const paths = {
      '/x': { get: { responses: { '200': { content: { 'application/json': { schema: { oneOf: [ref('A'), ref('E')] } } } } } } },
      '/y': { get: { parameters: [{ schema: { $ref: '#/components/parameters/F' } }], responses: { '400': ref('A') } } },
    };
    expect([...referencedSchemas(paths, schemas)].sort()).toEqual(['A', 'B', 'C', 'E']);
  });

  it('finds nothing where nothing is referenced', () => {
    expect(referencedSchemas({ '/x': { get: { summary: 'no refs', tags: ['a'] } } }, { A: {} }).size).toBe(0);
    expect(referencedSchemas(undefined, {}).size).toBe(0);
  });

  it('passes over nulls, and references into other documents', () => {
    const paths = {
      '/x': { get: { example: null, parameters: [null, { $ref: 'common.json#/components/schemas/A' }], responses: ref('B') } },
    };
    expect([...referencedSchemas(paths, { A: {}, B: { default: null } })]).toEqual(['B']);
  });
});
