import type { Clock } from '../../shared/ports/clock.js';
import { DomainError } from '../../shared/errors.js';
import { NS_PER_MS, RANGE_TEXT, daysInMonth, exactInstant, floorDiv, isInRange, type UtcInstant } from '../calendar.js';
import { DURATION_UNITS, readDuration, type DurationFault, type DurationUnit } from '../durations.js';
import { instantIso, localTime, parseDisambiguation, type LocalTime, type WallClockResolution } from '../zones.js';
import { parseUnit } from './convert-timestamp-to-utc.js';
import { readOperand, requestZone, type OperandBody } from './instant-operands.js';
import { OVERFLOWS, type Overflow } from '../vocabulary.js';

export interface AddInput {
  readonly from: string;
  readonly duration: string;
  readonly unit?: string | undefined;
  readonly tz?: string | undefined;
  readonly disambiguation?: string | undefined;
  readonly overflow?: string | undefined;
}

export interface Sum {
  readonly from: OperandBody;
  /** The duration as parsed, written as Temporal writes it. */
  readonly duration: string;
  readonly time_zone: string;
  readonly result: {
    readonly utc: UtcInstant;
    readonly exact: string;
    readonly local?: LocalTime;
    readonly resolution?: WallClockResolution;
  };
  readonly source: 'add';
}

/** The most of each unit a duration may hold: its count in 10,000 years of 366 days. */
export const DURATION_LIMITS = {
  years: 10_000n,
  months: 120_000n,
  weeks: 522_857n,
  days: 3_660_000n,
  hours: 87_840_000n,
  minutes: 5_270_400_000n,
  seconds: 316_224_000_000n,
} as const satisfies Record<DurationUnit, bigint>;

interface ParsedDuration {
  readonly sign: 1 | -1;
  readonly counts: Readonly<Record<DurationUnit, bigint>>;
  /** The seconds' fraction, in nanoseconds. */
  readonly fractionNs: bigint;
}

const invalidDuration = (why: string): DomainError =>
  new DomainError('DURATION_INVALID', `duration must be an ISO 8601 duration such as P1M, PT36H or -P1DT2H30M: ${why}`);

const FAULTS: Readonly<Record<DurationFault, string>> = {
  empty: 'it is empty',
  malformed: 'units come in the order Y, M, W, D, then T and H, M, S, each a whole number (only seconds take a fraction)',
  'no-unit': 'it names no unit',
  'bare-t': 'T must be followed by hours, minutes or seconds',
};

/** Reads an ISO 8601 duration as contract §3d allows it: bounded, so that no call can loop or overflow. */
export function parseDuration(text: string): ParsedDuration {
  const reading = readDuration(text);
  if (!reading.ok) throw invalidDuration(FAULTS[reading.fault]);
  const { sign, fraction } = reading.duration;
  // fromEntries types its keys as any string; the map gives every unit a count.
  const counts = Object.fromEntries(DURATION_UNITS.map((unit) => [unit, reading.duration.counts[unit] ?? 0n])) as Record<
    DurationUnit,
    bigint
  >;
  for (const unit of DURATION_UNITS) {
    if (counts[unit] > DURATION_LIMITS[unit]) {
      throw new DomainError(
        'DURATION_TOO_LONG',
        `duration is too long: at most ${DURATION_LIMITS[unit].toLocaleString('en-US')} ${unit}, as many as 10,000 years of 366 days hold`,
      );
    }
  }
  return { sign: sign === '-' ? -1 : 1, counts, fractionNs: BigInt((fraction ?? '').padEnd(9, '0')) };
}

/** The duration as a Temporal.Duration, every unit as given (not rebalanced), the sign on each. */
function temporalDuration({ sign, counts, fractionNs }: ParsedDuration): Temporal.Duration {
  const n = (value: bigint): number => sign * Number(value);
  return new Temporal.Duration(
    n(counts.years),
    n(counts.months),
    n(counts.weeks),
    n(counts.days),
    n(counts.hours),
    n(counts.minutes),
    n(counts.seconds),
    n(fractionNs / 1_000_000n),
    n((fractionNs / 1000n) % 1000n),
    n(fractionNs % 1000n),
  );
}

function parseOverflow(value: string | undefined): Overflow {
  if (value === undefined) return 'constrain';
  const known = OVERFLOWS.find((overflow) => overflow === value);
  if (known === undefined) throw new DomainError('OVERFLOW_INVALID', `overflow must be one of ${OVERFLOWS.join(', ')}`);
  return known;
}

const pad = (value: number, width: number): string => String(Math.abs(value)).padStart(width, '0');

/**
 * Adds an ISO 8601 duration to an instant (contract §3d), as Temporal's
 * `ZonedDateTime.prototype.add` does (RFC 5545): years and months on the
 * local date in the request's zone (UTC without one), a missing day
 * constrained to the month's last or refused with `overflow=reject`, then
 * weeks and days keeping the wall-clock time, read with `disambiguation`,
 * then hours, minutes and seconds as exact time. So `P1D` across a DST change
 * is 23 or 25 hours, and `PT24H` is 24.
 *
 * Throws what `/to-utc` and `/to-unix` throw for `from` (naming it),
 * `DURATION_INVALID`, `DURATION_TOO_LONG`, `OVERFLOW_INVALID`,
 * `DATE_MISSING` (the missing date, with `overflow=reject`),
 * `DATETIME_SKIPPED` or `DATETIME_REPEATED` (with `disambiguation=reject`),
 * `UNIT_INVALID`, `TZ_UNKNOWN`, `DISAMBIGUATION_INVALID` and
 * `RESULT_OUT_OF_RANGE` outside years 0001–9999.
 */
