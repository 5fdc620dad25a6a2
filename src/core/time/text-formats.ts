import { DomainError } from '../shared/errors.js';
import { NS_PER_MS, NS_PER_SECOND, civilFromDays, daysFromCivil, daysInMonth, floorDiv, formatIsoSecond, isInRange } from './calendar.js';
import { isFollowedByLeapSecond } from './leap-seconds.js';
import type { FormatRow, Lexed, Reading, ReadingContext, Unread } from './reading.js';
import { exactResolution, resolveWallClock, resolveZone, zoneHadOffset, type WallClock, type WallClockResolution } from './zones.js';
import type { Disambiguation, TextFormat } from './vocabulary.js';

/**
 * The date-times written as text (contract §3c, formats 25–39), each one row,
 * as the numeric formats are: its code, a short human name and the one
 * function that reads a trimmed value into an exact instant, says why a value
 * of its shape names no instant (a near miss), or answers undefined when the
 * value is not of its shape. Every ISO 8601-like value, `/to-unix`'s included,
 * is lexed by `lexIso` and read by `isoInstant`: one grammar and one reading,
 * whichever operation asks. Names of days and months are English, in any
 * case; a space stands for the `+` of a numeric offset, which a query string
 * turns into one; fractions are exact to the nanosecond.
 */

/** The formats that carry no offset or zone of their own: read in the request's zone (contract §3c, orders 33–36). */
export const FLOATING_FORMATS: readonly TextFormat[] = ['iso_local', 'iso_date', 'iso_week_date', 'iso_ordinal_date'];

const MONTHS: readonly string[] = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const FULL_DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const MONTH = '(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)';
const DAY = '(mon|tue|wed|thu|fri|sat|sun)';
const FRACTION = '(?:\\.(\\d{1,9}))?';
/** A numeric offset's sign: a space is the `+` a query string turned into one. */
const SIGN = '[+ -]';

/** RFC 5322 §4.3's obsolete zones, and GMT, UT and UTC, east of UTC in seconds. */
const NAMED_ZONES: Readonly<Record<string, number>> = {
  ut: 0,
  utc: 0,
  gmt: 0,
  est: -5 * 3600,
  edt: -4 * 3600,
  cst: -6 * 3600,
  cdt: -5 * 3600,
  mst: -7 * 3600,
  mdt: -6 * 3600,
  pst: -8 * 3600,
  pdt: -7 * 3600,
};

// ---- what a value of a format's shape can get wrong ----

/** Why a value of a format's shape names no instant, with the part at fault as written. */
export type Fault =
  | { readonly fault: 'date' | 'time' | 'offset' | 'week' | 'ordinal' | 'abbreviation'; readonly text: string }
  | { readonly fault: 'zone'; readonly text: string; readonly offset?: string }
  /** `unixNs`: the instant the value would be, read as second 59, so that its range can be told first. */
  | { readonly fault: 'leap'; readonly text: string; readonly unixNs: bigint }
  | { readonly fault: 'zone_offset'; readonly text: string; readonly zone: string; readonly wall: string };

export const isFault = (outcome: object): outcome is Fault => 'fault' in outcome;

/** How `identify` says what is wrong, after "value reads as <format>, but". */
function faultPhrase(fault: Fault): string {
  switch (fault.fault) {
    case 'date':
      return `its date ${fault.text} does not exist`;
    case 'time':
      return `its time ${fault.text} does not exist: hours run 00–23 and minutes 00–59`;
    case 'offset':
      return `its offset ${fault.text} does not exist`;
    case 'leap':
      return `its second 60 falls at ${fault.text} in UTC, when no leap second occurred: only 27 days from 1972-06-30 to 2016-12-31 ended with one`;
    case 'zone':
      return `its zone [${fault.text}]${fault.offset === undefined ? '' : `, given with the offset ${fault.offset},`} is not an IANA time zone`;
    case 'zone_offset':
      return `its offset ${fault.text} is not one ${fault.zone} ever had at ${fault.wall}`;
    case 'week':
      return `its week ${fault.text} does not exist: ${fault.text.slice(0, 4)} has 52 ISO weeks`;
    case 'ordinal':
      return `its day ${fault.text} does not exist: ${fault.text.slice(0, 4)} has 365 days`;
    case 'abbreviation':
      return `its zone abbreviation ${fault.text} names no single offset: the offset itself (+01:00), or a time with no zone and tz, is read`;
  }
}

