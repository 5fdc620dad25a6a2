import type { Clock } from '../ports/clock.js';
import type { KnownSecrets } from '../ports/known-secrets.js';
import type { SignatureVerifier } from '../ports/signature-verifier.js';
import type { TokenSigner } from '../ports/token-signer.js';
import type { AddDuration } from './add-duration.js';
import type { ConvertDatetimeToUnix } from './convert-datetime-to-unix.js';
import type { ConvertTimestampToUtc } from './convert-timestamp-to-utc.js';
import type { DecodeJwt } from './decode-jwt.js';
import type { DiffInstants } from './diff-instants.js';
import type { FormatInstant } from './format-instant.js';
import type { GetCurrentTime } from './get-current-time.js';
import type { IdentifyTimestamp } from './identify-timestamp.js';
import type { ListClaims } from './list-claims.js';
import type { VerifyJwt } from './verify-jwt.js';
import type { InspectKey } from './inspect-key.js';
import type { ValidateJwt } from './validate-jwt.js';
import type { SignJwt } from './sign-jwt.js';
import { buildUseCases } from './contexts.js';
import { JWT_USE_CASES } from './jwt-use-cases.js';
import { TIME_USE_CASES } from './time-use-cases.js';

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

/** How one use case is built: from its ports, and from the other use cases it calls, looked up by name. */
export type UseCaseBuilder<K extends keyof UseCases> = (ports: UseCasePorts, use: UseCaseLookup) => UseCases[K];

/** The builders of some use cases, as the table of one of the core's contexts holds them. */
export type UseCaseBuilders<K extends keyof UseCases = keyof UseCases> = { readonly [P in K]: UseCaseBuilder<P> };

/**
 * How each use case is built: the tables of the core's two contexts (`time-use-cases.ts`, `jwt-use-cases.ts`) together,
 * the one place that says so. The server's container binds each use case from its row (so that a test can replace one
 * alone), and `createUseCases` builds them all; a command of the CLI loads its own context's table alone (`contexts.ts`).
 */
export const USE_CASE_BUILDERS: UseCaseBuilders = { ...TIME_USE_CASES, ...JWT_USE_CASES };

/** Every use case's name: the builders' keys, which the type of `USE_CASE_BUILDERS` makes complete. */
export const USE_CASE_NAMES = Object.keys(USE_CASE_BUILDERS) as readonly (keyof UseCases)[];

/** Every use case over the same ports, each built once, from `USE_CASE_BUILDERS`. */
export function createUseCases(ports: UseCasePorts): UseCases {
  return buildUseCases(ports, USE_CASE_BUILDERS);
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
