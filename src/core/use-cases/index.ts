import type { Clock } from '../ports/clock.js';
import type { KnownSecrets } from '../ports/known-secrets.js';
import type { SignatureVerifier } from '../ports/signature-verifier.js';
import type { TokenSigner } from '../ports/token-signer.js';
import { AddDuration } from './add-duration.js';
import { ConvertDatetimeToUnix } from './convert-datetime-to-unix.js';
import { ConvertTimestampToUtc } from './convert-timestamp-to-utc.js';
import { DecodeJwt } from './decode-jwt.js';
import { DiffInstants } from './diff-instants.js';
import { FormatInstant } from './format-instant.js';
import { GetCurrentTime } from './get-current-time.js';
import { IdentifyTimestamp } from './identify-timestamp.js';
import { ListClaims } from './list-claims.js';
import { VerifyJwt } from './verify-jwt.js';
import { InspectKey } from './inspect-key.js';
import { ValidateJwt } from './validate-jwt.js';
import { SignJwt } from './sign-jwt.js';

/** The use cases every driving adapter offers. */
export interface UseCases {
  readonly getCurrentTime: GetCurrentTime;
  readonly convertTimestampToUtc: ConvertTimestampToUtc;
  readonly convertDatetimeToUnix: ConvertDatetimeToUnix;
  readonly identifyTimestamp: IdentifyTimestamp;
  readonly formatInstant: FormatInstant;
  readonly diffInstants: DiffInstants;
  readonly addDuration: AddDuration;
  readonly decodeJwt: DecodeJwt;
  readonly verifyJwt: VerifyJwt;
  readonly listClaims: ListClaims;
  readonly inspectKey: InspectKey;
  readonly validateJwt: ValidateJwt;
  readonly signJwt: SignJwt;
}

/** The ports the use cases need; the rate limit's are apart, since only the network transports charge. */
export interface UseCasePorts {
  readonly clock: Clock;
  readonly knownSecrets: KnownSecrets;
  readonly signatureVerifier: SignatureVerifier;
  readonly tokenSigner: TokenSigner;
}

/** Another use case, by name, for a use case that calls one. */
export type UseCaseLookup = <K extends keyof UseCases>(name: K) => UseCases[K];

/**
 * How each use case is built: from its ports, and from the other use cases it
 * calls, looked up by name. The one place that says so: the server's
 * container binds each use case from its row (so that a test can replace one
 * alone), and `createUseCases` builds them all for the CLI.
 */
export const USE_CASE_BUILDERS: { readonly [K in keyof UseCases]: (ports: UseCasePorts, use: UseCaseLookup) => UseCases[K] } = {
  getCurrentTime: ({ clock }) => new GetCurrentTime(clock),
  convertTimestampToUtc: () => new ConvertTimestampToUtc(),
  convertDatetimeToUnix: () => new ConvertDatetimeToUnix(),
  identifyTimestamp: ({ clock }) => new IdentifyTimestamp(clock),
  formatInstant: ({ clock }) => new FormatInstant(clock),
  diffInstants: ({ clock }) => new DiffInstants(clock),
  addDuration: ({ clock }) => new AddDuration(clock),
  decodeJwt: ({ clock, knownSecrets }) => new DecodeJwt(clock, knownSecrets),
  verifyJwt: ({ clock, signatureVerifier }, use) => new VerifyJwt(clock, signatureVerifier, use('decodeJwt')),
  listClaims: () => new ListClaims(),
  inspectKey: ({ clock, signatureVerifier }) => new InspectKey(clock, signatureVerifier),
  validateJwt: ({ clock, signatureVerifier }, use) => new ValidateJwt(clock, signatureVerifier, use('verifyJwt')),
  signJwt: ({ clock, tokenSigner }, use) => new SignJwt(clock, tokenSigner, use('decodeJwt')),
};

/** Every use case's name: the builders' keys, which the type of `USE_CASE_BUILDERS` makes complete. */
export const USE_CASE_NAMES = Object.keys(USE_CASE_BUILDERS) as readonly (keyof UseCases)[];

/** Every use case over the same ports, each built once, from `USE_CASE_BUILDERS`. */
export function createUseCases(ports: UseCasePorts): UseCases {
  const built = new Map<keyof UseCases, UseCases[keyof UseCases]>();
  const use: UseCaseLookup = (name) => {
    let useCase = built.get(name) as UseCases[typeof name] | undefined;
    if (useCase === undefined) {
      useCase = USE_CASE_BUILDERS[name](ports, use);
      built.set(name, useCase);
    }
    return useCase;
  };
  return allUseCases(use);
}

/** Every use case, each as `use` gives it. */
export function allUseCases(use: UseCaseLookup): UseCases {
  return {
    getCurrentTime: use('getCurrentTime'),
    convertTimestampToUtc: use('convertTimestampToUtc'),
    convertDatetimeToUnix: use('convertDatetimeToUnix'),
    identifyTimestamp: use('identifyTimestamp'),
    formatInstant: use('formatInstant'),
    diffInstants: use('diffInstants'),
    addDuration: use('addDuration'),
    decodeJwt: use('decodeJwt'),
    verifyJwt: use('verifyJwt'),
    listClaims: use('listClaims'),
    inspectKey: use('inspectKey'),
    validateJwt: use('validateJwt'),
    signJwt: use('signJwt'),
  };
}