// ---- wall clocks and offsets ----

/** A group a regular expression matched; every group read this way is one the expression requires. */
const at = (match: RegExpExecArray, index: number): string => match[index] ?? '';

const monthOf = (name: string): number => MONTHS.indexOf(name.toLowerCase()) + 1;
/** ISO 8601's day of the week, 1 = Monday, of a civil date. */
const isoDayOfWeek = (year: number, month: number, day: number): number => ((((daysFromCivil(year, month, day) + 3) % 7) + 7) % 7) + 1;
const pad = (value: number, width = 2): string => String(value).padStart(width, '0');
const dateText = (year: number, month: number, day: number): string => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/** The wall clock a value names, when its date and time exist (a second of 60 is kept for the leap-second check). */
function wallClock(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, fraction = ''): WallClock | Fault {
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return { fault: 'date', text: dateText(year, month, day) };
  if (hour > 23 || minute > 59 || second > 60) return { fault: 'time', text: `${pad(hour)}:${pad(minute)}:${pad(second)}` };
  return { year, month, day, hour, minute, second, fractionNs: Number(fraction.slice(0, 9).padEnd(9, '0')) };
}

/**
 * The wall clock of a match whose groups at `groups` are its year, month (digits, or an English
 * name), day, hour, minute and second (a missing second is 0), then optionally its fraction.
 */
function clockOf(match: RegExpExecArray, groups: readonly number[]): WallClock | Fault {
  const [year, month, day, hour, minute, second] = groups.slice(0, 6).map((group) => match[group] ?? '0');
  const named = !/^\d+$/.test(month ?? '');
  const fraction = groups[6] === undefined ? '' : (match[groups[6]] ?? '');
  const clock = wallClock(
    Number(year),
    named ? monthOf(month ?? '') : Number(month),
    Number(day?.trim()),
    Number(hour),
    Number(minute),
    Number(second),
    fraction,
  );
  if (!named || !isFault(clock) || clock.fault !== 'date') return clock;
  // A date with a month name is quoted as written, its parts in the value's own order: "Nov 32 2026".
  const written = groups
    .slice(0, 3)
    .sort((a, b) => a - b)
    .map((group) => (match[group] ?? '').trim());
  return { fault: 'date', text: written.join(' ') };
}

/** An ISO value's offset in seconds east of UTC (Z, UTC and GMT are 0), undefined without one, or the fault. */
export function isoOffset(zone: IsoZone | undefined): number | Fault | undefined {
  if (zone === undefined) return undefined;
  return zone.style === 'Z' || zone.style === 'name' ? 0 : offsetSeconds(zone.text);
}

/** `±HHMM`, `±HH:MM` or `±HH` (a space for `+`) as seconds east of UTC, or a fault for hours past 23 or minutes past 59. */
function offsetSeconds(text: string): number | Fault {
  const match = /^([+ -])(\d{2}):?(\d{2})?$/.exec(text);
  const [hours, minutes] = [Number(match?.[2]), Number(match?.[3] ?? 0)];
  const written = `${text.startsWith('-') ? '-' : '+'}${text.slice(1)}`;
  if (match === null || hours > 23 || minutes > 59) return { fault: 'offset', text: written };
  return (match[1] === '-' ? -1 : 1) * (hours * 3600 + minutes * 60);
}

/**
 * The exact instant of a wall clock at a fixed offset. Second 60 is read as
 * section 3 reads a leap second: as 23:59:59 of its day, its fraction kept,
 * and only where that is 23:59:60 UTC of a day that ended with one.
 */
