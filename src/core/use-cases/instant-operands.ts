import { DomainError } from '../errors.js';
import { exactInstant } from '../time/calendar.js';
import { resolveZone, sameZone } from '../time/zones.js';
import { convertDatetime, type DatetimeToUnix } from './convert-datetime-to-unix.js';
import { convertTimestamp, type TimestampToUtc } from './convert-timestamp-to-utc.js';

/**
 * An instant as an operation of contract §3d shows it: the body `/to-utc`
 * (for a timestamp) or `/to-unix` (for a date-time) answers for it with the
 * request's zone as `tz`, without `source`, and with `exact`.
 */
export type OperandBody = (Omit<TimestampToUtc, 'source'> | Omit<DatetimeToUnix, 'source'>) & { readonly exact: string };

export interface Operand {
  readonly body: OperandBody;
  /** The instant, exactly, in nanoseconds since 1970. */
  readonly unixNs: bigint;
}

/** What every operand of a request is read with. */
export interface OperandOptions {
  readonly unit?: string | undefined;
  readonly tz?: string | undefined;
  readonly disambiguation?: string | undefined;
}

const TIMESTAMP = /^[+-]?[0-9]+$/;
const BRACKET = /\[!?([^\]]*)\]\s*$/;

/**
 * The zone of a request: `tz` when given, else the zone a date-time operand
 * names in RFC 9557 brackets, else none. Two operands that bracket different
 * zones are refused, naming both; a bracket that differs from `tz` is refused
 * when that operand is read, as `/to-unix` refuses it.
 */
export function requestZone(tz: string | undefined, operands: Readonly<Record<string, string>>): string | undefined {
  if (tz !== undefined) return resolveZone(tz);
  let found: { readonly name: string; readonly zone: string } | undefined;
  for (const [name, text] of Object.entries(operands)) {
    const bracket = BRACKET.exec(text.trim())?.[1];
    if (bracket === undefined || TIMESTAMP.test(text.trim())) continue;
    const zone = named(name, () => resolveZone(bracket));
    if (found !== undefined && !sameZone(found.zone, zone)) {
      throw new DomainError(
        'DATETIME_ZONE_MISMATCH',
        `${found.name} names the zone ${found.zone} but ${name} names ${zone}; give one zone, in tz or in both`,
      );
    }
    found ??= { name, zone };
  }
  return found?.zone;
}

/** Runs `read`, and names the operand in what it refuses: `from is out of range`, not `datetime is out of range`. */
function named<T>(name: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof DomainError) throw new DomainError(error.code, error.message.replace(/^(timestamp|datetime|tz)\b/, name));
    throw error;
  }
}

/** An answer body without its `source`. */
function withoutSource<T extends { readonly source: string }>(body: T): Omit<T, 'source'> {
  const { source, ...rest } = body;
  void source;
  return rest;
}

/**
 * Reads one operand: once trimmed, an optional sign and digits is a Unix
 * timestamp, read as `/to-utc` reads it (with `unit`); anything else is a
 * date-time, read as `/to-unix` reads it (with the request's zone and
 * `disambiguation`). `as` reads it as the one or the other whatever it looks
 * like. Every nanosecond given is kept. Throws what those operations throw,
 * the operand named in place of `timestamp` or `datetime`.
 */
export function readOperand(
  name: string,
  text: string,
  zone: string | undefined,
  { unit, disambiguation }: OperandOptions,
  as: 'timestamp' | 'datetime' = TIMESTAMP.test(text.trim()) ? 'timestamp' : 'datetime',
): Operand {
  const read =
    as === 'timestamp'
      ? named(name, () => convertTimestamp({ timestamp: text, unit, tz: zone }))
      : named(name, () => convertDatetime({ datetime: text, tz: zone, disambiguation }));
  return { body: { ...withoutSource(read.body), exact: exactInstant(read.unixNs).exact }, unixNs: read.unixNs };
}
