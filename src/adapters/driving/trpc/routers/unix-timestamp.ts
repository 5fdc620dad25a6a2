import { now, toUnix, toUtc } from '../operations.js';
import { procedureOf, router } from '../trpc.js';

export const unixTimestampRouter = router({
  now: procedureOf(now),
  toUtc: procedureOf(toUtc),
  toUnix: procedureOf(toUnix),
});
