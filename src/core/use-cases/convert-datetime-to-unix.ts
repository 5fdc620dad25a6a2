import { DomainError } from '../errors.js';
import {
  NS_PER_MS,
  NS_PER_SECOND,
  RANGE_TEXT,
  daysFromCivil,
  daysInMonth,
  floorDiv,
  isInRange,
  utcInstant,
  type UtcInstant,
} from '../time/calendar.js';
import { isFollowedByLeapSecond } from '../time/leap-seconds.js';
import {
  exactResolution,
  localTime,
  parseDisambiguation,
  resolveWallClock,
  resolveZone,
  sameZone,
  zoneHadOffset,
  type LocalTime,
  type WallClock,
  type WallClockResolution,
} from '../time/zones.js';

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

// A space stands for '+' because a bare '+' in a query string arrives as a space.
// An RFC 9557 suffix names a zone: [Europe/Berlin], or [!Europe/Berlin] when critical.
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:([Zz])|([+ -])(\d{2}):(\d{2}))?(?:\[!?([^\]]*)\])?$/;

const FORMAT_MESSAGE = 'datetime must be an RFC 3339 date-time such as 2024-05-01T12:30:00Z or 2024-05-01T14:30:00+02:00';
const MISSING_ZONE_MESSAGE =
  'datetime must end with a time zone, Z or ±HH:MM, or tz must name one (such as Europe/Berlin): local time is ambiguous';

interface Parsed {
  readonly clock: WallClock;
  /** East of UTC; undefined when the datetime has no offset, 0 for Z. */
  readonly offsetSeconds: number | undefined;
  readonly utcDesignator: boolean;
  readonly offsetText: string;
  readonly bracketZone: string | undefined;
}

function parse(datetime: string): Parsed {
  const match = DATETIME.exec(datetime.trim());
  if (!match) throw new DomainError('DATETIME_INVALID', FORMAT_MESSAGE);
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    throw new DomainError('DATETIME_IMPOSSIBLE', `datetime has an impossible date: ${match[1]}-${match[2]}-${match[3]}`);
  }
  if (hour > 23 || minute > 59 || second > 60) {
    throw new DomainError('DATETIME_IMPOSSIBLE', `datetime has an impossible time: ${match[4]}:${match[5]}:${match[6]}`);
  }
  let offsetSeconds: number | undefined;
  if (match[8] !== undefined) offsetSeconds = 0;
  if (match[9] !== undefined) {
    const offsetHours = Number(match[10]);
    const offsetMinutes = Number(match[11]);
    if (offsetHours > 23 || offsetMinutes > 59) {
      throw new DomainError('DATETIME_IMPOSSIBLE', `datetime has an impossible offset: ${match[10]}:${match[11]}`);
    }
    offsetSeconds = (match[9] === '-' ? -1 : 1) * (offsetHours * 3600 + offsetMinutes * 60);
  }
  const bracket = match[12];
  if (bracket !== undefined && (bracket === '' || bracket.includes('='))) {
    throw new DomainError('DATETIME_INVALID', 'datetime may carry only a time zone in brackets, such as [Europe/Berlin]');
  }
  const fraction = (match[7] ?? '').slice(0, 9).padEnd(9, '0');
  return {
    clock: { year, month, day, hour, minute, second, fractionNs: Number(fraction) },
    offsetSeconds,
    utcDesignator: match[8] !== undefined,
    offsetText: match[9] === undefined ? '' : `${match[9] === '-' ? '-' : '+'}${match[10]}:${match[11]}`,
    bracketZone: bracket,
  };
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

const exactUnixNs = (clock: WallClock, offsetSeconds: number): bigint =>
  BigInt(
    daysFromCivil(clock.year, clock.month, clock.day) * 86_400 + clock.hour * 3600 + clock.minute * 60 + clock.second - offsetSeconds,
  ) *
    NS_PER_SECOND +
  BigInt(clock.fractionNs);

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
  const parsed = parse(datetime);
  const zone = zoneOf(parsed.bracketZone, tz);
  const leap = parsed.clock.second === 60;
  // A leap second is read as 23:59:59 of its day, its fraction kept, as Temporal and java.time do.
  const clock = leap ? { ...parsed.clock, second: 59 } : parsed.clock;
  let unixNs: bigint;
  let resolution: WallClockResolution | undefined;
  if (parsed.offsetSeconds !== undefined) {
    if (zone !== undefined && parsed.bracketZone !== undefined && !parsed.utcDesignator) {
      if (!zoneHadOffset(clock, zone, parsed.offsetSeconds)) {
        throw new DomainError(
          'DATETIME_OFFSET_MISMATCH',
          `datetime has the offset ${parsed.offsetText}, which ${zone} never had at ${datetime.trim().slice(0, 19)}`,
        );
      }
    }
    unixNs = exactUnixNs(clock, parsed.offsetSeconds);
    if (zone !== undefined && isInRange(floorDiv(unixNs, NS_PER_MS))) resolution = exactResolution(floorDiv(unixNs, NS_PER_MS), chosen);
  } else if (zone !== undefined) {
    ({ unixNs, resolution } = resolveWallClock(clock, zone, chosen));
  } else {
    throw new DomainError('DATETIME_MISSING_ZONE', MISSING_ZONE_MESSAGE);
  }
  const unixMs = floorDiv(unixNs, NS_PER_MS);
  if (!isInRange(unixMs)) {
    throw new DomainError('DATETIME_OUT_OF_RANGE', `datetime is out of range: the UTC instant must fall ${RANGE_TEXT}`);
  }
  const utc = utcInstant(unixMs);
  if (leap && !isFollowedByLeapSecond(utc.iso)) {
    throw new DomainError(
      'DATETIME_NOT_LEAP_SECOND',
      `datetime has second 60, but no leap second occurred then: in UTC it is ${utc.iso.slice(0, 17)}60, and only 27 days from 1972-06-30 to 2016-12-31 ended with one`,
    );
  }
  const body: DatetimeToUnix = {
    input: datetime,
    utc,
    ...(zone === undefined ? {} : { local: localTime(unixMs, zone), resolution }),
    ...(leap ? { leap_second: true as const } : {}),
    source: 'datetime_utc',
  };
  return { body, unixNs };
}
