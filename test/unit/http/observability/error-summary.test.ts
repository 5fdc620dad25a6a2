import { describe, expect, it } from 'vitest';
import { errorSummary } from '../../../../src/adapters/driving/http/observability/error-summary.js';

describe('errorSummary', () => {
  it('keeps the type and the stack frames of an error, never its message', () => {
    const error = new TypeError('token eyJsecret');
    const summary = errorSummary(error);
    expect(summary.type).toBe('TypeError');
    expect(summary.frames?.split('\n').every((line) => line.trimStart().startsWith('at '))).toBe(true);
    expect(summary.frames?.split('\n').length).toBeGreaterThan(1);
    expect(JSON.stringify(summary)).not.toContain('eyJsecret');
  });

  it('gives only the type of an error without frames, and the type name of anything else thrown', () => {
    const bare = new RangeError('quoted input');
    bare.stack = 'RangeError: quoted input';
    expect(errorSummary(bare)).toEqual({ type: 'RangeError' });
    const stackless = new SyntaxError('quoted input');
    delete stackless.stack;
    expect(errorSummary(stackless)).toEqual({ type: 'SyntaxError' });
    expect(errorSummary('a string')).toEqual({ type: 'string' });
    expect(errorSummary(undefined)).toEqual({ type: 'undefined' });
  });
});
