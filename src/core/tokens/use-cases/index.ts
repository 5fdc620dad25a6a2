import type { Clock } from '../../shared/ports/clock.js';
import type { KeyCodec } from '../../keys/ports/key-codec.js';
import { IdentifyToken } from './identify-token.js';
import { VerifyToken } from './verify-token.js';

/** The ports the token context's use cases take. */
export interface TokenPorts {
  readonly clock: Clock;
  readonly keyCodec: KeyCodec;
}

/**
 * The token context's use cases (contract §12), each built from its ports: the rows of `USE_CASE_BUILDERS`
 * (core/use-cases/index.ts, whose type checks them) that read and check the tokens and credentials that are not JWTs.
 */
export const TOKEN_USE_CASES = {
  identifyToken: () => new IdentifyToken(),
  verifyToken: ({ clock, keyCodec }: TokenPorts) => new VerifyToken(clock, keyCodec),
} as const;
