import { describe, expect, it } from 'vitest';
import { once, oneOfWords } from '../../../src/adapters/driving/contract/schema-parts.js';

// The descriptions call oneOfWords with three names or more, and build it once per process, so the
// catalog's tests alone cannot tell its short lists apart (mutation run at a999080).
describe('oneOfWords', () => {
  it.each([
    [[], ''],
    [['HS256'], 'HS256'],
    [['HS256', 'HS384'], 'HS256 or HS384'],
    [['HS256', 'HS384', 'HS512'], 'HS256, HS384 or HS512'],
  ])('writes %j as %j', (names, words) => {
    expect(oneOfWords(names)).toBe(words);
  });
});

describe('once', () => {
  it('makes its value on the first call only, and keeps an undefined value too', () => {
    let made = 0;
    const value = once(() => {
      made += 1;
      return undefined;
    });
    expect(made).toBe(0);
    expect([value(), value()]).toEqual([undefined, undefined]);
    expect(made).toBe(1);
  });
});
