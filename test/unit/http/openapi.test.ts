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

interface Schema {
  readonly $ref?: string;
  readonly example?: unknown;
  readonly examples?: readonly unknown[];
  readonly enum?: readonly unknown[];
  readonly properties?: Readonly<Record<string, Schema>>;
}
interface Parameter {
  readonly name: string;
  readonly example?: unknown;
  readonly examples?: Readonly<Record<string, unknown>>;
  readonly schema?: Schema;
}
interface Operation {
  readonly parameters?: readonly Parameter[];
  readonly requestBody?: { readonly content: Readonly<Record<string, { readonly schema: Schema }>> };
}
interface Document {
  readonly paths: Readonly<Record<string, Readonly<Record<string, Operation>>>>;
  readonly components: { readonly schemas: Readonly<Record<string, Schema>> };
}

/** A query parameter or request body member of an operation, named `METHOD path name`, with its examples and enum. */
interface DocumentedInput {
  readonly name: string;
  readonly examples: readonly unknown[];
  readonly allowed: readonly unknown[] | undefined;
}

/** Each query parameter and request body member of every operation in the document. */
function documentedInputs(document: Document): DocumentedInput[] {
  const resolve = (schema: Schema): Schema =>
    schema.$ref === undefined ? schema : (document.components.schemas[schema.$ref.replace('#/components/schemas/', '')] ?? {});
  const examplesOf = (schema: Schema): unknown[] => [...(schema.example === undefined ? [] : [schema.example]), ...(schema.examples ?? [])];
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([method, operation]) => [
      ...(operation.parameters ?? []).map((parameter): DocumentedInput => ({
        name: `${method.toUpperCase()} ${path} ${parameter.name}`,
        examples: [
          ...(parameter.example === undefined ? [] : [parameter.example]),
          ...Object.values(parameter.examples ?? {}).map((example) => (example as { value?: unknown }).value),
          ...examplesOf(resolve(parameter.schema ?? {})),
        ],
        allowed: resolve(parameter.schema ?? {}).enum,
      })),
      ...Object.values(operation.requestBody?.content ?? {}).flatMap(({ schema }) =>
        Object.entries(resolve(schema).properties ?? {}).map(([name, member]): DocumentedInput => ({
          name: `${method.toUpperCase()} ${path} body ${name}`,
          examples: examplesOf(resolve(member)),
          allowed: resolve(member).enum,
        })),
      ),
    ]),
  );
}

describe('the examples of the OpenAPI document (contract §8)', () => {
  const inputs = documentedInputs(served('', 'http://localhost:3000') as unknown as Document);

  it('walks the query parameters and body members of every operation', () => {
    const names = inputs.map(({ name }) => name);
    expect(names).toContain('GET /unix-timestamp/format datetime');
    expect(names).toContain('POST /unix-timestamp/format body datetime');
    expect(names).toContain('POST /jwt/sign body unset');
    expect(names.length).toBeGreaterThan(100);
  });

  it('gives every query parameter and body member an example, one of its enum when it has one', () => {
    const lacking = inputs.filter(({ examples }) => examples.length === 0).map(({ name }) => name);
    expect(lacking).toEqual([]);
    const outside = inputs
      .filter(({ examples, allowed }) => allowed !== undefined && !examples.every((example) => allowed.includes(example)))
      .map(({ name }) => name);
    expect(outside).toEqual([]);
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