function atOffset(clock: WallClock, offset: number): { unixNs: bigint; leapSecond?: true } | Fault {
  const leap = clock.second === 60;
  const second = leap ? 59 : clock.second;
  const unixSeconds = daysFromCivil(clock.year, clock.month, clock.day) * 86_400 + clock.hour * 3600 + clock.minute * 60 + second - offset;
  const unixNs = BigInt(unixSeconds) * NS_PER_SECOND + BigInt(clock.fractionNs);
  if (!leap) return { unixNs };
  const utc = formatIsoSecond(unixSeconds);
  return isFollowedByLeapSecond(utc) ? { unixNs, leapSecond: true } : { fault: 'leap', text: `${utc.slice(0, 17)}60Z`, unixNs };
}

/** A wall clock as `2024-03-31T02:30:00`, for messages. */
const wallText = (clock: WallClock): string =>
  `${dateText(clock.year, clock.month, clock.day)}T${pad(clock.hour)}:${pad(clock.minute)}:${pad(clock.second)}`;

/** A fault, or the reading of an instant with its fields and notes. */
function reading(
  outcome: { unixNs: bigint; leapSecond?: true } | Fault,
  fields: Reading['fields'] = {},
  notes?: string[],
): Reading | Fault {
  if (isFault(outcome)) return outcome;
  return { unixNs: outcome.unixNs, fields, ...(notes === undefined ? {} : { notes }), ...(outcome.leapSecond ? { leapSecond: true } : {}) };
}

/** A wall clock at the offset `zone` names (a numeric offset or a named zone of `NAMED_ZONES`), or the fault. */
function atZone(clock: WallClock | Fault, zone: string, notes?: (clock: WallClock) => string[] | undefined): Reading | Fault {
  if (isFault(clock)) return clock;
  const offset = NAMED_ZONES[zone.toLowerCase()] ?? offsetSeconds(zone);
  if (typeof offset !== 'number') return offset;
  return reading(atOffset(clock, offset), {}, notes?.(clock));
}

/** The note for a day name that is not the date's own day; the candidate is kept. */
function dayNameNote(name: string | undefined): (clock: WallClock) => string[] | undefined {
  return (clock) => {
    if (name === undefined) return undefined;
    const index = isoDayOfWeek(clock.year, clock.month, clock.day) - 1;
    const named = name.toLowerCase();
    if (named === DAYS[index] || named === FULL_DAYS[index]) return undefined;
    const day = FULL_DAYS[index] ?? '';
    return [
      `value names the day ${name}, but ${dateText(clock.year, clock.month, clock.day)} is a ${day.charAt(0).toUpperCase()}${day.slice(1)}: the date was read, the day name ignored`,
    ];
  };
}

// ---- ISO 8601 extended date-times: one lexer, one reading ----

/** What follows the time of an ISO 8601-like value, as written. */
export type IsoZone =
  | { readonly style: 'Z' }
  | { readonly style: 'HH:MM' | 'HHMM' | 'HH'; readonly text: string }
  | { readonly style: 'name'; readonly text: string };

/** The parts of an ISO 8601-like date-time as written, before any check of their ranges. */
export interface IsoParts {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly separator: 'T' | ' ';
  readonly hour: number;
  readonly minute: number;
  /** Undefined when the seconds were left out. */
  readonly second: number | undefined;
  /** The fraction's digits as written, any number of them. */
  readonly fraction: string | undefined;
  readonly zone: IsoZone | undefined;
  /** An RFC 9557 suffix's contents, `!` (critical) left out. */
  readonly bracket: string | undefined;
}

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})([Tt ])(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(?:([Zz])|([+ -]\d{2})(:?\d{2})?| (utc|gmt))?(?:\[!?([^\]]*)\])?$/i;

