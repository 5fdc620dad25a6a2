import { DomainError } from '../shared/errors.js';
import { MAX_TOKEN_VALUE_LENGTH } from './vocabulary.js';

/**
 * `value` as `/token/identify` and `/token/verify` both read it (contract §12): trimmed of white space, neither empty
 * nor longer than 16,384 characters. Throws `TOKEN_VALUE_INVALID` naming `value` otherwise; a missing value is empty.
 */
export function tokenValue(value: unknown): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') throw new DomainError('TOKEN_VALUE_INVALID', 'value must not be empty');
  if (text.length > MAX_TOKEN_VALUE_LENGTH) {
    throw new DomainError('TOKEN_VALUE_INVALID', `value is longer than ${MAX_TOKEN_VALUE_LENGTH} characters`);
  }
  return text;
}
