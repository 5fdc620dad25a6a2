import { DomainError } from '../errors.js';
import { RANGE_TEXT, daysFromCivil, daysInMonth, isInRange, utcInstant, type UtcInstant } from '../time/calendar.js';

export interface DatetimeToUnixInput {
  readonly datetime: string;
}

export interface DatetimeToUnix {
  readonly input: string;
  readonly utc: UtcInstant;
  readonly source: 'datetime_utc';
}

// A space stands for '+' because a bare '+' in a query string arrives as a space.
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:([Zz])|([+ -])(\d{2}):(\d{2}))$/;
const RFC3339_WITHOUT_ZONE = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(?:\.\d+)?$/;

const FORMAT_MESSAGE = 'datetime must be an RFC 3339 date-time such as 2024-05-01T12:30:00Z or 2024-05-01T14:30:00+02:00';

/**
 * Converts an RFC 3339 date-time with a zone to Unix time, flooring fractional
 * seconds to the millisecond.
 *
 * Throws `DATETIME_MISSING_ZONE` for local times, `DATETIME_IMPOSSIBLE` for dates
 * and times that do not exist (it never rolls them over, and it has no leap
 * seconds), `DATETIME_INVALID` for anything else that is not RFC 3339, and
 * `DATETIME_OUT_OF_RANGE` when the UTC result leaves years 0001–9999.
 */
export class ConvertDatetimeToUnix {
  execute({ datetime }: DatetimeToUnixInput): DatetimeToUnix {
    const text = datetime.trim();
    const match = RFC3339.exec(text);
    if (!match) {
      if (RFC3339_WITHOUT_ZONE.test(text)) {
        throw new DomainError('DATETIME_MISSING_ZONE', 'datetime must end with a time zone, Z or ±HH:MM: local time is ambiguous');
      }
      throw new DomainError('DATETIME_INVALID', FORMAT_MESSAGE);
    }
    const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number];
    const fraction = match[7] ?? '';
    if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
      throw new DomainError('DATETIME_IMPOSSIBLE', `datetime has an impossible date: ${match[1]}-${match[2]}-${match[3]}`);
    }
    if (hour > 23 || minute > 59 || second > 59) {
      throw new DomainError('DATETIME_IMPOSSIBLE', `datetime has an impossible time: ${match[4]}:${match[5]}:${match[6]}`);
    }
    let offsetMinutes = 0;
    if (match[8] === undefined) {
      const offsetHours = Number(match[10]);
      const offsetMins = Number(match[11]);
      if (offsetHours > 23 || offsetMins > 59) {
        throw new DomainError('DATETIME_IMPOSSIBLE', `datetime has an impossible offset: ${match[10]}:${match[11]}`);
      }
      offsetMinutes = (match[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMins);
    }
    const localSeconds = daysFromCivil(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second;
    const millis = Number(fraction.slice(0, 3).padEnd(3, '0'));
    const unixMs = BigInt(localSeconds - offsetMinutes * 60) * 1000n + BigInt(millis);
    if (!isInRange(unixMs)) {
      throw new DomainError('DATETIME_OUT_OF_RANGE', `datetime is out of range: the UTC instant must fall ${RANGE_TEXT}`);
    }
    return { input: datetime, utc: utcInstant(unixMs), source: 'datetime_utc' };
  }
}
