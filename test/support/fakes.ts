import { NodeKeyCodec } from '../../src/adapters/driven/node-key-codec.js';
import type { Clock } from '../../src/core/shared/ports/clock.js';
import type { UseCasePorts } from '../../src/core/use-cases/index.js';

/** A clock that says what the test tells it to. */
export class FixedClock implements Clock {
  constructor(private ms: number) {}

  nowMs(): number {
    return this.ms;
  }

  set(ms: number): void {
    this.ms = ms;
  }
}

/**
 * Ports for building use cases outside the container: a fixed clock at 0, node:crypto's key codec, and stand-ins that
 * refuse every call for the rest, each replaced by what `given` holds.
 */
export const standInPorts = (given: Partial<UseCasePorts> = {}): UseCasePorts => ({
  clock: new FixedClock(0),
  knownSecrets: { size: 0, find: () => undefined },
  signatureVerifier: {
    verify: () => Promise.reject(new Error('unused')),
    signatureVerifies: () => Promise.reject(new Error('unused')),
  },
  tokenSigner: { sign: () => Promise.reject(new Error('unused')), generate: () => Promise.reject(new Error('unused')) },
  keyCodec: new NodeKeyCodec(),
  ...given,
});
