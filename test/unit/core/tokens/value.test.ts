import { describe, expect, it } from 'vitest';
import { tokenValue } from '../../../../src/core/tokens/value.js';
import { expectDomainError } from '../../../support/domain-error.js';

describe('tokenValue', () => {
  it('reads the value trimmed of white space, up to 16,384 characters after trimming', () => {
    expect(tokenValue('  v4.public.AAAA\n')).toBe('v4.public.AAAA');
    expect(tokenValue(` ${'a'.repeat(16_384)} `)).toHaveLength(16_384);
  });

  it.each([
    ['an empty value', '', 'value must not be empty'],
    ['a blank value', ' \r\n\t', 'value must not be empty'],
    ['a missing value', undefined, 'value must not be empty'],
    ['a value that is not text', 42, 'value must not be empty'],
    ['a value of 16,385 characters', 'a'.repeat(16_385), 'value is longer than 16384 characters'],
  ])('refuses %s, naming value', (_, value, message) => {
    expectDomainError(() => tokenValue(value), 'TOKEN_VALUE_INVALID', message);
  });
});
