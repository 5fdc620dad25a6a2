// The key codec in plain JavaScript: the port's shared cases (test/support/key-codec-contract.ts), and its handles,
// which only it can read.
import { describe, expect, it } from 'vitest';
import { NodeKeyCodec } from '../../../../../src/adapters/driven/node-key-codec.js';
import { PortableKeyCodec } from '../../../../../src/adapters/driven/portable/portable-key-codec.js';
import { describeKeyCodec } from '../../../../support/key-codec-contract.js';
import { RFC8037_A2 } from '../../../../vectors/jose-keys.js';

const codec = new PortableKeyCodec();

describeKeyCodec('PortableKeyCodec', codec);

describe('the handles', () => {
  it("are the codec's own: another codec's handle is refused, not misread", () => {
    const foreign = new NodeKeyCodec().publicKeyFromJwk(RFC8037_A2);
    expect(() => codec.facts(foreign)).toThrow(TypeError);
    expect(() => codec.spki(foreign)).toThrow(TypeError);
  });
});
