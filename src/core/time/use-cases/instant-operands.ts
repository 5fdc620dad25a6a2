import { DomainError } from '../../shared/errors.js';
import { NS_PER_MS, RANGE_TEXT, exactInstant, floorDiv, isInRange } from '../calendar.js';
import { lex, readWith } from '../identify-formats.js';
import { TEXT_FORMAT_TABLE, lexIso } from '../text-formats.js';
import { localTime, parseDisambiguation, resolveZone, sameZone } from '../zones.js';
import { convertDatetime, isRfc3339Shaped, notRfc3339Refusal, type DatetimeToUnix } from './convert-datetime-to-unix.js';
import { convertTimestamp, type TimestampToUtc } from './convert-timestamp-to-utc.js';
import type { TextFormat } from '../vocabulary.js';

/**
 * An instant as an operation of contract §3d shows it: the body `/to-utc`
 * (for a timestamp) or `/to-unix` (for a date-time) answers for it with the
 * request's zone as `tz`, without `source`, and with `exact`.
 */
export type OperandBody = (Omit<TimestampToUtc, 'source'> | (Omit<DatetimeToUnix, 'source'> & { readonly format?: TextFormat })) & {
  readonly exact: string;
};

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
  /** Now, from the request's clock: an RFC 850 date's two-digit year is read against it. */
  readonly nowMs: number;
}

const TIMESTAMP = /^[+-]?[0-9]+$/;

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
    // Only an ISO 8601 date-time's suffix names a zone: a Common Log Format time is bracketed too.
    const bracket = lexIso(text.trim())?.bracket;
    if (bracket === undefined) continue;
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
    if (error instanceof DomainError) throw renamed(name, error);
    throw error;
  }
}

/** A refusal with the operand's name in place of the parameter it was written for. */
const renamed = (name: string, error: DomainError): DomainError =>
  new DomainError(error.code, error.message.replace(/^(timestamp|datetime|tz)\b/, name));

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
  options: OperandOptions,
  as: 'timestamp' | 'datetime' = TIMESTAMP.test(text.trim()) ? 'timestamp' : 'datetime',
): Operand {
  const { unit, disambiguation } = options;
  let read: { body: TimestampToUtc | DatetimeToUnix; unixNs: bigint };
  if (as === 'timestamp') read = named(name, () => convertTimestamp({ timestamp: text, unit, tz: zone }));
  else if (!isRfc3339Shaped(text)) {
    // Not RFC 3339 at all: read as identify reads a date written as text (contract §3d), at once.
    // The refusal is made only when needed: an Error's stack costs more than reading the text.
    return readAsText(name, text, zone, options, () => renamed(name, notRfc3339Refusal()));
  } else {
    try {
      read = named(name, () => convertDatetime({ datetime: text, tz: zone, disambiguation }));
    } catch (error) {
      // Not RFC 3339: read as identify reads a date written as text (contract §3d).
      if (!(error instanceof DomainError) || error.code !== 'DATETIME_INVALID') throw error;
      return readAsText(name, text, zone, options, () => error);
    }
  }
  return { body: { ...withoutSource(read.body), exact: exactInstant(read.unixNs).exact }, unixNs: read.unixNs };
}

/**
 * An operand `/to-unix` refuses as not RFC 3339 (`refuse` makes that refusal), read as `identify`
 * reads it with the request's zone and `disambiguation`: when the text formats
 * that read it give one instant, that is the operand, and its body names the
 * first format (with its `resolution` and `leap_second`). A floating value
 * needs the request's zone, as an RFC 3339 value without an offset does.
 * Formats that give different instants are refused, naming them; no reading
 * gets that refusal, with identify's near-miss note when it has one.
 */
function readAsText(name: string, text: string, zone: string | undefined, options: OperandOptions, refuse: () => DomainError): Operand {
  const disambiguation = parseDisambiguation(options.disambiguation);
  const { readings, nearMiss, leftOut } = readWith(TEXT_FORMAT_TABLE, lex(text.trim()), { zone, disambiguation, nowMs: options.nowMs });
  const [refused] = leftOut;
  if (refused !== undefined && readings.length === 0) throw new DomainError(refused.code, refused.message.replace(/^datetime\b/, name));
  if (readings.length === 0) {
    const note = nearMiss === undefined ? '' : `; ${nearMiss.replace(/^value\b/, name)}`;
    const refusal = refuse();
    throw new DomainError(refusal.code, `${refusal.message}${note}`);
  }
  const [first] = readings;
  if (first === undefined) throw refuse();
  if (zone === undefined && first.reading.fields['zone_assumed'] !== undefined) {
    throw new DomainError(
      'DATETIME_MISSING_ZONE',
      `${name} is written as ${first.row.format}, with no time zone: tz must name one (such as Europe/Berlin), as local time is ambiguous`,
    );
  }
  // A zone the value names in brackets (java_zoned) is one zone, and tz another, as /to-unix says of RFC 9557.
  const named = first.reading.fields['time_zone'];
  if (typeof named === 'string' && zone !== undefined && !sameZone(named, zone)) {
    throw new DomainError('DATETIME_ZONE_MISMATCH', `${name} names the zone ${named} but tz names ${zone}; give one zone or the same one`);
  }
  const instants = new Set(readings.map(({ reading }) => reading.unixNs));
  if (instants.size > 1) {
    throw new DomainError(
      'DATETIME_AMBIGUOUS_FORMAT',
      `${name} reads as ${readings.map(({ row }) => row.format).join(', ')}, which give different instants; write it as RFC 3339`,
    );
  }
  const { unixNs, resolution, leapSecond } = first.reading;
  const unixMs = floorDiv(unixNs, NS_PER_MS);
  if (!isInRange(unixMs))
    throw new DomainError('DATETIME_OUT_OF_RANGE', `${name} is out of range: the UTC instant must fall ${RANGE_TEXT}`);
  const { utc, exact } = exactInstant(unixNs);
  const body: OperandBody = {
    input: text,
    format: first.row.format,
    utc,
    ...(zone === undefined ? {} : { local: localTime(unixMs, zone) }),
    ...(resolution === undefined ? {} : { resolution }),
    ...(leapSecond ? { leap_second: true as const } : {}),
    exact,
  };
  return { body, unixNs };
}
