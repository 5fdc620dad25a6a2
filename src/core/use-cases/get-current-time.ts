import type { Clock } from '../ports/clock.js';
import { utcInstant, type UtcInstant } from '../time/calendar.js';

export interface CurrentTime {
  readonly utc: UtcInstant;
  readonly source: 'datetime_utc';
}

/** Reports the current instant from the clock, with its millisecond part kept. Never throws. */
export class GetCurrentTime {
  constructor(private readonly clock: Clock) {}

  execute(): CurrentTime {
    return { utc: utcInstant(BigInt(this.clock.nowMs())), source: 'datetime_utc' };
  }
}
