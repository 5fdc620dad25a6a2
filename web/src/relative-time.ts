const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365.25 * 24 * 3600],
  ['month', (365.25 / 12) * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/**
 * `then` relative to `now`, both in milliseconds, in the largest unit that is
 * at least one whole: "in 3 hours", "2 days ago", "now". Rounded towards zero,
 * so that a token that expires in 2 h 59 min says "in 2 hours", never more
 * time than is left.
 */
export function relativeTime(thenMs: number, nowMs: number, locale?: string): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const seconds = (thenMs - nowMs) / 1000;
  for (const [unit, size] of UNITS) {
    const whole = Math.trunc(seconds / size);
    if (whole !== 0) return format.format(whole, unit);
  }
  return format.format(0, 'second');
}
