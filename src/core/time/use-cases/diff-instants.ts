import type { Clock } from '../../shared/ports/clock.js';
import { DomainError } from '../../shared/errors.js';
import { NS_PER_SECOND, floorDiv } from '../calendar.js';
import { parseDisambiguation } from '../zones.js';
import { parseUnit } from './convert-timestamp-to-utc.js';
import { readOperand, requestZone, type OperandBody } from './instant-operands.js';
import { LARGEST_UNITS, type LargestUnit } from '../vocabulary.js';

export interface DiffInput {
  readonly from: string;
  readonly to: string;
  readonly unit?: string | undefined;
  readonly tz?: string | undefined;
  readonly disambiguation?: string | undefined;
  readonly largest_unit?: string | undefined;
}

export interface CalendarDifference {
  readonly years: number;
  readonly months: number;
  readonly weeks: number;
  readonly days: number;
  readonly hours: number;
  readonly minutes: number;
  readonly seconds: number;
  /** The part below one second, in nanoseconds. */
  readonly nanoseconds: number;
  readonly iso: string;
}

export interface Difference {
  readonly from: OperandBody;
  readonly to: OperandBody;
  readonly time_zone: string;
  readonly largest_unit: LargestUnit;
  readonly sign: -1 | 0 | 1;
  /** `to − from` in whole seconds, floored. */
  readonly seconds: number;
  /** `to − from` in nanoseconds, exactly. */
  readonly nanoseconds: string;
  /** The elapsed time in hours, minutes and seconds. */
  readonly exact: string;
  readonly calendar: CalendarDifference;
  readonly human: string;
  readonly source: 'diff';
}

function parseLargestUnit(value: string | undefined): LargestUnit {
  if (value === undefined) return 'years';
  const known = LARGEST_UNITS.find((unit) => unit === value);
  if (known === undefined) throw new DomainError('LARGEST_UNIT_INVALID', `largest_unit must be one of ${LARGEST_UNITS.join(', ')}`);
  return known;
}

const HUMAN_UNITS = [
  ['years', 'year'],
  ['months', 'month'],
  ['weeks', 'week'],
  ['days', 'day'],
  ['hours', 'hour'],
  ['minutes', 'minute'],
] as const;

/** The non-zero fields from years down to seconds, in plain digits, seconds with their fraction: `1 day, 1.5 seconds`. */
function human(calendar: CalendarDifference): string {
  const parts: string[] = HUMAN_UNITS.flatMap(([field, unit]) => {
    const count = Math.abs(calendar[field]);
    return count === 0 ? [] : [`${count} ${unit}${count === 1 ? '' : 's'}`];
  });
  const seconds = Math.abs(calendar.seconds);
  const fraction = Math.abs(calendar.nanoseconds);
  if (seconds !== 0 || fraction !== 0 || parts.length === 0) {
    const text = fraction === 0 ? String(seconds) : `${seconds}.${String(fraction).padStart(9, '0').replace(/0+$/, '')}`;
    parts.push(`${text} second${text === '1' ? '' : 's'}`);
  }
  return parts.join(', ');
}

/**
 * The time between two instants (contract §3d): exact elapsed time, and the
 * calendar difference in the request's zone (UTC without one), as Temporal's
 * `ZonedDateTime.prototype.until` counts it with `largest_unit`, so that a
 * 23- or 25-hour DST day counts as one day. Operands are Unix timestamps or
 * date-times, each read as `/to-utc` or `/to-unix` reads it.
 *
 * Throws what those operations throw for an operand (naming `from` or `to`),
 * `DATETIME_ZONE_MISMATCH` for two zones, `UNIT_INVALID`, `TZ_UNKNOWN`,
 * `DISAMBIGUATION_INVALID` and `LARGEST_UNIT_INVALID`.
 */
export class DiffInstants {
  constructor(private readonly clock: Clock) {}

  execute({ from, to, unit, tz, disambiguation, largest_unit }: DiffInput): Difference {
    if (unit !== undefined) parseUnit(unit);
    parseDisambiguation(disambiguation);
    const largest = parseLargestUnit(largest_unit);
    const zone = requestZone(tz, { from, to });
    const options = { unit, disambiguation, nowMs: this.clock.nowMs() };
    const start = readOperand('from', from, zone, options);
    const end = readOperand('to', to, zone, options);
    const timeZone = zone ?? 'UTC';
    const elapsed = end.unixNs - start.unixNs;
    const exact = Temporal.Instant.fromEpochNanoseconds(start.unixNs).until(Temporal.Instant.fromEpochNanoseconds(end.unixNs), {
      largestUnit: 'hours',
    });
    const duration = new Temporal.ZonedDateTime(start.unixNs, timeZone).until(new Temporal.ZonedDateTime(end.unixNs, timeZone), {
      largestUnit: largest,
    });
    const calendar: CalendarDifference = {
      years: duration.years,
      months: duration.months,
      weeks: duration.weeks,
      days: duration.days,
      hours: duration.hours,
      minutes: duration.minutes,
      seconds: duration.seconds,
      nanoseconds: duration.milliseconds * 1_000_000 + duration.microseconds * 1000 + duration.nanoseconds,
      iso: duration.toString(),
    };
    return {
      from: start.body,
      to: end.body,
      time_zone: timeZone,
      largest_unit: largest,
      sign: elapsed > 0n ? 1 : elapsed < 0n ? -1 : 0,
      seconds: Number(floorDiv(elapsed, NS_PER_SECOND)),
      nanoseconds: elapsed.toString(),
      exact: exact.toString(),
      calendar,
      human: human(calendar),
      source: 'diff',
    };
  }
}
