import { DomainError } from '../../shared/errors.js';
import { NS_PER_MS, RANGE_TEXT, floorDiv, isInRange, utcInstant, type UtcInstant } from '../calendar.js';
import { lex, readWith } from '../identify-formats.js';
import {
  FLOATING_FORMATS,
  TEXT_FORMAT_TABLE,
  isFault,
  isoClock,
  isoInstant,
  isoOffset,
  lexIso,
  type Fault,
  type IsoInstant,
  type IsoParts,
} from '../text-formats.js';
import {
  localTime,
  parseDisambiguation,
  resolveZone,
  sameZone,
  type LocalTime,
  type WallClock,
  type WallClockResolution,
} from '../zones.js';

export interface DatetimeToUnixInput {
  readonly datetime: string;
  /** The zone a datetime without an offset is read in, and the zone `local` shows. */
  readonly tz?: string | undefined;
  readonly disambiguation?: string | undefined;
}

export interface DatetimeToUnix {
  readonly input: string;
  readonly utc: UtcInstant;
  readonly local?: LocalTime;
  readonly resolution?: WallClockResolution;
  readonly leap_second?: true;
  readonly source: 'datetime_utc';
}

const FORMAT_MESSAGE = 'datetime must be an RFC 3339 date-time such as 2024-05-01T12:30:00Z or 2024-05-01T14:30:00+02:00';
const MISSING_ZONE_MESSAGE =
  'datetime must end with a time zone, Z or ±HH:MM, or tz must name one (such as Europe/Berlin): local time is ambiguous';

/** A whole RFC 3339 date-time without its offset, but with a space for the T: SQL's DATETIME. */
const SPACED_DATETIME = /^\s*\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d{1,9})?\s*$/;

/** The text formats that carry their own offset or zone: without `tz`, only these are named in the refusal. */
const OWN_ZONE_FORMATS = TEXT_FORMAT_TABLE.filter(({ format }) => !FLOATING_FORMATS.includes(format));

/**
 * The refusal of a value that is not RFC 3339, naming the text format `identify` reads it as with the same `tz`, when
 * there is one: with a zone, a floating one too (`2024-03-31 02:30:00` is `iso_local`), since the zone is then not
 * what it lacks. A `tz` that names no zone is refused on its own later, so here it counts as none.
 */
function notRfc3339(text: string, tz: string | undefined): DomainError {
  let zone: string | undefined;
  try {
    zone = tz === undefined ? undefined : resolveZone(tz);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
  }
  const formats = zone === undefined ? OWN_ZONE_FORMATS : TEXT_FORMAT_TABLE;
  // The year of an RFC 850 date depends on now; which format reads the value does not.
  const { readings } = readWith(formats, lex(text), { zone, disambiguation: 'compatible', nowMs: 0 });
  const format = readings[0]?.row.format;
  const readBy = '/unix-timestamp/identify and /unix-timestamp/format';
  if (format === undefined) return new DomainError('DATETIME_INVALID', FORMAT_MESSAGE);
  // identify's rfc3339 takes a space for the T, as RFC 3339 §5.6 allows, and its iso_local SQL's DATETIME;
  // /to-unix takes the T alone (contract §3), so that is all such a value needs.
  if (format === 'rfc3339' || (format === 'iso_local' && SPACED_DATETIME.test(text)))
    return new DomainError(
      'DATETIME_INVALID',
      `${FORMAT_MESSAGE}, with a T between date and time, where this one has a space; ${readBy} read it as written`,
    );
  return new DomainError('DATETIME_INVALID', `${FORMAT_MESSAGE}; this one is written as ${format}, which ${readBy} read`);
}

/** RFC 3339 as `/to-unix` reads it (contract §3): `T`, seconds, any fraction, `Z`, `±HH:MM` or none, and an RFC 9557 bracket. */
const isRfc3339 = (parts: IsoParts): boolean =>
  parts.separator === 'T' &&
  parts.second !== undefined &&
  (parts.zone === undefined || parts.zone.style === 'Z' || parts.zone.style === 'HH:MM');

/** Whether `/to-unix` reads the text's shape at all: an operand that it does not is read as identify reads it. */
export const isRfc3339Shaped = (datetime: string): boolean => {
  const parts = lexIso(datetime.trim());
  return parts !== undefined && isRfc3339(parts);
};

/** `/to-unix`'s refusal of a value of no shape it reads, when no text format reads it either. */
export const notRfc3339Refusal = (): DomainError => new DomainError('DATETIME_INVALID', FORMAT_MESSAGE);

