import { DomainError } from '../../shared/errors.js';
import { readDuration } from '../../time/durations.js';

/** The largest relative time, 100 years of 365.25 days (contract §4g). */
export const MAX_RELATIVE_SECONDS = 3_155_760_000;

const SECONDS = /^-?\d+$/;
/** The seconds in each unit of a fixed length; years and months have none. */
const UNIT_SECONDS = { weeks: 7 * 86_400, days: 86_400, hours: 3_600, minutes: 60, seconds: 1 } as const;

const refuse = (member: string, message: string): DomainError => new DomainError('SIGN_OPTION_INVALID', `${member}: ${message}`);
const malformed = (member: string): DomainError =>
  refuse(
    member,
    'must be whole seconds (3600, "-60") or an ISO 8601 duration of whole weeks, days, hours, minutes and seconds ("PT1H", "P1W2DT3H", "-PT1M")',
  );

/**
 * `expires_in` or `not_before_in` in seconds: a JSON integer (the contract's schema refuses any other number), or a
 * string of seconds or an ISO 8601 duration of weeks, days, hours, minutes and seconds (`P1W2DT3H`, `-PT1M`, letters
 * in either case), each a whole number; at most 100 years either way. The duration is read as `/unix-timestamp/add`
 * reads one, then narrowed (contract §4g): no `+`, no fraction, no years or months.
 */
export function relativeSeconds(member: string, value: number | string): number {
  let seconds: number;
  if (typeof value === 'number') {
    seconds = value;
  } else {
    const text = value.trim();
    const reading = readDuration(text);
    if (SECONDS.test(text)) {
      seconds = Number(text);
    } else if (!reading.ok || reading.duration.sign === '+') {
      throw malformed(member);
    } else {
      const { sign, counts, fraction } = reading.duration;
      if (counts.years !== undefined || counts.months !== undefined) {
        throw refuse(member, 'years and months have no fixed length; use weeks, days, hours, minutes or seconds');
      }
      if (fraction !== undefined) throw malformed(member);
      // Object.keys of a constant object: its own keys, which are its type's.
      const units = Object.keys(UNIT_SECONDS) as (keyof typeof UNIT_SECONDS)[];
      const magnitude = units.reduce((sum, unit) => sum + Number(counts[unit] ?? 0n) * UNIT_SECONDS[unit], 0);
      seconds = sign === '-' ? -magnitude : magnitude;
    }
  }
  if (Math.abs(seconds) > MAX_RELATIVE_SECONDS) throw refuse(member, `is more than ${MAX_RELATIVE_SECONDS} seconds (100 years) from now`);
  return seconds === 0 ? 0 : seconds;
}
