// The key codec on node:crypto: the port's shared cases (test/support/key-codec-contract.ts), and its handles, which are
// node:crypto's KeyObjects themselves.
import { createPublicKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NodeKeyCodec, keyObjectOf } from '../../../../src/adapters/driven/node-key-codec.js';
import { describeKeyCodec } from '../../../support/key-codec-contract.js';
import { RFC7517_A1 } from '../../../vectors/jose-keys.js';

const codec = new NodeKeyCodec();

describeKeyCodec('NodeKeyCodec', codec);

describe('the handles', () => {
  it('are the KeyObjects themselves, so that the signer and verifier on node:crypto use them as they are', () => {
    const { kty, crv, x, y } = RFC7517_A1.keys[0] ?? {};
    const key = createPublicKey({ key: { kty, crv, x, y }, format: 'jwk' });
    expect(keyObjectOf(codec.publicKeyFromJwk({ kty, crv, x, y })).equals(key)).toBe(true);
  });
});
