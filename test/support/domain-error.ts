import { expect } from 'vitest';
import { DomainError, type DomainErrorCode } from '../../src/core/shared/errors.js';

function expectThrown(thrown: unknown, code: DomainErrorCode, message: string | RegExp): void {
  expect(thrown).toBeInstanceOf(DomainError);
  const error = thrown as DomainError;
  expect(error.code).toBe(code);
  if (typeof message === 'string') expect(error.message).toBe(message);
  else expect(error.message).toMatch(message);
}

/** Asserts that `run` throws a DomainError with exactly this code and message. */
export function expectDomainError(run: () => unknown, code: DomainErrorCode, message: string | RegExp): void {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expectThrown(thrown, code, message);
}

/** As `expectDomainError`, for a promise. */
export async function expectDomainErrorAsync(run: Promise<unknown>, code: DomainErrorCode, message: string | RegExp): Promise<void> {
  const thrown = await run.then(
    () => undefined,
    (error: unknown) => error,
  );
  expectThrown(thrown, code, message);
}
