/**
 * Exact proleptic-Gregorian arithmetic on integers, valid for years 0001–9999.
 * No floating point and no `Date`: every value here is a whole number of units.
 */

export const MS_PER_SECOND = 1000n;
/** 0001-01-01T00:00:00Z */
export const MIN_UNIX_MS = -62_135_596_800_000n;
/** 9999-12-31T23:59:59.999Z */
export const MAX_UNIX_MS = 253_402_300_799_999n;
export const RANGE_TEXT = 'between 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z';

const SECONDS_PER_DAY = 86_400;

/** Division that rounds towards minus infinity, unlike BigInt's `/`. */
export function floorDiv(dividend: bigint, divisor: bigint): bigint {
  const quotient = dividend / divisor;
  return dividend % divisor !== 0n && dividend < 0n !== divisor < 0n ? quotient - 1n : quotient;
}

export function isInRange(unixMs: bigint): boolean {
  return unixMs >= MIN_UNIX_MS && unixMs <= MAX_UNIX_MS;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

// Howard Hinnant's days_from_civil / civil_from_days, on safe integers.
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The civil date of a day counted from 1970-01-01 (negative before it). */
export function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

/** `YYYY-MM-DDTHH:MM:SSZ` for a whole Unix second inside years 0001–9999. */
export function formatIsoSecond(unixSeconds: number): string {
  const days = Math.floor(unixSeconds / SECONDS_PER_DAY);
  const secondOfDay = unixSeconds - days * SECONDS_PER_DAY;
  const { year, month, day } = civilFromDays(days);
  const hour = Math.floor(secondOfDay / 3600);
  const minute = Math.floor((secondOfDay % 3600) / 60);
  const second = secondOfDay % 60;
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}T${pad(hour, 2)}:${pad(minute, 2)}:${pad(second, 2)}Z`;
}

/** The UTC view of an instant that every time answer carries. */
export interface UtcInstant {
  /** The second containing the instant, `YYYY-MM-DDTHH:MM:SSZ`. */
  readonly iso: string;
  /** The second containing the instant, floored towards minus infinity. */
  readonly unix_seconds: number;
  /** The millisecond containing the instant, floored towards minus infinity. */
  readonly unix_milliseconds: number;
}

/**
 * Describes an in-range millisecond instant. Numbers are exact here: every
 * in-range millisecond count is far below 2^53.
 */
export function utcInstant(unixMs: bigint): UtcInstant {
  const unixSeconds = Number(floorDiv(unixMs, MS_PER_SECOND));
  return { iso: formatIsoSecond(unixSeconds), unix_seconds: unixSeconds, unix_milliseconds: Number(unixMs) };
}

export const NS_PER_SECOND = 1_000_000_000n;
export const NS_PER_MS = 1_000_000n;

/**
 * An in-range instant given in nanoseconds since 1970: its `UtcInstant`, and
 * `exact`, `YYYY-MM-DDTHH:MM:SS[.f]Z` with every non-zero fractional digit
 * down to the nanosecond and no trailing zeros.
 */
export function exactInstant(unixNs: bigint): { readonly utc: UtcInstant; readonly exact: string } {
  const seconds = floorDiv(unixNs, NS_PER_SECOND);
  const fraction = unixNs - seconds * NS_PER_SECOND;
  const iso = formatIsoSecond(Number(seconds));
  const utc = { iso, unix_seconds: Number(seconds), unix_milliseconds: Number(floorDiv(unixNs, NS_PER_MS)) };
  if (fraction === 0n) return { utc, exact: iso };
  return { utc, exact: `${iso.slice(0, -1)}.${fraction.toString().padStart(9, '0').replace(/0+$/, '')}Z` };
}
