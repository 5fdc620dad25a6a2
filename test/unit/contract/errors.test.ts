import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeIssue, failure, invalidInputMessage, pathText } from '../../../src/adapters/driving/contract/errors.js';

describe('failure', () => {
  it('carries a cause only when there is one, so that only internal errors have something to log', () => {
    expect(failure('BAD_REQUEST', 'no')).toStrictEqual({ kind: 'BAD_REQUEST', status: 400, message: 'no' });
    const cause = new Error('boom');
    expect(failure('INTERNAL_SERVER_ERROR', 'Internal Server Error', cause)).toStrictEqual({
      kind: 'INTERNAL_SERVER_ERROR',
      status: 500,
      message: 'Internal Server Error',
      cause,
    });
  });
});

describe('a refused input, named by its path (contract §5)', () => {
  const detailOf = (schema: z.ZodType, input: unknown): string => {
    const parsed = schema.safeParse(input, { error: describeIssue });
    if (parsed.success) throw new Error('the input was taken');
    return invalidInputMessage(parsed.error.issues);
  };
  const at = (schema: z.ZodType) => z.object({ a: z.object({ b: z.array(schema) }) });

  it.each([
    ['a number for a string', at(z.string()), { a: { b: ['x', 1] } }, 'a.b[1] must be a string'],
    ['null for a string', z.object({ unset: z.array(z.string()) }), { unset: ['a', null] }, 'unset[1] must be a string'],
    ['a string for an object', at(z.object({})), { a: { b: ['x'] } }, 'a.b[0] must be an object'],
    ['a number for a boolean', z.object({ generate: z.boolean() }), { generate: 1 }, 'generate must be a boolean'],
    ['a fraction for an integer', at(z.number().int()), { a: { b: [1.5] } }, 'a.b[0] must be an integer'],
    ['a string for a number', at(z.number()), { a: { b: ['1'] } }, 'a.b[0] must be a number'],
    ['an object for an array', z.object({ a: z.array(z.string()) }), { a: {} }, 'a must be an array'],
    ['a missing member', z.object({ token: z.string() }), {}, 'token is required'],
    ['no object at all', z.object({ token: z.string() }), 'x', 'input must be an object'],
    ['a long string', z.object({ s: z.string().max(3) }), { s: 'abcd' }, 's must have at most 3 characters'],
    ['a short string', z.object({ s: z.string().min(2) }), { s: 'a' }, 's must have at least 2 characters'],
    ['a string of the wrong length', z.object({ s: z.string().length(1) }), { s: 'ab' }, 's must have exactly 1 character'],
    ['an empty array', z.object({ a: z.array(z.string()).min(1) }), { a: [] }, 'a must have at least 1 item'],
    ['a long array', z.object({ a: z.array(z.string()).max(2) }), { a: ['a', 'b', 'c'] }, 'a must have at most 2 items'],
    ['a large number', at(z.number().max(3)), { a: { b: [4] } }, 'a.b[0] must be at most 3'],
    ['a small number', z.object({ n: z.number().gt(0) }), { n: 0 }, 'n must be more than 0'],
    ['a value of no option', z.object({ alg: z.enum(['HS256', 'ES256']) }), { alg: 'none' }, 'alg must be one of HS256, ES256'],
    ['another literal', z.object({ kty: z.literal('OKP') }), { kty: 'EC' }, 'kty must be OKP'],
    ['a string off its pattern', z.object({ s: z.string().regex(/^a/) }), { s: 'b' }, 's must match /^a/'],
    ['no multiple', z.object({ n: z.number().multipleOf(5) }), { n: 7 }, 'n must be a multiple of 5'],
    ['an unknown member', z.strictObject({ a: z.string() }), { a: 'x', c: 1 }, 'input must not have the member "c"'],
    ['a type no form takes', z.object({ e: z.union([z.number(), z.string()]) }), { e: true }, 'e must be a number or a string'],
    ['a member not an identifier', z.object({ 'x-y': z.object({ z: z.string() }) }), { 'x-y': { z: 1 } }, '["x-y"].z must be a string'],
    ['a key of a record', z.object({ r: z.record(z.string(), z.number()) }), { r: { 'a b': 'x' } }, 'r["a b"] must be a number'],
    ['a failed check', z.object({ c: z.custom(() => false) }), { c: 1 }, 'c is not valid'],
    ['a number at or over a bound', z.object({ n: z.number().lt(1) }), { n: 1 }, 'n must be less than 1'],
    ['a set too large', z.object({ s: z.set(z.string()).max(1) }), { s: new Set(['a', 'b']) }, 's must have at most 1 item'],
    ['a prefix missing', z.object({ s: z.string().startsWith('Bearer ') }), { s: 'x' }, 's must start with "Bearer "'],
    ['a suffix missing', z.object({ s: z.string().endsWith('=') }), { s: 'x' }, 's must end with "="'],
    ['a part missing', z.object({ s: z.string().includes('.') }), { s: 'x' }, 's must include "."'],
    ['an ill-formed address', z.object({ s: z.email() }), { s: 'x' }, 's must be a valid email'],
    ['a value for null', z.object({ s: z.null() }), { s: 1 }, 's must be null'],
    ['a number for a date', z.object({ d: z.date() }), { d: 1 }, 'd must be of type date'],
    ['a key a record refuses', z.object({ r: z.record(z.string().min(2), z.number()) }), { r: { a: 1 } }, 'r.a is not an allowed key'],
    [
      'a key a map refuses',
      z.object({ m: z.map(z.object({ a: z.string() }), z.number()) }),
      { m: new Map([[{}, 1]]) },
      'm has a key that is not valid',
    ],
    ['a value of a map', z.object({ m: z.map(z.object({}), z.number()) }), { m: new Map([[{}, 'x']]) }, 'm has a value that is not valid'],
    ['a union of objects', z.object({ u: z.union([z.object({ a: z.string() }), z.string()]) }), { u: { a: 1 } }, 'u is not valid'],
    ['an option of no union', z.object({ u: z.union([z.literal('a'), z.boolean()]) }), { u: 'b' }, 'u must be a or a boolean'],
    ['a number for a big integer', z.object({ n: z.bigint() }), { n: 1 }, 'n must be an integer'],
    ['a string for a record', z.object({ r: z.record(z.string(), z.number()) }), { r: 'x' }, 'r must be an object'],
    ['a string for a tuple', z.object({ t: z.tuple([z.string()]) }), { t: 'x' }, 't must be an array'],
    ['unknown members', z.strictObject({ a: z.string() }), { a: 'x', c: 1, d: 2 }, 'input must not have the members "c", "d"'],
    ['a number and a string spelled alike once', z.object({ u: z.union([z.literal(1), z.literal('1')]) }), { u: 2 }, 'u must be 1'],
    [
      'a union whose forms each refuse a member',
      z.object({ u: z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]) }),
      { u: {} },
      'u is not valid',
    ],
    [
      'a union whose form refuses the value twice',
      z.object({ u: z.union([z.intersection(z.literal('a'), z.literal('b')), z.number()]) }),
      { u: 'c' },
      'u is not valid',
    ],
    [
      'a union whose forms each refuse a size',
      z.object({ u: z.union([z.string().min(5), z.string().max(1)]) }),
      { u: 'abc' },
      'u is not valid',
    ],
    [
      'a discriminator no form has',
      z.object({ u: z.discriminatedUnion('k', [z.object({ k: z.literal('a') }), z.object({ k: z.literal('b') })]) }),
      { u: { k: 'c' } },
      'u.k is not valid',
    ],
    ['a pattern format without its pattern', z.object({ s: z.stringFormat('regex', () => false) }), { s: 'x' }, 's must match its pattern'],
  ])('names %s', (_label, schema, input, detail) => {
    expect(detailOf(schema, input)).toBe(detail);
  });

  it("keeps a schema's own message, prefixed with the path only when it does not begin with it", () => {
    expect(detailOf(z.object({ tz: z.string({ error: 'tz must be a string' }) }), { tz: 1 })).toBe('tz must be a string');
    expect(detailOf(z.object({ a: z.array(z.string().refine(() => false, 'must be nice')) }), { a: ['x'] })).toBe('a[0]: must be nice');
    expect(detailOf(z.object({ a: z.string().refine(() => false, 'a: too plain') }), { a: 'x' })).toBe('a: too plain');
    expect(detailOf(z.object({ a: z.string().refine(() => false, 'a') }), { a: 'x' })).toBe('a');
    expect(detailOf(z.object({}, { error: 'request body must be a JSON object' }), 5)).toBe('request body must be a JSON object');
  });

  it('never quotes the value refused', () => {
    const secret = 'a-string-secret-at-least-256-bits-long';
    for (const schema of [z.object({ s: z.number() }), z.object({ s: z.enum(['x']) }), z.object({ s: z.string().max(3) })]) {
      expect(detailOf(schema, { s: secret })).not.toContain(secret);
    }
  });

  it('has a detail even for a refusal without issues', () => {
    expect(invalidInputMessage([])).toBe('input is not valid');
  });

  it('has a detail for a union issue with a form that raised nothing, which zod itself never reports', () => {
    expect(describeIssue({ code: 'invalid_union', errors: [[]], path: ['u'], input: 1 })).toBe('u is not valid');
  });

  it('names the path as a JSON body writes it', () => {
    expect(pathText([])).toBe('input');
    expect(pathText(['unset', 1])).toBe('unset[1]');
    expect(pathText(['a', 'b', 0, 'c'])).toBe('a.b[0].c');
    expect(pathText(['', 'a"b'])).toBe('[""]["a\\"b"]');
  });
});
