import { AddDuration } from './add-duration.js';
import { ConvertDatetimeToUnix } from './convert-datetime-to-unix.js';
import { ConvertTimestampToUtc } from './convert-timestamp-to-utc.js';
import { DiffInstants } from './diff-instants.js';
import { FormatInstant } from './format-instant.js';
import { GetCurrentTime } from './get-current-time.js';
import { IdentifyTimestamp } from './identify-timestamp.js';
import type { UseCaseBuilders } from './index.js';

/** The time context's use cases, each built from its ports: the rows of `USE_CASE_BUILDERS` that read and write instants. */
export const TIME_USE_CASES = {
  getCurrentTime: ({ clock }) => new GetCurrentTime(clock),
  convertTimestampToUtc: () => new ConvertTimestampToUtc(),
  convertDatetimeToUnix: () => new ConvertDatetimeToUnix(),
  identifyTimestamp: ({ clock }) => new IdentifyTimestamp(clock),
  formatInstant: ({ clock }) => new FormatInstant(clock),
  diffInstants: ({ clock }) => new DiffInstants(clock),
  addDuration: ({ clock }) => new AddDuration(clock),
} satisfies Partial<UseCaseBuilders>;
