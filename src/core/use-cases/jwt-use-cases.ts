import { DecodeJwt } from './decode-jwt.js';
import type { UseCaseBuilders } from './index.js';
import { InspectKey } from './inspect-key.js';
import { ListClaims } from './list-claims.js';
import { SignJwt } from './sign-jwt.js';
import { ValidateJwt } from './validate-jwt.js';
import { VerifyJwt } from './verify-jwt.js';

/**
 * The JWT context's use cases, keys included, each built from its ports and from the use cases of this table it calls:
 * the rows of `USE_CASE_BUILDERS` that read, check and sign tokens and keys.
 */
export const JWT_USE_CASES = {
  decodeJwt: ({ clock, knownSecrets }) => new DecodeJwt(clock, knownSecrets),
  verifyJwt: ({ clock, signatureVerifier }, use) => new VerifyJwt(clock, signatureVerifier, use('decodeJwt')),
  listClaims: () => new ListClaims(),
  inspectKey: ({ clock, signatureVerifier }) => new InspectKey(clock, signatureVerifier),
  validateJwt: ({ clock, signatureVerifier }, use) => new ValidateJwt(clock, signatureVerifier, use('verifyJwt')),
  signJwt: ({ clock, tokenSigner }, use) => new SignJwt(clock, tokenSigner, use('decodeJwt')),
} satisfies Partial<UseCaseBuilders>;
