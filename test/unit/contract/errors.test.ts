import { describe, expect, it } from 'vitest';
import { failure } from '../../../src/adapters/driving/contract/errors.js';

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
