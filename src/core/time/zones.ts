import { DomainError } from '../shared/errors.js';
import { NS_PER_MS, NS_PER_SECOND, floorDiv } from './calendar.js';
import { DISAMBIGUATIONS, type Disambiguation } from './vocabulary.js';

/** An instant as a wall clock in one zone shows it, with the zone's rules around it. */
export interface LocalTime {
  readonly time_zone: string;
  readonly iso: string;
  readonly rfc9557: string;
  readonly offset: string;
  readonly offset_seconds: number;
  readonly dst: boolean;
  readonly day_of_week: number;
  readonly day_of_year: number;
  readonly iso_week: string;
  readonly next_transition: string | null;
}

export interface WallClockResolution {
  readonly kind: 'unique' | 'gap' | 'overlap';
  readonly disambiguation: Disambiguation;
  /** The instants `earlier` and `later` give, earliest first; one when they agree. */
  readonly candidates: string[];
}

const FIXED_OFFSET = /^([+-])(\d{2}):(\d{2})$/;
// IANA names are letters, digits and _ + - /; anything else (an ISO string, a bracket) is not a zone name.
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

const unknownZone = (tz: string): DomainError =>
  new DomainError(
    'TZ_UNKNOWN',
    tz.length <= 64
      ? `tz must be an IANA time zone such as Europe/Berlin or an offset ±HH:MM; ${JSON.stringify(tz)} is neither`
      : 'tz must be an IANA time zone such as Europe/Berlin or an offset ±HH:MM',
  );

/**
 * The runtime's identifier for an IANA zone name (in any letter case) or a
 * fixed offset `±HH:MM` (a leading space stands for the `+` that a query string
 * turns into one). Throws `TZ_UNKNOWN` for anything else.
 */
export function resolveZone(tz: string): string {
  const text = tz.replace(/^ (?=\d{2}:\d{2}\s*$)/, '+').trim();
  if (text === '') throw new DomainError('TZ_UNKNOWN', 'tz must not be empty');
  const offset = FIXED_OFFSET.exec(text);
  if (offset) {
    if (Number(offset[2]) > 23 || Number(offset[3]) > 59) throw new DomainError('TZ_UNKNOWN', `tz has an impossible offset: ${text}`);
  } else if (!ZONE_NAME.test(text)) {
    throw unknownZone(text);
  }
  try {
    return Temporal.Instant.fromEpochMilliseconds(0).toZonedDateTimeISO(text).timeZoneId;
  } catch (error) {
    if (error instanceof RangeError) throw unknownZone(text);
    throw error;
  }
}

/** Whether two resolved zones are the same zone, links included (Asia/Calcutta is Asia/Kolkata). */
export function sameZone(a: string, b: string): boolean {
  const epoch = Temporal.Instant.fromEpochMilliseconds(0);
  return epoch.toZonedDateTimeISO(a).equals(epoch.toZonedDateTimeISO(b));
}

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

/** `YYYY-MM-DDTHH:MM:SSZ` of an instant's second (an expanded year past 9999). */
export const instantIso = (instant: Temporal.Instant): string =>
  Temporal.Instant.fromEpochNanoseconds(floorDiv(instant.epochNanoseconds, NS_PER_SECOND) * NS_PER_SECOND).toString();

/** The zone's standard offset in a local year: the smaller of its offsets at local noon on 1 January and 1 July. */
function standardOffsetNs(year: number, zone: string): number {
  const noon = (month: number) => Temporal.PlainDateTime.from({ year, month, day: 1, hour: 12 }).toZonedDateTime(zone).offsetNanoseconds;
  return Math.min(noon(1), noon(7));
}

/** How the wall clock of `zone` shows the second containing the instant `unixMs`. */
export function localTime(unixMs: bigint, zone: string): LocalTime {
  const second = floorDiv(unixMs, 1000n) * NS_PER_SECOND;
  const zoned = Temporal.Instant.fromEpochNanoseconds(second).toZonedDateTimeISO(zone);
  const iso = `${zoned.toPlainDateTime().toString({ smallestUnit: 'second' })}${zoned.offset}`;
  const next = zoned.getTimeZoneTransition('next');
  return {
    time_zone: zoned.timeZoneId,
    iso,
    rfc9557: `${iso}[${zoned.timeZoneId}]`,
    offset: zoned.offset,
    offset_seconds: zoned.offsetNanoseconds / 1e9,
    dst: zoned.offsetNanoseconds > standardOffsetNs(zoned.year, zone),
    day_of_week: zoned.dayOfWeek,
    day_of_year: zoned.dayOfYear,
    iso_week: `${pad(zoned.yearOfWeek ?? zoned.year, 4)}-W${pad(zoned.weekOfYear ?? 1, 2)}`,
    next_transition: next ? instantIso(next.toInstant()) : null,
  };
}