/** The parts of `YYYY-MM-DD[T ]HH:MM[:SS[.f]]`, then `Z`, `±HH:MM`, `±HHMM`, `±HH` or ` UTC`/` GMT`, then `[zone]`, each optional; undefined for any other text. */
export function lexIso(text: string): IsoParts | undefined {
  const match = ISO.exec(text);
  if (match === null) return undefined;
  const minutes = match[11];
  let zone: IsoZone | undefined;
  if (match[9] !== undefined) zone = { style: 'Z' };
  else if (match[10] !== undefined) {
    zone = { style: minutes === undefined ? 'HH' : minutes.startsWith(':') ? 'HH:MM' : 'HHMM', text: `${match[10]}${minutes ?? ''}` };
  } else if (match[12] !== undefined) zone = { style: 'name', text: match[12] };
  return {
    year: Number(match[1]),
    month: Number(match[2]),
    day: Number(match[3]),
    separator: match[4] === ' ' ? ' ' : 'T',
    hour: Number(match[5]),
    minute: Number(match[6]),
    second: match[7] === undefined ? undefined : Number(match[7]),
    fraction: match[8],
    zone,
    bracket: match[13],
  };
}

/** The wall clock of an ISO value's date and time, when both exist. */
export const isoClock = (parts: IsoParts): WallClock | Fault =>
  wallClock(parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second ?? 0, parts.fraction ?? '');

/** The zone an RFC 9557 bracket names, as the runtime spells it, or the fault. */
export function bracketZone(name: string): string | Extract<Fault, { fault: 'zone' }> {
  try {
    return resolveZone(name);
  } catch (error) {
    if (error instanceof DomainError) return { fault: 'zone', text: name };
    throw error;
  }
}

export interface IsoInstant {
  readonly unixNs: bigint;
  /** With a zone: how the wall time was read there (`unique` for a value with its own offset). */
  readonly resolution?: WallClockResolution;
  readonly leapSecond?: true;
}

/**
 * The instant of an ISO value whose clock exists, as `/to-unix` reads it
 * (contract §3, §3b): by its own offset when it has one (one `zone` never had,
 * when the value names that zone in brackets, is a fault); else as wall-clock
 * time in `zone`, settled by `disambiguation` (throwing `DATETIME_SKIPPED` or
 * `DATETIME_REPEATED` for `reject` in a gap or an overlap). A second of 60
 * is a fault unless it falls at a real leap second. `zone` is needed when
 * the value has no offset.
 */
export function isoInstant(
  parts: IsoParts,
  clock: WallClock,
  zone: string | undefined,
  disambiguation: Disambiguation,
): IsoInstant | Fault {
  const leap = clock.second === 60;
  const wall = leap ? { ...clock, second: 59 } : clock;
  if (parts.zone !== undefined) {
    const offset = isoOffset(parts.zone) ?? 0;
    if (typeof offset !== 'number') return offset;
    if (zone !== undefined && parts.bracket !== undefined && parts.zone.style !== 'Z' && !zoneHadOffset(wall, zone, offset)) {
      return { fault: 'zone_offset', text: parts.zone.text.replace(/^ /, '+'), zone, wall: wallText(wall) };
    }
    const instant = atOffset(clock, offset);
    if (isFault(instant)) return instant;
    const unixMs = floorDiv(instant.unixNs, NS_PER_MS);
    return zone !== undefined && isInRange(unixMs) ? { ...instant, resolution: exactResolution(unixMs, disambiguation) } : instant;
  }
  if (zone === undefined) throw new Error('isoInstant: a value without an offset needs a zone');
  const { unixNs, resolution } = resolveWallClock(wall, zone, disambiguation);
  if (!leap) return { unixNs, resolution };
  const utc = formatIsoSecond(Number(floorDiv(unixNs, NS_PER_SECOND)));
  return isFollowedByLeapSecond(utc) ? { unixNs, resolution, leapSecond: true } : { fault: 'leap', text: `${utc.slice(0, 17)}60Z`, unixNs };
}

