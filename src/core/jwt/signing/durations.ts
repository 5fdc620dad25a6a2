import { DomainError } from '../../errors.js';

/** The largest relative time, 100 years of 365.25 days (contract §4g). */
export const MAX_RELATIVE_SECONDS = 3_155_760_000;

const SECONDS = /^-?\d+$/;
const ISO_DURATION = /^(-)?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;
const UNIT_SECONDS = [7 * 86_400, 86_400, 3_600, 60, 1];

const refuse = (member: string, message: string): DomainError => new DomainError('SIGN_OPTION_INVALID', `${member}: ${message}`);

/**
 * `expires_in` or `not_before_in` in seconds: a JSON integer, or a string of seconds or an ISO 8601 duration of
 * weeks, days, hours, minutes and seconds (`P1W2DT3H`, `-PT1M`), each a whole number; at most 100 years either way.
 */
export function relativeSeconds(member: string, value: number | string): number {
  let seconds: number;
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw refuse(member, 'must be a whole number of seconds');
    seconds = value;
  } else {
    const text = value.trim();
    const duration = ISO_DURATION.exec(text);
    if (SECONDS.test(text)) {
      seconds = Number(text);
    } else if (duration !== null && duration.slice(2).some((part) => part !== undefined) && !text.endsWith('T')) {
      const magnitude = duration.slice(2).reduce((sum, part, index) => sum + Number(part ?? 0) * (UNIT_SECONDS[index] as number), 0);
      seconds = duration[1] === '-' ? -magnitude : magnitude;
    } else if (/^-?P[^T]*[YM]/.test(text)) {
      throw refuse(member, 'years and months have no fixed length; use weeks, days, hours, minutes or seconds');
    } else {
      throw refuse(
        member,
        'must be whole seconds (3600, "-60") or an ISO 8601 duration of whole weeks, days, hours, minutes and seconds ("PT1H", "P1W2DT3H", "-PT1M")',
      );
    }
  }
  if (Math.abs(seconds) > MAX_RELATIVE_SECONDS) throw refuse(member, `is more than ${MAX_RELATIVE_SECONDS} seconds (100 years) from now`);
  return seconds === 0 ? 0 : seconds;
}