export interface WallClock {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  /** Nanoseconds within the second, 0–999,999,999. */
  readonly fractionNs: number;
}

const plainDateTime = (clock: WallClock): Temporal.PlainDateTime =>
  new Temporal.PlainDateTime(
    clock.year,
    clock.month,
    clock.day,
    clock.hour,
    clock.minute,
    clock.second,
    Math.floor(clock.fractionNs / 1e6),
    Math.floor(clock.fractionNs / 1e3) % 1000,
    clock.fractionNs % 1000,
  );

const wallClockText = (clock: WallClock): string => plainDateTime(clock).toString({ smallestUnit: 'second' });

/** The instants a wall-clock time in `zone` can mean: the one `earlier` and the one `later` choose. */
function candidatesOf(clock: WallClock, zone: string): { earlier: Temporal.ZonedDateTime; later: Temporal.ZonedDateTime } {
  const local = plainDateTime(clock);
  return {
    earlier: local.toZonedDateTime(zone, { disambiguation: 'earlier' }),
    later: local.toZonedDateTime(zone, { disambiguation: 'later' }),
  };
}

/**
 * Reads a wall-clock time in a zone, as Temporal does: a time that a DST change
 * skips (gap) or repeats (overlap) is settled by `disambiguation`, and
 * `reject` refuses both with `DATETIME_SKIPPED` or `DATETIME_REPEATED`, naming
 * the two instants the caller can choose from. Returns the instant exactly,
 * in nanoseconds, and in ms, floored, and how it was resolved.
 */
export function resolveWallClock(
  clock: WallClock,
  zone: string,
  disambiguation: Disambiguation,
): { unixNs: bigint; unixMs: bigint; resolution: WallClockResolution } {
  const { earlier, later } = candidatesOf(clock, zone);
  const local = plainDateTime(clock);
  const kind = earlier.equals(later) ? 'unique' : earlier.toPlainDateTime().equals(local) ? 'overlap' : 'gap';
  const candidates =
    kind === 'unique' ? [instantIso(earlier.toInstant())] : [instantIso(earlier.toInstant()), instantIso(later.toInstant())];
  if (kind !== 'unique' && disambiguation === 'reject') {
    const choices = `earlier gives ${candidates[0]}, later gives ${candidates[1]}`;
    if (kind === 'gap') {
      throw new DomainError(
        'DATETIME_SKIPPED',
        `datetime ${wallClockText(clock)} does not exist in ${zone}: it falls in a gap where clocks skip ahead; ${choices}`,
      );
    }
    throw new DomainError(
      'DATETIME_REPEATED',
      `datetime ${wallClockText(clock)} is ambiguous in ${zone}: it falls in an overlap where clocks repeat; ${choices}`,
    );
  }
  const chosen = disambiguation === 'reject' ? earlier : local.toZonedDateTime(zone, { disambiguation });
  return {
    unixNs: chosen.epochNanoseconds,
    unixMs: floorDiv(chosen.epochNanoseconds, NS_PER_MS),
    resolution: { kind, disambiguation, candidates },
  };
}

/** Whether `zone` ever shows `clock` with the UTC offset `offsetSeconds`. */
export function zoneHadOffset(clock: WallClock, zone: string, offsetSeconds: number): boolean {
  const { earlier, later } = candidatesOf(clock, zone);
  const local = plainDateTime(clock);
  return [earlier, later].some((zoned) => zoned.toPlainDateTime().equals(local) && zoned.offsetNanoseconds === offsetSeconds * 1e9);
}

export function parseDisambiguation(value: string | undefined): Disambiguation {
  if (value === undefined) return 'compatible';
  const known = DISAMBIGUATIONS.find((candidate) => candidate === value);
  if (!known) throw new DomainError('DISAMBIGUATION_INVALID', `disambiguation must be one of ${DISAMBIGUATIONS.join(', ')}`);
  return known;
}

/** The resolution of an instant given exactly (by an offset or Z) and shown in a zone. */
export const exactResolution = (unixMs: bigint, disambiguation: Disambiguation): WallClockResolution => ({
  kind: 'unique',
  disambiguation,
  candidates: [instantIso(Temporal.Instant.fromEpochMilliseconds(Number(unixMs)))],
});
