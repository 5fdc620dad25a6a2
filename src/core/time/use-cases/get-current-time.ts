import type { Clock } from '../../shared/ports/clock.js';
import { utcInstant, type UtcInstant } from '../calendar.js';
import { localTime, resolveZone, type LocalTime } from '../zones.js';

export interface CurrentTimeInput {
  /** A zone to show the current instant in as well. */
  readonly tz?: string | undefined;
}

export interface CurrentTime {
  readonly utc: UtcInstant;
  readonly local?: LocalTime;
  readonly source: 'datetime_utc';
}

/**
 * Reports the current instant from the clock, with its millisecond part kept,
 * and, given `tz`, as the wall clock there shows it. Throws only `TZ_UNKNOWN`.
 */
export class GetCurrentTime {
  constructor(private readonly clock: Clock) {}

  execute({ tz }: CurrentTimeInput = {}): CurrentTime {
    const zone = tz === undefined ? undefined : resolveZone(tz);
    const unixMs = BigInt(this.clock.nowMs());
    return { utc: utcInstant(unixMs), ...(zone === undefined ? {} : { local: localTime(unixMs, zone) }), source: 'datetime_utc' };
  }
}
