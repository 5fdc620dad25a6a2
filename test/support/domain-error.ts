import { expect } from 'vitest';
import { DomainError, type DomainErrorCode } from '../../src/core/errors.js';

/** Asserts that `run` throws a DomainError with exactly this code and message. */
export function expectDomainError(run: () => unknown, code: DomainErrorCode, message: string | RegExp): void {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(DomainError);
  const error = thrown as DomainError;
  expect(error.code).toBe(code);
  if (typeof message === 'string') expect(error.message).toBe(message);
  else expect(error.message).toMatch(message);
}
