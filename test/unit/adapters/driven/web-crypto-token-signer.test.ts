// The token signers over the published JWS signatures: the deterministic ones compared byte for byte, the
// randomized ones (ECDSA, RSA-PSS) verified with jose, and generated keys of each kind. Both hosts' signers: the
// server's, over node:crypto's KeyObjects, and the portable one, over the JWKs a codec exports, with node's codec and
// with the portable codec the browser uses.
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { PortableKeyCodec } from '../../../../src/adapters/driven/portable/portable-key-codec.js';
import type { KeyCodec } from '../../../../src/core/keys/ports/key-codec.js';
import { compactVerify, importJWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { Slots, WebCryptoTokenSigner } from '../../../../src/adapters/driven/web-crypto-token-signer.js';
import { NodeKeyCodec } from '../../../../src/adapters/driven/node-key-codec.js';
import { PortableTokenSigner } from '../../../../src/adapters/driven/portable/portable-token-signer.js';
import { SIGNING_ALGORITHMS } from '../../../../src/core/shared/algorithms.js';
import type { AsymmetricAlgorithm, SigningAlgorithm, SigningKey, TokenSigner } from '../../../../src/core/jwt/ports/token-signer.js';
import { RFC7515_A3_TOKEN, RFC7519_3_1_TOKEN } from '../../../support/fixtures.js';
import {
  RFC7515_A1_KEY,
  RFC7515_A2_KEY,
  RFC7515_A2_TOKEN,
  RFC7515_A3_PRIVATE_KEY,
  RFC7520_3_2,
  RFC7520_3_4,
  RFC7520_3_5,
  RFC7520_4_1,
  RFC7520_4_2,
  RFC7520_4_3,
  RFC7520_4_4,
  RFC8037_A1,
  RFC8037_A4_JWS,
} from '../../../vectors/jose-keys.js';

const secretOf = (jwk: { k: string }): SigningKey => ({ kind: 'secret', bytes: Buffer.from(jwk.k, 'base64url') });
const resign = async (signer: TokenSigner, token: string, alg: SigningAlgorithm, key: SigningKey) => {
  const signingInput = token.slice(0, token.lastIndexOf('.'));
  return `${signingInput}.${Buffer.from(await signer.sign(alg, key, signingInput)).toString('base64url')}`;
};

const portableCodec = new PortableKeyCodec();
describe.each<[string, TokenSigner, KeyCodec]>([
  ['WebCryptoTokenSigner', new WebCryptoTokenSigner(), new NodeKeyCodec()],
  ['PortableTokenSigner over NodeKeyCodec', new PortableTokenSigner(new NodeKeyCodec()), new NodeKeyCodec()],
  ['PortableTokenSigner over PortableKeyCodec', new PortableTokenSigner(portableCodec), portableCodec],
])('%s', (_name, signer, codec) => {
  const privateOf = (jwk: object): SigningKey => ({ kind: 'private', key: codec.privateKeyFromJwk({ ...jwk }) });

  it.each([
    ['RFC 7515 A.1 (HS256)', RFC7519_3_1_TOKEN, 'HS256', secretOf(RFC7515_A1_KEY)],
    ['RFC 7515 A.2 (RS256)', RFC7515_A2_TOKEN, 'RS256', privateOf(RFC7515_A2_KEY)],
    ['RFC 7520 §4.1 (RS256)', RFC7520_4_1, 'RS256', privateOf(RFC7520_3_4)],
    ['RFC 7520 §4.4 (HS256)', RFC7520_4_4, 'HS256', secretOf(RFC7520_3_5)],
    ['RFC 8037 A.4 (EdDSA)', RFC8037_A4_JWS, 'EdDSA', privateOf(RFC8037_A1)],
  ] as const)('gives %s exactly', async (_name, token, alg, key) => {
    expect(await resign(signer, token, alg, key)).toBe(token);
  });

  it.each([
    ['RFC 7515 A.3 (ES256)', RFC7515_A3_TOKEN, 'ES256', RFC7515_A3_PRIVATE_KEY],
    ['RFC 7520 §4.2 (PS384)', RFC7520_4_2, 'PS384', RFC7520_3_4],
    ['RFC 7520 §4.3 (ES512)', RFC7520_4_3, 'ES512', RFC7520_3_2],
  ] as const)('makes %s signatures that verify, of R‖S length for ECDSA', async (_name, token, alg, jwk) => {
    const signed = await resign(signer, token, alg, privateOf(jwk));
    const publicJwk = createPublicKey(createPrivateKey({ key: jwk, format: 'jwk' })).export({ format: 'jwk' });
    await expect(compactVerify(signed, await importJWK(publicJwk, alg), { algorithms: [alg] })).resolves.toBeDefined();
    const length = Buffer.from(signed.split('.')[2] ?? '', 'base64url').length;
    if (alg === 'ES256') expect(length).toBe(64);
    if (alg === 'ES512') expect(length).toBe(132);
  });

  it.each(SIGNING_ALGORITHMS.filter((alg) => !alg.startsWith('HS')) as AsymmetricAlgorithm[])(
    'makes a %s key that signs what jose verifies',
    async (alg) => {
      const key = await signer.generate(alg);
      const publicJwk = codec.publicJwk(codec.publicKeyOf(key));
      const { type, curve, bits } = codec.facts(key);
      if (alg.startsWith('RS') || alg.startsWith('PS')) expect([type, bits, publicJwk.e]).toEqual(['rsa', 2048, 'AQAB']);
      if (alg === 'EdDSA' || alg === 'Ed25519') expect(type).toBe('ed25519');
      if (alg.startsWith('ES')) expect(curve).toBe({ ES256: 'prime256v1', ES384: 'secp384r1', ES512: 'secp521r1' }[alg as 'ES256']);
      const input = `${Buffer.from(JSON.stringify({ alg })).toString('base64url')}.e30`;
      const token = `${input}.${Buffer.from(await signer.sign(alg, { kind: 'private', key }, input)).toString('base64url')}`;
      await expect(compactVerify(token, await importJWK(publicJwk, alg), { algorithms: [alg] })).resolves.toBeDefined();
    },
  );
});

describe('Slots', () => {
  it('runs at most its size at once, the rest in order, and frees a slot when a task fails', async () => {
    const slots = new Slots(1);
    const started: string[] = [];
    const release: Record<string, () => void> = {};
    const task = (name: string, fail = false) =>
      slots.run(async () => {
        started.push(name);
        await new Promise<void>((resolve) => (release[name] = resolve));
        if (fail) throw new Error(name);
        return name;
      });
    const a = task('a', true);
    const b = task('b');
    const c = task('c');
    await Promise.resolve();
    expect(started).toEqual(['a']);
    release.a?.();
    await expect(a).rejects.toThrow('a');
    await expect.poll(() => started).toEqual(['a', 'b']);
    release.b?.();
    await expect(b).resolves.toBe('b');
    await expect.poll(() => started).toEqual(['a', 'b', 'c']);
    release.c?.();
    await expect(c).resolves.toBe('c');
  });
});
