import { NS_PER_SECOND, civilFromDays, daysFromCivil, daysInMonth, floorDiv, formatIsoSecond } from './calendar.js';
import type { FormatRow, Reading, ReadingContext } from './identify-formats.js';
import { isFollowedByLeapSecond } from './leap-seconds.js';
import { resolveZone, wallClockNs, zoneHadOffset, type WallClock } from './zones.js';

/**
 * The date-times written as text that `identify` reads (contract §3c, formats
 * 25–36), each one row, as the numeric formats are: its code, a short human
 * name and the one function that reads a trimmed value into an exact instant,
 * or undefined when the value is not of its syntax or names a date, time,
 * offset or zone that does not exist. Names of days and months are English, in
 * any case; fractions have 1–9 digits and are exact to the nanosecond.
 */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;
const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const FULL_DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const MONTH = '(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)';
const DAY = '(mon|tue|wed|thu|fri|sat|sun)';
const FRACTION = '(?:\\.(\\d{1,9}))?';

/** RFC 5322 §4.3's obsolete zones, and GMT and UT, east of UTC in seconds. */
const NAMED_ZONES: Readonly<Record<string, number>> = {
  ut: 0,
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

/** A group a regular expression matched; every group read this way is one the expression requires. */
const at = (match: RegExpExecArray, index: number): string => match[index] ?? '';

const monthOf = (name: string): number => MONTHS.indexOf(name.toLowerCase() as (typeof MONTHS)[number]) + 1;
/** ISO 8601's day of the week, 1 = Monday, of a civil date. */
const isoDayOfWeek = (year: number, month: number, day: number): number => ((((daysFromCivil(year, month, day) + 3) % 7) + 7) % 7) + 1;

/** The wall clock a value names, when its date and time exist (a second of 60 is kept for the leap-second check). */
function wallClock(year: string, month: number, day: string, hour = '0', minute = '0', second = '0', fraction = ''): WallClock | undefined {
  const clock = {
    year: Number(year),
    month,
    day: Number(day),
    hour: Number(hour),
    minute: Number(minute),
    second: Number(second),
    fractionNs: Number(fraction.padEnd(9, '0')),
  };
  if (clock.month < 1 || clock.month > 12 || clock.day < 1 || clock.day > daysInMonth(clock.year, clock.month)) return undefined;
  if (clock.hour > 23 || clock.minute > 59 || clock.second > 60) return undefined;
  return clock;
}

/** `±HHMM` or `±HH:MM` as seconds east of UTC, or undefined for an offset no zone has (hours past 23, minutes past 59). */
function offsetSeconds(text: string): number | undefined {
  const match = /^([+-])(\d{2}):?(\d{2})$/.exec(text);
  if (match === null) return undefined;
  const [hours, minutes] = [Number(match[2]), Number(match[3])];
  if (hours > 23 || minutes > 59) return undefined;
  return (match[1] === '-' ? -1 : 1) * (hours * 3600 + minutes * 60);
}

/**
 * The exact instant of a wall clock at a fixed offset. Second 60 is read as
 * section 3 reads a leap second: as 23:59:59 of its day, its fraction kept,
 * and only where that is 23:59:60 UTC of a day that ended with one.
 */
function atOffset(clock: WallClock, offset: number): bigint | undefined {
  const leap = clock.second === 60;
  const second = leap ? 59 : clock.second;
  const unixSeconds = daysFromCivil(clock.year, clock.month, clock.day) * 86_400 + clock.hour * 3600 + clock.minute * 60 + second - offset;
  if (leap && !isFollowedByLeapSecond(formatIsoSecond(unixSeconds))) return undefined;
  return BigInt(unixSeconds) * NS_PER_SECOND + BigInt(clock.fractionNs);
}

const exact = (unixNs: bigint | undefined, fields: Reading['fields'] = {}, notes?: string[]): Reading | undefined =>
  unixNs === undefined ? undefined : { unixNs, fields, ...(notes === undefined ? {} : { notes }) };

/** The note for a day name that is not the date's own day; the candidate is kept. */
function dayNameNote(name: string | undefined, clock: WallClock): string[] | undefined {
  if (name === undefined) return undefined;
  const index = isoDayOfWeek(clock.year, clock.month, clock.day) - 1;
  const named = name.toLowerCase();
  if (named === DAYS[index] || named === FULL_DAYS[index]) return undefined;
  const date = `${String(clock.year).padStart(4, '0')}-${String(clock.month).padStart(2, '0')}-${String(clock.day).padStart(2, '0')}`;
  const day = FULL_DAYS[index] ?? '';
  return [
    `value names the day ${name}, but ${date} is a ${day.charAt(0).toUpperCase()}${day.slice(1)}: the date was read, the day name ignored`,
  ];
}

/**
 * A floating value read in the request's zone, or in UTC without one, as
 * `/to-unix` reads a wall clock with `disambiguation: compatible`.
 */
function floating(clock: WallClock, { zone }: ReadingContext, startOfDay = false): Reading | undefined {
  const timeZone = zone ?? 'UTC';
  const leap = clock.second === 60;
  const unixNs = wallClockNs(leap ? { ...clock, second: 59 } : clock, timeZone, startOfDay);
  if (leap && !isFollowedByLeapSecond(formatIsoSecond(Number(floorDiv(unixNs, NS_PER_SECOND))))) return undefined;
  return {
    unixNs,
    fields: { zone_assumed: timeZone },
    notes: [
      zone === undefined
        ? 'value carries no zone: it was read as wall-clock time in UTC; tz names another zone to read it in'
        : `value carries no zone: it was read as wall-clock time in ${timeZone}, the zone tz names`,
    ],
  };
}

const RFC3339 = new RegExp(`^(\\d{4})-(\\d{2})-(\\d{2})[Tt ](\\d{2}):(\\d{2}):(\\d{2})${FRACTION}(?:([Zz])|([+-]\\d{2}:\\d{2}))$`);
const RFC9557 = new RegExp(
  `^(\\d{4})-(\\d{2})-(\\d{2})[Tt ](\\d{2}):(\\d{2}):(\\d{2})${FRACTION}(?:([Zz])|([+-]\\d{2}:\\d{2}))\\[!?([^\\]=]+)\\]$`,
);

function rfc3339(text: string): Reading | undefined {
  const match = RFC3339.exec(text);
  if (match === null) return undefined;
  const clock = wallClock(at(match, 1), Number(match[2]), at(match, 3), match[4], match[5], match[6], match[7]);
  const offset = match[8] === undefined ? offsetSeconds(at(match, 9)) : 0;
  return clock === undefined || offset === undefined ? undefined : exact(atOffset(clock, offset));
}

function rfc9557(text: string): Reading | undefined {
  const match = RFC9557.exec(text);
  if (match === null) return undefined;
  const clock = wallClock(at(match, 1), Number(match[2]), at(match, 3), match[4], match[5], match[6], match[7]);
  const offset = match[8] === undefined ? offsetSeconds(at(match, 9)) : 0;
  if (clock === undefined || offset === undefined) return undefined;
  let zone: string;
  try {
    zone = resolveZone(at(match, 10));
  } catch {
    return undefined;
  }
  // Z says only what the instant is; an offset must be one the zone had at that wall-clock time.
  const wall = clock.second === 60 ? { ...clock, second: 59 } : clock;
  if (match[8] === undefined && !zoneHadOffset(wall, zone, offset)) return undefined;
  return exact(atOffset(clock, offset), { time_zone: zone });
}

const BASIC = new RegExp(`^(\\d{4})(\\d{2})(\\d{2})[Tt](\\d{2})(\\d{2})(\\d{2})${FRACTION}([Zz]|[+-]\\d{4})$`);

function iso8601Basic(text: string): Reading | undefined {
  const match = BASIC.exec(text);
  if (match === null) return undefined;
  const clock = wallClock(at(match, 1), Number(match[2]), at(match, 3), match[4], match[5], match[6], match[7]);
  const zone = at(match, 8);
  const offset = zone.toUpperCase() === 'Z' ? 0 : offsetSeconds(zone);
  return clock === undefined || offset === undefined ? undefined : exact(atOffset(clock, offset));
}

const RFC5322 = new RegExp(
  `^(?:${DAY},\\s*)?(\\d{1,2})\\s+${MONTH}\\s+(\\d{4})\\s+(\\d{2}):(\\d{2})(?::(\\d{2}))?\\s+([+-]\\d{4}|ut|gmt|[ecmp][sd]t)$`,
  'i',
);

function rfc5322(text: string): Reading | undefined {
  const match = RFC5322.exec(text);
  if (match === null) return undefined;
  const clock = wallClock(at(match, 4), monthOf(at(match, 3)), at(match, 2), match[5], match[6], match[7]);
  const zone = at(match, 8).toLowerCase();
  const offset = NAMED_ZONES[zone] ?? offsetSeconds(zone);
  if (clock === undefined || offset === undefined) return undefined;
  return exact(atOffset(clock, offset), {}, dayNameNote(match[1], clock));
}

const IMF_FIXDATE = new RegExp(`^${DAY}, (\\d{2}) ${MONTH} (\\d{4}) (\\d{2}):(\\d{2}):(\\d{2}) GMT$`, 'i');
const RFC850 = new RegExp(
  `^(monday|tuesday|wednesday|thursday|friday|saturday|sunday), (\\d{2})-${MONTH}-(\\d{2}) (\\d{2}):(\\d{2}):(\\d{2}) GMT$`,
  'i',
);
const ASCTIME = new RegExp(`^${DAY} ${MONTH} ( \\d|\\d{2}) (\\d{2}):(\\d{2}):(\\d{2}) (\\d{4})$`, 'i');

/**
 * RFC 9110 §5.6.7: a two-digit year is the year with those last two digits that
 * is at most 50 years after the current year (in UTC), else the most recent past one.
 */
function rfc850Year(twoDigits: number, nowMs: number): number {
  const latest = Number(formatIsoSecond(Math.floor(nowMs / 1000)).slice(0, 4)) + 50;
  return latest - ((((latest - twoDigits) % 100) + 100) % 100);
}

function httpDate(text: string, { nowMs }: ReadingContext): Reading | undefined {
  const fixdate = IMF_FIXDATE.exec(text);
  const rfc850 = fixdate === null ? RFC850.exec(text) : null;
  const asctime = fixdate === null && rfc850 === null ? ASCTIME.exec(text) : null;
  let name: string | undefined;
  let clock: WallClock | undefined;
  if (fixdate !== null) {
    name = fixdate[1];
    clock = wallClock(at(fixdate, 4), monthOf(at(fixdate, 3)), at(fixdate, 2), fixdate[5], fixdate[6], fixdate[7]);
  } else if (rfc850 !== null) {
    name = rfc850[1];
    const year = String(rfc850Year(Number(rfc850[4]), nowMs));
    clock = wallClock(year, monthOf(at(rfc850, 3)), at(rfc850, 2), rfc850[5], rfc850[6], rfc850[7]);
  } else if (asctime !== null) {
    name = asctime[1];
    clock = wallClock(at(asctime, 7), monthOf(at(asctime, 2)), at(asctime, 3).trim(), asctime[4], asctime[5], asctime[6]);
  }
  return clock === undefined ? undefined : exact(atOffset(clock, 0), {}, dayNameNote(name, clock));
}

const CLF = new RegExp(`^(\\[?)(\\d{2})/${MONTH}/(\\d{4}):(\\d{2}):(\\d{2}):(\\d{2}) ([+-]\\d{4})(\\]?)$`, 'i');

function clf(text: string): Reading | undefined {
  const match = CLF.exec(text);
  // Brackets come in pairs, or not at all.
  if (match === null || (match[1] === '[') !== (match[9] === ']')) return undefined;
  const clock = wallClock(at(match, 4), monthOf(at(match, 3)), at(match, 2), match[5], match[6], match[7]);
  const offset = offsetSeconds(at(match, 8));
  return clock === undefined || offset === undefined ? undefined : exact(atOffset(clock, offset));
}

const JS_DATE = new RegExp(`^${DAY} ${MONTH} (\\d{2}) (\\d{4}) (\\d{2}):(\\d{2}):(\\d{2}) GMT([+-]\\d{4})(?: \\([^()]*\\))?$`, 'i');

function jsDate(text: string): Reading | undefined {
  const match = JS_DATE.exec(text);
  if (match === null) return undefined;
  const clock = wallClock(at(match, 4), monthOf(at(match, 2)), at(match, 3), match[5], match[6], match[7]);
  const offset = offsetSeconds(at(match, 8));
  return clock === undefined || offset === undefined ? undefined : exact(atOffset(clock, offset), {}, dayNameNote(match[1], clock));
}

const GO_TIME = new RegExp(
  `^(\\d{4})-(\\d{2})-(\\d{2}) (\\d{2}):(\\d{2}):(\\d{2})${FRACTION} ([+-]\\d{4}) [A-Za-z]+(?: m=[+-]\\d+\\.\\d+)?$`,
);

function goTime(text: string): Reading | undefined {
  const match = GO_TIME.exec(text);
  if (match === null) return undefined;
  const clock = wallClock(at(match, 1), Number(match[2]), at(match, 3), match[4], match[5], match[6], match[7]);
  const offset = offsetSeconds(at(match, 8));
  return clock === undefined || offset === undefined ? undefined : exact(atOffset(clock, offset));
}

const ISO_LOCAL = new RegExp(`^(\\d{4})-(\\d{2})-(\\d{2})[Tt ](\\d{2}):(\\d{2})(?::(\\d{2})${FRACTION})?$`);

function isoLocal(text: string, context: ReadingContext): Reading | undefined {
  const match = ISO_LOCAL.exec(text);
  if (match === null) return undefined;
  const clock = wallClock(at(match, 1), Number(match[2]), at(match, 3), match[4], match[5], match[6], match[7]);
  return clock === undefined ? undefined : floating(clock, context);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isoDate(text: string, context: ReadingContext): Reading | undefined {
  const match = ISO_DATE.exec(text);
  if (match === null) return undefined;
  const clock = wallClock(at(match, 1), Number(match[2]), at(match, 3));
  return clock === undefined ? undefined : floating(clock, context, true);
}

const ISO_WEEK_DATE = /^(\d{4})-[Ww](\d{2})-([1-7])$/;

function isoWeekDate(text: string, context: ReadingContext): Reading | undefined {
  const match = ISO_WEEK_DATE.exec(text);
  if (match === null) return undefined;
  const [year, week, weekday] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Week 1 is the week with the year's first Thursday, so it holds 4 January.
  const mondayOfWeek1 = daysFromCivil(year, 1, 4) - (isoDayOfWeek(year, 1, 4) - 1);
  const days = mondayOfWeek1 + (week - 1) * 7 + (weekday - 1);
  const nextWeek1 = daysFromCivil(year + 1, 1, 4) - (isoDayOfWeek(year + 1, 1, 4) - 1);
  if (week < 1 || days >= nextWeek1) return undefined;
  return floating(civilClock(days), context, true);
}

const ISO_ORDINAL_DATE = /^(\d{4})-(\d{3})$/;

function isoOrdinalDate(text: string, context: ReadingContext): Reading | undefined {
  const match = ISO_ORDINAL_DATE.exec(text);
  if (match === null) return undefined;
  const [year, ordinal] = [Number(match[1]), Number(match[2])];
  const first = daysFromCivil(year, 1, 1);
  if (ordinal < 1 || first + ordinal - 1 >= daysFromCivil(year + 1, 1, 1)) return undefined;
  return floating(civilClock(first + ordinal - 1), context, true);
}

/** Midnight of a day counted from 1970-01-01, as a wall clock. */
const civilClock = (days: number): WallClock => ({ ...civilFromDays(days), hour: 0, minute: 0, second: 0, fractionNs: 0 });

type TextReader = (text: string, context: ReadingContext) => Reading | undefined;
const textRow = (format: FormatRow['format'], description: string, read: TextReader): FormatRow => ({
  format,
  description,
  read: ({ text }, context) => read(text, context),
});

/** Formats 25–36 of contract §3c, in its order. */
export const TEXT_FORMAT_TABLE: readonly FormatRow[] = [
  textRow('rfc3339', 'RFC 3339 / ISO 8601 date-time with an offset', rfc3339),
  textRow('rfc9557', 'RFC 9557 date-time with an offset and a time zone', rfc9557),
  textRow('iso8601_basic', 'ISO 8601 basic format date-time with an offset', iso8601Basic),
  textRow('rfc5322', 'RFC 5322 date-time (e-mail Date header)', rfc5322),
  textRow('http_date', 'HTTP-date (RFC 9110: IMF-fixdate, RFC 850 or asctime)', httpDate),
  textRow('clf', 'Common Log Format time (Apache, nginx)', clf),
  textRow('js_date', 'JavaScript Date.prototype.toString', jsDate),
  textRow('go_time', "Go's time.Time.String", goTime),
  textRow('iso_local', 'ISO 8601 local date-time, no offset (SQL DATETIME)', isoLocal),
  textRow('iso_date', 'ISO 8601 calendar date, no time', isoDate),
  textRow('iso_week_date', 'ISO 8601 week date', isoWeekDate),
  textRow('iso_ordinal_date', 'ISO 8601 ordinal date', isoOrdinalDate),
];
