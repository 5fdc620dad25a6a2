import { describe, expect, it } from 'vitest';
import { floorDiv } from '../../../../src/core/time/calendar.js';

describe('floorDiv', () => {
  it.each([
    [7n, 2n, 3n],
    [-7n, 2n, -4n],
    [7n, -2n, -4n],
    [-7n, -2n, 3n],
    [-6n, 2n, -3n],
    [6n, -2n, -3n],
    [0n, -2n, 0n],
  ])('rounds %s / %s towards minus infinity: %s', (dividend, divisor, quotient) => {
    expect(floorDiv(dividend, divisor)).toBe(quotient);
  });
});