/** A floating wall clock read in the request's zone, or in UTC without one, saying so; `reject` in a gap or overlap leaves it out. */
function floating(
  parts: IsoParts,
  clock: WallClock | Fault,
  { zone, disambiguation }: ReadingContext,
  startOfDay = false,
): Reading | Fault | Unread {
  if (isFault(clock)) return clock;
  const timeZone = zone ?? 'UTC';
  let instant: IsoInstant | Fault;
  try {
    instant = isoInstant(parts, clock, timeZone, disambiguation);
  } catch (error) {
    if (error instanceof DomainError && (error.code === 'DATETIME_SKIPPED' || error.code === 'DATETIME_REPEATED')) {
      return { leftOut: error };
    }
    throw error;
  }
  if (isFault(instant)) return instant;
  // A date is its first instant: where midnight falls in a gap, the gap's end, whichever way the gap is settled.
  const unixNs =
    startOfDay && instant.resolution?.kind === 'gap'
      ? Temporal.Instant.from(instant.resolution.candidates[1] ?? '').epochNanoseconds
      : instant.unixNs;
  return {
    unixNs,
    fields: { zone_assumed: timeZone },
    notes: [
      zone === undefined
        ? 'value carries no zone: it was read as wall-clock time in UTC; tz names another zone to read it in'
        : `value carries no zone: it was read as wall-clock time in ${timeZone}, the zone tz names`,
    ],
    ...(instant.resolution === undefined ? {} : { resolution: instant.resolution }),
    ...(instant.leapSecond ? { leapSecond: true as const } : {}),
  };
}

type IsoReader = (parts: IsoParts, context: ReadingContext) => Reading | Fault | Unread | undefined;

/** Whether the fraction, if any, has the 1–9 digits `identify` reads. */
const shortFraction = (parts: IsoParts): boolean => parts.fraction === undefined || parts.fraction.length <= 9;

/** An offset written `±HH:MM` or `Z`, as RFC 3339 writes it. */
const rfc3339Zone = (zone: IsoZone | undefined): boolean => zone !== undefined && (zone.style === 'Z' || zone.style === 'HH:MM');

/** A value with its own offset, read at it; with a bracket, in that zone, which must have had the offset. */
function ownOffset(parts: IsoParts): Reading | Fault {
  const clock = isoClock(parts);
  if (isFault(clock)) return clock;
  const zone = parts.bracket === undefined ? undefined : bracketZone(parts.bracket);
  if (zone !== undefined && typeof zone !== 'string') {
    return parts.zone === undefined || parts.zone.style === 'Z' ? zone : { ...zone, offset: parts.zone.text.replace(/^ /, '+') };
  }
  const instant = isoInstant(parts, clock, zone, 'compatible');
  if (isFault(instant)) return instant;
  return {
    unixNs: instant.unixNs,
    fields: zone === undefined ? {} : { time_zone: zone },
    ...(instant.leapSecond ? { leapSecond: true } : {}),
  };
}

const rfc3339: IsoReader = (parts) =>
  parts.second !== undefined && shortFraction(parts) && rfc3339Zone(parts.zone) && parts.bracket === undefined
    ? ownOffset(parts)
    : undefined;

const rfc9557: IsoReader = (parts) => {
  if (parts.second === undefined || !shortFraction(parts) || parts.bracket === undefined) return undefined;
  if (rfc3339Zone(parts.zone)) return ownOffset(parts);
  // RFC 9557 without an offset is /to-unix's wall-clock form (contract §3b): identify says where it is read.
  const zone = bracketZone(parts.bracket);
  return parts.zone === undefined && parts.separator === 'T' && typeof zone === 'string'
    ? {
        nearMiss: `value reads as rfc9557, but has no offset before [${parts.bracket}], which identify needs; /unix-timestamp/to-unix reads it as wall-clock time in ${zone}`,
      }
    : undefined;
};

const isoLocal: IsoReader = (parts, context) =>
  parts.zone === undefined && parts.bracket === undefined && shortFraction(parts) ? floating(parts, isoClock(parts), context) : undefined;

/** PostgreSQL's `±HH`, Java's `±HHMM`, Rails' ` UTC` (contract §3c, order 38). */
const isoOffsetVariant: IsoReader = (parts) => {
  const style = parts.zone?.style;
  const fits = style === 'HH' || style === 'HHMM' || style === 'name';
  return fits && parts.second !== undefined && shortFraction(parts) && parts.bracket === undefined ? ownOffset(parts) : undefined;
};

