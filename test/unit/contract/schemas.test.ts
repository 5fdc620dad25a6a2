import { describe, expect, it } from 'vitest';
import { decodeOutput, identifyOutput, signInput } from '../../../src/adapters/driving/contract/schemas.js';

// The output checks written by hand rather than as zod records: each must still refuse what the
// OpenAPI document says cannot be there.
describe('the hand-written output checks', () => {
  const fields = identifyOutput.shape.candidates.element.shape.fields;
  const jsonObject = decodeOutput.shape.header;

  it.each([[{}], [{ sequence: 0, node: 'a1' }], [{ timestamp_ms: Number.MAX_SAFE_INTEGER }]])('fields takes %j', (value) => {
    expect(fields.safeParse(value).success).toBe(true);
  });

  it.each([[null], ['text'], [7], [{ a: 1.5 }], [{ a: Number.MAX_SAFE_INTEGER + 1 }], [{ a: true }], [{ a: null }], [{ a: {} }]])(
    'fields refuses %j',
    (value) => {
      expect(fields.safeParse(value).success).toBe(false);
    },
  );

  it('a JSON object member takes any object, verbatim, and refuses what is not one', () => {
    const parsed = jsonObject.safeParse(JSON.parse('{"__proto__": {"a": 1}, "b": [1]}'));
    expect(parsed.success && Object.hasOwn(parsed.data, '__proto__')).toBe(true);
    for (const value of [null, [], 'x', 1]) expect(jsonObject.safeParse(value).success).toBe(false);
  });
});

// /jwt/sign's body: the schema alone checks its members' types (test/http/input-errors.test.ts sends each refusal over
// REST, tRPC and the command line, which also reads these checks to know which options take JSON).
describe("/jwt/sign's body", () => {
  const refusal = (body: unknown) => {
    const parsed = signInput.safeParse(body);
    return parsed.success ? 'accepted' : parsed.error.issues[0]?.message;
  };

  it.each(['payload', 'header', 'set'])('%s takes any JSON object, and refuses a string, a number, null or an array', (member) => {
    expect(refusal({ [member]: { a: [1], b: null } })).toBe('accepted');
    for (const value of ['x', 42, null, []]) expect(refusal({ [member]: value })).toBe(`${member} must be a JSON object`);
  });

  it('key takes a string or a JSON object, and refuses a number, null or an array', () => {
    for (const key of ['-----BEGIN PRIVATE KEY-----', { kty: 'OKP' }]) expect(refusal({ key })).toBe('accepted');
    for (const key of [42, null, []]) expect(refusal({ key })).toBe('key must be a JWK object, or a string holding a JWK or a PEM');
  });

  it('refuses a body that is not an object', () => {
    for (const body of [[1], 'x', null]) expect(refusal(body)).toBe('request body must be a JSON object');
  });
});
