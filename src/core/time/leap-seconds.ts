import { daysFromCivil } from './calendar.js';

/**
 * The UTC days that ended with a positive leap second, 23:59:60. Source: IERS
 * Bulletin C (and the IETF/IANA leap-seconds.list it feeds), which announced
 * 27 of them from 1972-06-30 to 2016-12-31 and none since; no negative leap
 * second has ever occurred. A new one would be announced six months ahead.
 */
export const LEAP_SECOND_DAYS: ReadonlySet<string> = new Set([
  '1972-06-30',
  '1972-12-31',
  '1973-12-31',
  '1974-12-31',
  '1975-12-31',
  '1976-12-31',
  '1977-12-31',
  '1978-12-31',
  '1979-12-31',
  '1981-06-30',
  '1982-06-30',
  '1983-06-30',
  '1985-06-30',
  '1987-12-31',
  '1989-12-31',
  '1990-12-31',
  '1992-06-30',
  '1993-06-30',
  '1994-06-30',
  '1995-12-31',
  '1997-06-30',
  '1998-12-31',
  '2005-12-31',
  '2008-12-31',
  '2012-06-30',
  '2015-06-30',
  '2016-12-31',
]);

/** Whether the UTC second named `YYYY-MM-DDT23:59:59Z` was followed by a leap second. */
export function isFollowedByLeapSecond(utcIsoSecond: string): boolean {
  return utcIsoSecond.endsWith('T23:59:59Z') && LEAP_SECOND_DAYS.has(utcIsoSecond.slice(0, 10));
}

/**
 * The Unix seconds at which each leap second ended (00:00:00 of the next day),
 * ascending: the instants where GPS time, which has no leap seconds, moved one
 * more second ahead of UTC.
 */
export const LEAP_SECOND_ENDS_UNIX: readonly number[] = [...LEAP_SECOND_DAYS]
  .map((day) => {
    // Every day above is written YYYY-MM-DD: three parts.
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    return (daysFromCivil(year, month, date) + 1) * 86_400;
  })
  .sort((a, b) => a - b);
