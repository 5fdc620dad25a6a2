import { describe, expect, it } from 'vitest';
import { relativeTime } from '../../../web/src/relative-time.js';

const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);
const S = 1000;

describe('relativeTime', () => {
  it.each([
    [0, 'now'],
    [30 * S, 'in 30 seconds'],
    [-45 * S, '45 seconds ago'],
    [3 * 3600 * S, 'in 3 hours'],
    // Towards zero: never more time than is left.
    [(3 * 3600 - 60) * S, 'in 2 hours'],
    [-2 * 86_400 * S, '2 days ago'],
    [86_400 * S, 'tomorrow'],
    [-10 * 86_400 * S, 'last week'],
    [-20 * 86_400 * S, '2 weeks ago'],
    [-3 * 365.25 * 86_400 * S, '3 years ago'],
    [40 * 86_400 * S, 'next month'],
  ])('says %d ms from now is %j', (offset, words) => {
    expect(relativeTime(NOW + offset, NOW, 'en')).toBe(words);
  });

  it('speaks the asked language', () => {
    expect(relativeTime(NOW - 2 * 86_400 * S, NOW, 'de')).toBe('vorgestern');
    expect(relativeTime(NOW + 3 * 3600 * S, NOW, 'fr')).toBe('dans 3 heures');
  });
});
