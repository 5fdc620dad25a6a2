import type { ConvertDatetimeToUnix } from './convert-datetime-to-unix.js';
import type { ConvertTimestampToUtc } from './convert-timestamp-to-utc.js';
import type { DecodeJwt } from './decode-jwt.js';
import type { GetCurrentTime } from './get-current-time.js';
import type { IdentifyTimestamp } from './identify-timestamp.js';
import type { VerifyJwt } from './verify-jwt.js';

/** The use cases every driving adapter offers, resolved once by the composition root. */
export interface UseCases {
  readonly getCurrentTime: GetCurrentTime;
  readonly convertTimestampToUtc: ConvertTimestampToUtc;
  readonly convertDatetimeToUnix: ConvertDatetimeToUnix;
  readonly identifyTimestamp: IdentifyTimestamp;
  readonly decodeJwt: DecodeJwt;
  readonly verifyJwt: VerifyJwt;
}