/** `ZonedDateTime.toString()` when the seconds are zero: `2024-01-01T10:00+01:00[Europe/Paris]` (order 39). */
const javaZoned: IsoReader = (parts) =>
  parts.separator === 'T' && parts.second === undefined && rfc3339Zone(parts.zone) && parts.bracket !== undefined
    ? ownOffset(parts)
    : undefined;

// ---- the other shapes ----

const BASIC = new RegExp(`^(\\d{4})(\\d{2})(\\d{2})[Tt](\\d{2})(\\d{2})(\\d{2})${FRACTION}([Zz]|${SIGN}\\d{4})$`);

function iso8601Basic(text: string): Reading | Fault | undefined {
  const match = BASIC.exec(text);
  if (match === null) return undefined;
  const clock = clockOf(match, [1, 2, 3, 4, 5, 6, 7]);
  const zone = at(match, 8);
  return atZone(clock, zone.toUpperCase() === 'Z' ? '+0000' : zone);
}

const RFC5322 = new RegExp(
  `^(?:${DAY},\\s*)?(\\d{1,2})\\s+${MONTH}\\s+(\\d{4})\\s+(\\d{2}):(\\d{2})(?::(\\d{2}))?\\s+(${SIGN}\\d{4}|ut|gmt|[ecmp][sd]t)$`,
  'i',
);

function rfc5322(text: string): Reading | Fault | undefined {
  const match = RFC5322.exec(text);
  if (match === null) return undefined;
  const clock = clockOf(match, [4, 3, 2, 5, 6, 7]);
  return atZone(clock, at(match, 8), dayNameNote(match[1]));
}

const IMF_FIXDATE = new RegExp(`^${DAY}, (\\d{2}) ${MONTH} (\\d{4}) (\\d{2}):(\\d{2}):(\\d{2}) GMT$`, 'i');
const RFC850 = new RegExp(
  `^(monday|tuesday|wednesday|thursday|friday|saturday|sunday), (\\d{2})-${MONTH}-(\\d{2}) (\\d{2}):(\\d{2}):(\\d{2}) GMT$`,
  'i',
);
// A one-digit day is padded with a space, or written after a single one, as logs often collapse it.
const ASCTIME = new RegExp(`^${DAY} ${MONTH} ( \\d|\\d{1,2}) (\\d{2}):(\\d{2}):(\\d{2}) (\\d{4})$`, 'i');

/**
 * RFC 9110 §5.6.7: a two-digit year is the year with those last two digits that
 * is at most 50 years after the current year (in UTC), else the most recent past one.
 */
function rfc850Year(twoDigits: number, nowMs: number): number {
  const latest = Number(formatIsoSecond(Math.floor(nowMs / 1000)).slice(0, 4)) + 50;
  return latest - ((((latest - twoDigits) % 100) + 100) % 100);
}

function httpDate(text: string, { nowMs }: ReadingContext): Reading | Fault | undefined {
  const fixdate = IMF_FIXDATE.exec(text);
  const rfc850 = fixdate === null ? RFC850.exec(text) : null;
  const asctime = fixdate === null && rfc850 === null ? ASCTIME.exec(text) : null;
  let name: string | undefined;
  let clock: WallClock | Fault;
  if (fixdate !== null) {
    name = fixdate[1];
    clock = clockOf(fixdate, [4, 3, 2, 5, 6, 7]);
  } else if (rfc850 !== null) {
    name = rfc850[1];
    const year = rfc850Year(Number(rfc850[4]), nowMs);
    clock = wallClock(year, monthOf(at(rfc850, 3)), Number(rfc850[2]), Number(rfc850[5]), Number(rfc850[6]), Number(rfc850[7]));
  } else if (asctime !== null) {
    name = asctime[1];
    clock = clockOf(asctime, [7, 2, 3, 4, 5, 6]);
  } else {
    return undefined;
  }
  return atZone(clock, 'gmt', dayNameNote(name));
}

