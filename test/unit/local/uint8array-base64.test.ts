// The local host's Uint8Array base64 and hex methods, for hosts without their own (Node 22 to 24), against this
// Node's own (the oracle): the same bytes, text or kind of refusal for any input and options.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UINT8ARRAY_BASE64 } from '../../../src/local/uint8array-base64.js';

type Outcome = { readonly value: string } | { readonly error: string };
const outcome = (run: () => Uint8Array | string): Outcome => {
  try {
    const value = run();
    return { value: typeof value === 'string' ? value : `bytes:${Array.from(value).join(',')}` };
  } catch (error) {
    return { error: (error as Error).name };
  }
};

// Text near base64: either alphabet, padding and whitespace, in any order, so that refusals come up as often as answers.
const nearBase64 = fc.string({
  unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_= \n\t.'.split('')),
  maxLength: 24,
});
const base64Options = fc.option(
  fc.record(
    {
      alphabet: fc.constantFrom('base64', 'base64url', 'hex'),
      lastChunkHandling: fc.constantFrom('loose', 'strict', 'stop-before-partial', 'lax'),
    },
    { requiredKeys: [] },
  ),
  { nil: undefined },
);

describe('the local host’s Uint8Array base64 and hex methods', () => {
  it('read base64 as the host’s own fromBase64 does, refusals included', () => {
    fc.assert(
      fc.property(nearBase64, base64Options, (text, options) => {
        expect(outcome(() => UINT8ARRAY_BASE64.fromBase64(text, options))).toEqual(
          outcome(() => Uint8Array.fromBase64(text, options as never)),
        );
      }),
      { numRuns: 5_000 },
    );
  });

  it('write base64 and hex as the host’s own toBase64 and toHex do', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 40 }),
        fc.option(fc.record({ alphabet: fc.constantFrom('base64', 'base64url'), omitPadding: fc.boolean() }, { requiredKeys: [] }), {
          nil: undefined,
        }),
        (bytes, options) => {
          expect(UINT8ARRAY_BASE64.toBase64.call(bytes, options)).toBe(bytes.toBase64(options as never));
          expect(UINT8ARRAY_BASE64.toHex.call(bytes)).toBe(bytes.toHex());
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('read hex as the host’s own fromHex does, refusals included', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEFg '.split('')), maxLength: 12 }), (text) => {
        expect(outcome(() => UINT8ARRAY_BASE64.fromHex(text))).toEqual(outcome(() => Uint8Array.fromHex(text)));
      }),
      { numRuns: 2_000 },
    );
  });
});