export class AddDuration {
  constructor(private readonly clock: Clock) {}

  execute({ from, duration, unit, tz, disambiguation, overflow }: AddInput): Sum {
    if (unit !== undefined) parseUnit(unit);
    const chosen = parseDisambiguation(disambiguation);
    const overflowing = parseOverflow(overflow);
    const parsed = parseDuration(duration);
    const zone = requestZone(tz, { from });
    const start = readOperand('from', from, zone, { unit, disambiguation, nowMs: this.clock.nowMs() });
    const timeZone = zone ?? 'UTC';
    const whole = temporalDuration(parsed);
    const time = {
      hours: whole.hours,
      minutes: whole.minutes,
      seconds: whole.seconds,
      milliseconds: whole.milliseconds,
      microseconds: whole.microseconds,
      nanoseconds: whole.nanoseconds,
    };
    const hasDatePart = whole.years !== 0 || whole.months !== 0 || whole.weeks !== 0 || whole.days !== 0;
    const zoned = new Temporal.ZonedDateTime(start.unixNs, timeZone);
    let resultNs: bigint;
    let resolution: WallClockResolution | undefined;
    if (hasDatePart) {
      const local = zoned.toPlainDateTime();
      const movedMonths = this.addMonths(local, whole.years, whole.months, overflowing);
      const wall = movedMonths.add({ weeks: whole.weeks, days: whole.days });
      // The wall clock read both ways, once: they differ in a gap or an overlap, and the earlier one shows
      // the wall clock itself only in an overlap.
      const earlierWall = wall.toZonedDateTime(timeZone, { disambiguation: 'earlier' });
      const laterWall = wall.toZonedDateTime(timeZone, { disambiguation: 'later' });
      const kind = earlierWall.equals(laterWall) ? 'unique' : earlierWall.toPlainDateTime().equals(wall) ? 'overlap' : 'gap';
      const earlier = earlierWall.add(time);
      const later = laterWall.add(time);
      const candidates =
        kind === 'unique' ? [instantIso(earlier.toInstant())] : [instantIso(earlier.toInstant()), instantIso(later.toInstant())];
      if (kind !== 'unique' && chosen === 'reject') {
        const text = wall.toString({ smallestUnit: 'second' });
        const choices = `earlier gives ${candidates[0]}, later gives ${candidates[1]}`;
        throw new DomainError(
          kind === 'gap' ? 'DATETIME_SKIPPED' : 'DATETIME_REPEATED',
          kind === 'gap'
            ? `the sum's wall-clock time ${text} does not exist in ${timeZone}: it falls in a gap where clocks skip ahead; ${choices}`
            : `the sum's wall-clock time ${text} is ambiguous in ${timeZone}: it falls in an overlap where clocks repeat; ${choices}`,
        );
      }
      // compatible is Temporal's: the later reading in a gap, the earlier in an overlap.
      const takesLater = chosen === 'later' || (chosen === 'compatible' && kind === 'gap');
      resultNs = (takesLater ? later : earlier).epochNanoseconds;
      resolution = { kind, disambiguation: chosen, candidates };
    } else {
      resultNs = zoned.toInstant().add(time).epochNanoseconds;
    }
    const resultMs = floorDiv(resultNs, NS_PER_MS);
    if (!isInRange(resultMs)) {
      throw new DomainError('RESULT_OUT_OF_RANGE', `the result is out of range: it must fall ${RANGE_TEXT}`);
    }
    const { utc, exact } = exactInstant(resultNs);
    return {
      from: start.body,
      duration: whole.toString(),
      time_zone: timeZone,
      result: {
        utc,
        exact,
        ...(zone === undefined ? {} : { local: localTime(resultMs, zone) }),
        ...(resolution === undefined ? {} : { resolution }),
      },
      source: 'add',
    };
  }

  /** Years and months on a local date; a day the month lacks is its last, or refused with `overflow=reject`, naming it. */
  private addMonths(local: Temporal.PlainDateTime, years: number, months: number, overflow: Overflow): Temporal.PlainDateTime {
    if (years === 0 && months === 0) return local;
    const total = local.year * 12 + (local.month - 1) + years * 12 + months;
    const year = Math.floor(total / 12);
    const month = total - year * 12 + 1;
    if (overflow === 'reject' && local.day > daysInMonth(year, month)) {
      throw new DomainError(
        'DATE_MISSING',
        `the sum's date ${year < 0 ? '-' : ''}${pad(year, 4)}-${pad(month, 2)}-${pad(local.day, 2)} does not exist, and overflow is reject; constrain gives the month's last day`,
      );
    }
    return local.with({ year, month, day: Math.min(local.day, daysInMonth(year, month)) });
  }
}
