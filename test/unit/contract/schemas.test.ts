import { describe, expect, it } from 'vitest';
import { decodeOutput, identifyOutput } from '../../../src/adapters/driving/contract/schemas.js';

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