function parse(datetime: string, tz: string | undefined): { parts: IsoParts; clock: WallClock; offset: number | undefined } {
  const text = datetime.trim();
  const parts = lexIso(text);
  if (parts === undefined || !isRfc3339(parts)) throw notRfc3339(text, tz);
  const clock = isoClock(parts);
  if (isFault(clock)) throw new DomainError('DATETIME_IMPOSSIBLE', `datetime has an impossible ${clock.fault}: ${clock.text}`);
  const offset = isoOffset(parts.zone);
  if (offset !== undefined && typeof offset !== 'number') {
    throw new DomainError('DATETIME_IMPOSSIBLE', `datetime has an impossible offset: ${offset.text.slice(1)}`);
  }
  if (parts.bracket !== undefined && (parts.bracket === '' || parts.bracket.includes('='))) {
    throw new DomainError('DATETIME_INVALID', 'datetime may carry only a time zone in brackets, such as [Europe/Berlin]');
  }
  return { parts, clock, offset };
}

/** The zone the request names: a bracketed zone, `tz`, or both when they agree. */
function zoneOf(bracketZone: string | undefined, tz: string | undefined): string | undefined {
  const named = bracketZone === undefined ? undefined : resolveZone(bracketZone);
  const given = tz === undefined ? undefined : resolveZone(tz);
  if (named !== undefined && given !== undefined && !sameZone(named, given)) {
    throw new DomainError(
      'DATETIME_ZONE_MISMATCH',
      `datetime names the zone ${named} but tz names ${given}; give one zone or the same one`,
    );
  }
  return named ?? given;
}

/**
 * Converts an RFC 3339 date-time to Unix time, flooring fractional seconds to
 * the millisecond. A date-time without an offset is read as wall-clock time in
 * the zone that `tz` or an RFC 9557 bracket names, with DST gaps and overlaps
 * settled by `disambiguation` and reported in `resolution`; with a zone, `local`
 * shows the instant there. Second 60 is accepted only at a real leap second.
 *
 * Throws `DATETIME_MISSING_ZONE` for local times with no zone, `DATETIME_IMPOSSIBLE`
 * for dates and times that do not exist (it never rolls them over),
 * `DATETIME_NOT_LEAP_SECOND` for any other second 60, `TZ_UNKNOWN`,
 * `DISAMBIGUATION_INVALID`, `DATETIME_ZONE_MISMATCH` when the bracket and `tz`
 * disagree, `DATETIME_OFFSET_MISMATCH` for an offset the bracketed zone never
 * had then, `DATETIME_SKIPPED`/`DATETIME_REPEATED` for `reject` in a gap or
 * overlap, `DATETIME_INVALID` for anything else that is not RFC 3339, and
 * `DATETIME_OUT_OF_RANGE` when the UTC result leaves years 0001–9999.
 */
export class ConvertDatetimeToUnix {
  execute(input: DatetimeToUnixInput): DatetimeToUnix {
    return convertDatetime(input).body;
  }
}

/** The conversion, and the instant exactly, in nanoseconds since 1970: for the operations that read a date-time as `/to-unix` does. */
export function convertDatetime({ datetime, tz, disambiguation }: DatetimeToUnixInput): { body: DatetimeToUnix; unixNs: bigint } {
  const chosen = parseDisambiguation(disambiguation);
  const { parts, clock, offset } = parse(datetime, tz);
  const zone = zoneOf(parts.bracket, tz);
  if (offset === undefined && zone === undefined) throw new DomainError('DATETIME_MISSING_ZONE', MISSING_ZONE_MESSAGE);
  const instant = isoInstant(parts, clock, zone, chosen);
  if (isFault(instant) && instant.fault === 'zone_offset') {
    throw new DomainError(
      'DATETIME_OFFSET_MISMATCH',
      `datetime has the offset ${instant.text}, which ${instant.zone} never had at ${datetime.trim().slice(0, 19)}`,
    );
  }
  // parse() refused an impossible date, time or offset, so a fault left here is a second 60 with no leap second.
  const { unixNs } = instant as IsoInstant | Extract<Fault, { fault: 'leap' }>;
  const unixMs = floorDiv(unixNs, NS_PER_MS);
  if (!isInRange(unixMs)) {
    throw new DomainError('DATETIME_OUT_OF_RANGE', `datetime is out of range: the UTC instant must fall ${RANGE_TEXT}`);
  }
  if (isFault(instant)) {
    throw new DomainError(
      'DATETIME_NOT_LEAP_SECOND',
      `datetime has second 60, but no leap second occurred then: in UTC it is ${instant.text.slice(0, -1)}, and only 27 days from 1972-06-30 to 2016-12-31 ended with one`,
    );
  }
  const body: DatetimeToUnix = {
    input: datetime,
    utc: utcInstant(unixMs),
    ...(zone === undefined ? {} : { local: localTime(unixMs, zone), resolution: instant.resolution }),
    ...(instant.leapSecond ? { leap_second: true as const } : {}),
    source: 'datetime_utc',
  };
  return { body, unixNs };
}
