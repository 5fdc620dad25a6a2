import { DomainError } from '../../shared/errors.js';
import { NS_PER_MS, RANGE_TEXT, floorDiv, isInRange, utcInstant, type UtcInstant } from '../calendar.js';
import { localTime, resolveZone, type LocalTime } from '../zones.js';
import { TIMESTAMP_UNITS, type TimestampUnit } from '../vocabulary.js';

export interface TimestampToUtcInput {
  readonly timestamp: string;
  readonly unit?: string | undefined;
  /** A zone to show the instant in as well. */
  readonly tz?: string | undefined;
}

export interface TimestampToUtc {
  readonly input: string;
  readonly detected_unit: TimestampUnit;
  readonly utc: UtcInstant;
  readonly local?: LocalTime;
  readonly source: 'datetime_utc';
}

const DECIMAL_INTEGER = /^[+-]?[0-9]+$/;
// An in-range instant needs at most 21 digits (nanoseconds near year 9999).
const MAX_SIGNIFICANT_DIGITS = 22;

/** Nanoseconds per unit. */
const NS_PER: Record<TimestampUnit, bigint> = {
  seconds: 1_000_000_000n,
  milliseconds: 1_000_000n,
  microseconds: 1000n,
  nanoseconds: 1n,
};

/** epochconverter.com's ladder, on the absolute value. */
export function detectUnit(value: bigint): TimestampUnit {
  const magnitude = value < 0n ? -value : value;
  if (magnitude < 100_000_000_000n) return 'seconds';
  if (magnitude < 100_000_000_000_000n) return 'milliseconds';
  if (magnitude < 100_000_000_000_000_000n) return 'microseconds';
  return 'nanoseconds';
}

export function parseUnit(unit: string): TimestampUnit {
  const known = TIMESTAMP_UNITS.find((candidate) => candidate === unit);
  if (!known) throw new DomainError('UNIT_INVALID', `unit must be one of ${TIMESTAMP_UNITS.join(', ')}`);
  return known;
}

function parseTimestamp(raw: string): bigint {
  const text = raw.trim();
  if (text === '') throw new DomainError('TIMESTAMP_INVALID', 'timestamp must not be empty');
  if (!DECIMAL_INTEGER.test(text)) {
    throw new DomainError('TIMESTAMP_INVALID', 'timestamp must be a decimal integer (an optional sign and digits)');
  }
  const significant = text.replace(/^[+-]?0*/, '');
  if (significant.length > MAX_SIGNIFICANT_DIGITS) throw outOfRange();
  return BigInt(text);
}

const outOfRange = (): DomainError =>
  new DomainError('TIMESTAMP_OUT_OF_RANGE', `timestamp is out of range: the instant must fall ${RANGE_TEXT}`);

/**
 * Converts a Unix timestamp in seconds, milliseconds, microseconds or nanoseconds
 * to UTC with exact integer arithmetic, flooring sub-millisecond digits.
 *
 * Given `tz`, it also shows the instant as the wall clock there does.
 *
 * Throws `TIMESTAMP_INVALID` for anything but a decimal integer, `UNIT_INVALID`
 * for an unknown unit, `TZ_UNKNOWN` for an unknown zone and
 * `TIMESTAMP_OUT_OF_RANGE` outside years 0001–9999.
 * It does not guess at decimals or exponents: those are refused, not rounded.
 */
export class ConvertTimestampToUtc {
  execute(input: TimestampToUtcInput): TimestampToUtc {
    return convertTimestamp(input).body;
  }
}

/** The conversion, and the instant exactly, in nanoseconds since 1970: for the operations that read a timestamp as `/to-utc` does. */
export function convertTimestamp({ timestamp, unit, tz }: TimestampToUtcInput): { body: TimestampToUtc; unixNs: bigint } {
  const chosenUnit = unit === undefined ? undefined : parseUnit(unit);
  const zone = tz === undefined ? undefined : resolveZone(tz);
  const value = parseTimestamp(timestamp);
  const detected = chosenUnit ?? detectUnit(value);
  const unixNs = value * NS_PER[detected];
  const unixMs = floorDiv(unixNs, NS_PER_MS);
  if (!isInRange(unixMs)) throw outOfRange();
  const body: TimestampToUtc = {
    input: timestamp,
    detected_unit: detected,
    utc: utcInstant(unixMs),
    ...(zone === undefined ? {} : { local: localTime(unixMs, zone) }),
    source: 'datetime_utc',
  };
  return { body, unixNs };
}
