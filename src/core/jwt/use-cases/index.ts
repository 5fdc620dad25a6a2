import type { Clock } from '../../shared/ports/clock.js';
import type { KeyCodec } from '../../keys/ports/key-codec.js';
import type { KnownSecrets } from '../ports/known-secrets.js';
import type { SignatureVerifier } from '../ports/signature-verifier.js';
import type { TokenSigner } from '../ports/token-signer.js';
import { DecodeJwt } from './decode-jwt.js';
import { InspectKey } from './inspect-key.js';
import { ListClaims } from './list-claims.js';
import { SignJwt } from './sign-jwt.js';
import { ValidateJwt } from './validate-jwt.js';
import { VerifyJwt } from './verify-jwt.js';

/** The ports the JWT context's use cases take. */
export interface JwtPorts {
  readonly clock: Clock;
  readonly knownSecrets: KnownSecrets;
  readonly signatureVerifier: SignatureVerifier;
  readonly tokenSigner: TokenSigner;
  readonly keyCodec: KeyCodec;
}

/** The use cases of this table that others of it call, looked up by name. */
export interface JwtCalled {
  readonly decodeJwt: DecodeJwt;
  readonly verifyJwt: VerifyJwt;
}
export type JwtUse = <K extends keyof JwtCalled>(name: K) => JwtCalled[K];

/**
 * The JWT context's use cases, keys included, each built from its ports and from the use cases of this table it calls:
 * the rows of `USE_CASE_BUILDERS` (core/use-cases/index.ts, whose type checks them) that read, check and sign tokens
 * and keys.
 */
export const JWT_USE_CASES = {
  decodeJwt: ({ clock, knownSecrets }: JwtPorts) => new DecodeJwt(clock, knownSecrets),
  verifyJwt: ({ clock, signatureVerifier, keyCodec }: JwtPorts, use: JwtUse) =>
    new VerifyJwt(clock, signatureVerifier, keyCodec, use('decodeJwt')),
  listClaims: () => new ListClaims(),
  inspectKey: ({ clock, signatureVerifier, keyCodec }: JwtPorts) => new InspectKey(clock, signatureVerifier, keyCodec),
  validateJwt: ({ clock, signatureVerifier, keyCodec }: JwtPorts, use: JwtUse) =>
    new ValidateJwt(clock, signatureVerifier, keyCodec, use('verifyJwt')),
  signJwt: ({ clock, tokenSigner, keyCodec }: JwtPorts, use: JwtUse) => new SignJwt(clock, tokenSigner, keyCodec, use('decodeJwt')),
} as const;