const CLF = new RegExp(`^(\\[?)(\\d{2})/${MONTH}/(\\d{4}):(\\d{2}):(\\d{2}):(\\d{2}) (${SIGN}\\d{4})(\\]?)$`, 'i');

function clf(text: string): Reading | Fault | undefined {
  const match = CLF.exec(text);
  // Brackets come in pairs, or not at all.
  if (match === null || (match[1] === '[') !== (match[9] === ']')) return undefined;
  const clock = clockOf(match, [4, 3, 2, 5, 6, 7]);
  return atZone(clock, at(match, 8));
}

const JS_DATE = new RegExp(`^${DAY} ${MONTH} (\\d{2}) (\\d{4}) (\\d{2}):(\\d{2}):(\\d{2}) GMT(${SIGN}\\d{4})(?: \\([^()]*\\))?$`, 'i');

function jsDate(text: string): Reading | Fault | undefined {
  const match = JS_DATE.exec(text);
  if (match === null) return undefined;
  const clock = clockOf(match, [4, 2, 3, 5, 6, 7]);
  return atZone(clock, at(match, 8), dayNameNote(match[1]));
}

const GO_TIME = new RegExp(
  `^(\\d{4})-(\\d{2})-(\\d{2}) (\\d{2}):(\\d{2}):(\\d{2})${FRACTION} (${SIGN}\\d{4}) [A-Za-z]+(?: m=[+-]\\d+\\.\\d+)?$`,
);

function goTime(text: string): Reading | Fault | undefined {
  const match = GO_TIME.exec(text);
  if (match === null) return undefined;
  const clock = clockOf(match, [1, 2, 3, 4, 5, 6, 7]);
  return atZone(clock, at(match, 8));
}

const DATE_COMMAND = new RegExp(`^${DAY} ${MONTH}  ?(\\d{1,2}) (\\d{2}):(\\d{2}):(\\d{2}) ([A-Za-z]+) (\\d{4})$`, 'i');

