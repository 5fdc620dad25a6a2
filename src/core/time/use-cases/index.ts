import { AddDuration } from './add-duration.js';
import { ConvertDatetimeToUnix } from './convert-datetime-to-unix.js';
import { ConvertTimestampToUtc } from './convert-timestamp-to-utc.js';
import { DiffInstants } from './diff-instants.js';
import { FormatInstant } from './format-instant.js';
import { GetCurrentTime } from './get-current-time.js';
import { IdentifyTimestamp } from './identify-timestamp.js';
import type { Clock } from '../../shared/ports/clock.js';

/** The ports the time context's use cases take. */
export interface TimePorts {
  readonly clock: Clock;
}

/**
 * The time context's use cases, each built from its ports: the rows of `USE_CASE_BUILDERS` (core/use-cases/index.ts,
 * whose type checks them) that read and write instants.
 */
export const TIME_USE_CASES = {
  getCurrentTime: ({ clock }: TimePorts) => new GetCurrentTime(clock),
  convertTimestampToUtc: () => new ConvertTimestampToUtc(),
  convertDatetimeToUnix: () => new ConvertDatetimeToUnix(),
  identifyTimestamp: ({ clock }: TimePorts) => new IdentifyTimestamp(clock),
  formatInstant: ({ clock }: TimePorts) => new FormatInstant(clock),
  diffInstants: ({ clock }: TimePorts) => new DiffInstants(clock),
  addDuration: ({ clock }: TimePorts) => new AddDuration(clock),
} as const;
