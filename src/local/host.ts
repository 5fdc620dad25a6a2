// The local host's composition root (contract §11): the core's use cases over adapters that run wherever JavaScript
// does, with no node: module, no network and no rate limit: the browser's page and the typed client's local entry.
import { NobleKnownSecrets } from '../adapters/driven/portable/noble-known-secrets.js';
import { PortableKeyCodec } from '../adapters/driven/portable/portable-key-codec.js';
import { PortableSignatureVerifier } from '../adapters/driven/portable/portable-signature-verifier.js';
import { PortableTokenSigner } from '../adapters/driven/portable/portable-token-signer.js';
import { SystemClock } from '../adapters/driven/system-clock.js';
import type { Clock } from '../core/shared/ports/clock.js';
import { createUseCases, type UseCases } from '../core/use-cases/index.js';

/**
 * Every use case, each built once from `USE_CASE_BUILDERS` (as the server's container and the CLI build them), over
 * the portable adapters: keys read by PortableKeyCodec, which the verifier and the signer reach keys through, known
 * secrets tried with @noble/hashes, and signatures made and checked with Web Crypto. `now` is the clock, the system's
 * by default.
 */
export function createLocalUseCases(now?: () => number): UseCases {
  const clock: Clock = now === undefined ? new SystemClock() : { nowMs: now };
  const keyCodec = new PortableKeyCodec();
  return createUseCases({
    clock,
    knownSecrets: new NobleKnownSecrets(),
    signatureVerifier: new PortableSignatureVerifier(keyCodec),
    tokenSigner: new PortableTokenSigner(keyCodec),
    keyCodec,
  });
}
