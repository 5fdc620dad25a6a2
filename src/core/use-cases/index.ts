import type { Clock } from '../ports/clock.js';
import type { KnownSecrets } from '../ports/known-secrets.js';
import type { SignatureVerifier } from '../ports/signature-verifier.js';
import { ConvertDatetimeToUnix } from './convert-datetime-to-unix.js';
import { ConvertTimestampToUtc } from './convert-timestamp-to-utc.js';
import { DecodeJwt } from './decode-jwt.js';
import { GetCurrentTime } from './get-current-time.js';
import { IdentifyTimestamp } from './identify-timestamp.js';
import { VerifyJwt } from './verify-jwt.js';

/** The use cases every driving adapter offers. */
export interface UseCases {
  readonly getCurrentTime: GetCurrentTime;
  readonly convertTimestampToUtc: ConvertTimestampToUtc;
  readonly convertDatetimeToUnix: ConvertDatetimeToUnix;
  readonly identifyTimestamp: IdentifyTimestamp;
  readonly decodeJwt: DecodeJwt;
  readonly verifyJwt: VerifyJwt;
}

/** The ports the use cases need; the rate limit's are apart, since only the network transports charge. */
export interface UseCasePorts {
  readonly clock: Clock;
  readonly knownSecrets: KnownSecrets;
  readonly signatureVerifier: SignatureVerifier;
}

/** The one factory of the use cases over their ports: the server's container and the CLI both build them here. */
export function createUseCases({ clock, knownSecrets, signatureVerifier }: UseCasePorts): UseCases {
  const decodeJwt = new DecodeJwt(clock, knownSecrets);
  return {
    getCurrentTime: new GetCurrentTime(clock),
    convertTimestampToUtc: new ConvertTimestampToUtc(),
    convertDatetimeToUnix: new ConvertDatetimeToUnix(),
    identifyTimestamp: new IdentifyTimestamp(clock),
    decodeJwt,
    verifyJwt: new VerifyJwt(clock, signatureVerifier, decodeJwt),
  };
}