/** `date` in the C locale: only an abbreviation that names one offset is read (contract §3c, order 37). */
function dateCommand(text: string): Reading | Fault | undefined {
  const match = DATE_COMMAND.exec(text);
  if (match === null) return undefined;
  const abbreviation = at(match, 7);
  if (NAMED_ZONES[abbreviation.toLowerCase()] === undefined) return { fault: 'abbreviation', text: abbreviation };
  const clock = clockOf(match, [8, 2, 3, 4, 5, 6]);
  return atZone(clock, abbreviation, dayNameNote(match[1]));
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A date as the wall clock of its midnight, with the parts `floating` reads. */
const midnight = (year: number, month: number, day: number): IsoParts => ({
  year,
  month,
  day,
  separator: 'T',
  hour: 0,
  minute: 0,
  second: 0,
  fraction: undefined,
  zone: undefined,
  bracket: undefined,
});

function isoDate(text: string, context: ReadingContext): Reading | Fault | Unread | undefined {
  const match = ISO_DATE.exec(text);
  if (match === null) return undefined;
  const parts = midnight(Number(match[1]), Number(match[2]), Number(match[3]));
  return floating(parts, isoClock(parts), context, true);
}

const ISO_WEEK_DATE = /^(\d{4})-[Ww](\d{2})-([1-7])$/;

function isoWeekDate(text: string, context: ReadingContext): Reading | Fault | Unread | undefined {
  const match = ISO_WEEK_DATE.exec(text);
  if (match === null) return undefined;
  const [year, week, weekday] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Week 1 is the week with the year's first Thursday, so it holds 4 January.
  const mondayOfWeek1 = daysFromCivil(year, 1, 4) - (isoDayOfWeek(year, 1, 4) - 1);
  const days = mondayOfWeek1 + (week - 1) * 7 + (weekday - 1);
  const nextWeek1 = daysFromCivil(year + 1, 1, 4) - (isoDayOfWeek(year + 1, 1, 4) - 1);
  if (week < 1 || days >= nextWeek1) return { fault: 'week', text: `${match[1]}-W${match[2]}` };
  return civilFloating(days, context);
}

const ISO_ORDINAL_DATE = /^(\d{4})-(\d{3})$/;

function isoOrdinalDate(text: string, context: ReadingContext): Reading | Fault | Unread | undefined {
  const match = ISO_ORDINAL_DATE.exec(text);
  if (match === null) return undefined;
  const [year, ordinal] = [Number(match[1]), Number(match[2])];
  const first = daysFromCivil(year, 1, 1);
  if (ordinal < 1 || first + ordinal - 1 >= daysFromCivil(year + 1, 1, 1)) return { fault: 'ordinal', text: `${match[1]}-${match[2]}` };
  return civilFloating(first + ordinal - 1, context);
}

/** The first instant of a day counted from 1970-01-01, read as a floating date. */
function civilFloating(days: number, context: ReadingContext): Reading | Fault | Unread {
  const { year, month, day } = civilFromDays(days);
  const parts = midnight(year, month, day);
  return floating(parts, isoClock(parts), context, true);
}

// ---- the rows ----

/** A near miss says which format came close and what is wrong, so that identify can say so. */
function outcome(format: TextFormat, result: Reading | Fault | Unread | undefined): Reading | Unread | undefined {
  if (result === undefined || !isFault(result)) return result;
  return { nearMiss: `value reads as ${format}, but ${faultPhrase(result)}` };
}

type TextReader = (text: string, context: ReadingContext) => Reading | Fault | Unread | undefined;
const textRow = (format: TextFormat, description: string, read: TextReader): FormatRow<TextFormat> => ({
  format,
  description,
  read: ({ text }, context) => outcome(format, read(text, context)),
});
/** A value's ISO parts, lexed once for all the ISO rows that read it. */
const isoParts = new WeakMap<Lexed, IsoParts | null>();
function isoOf(value: Lexed): IsoParts | undefined {
  let parts = isoParts.get(value);
  if (parts === undefined) {
    parts = lexIso(value.text) ?? null;
    isoParts.set(value, parts);
  }
  return parts ?? undefined;
}

const isoRow = (format: TextFormat, description: string, read: IsoReader): FormatRow<TextFormat> => ({
  format,
  description,
  read: (value, context) => {
    const parts = isoOf(value);
    return parts === undefined ? undefined : outcome(format, read(parts, context));
  },
});

/** Formats 25–39 of contract §3c, in its order. */
export const TEXT_FORMAT_TABLE: readonly FormatRow<TextFormat>[] = [
  isoRow('rfc3339', 'RFC 3339 / ISO 8601 date-time with an offset', rfc3339),
  isoRow('rfc9557', 'RFC 9557 date-time with an offset and a time zone', rfc9557),
  textRow('iso8601_basic', 'ISO 8601 basic format date-time with an offset', iso8601Basic),
  textRow('rfc5322', 'RFC 5322 date-time (e-mail Date header)', rfc5322),
  textRow('http_date', 'HTTP-date (RFC 9110: IMF-fixdate, RFC 850 or asctime)', httpDate),
  textRow('clf', 'Common Log Format time (Apache, nginx)', clf),
  textRow('js_date', 'JavaScript Date.prototype.toString', jsDate),
  textRow('go_time', "Go's time.Time.String", goTime),
  isoRow('iso_local', 'ISO 8601 local date-time, no offset (SQL DATETIME)', isoLocal),
  textRow('iso_date', 'ISO 8601 calendar date, no time', isoDate),
  textRow('iso_week_date', 'ISO 8601 week date', isoWeekDate),
  textRow('iso_ordinal_date', 'ISO 8601 ordinal date', isoOrdinalDate),
  textRow('date_command', 'The date command (C locale)', dateCommand),
  isoRow('iso_offset_variant', 'ISO 8601 date-time with a ±HH, ±HHMM or UTC offset (PostgreSQL, Java, Rails)', isoOffsetVariant),
  isoRow('java_zoned', "Java's ZonedDateTime.toString, seconds left out", javaZoned),
];
