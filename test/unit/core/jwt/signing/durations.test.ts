import { describe, expect, it } from 'vitest';
import { relativeSeconds } from '../../../../../src/core/jwt/signing/durations.js';

// Contract §4g, "Times": surrounding whitespace is trimmed, from a string of seconds as from a duration.
describe('relativeSeconds', () => {
  it.each([
    [' 3600 ', 3600],
    ['\t-60\n', -60],
  ])('reads the seconds %j once trimmed: %d', (value, seconds) => {
    expect(relativeSeconds('expires_in', value)).toBe(seconds);
  });
});
