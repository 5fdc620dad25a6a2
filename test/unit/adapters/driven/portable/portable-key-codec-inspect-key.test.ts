// /jwt/inspect-key's use case built once over each host's key codec and verifier (createUseCases, as the server and the
// local host build it): node:crypto's, and the portable ones the browser runs. For the inputs of
// test/unit/core/jwt/use-cases/inspect-key.test.ts (the RFC vectors, keys of every type in every form, limits,
// findings, openssl's certificates, tokens, refusals), both answer the same JSON, refusals by code and message.
import { createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { SignJWT, type JWK } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { JoseSignatureVerifier } from '../../../../../src/adapters/driven/jose-signature-verifier.js';
import { NodeKeyCodec } from '../../../../../src/adapters/driven/node-key-codec.js';
import { PortableKeyCodec } from '../../../../../src/adapters/driven/portable/portable-key-codec.js';
import { PortableSignatureVerifier } from '../../../../../src/adapters/driven/portable/portable-signature-verifier.js';
import { DomainError } from '../../../../../src/core/shared/errors.js';
import { createUseCases, type UseCases } from '../../../../../src/core/use-cases/index.js';
import { makeChain, x5cOf, type Chain } from '../../../../support/certificates.js';
import { FixedClock, standInPorts } from '../../../../support/fakes.js';
import { RFC7515_A3_KEY, RFC7515_A3_TOKEN, tokenOf } from '../../../../support/fixtures.js';
import {
  RFC7517_A1,
  RFC7517_A2_EC,
  RFC7517_A3,
  RFC7517_B,
  RFC7517_C1,
  RFC7520_3_1,
  RFC7520_3_2,
  RFC7520_3_3,
  RFC8037_A1,
  RFC8037_A2,
  RFC8037_A4_JWS,
} from '../../../../vectors/jose-keys.js';

const NOW_MS = Date.UTC(2026, 10, 26);
const portableCodec = new PortableKeyCodec();
const hosts = (clock: FixedClock): Record<'node' | 'portable', UseCases> => ({
  node: createUseCases(standInPorts({ clock, keyCodec: new NodeKeyCodec(), signatureVerifier: new JoseSignatureVerifier() })),
  portable: createUseCases(
    standInPorts({ clock, keyCodec: portableCodec, signatureVerifier: new PortableSignatureVerifier(portableCodec) }),
  ),
});

type Input = readonly [label: string, key: string, token?: string];

/** The inputs on which the two hosts answer differently, with both answers. */
async function differences(useCases: Record<'node' | 'portable', UseCases>, inputs: readonly Input[]): Promise<string[]> {
  const answer = (host: UseCases, key: string, token: string | undefined) =>
    host.inspectKey.execute({ key, ...(token === undefined ? {} : { token }) }).then(
      (body) => JSON.stringify(body),
      (error: unknown) => JSON.stringify(error instanceof DomainError ? { code: error.code, message: error.message } : String(error)),
    );
  const found: string[] = [];
  for (const [label, key, token] of inputs) {
    const [expected, actual] = await Promise.all([answer(useCases.node, key, token), answer(useCases.portable, key, token)]);
    if (expected !== actual) found.push(`${label}\n  node:     ${expected.slice(0, 600)}\n  portable: ${actual.slice(0, 600)}`);
  }
  return found;
}

const json = (value: unknown) => JSON.stringify(value);
const jwkOf = (key: KeyObject): JWK => key.export({ format: 'jwk' });
const spki = (key: KeyObject): string => key.export({ type: 'spki', format: 'pem' });
const b64 = (bytes: Uint8Array) => bytes.toBase64({ alphabet: 'base64url', omitPadding: true });
const padded = (member: unknown) => b64(Uint8Array.of(0, ...Uint8Array.fromBase64(String(member), { alphabet: 'base64url' })));

describe('inspectKey over PortableKeyCodec answers as over NodeKeyCodec', () => {
  it('for the published vectors', async () => {
    const inputs: Input[] = [
      ['RFC 7517 A.1', json(RFC7517_A1)],
      ...RFC7517_A1.keys.map((key, i): Input => [`RFC 7517 A.1 key ${i}`, json(key)]),
      ['RFC 7517 A.2', json(RFC7517_A2_EC)],
      ['RFC 7517 A.3', json(RFC7517_A3)],
      ['RFC 7517 B', json(RFC7517_B)],
      ['RFC 7517 C.1', json(RFC7517_C1)],
      ['RFC 8037 A.1', json(RFC8037_A1)],
      ['RFC 8037 A.2', json(RFC8037_A2)],
      ['RFC 8037 A.2 with A.4', json(RFC8037_A2), RFC8037_A4_JWS],
      ['RFC 7520 3.1', json(RFC7520_3_1)],
      ['RFC 7520 3.2', json(RFC7520_3_2)],
      ['RFC 7520 3.3', json(RFC7520_3_3)],
      ['RFC 7515 A.3', json(RFC7515_A3_KEY), RFC7515_A3_TOKEN],
    ];
    expect(await differences(hosts(new FixedClock(NOW_MS)), inputs)).toEqual([]);
  });

  it('for keys of every type in every form, limits and findings', async () => {
    const kinds = [
      generateKeyPairSync('rsa', { modulusLength: 2048 }),
      generateKeyPairSync('ec', { namedCurve: 'P-256' }),
      generateKeyPairSync('ec', { namedCurve: 'P-384' }),
      generateKeyPairSync('ec', { namedCurve: 'P-521' }),
      generateKeyPairSync('ed25519'),
      generateKeyPairSync('ed448'),
      generateKeyPairSync('x25519'),
      generateKeyPairSync('x448'),
    ];
    const rsa = kinds[0] as (typeof kinds)[number];
    const ec = jwkOf(generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey);
    const other = jwkOf(generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey);
    const rsaJwk = jwkOf(rsa.publicKey);
    const inputs: Input[] = [
      ...kinds.flatMap(({ publicKey, privateKey }, i): Input[] => [
        [`kind ${i}, public JWK`, json(jwkOf(publicKey))],
        [`kind ${i}, SPKI`, spki(publicKey)],
        [`kind ${i}, PKCS #8`, privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()],
        [`kind ${i}, private JWK`, json(jwkOf(privateKey))],
      ]),
      [
        'PKCS #1 and SEC 1',
        [
          rsa.publicKey.export({ type: 'pkcs1', format: 'pem' }),
          rsa.privateKey.export({ type: 'pkcs1', format: 'pem' }),
          generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey.export({ type: 'sec1', format: 'pem' }),
        ].join('\n'),
      ],
      ['100 JWKs', json({ keys: Array.from({ length: 100 }, (_, i) => ({ ...RFC8037_A2, kid: `k${i}` })) })],
      ['100 PEM blocks', spki(createPublicKey({ key: RFC8037_A2, format: 'jwk' })).repeat(100)],
      ['61,440 characters', json(RFC8037_A2).padEnd(61_440)],
      ['RSA of 1264 bits', json(jwkOf(generateKeyPairSync('rsa', { modulusLength: 1264 }).publicKey))],
      ['RSA of 1024 bits', json(jwkOf(generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey))],
      ['n 5 and e 3', json({ kty: 'RSA', n: 'BQ', e: 'Aw' })],
      ['n with padding', json({ kty: 'RSA', n: '_wE=', e: 'Aw==' })],
      ['n and e with leading zeros', json({ ...rsaJwk, n: padded(rsaJwk.n), e: padded(rsaJwk.e) })],
      ['a short EC coordinate', json({ ...ec, x: b64(Uint8Array.fromBase64(ec.x ?? '', { alphabet: 'base64url' }).subarray(1)) })],
      ['a long EC coordinate', json({ ...ec, x: padded(ec.x) })],
      ...['RS256', 'ES384', 'ECDH-ES', 'made-up'].map((alg): Input => [`EC with alg ${alg}`, json({ ...ec, alg })]),
      ['Ed25519 with alg EdDSA', json({ ...RFC8037_A2, alg: 'EdDSA' })],
      ['use and key_ops', json({ ...ec, use: 'sig', key_ops: ['verify'] })],
      [
        'a kid shared',
        json({
          keys: [
            { ...ec, kid: 'a' },
            { ...other, kid: 'a' },
            { ...RFC8037_A2, kid: 'a' },
            { ...other, kid: 'a' },
          ],
        }),
      ],
      ['x5c of another key', json({ ...RFC7517_B, n: RFC7517_A1.keys[1]?.n })],
      ['x5t of the wrong hash', json({ ...RFC7517_B, x5t: 'AAAA', 'x5t#S256': 'AAAA' })],
      ['an off-curve point', json({ ...RFC7517_A1.keys[0], y: RFC7517_A1.keys[0]?.x })],
      [
        'a DSA key',
        generateKeyPairSync('dsa', { modulusLength: 2048, divisorLength: 256 }).publicKey.export({ type: 'spki', format: 'pem' }),
      ],
      ['a secp256k1 key', generateKeyPairSync('ec', { namedCurve: 'secp256k1' }).publicKey.export({ type: 'spki', format: 'pem' })],
      ['an RSA-PSS key', generateKeyPairSync('rsa-pss', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' })],
      ['a broken PKCS #8', rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString().replace(/\n(.)/, '\n*$1')],
    ];
    expect(await differences(hosts(new FixedClock(NOW_MS)), inputs)).toEqual([]);
  });

  describe('for certificates made with openssl', () => {
    let chain: Chain;
    let madeAt: number;
    beforeAll(() => {
      chain = makeChain();
      madeAt = Date.now();
    });

    it('alone, in chains, broken chains and x5c', async () => {
      const leafJwk = jwkOf(createPublicKey(chain.leaf.pem));
      const rsa = spki(generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey);
      const inputs: Input[] = [
        ['a chain, with text around', `subject=...\n${chain.leaf.pem}${chain.intermediate.pem}text between\n${chain.root.pem}`],
        ['a broken chain', chain.leaf.pem + chain.stranger.pem],
        ['a serial of 0x80', chain.stranger.pem],
        ['a SHA-1 ECDSA certificate', chain.sha1.pem],
        ['a chain past a public key', chain.leaf.pem + rsa + chain.intermediate.pem],
        ['a leaf alone', chain.leaf.pem],
        ['an impostor issuer', chain.intermediate.pem + chain.impostor.pem],
        ['a twin issuer', chain.leaf.pem + chain.twin.pem],
        ['a version 1 certificate', chain.v1.pem + chain.root.pem],
        ['an x5c chain', json({ ...leafJwk, x5c: [x5cOf(chain.leaf.pem), x5cOf(chain.intermediate.pem)] })],
        ['an x5c chain the other way', json({ ...leafJwk, x5c: [x5cOf(chain.intermediate.pem), x5cOf(chain.leaf.pem)] })],
      ];
      for (const at of [madeAt, madeAt + 3 * 86_400_000]) expect(await differences(hosts(new FixedClock(at)), inputs)).toEqual([]);
    });
  });

  it('for tokens, key selection and verification', async () => {
    const signer = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const right = jwkOf(signer.publicKey);
    const stranger = jwkOf(generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey);
    const sign = (header: Record<string, unknown>) =>
      new SignJWT({ sub: 'x' }).setProtectedHeader({ alg: 'ES256', ...header }).sign(signer.privateKey);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const [noKid, kidA, kidSeven, kidOther, rs256, ps256] = await Promise.all([
      sign({}),
      sign({ kid: 'a' }),
      sign({ kid: 7 }),
      sign({ kid: 'other' }),
      new SignJWT({}).setProtectedHeader({ alg: 'RS256' }).sign(rsa.privateKey),
      new SignJWT({}).setProtectedHeader({ alg: 'PS256' }).sign(rsa.privateKey),
    ]);
    const set = (...keys: unknown[]) => json({ keys });
    const inputs: Input[] = [
      ['the kid names the right key', set({ ...stranger, kid: 'b' }, { ...right, kid: 'a' }), kidA],
      ['no kid', set(stranger, right), noKid],
      ['a kid naming none', set({ ...right, kid: 'a' }), await sign({ kid: 'c' })],
      ['a kid that is a number', set({ ...right, kid: '7' }), kidSeven],
      ['use enc', set({ ...right, use: 'enc' }), noKid],
      ['key_ops sign', set({ ...right, key_ops: ['sign'] }), noKid],
      ['alg ES384', set({ ...right, alg: 'ES384' }), noKid],
      ['a stranger selected', set({ ...stranger, use: 'sig', key_ops: ['verify'], alg: 'ES256' }), noKid],
      ['an RSA key for ES256', set(RFC7517_A1.keys[1]), noKid],
      ['a lone key with another kid', json({ ...right, kid: 'a', use: 'enc' }), kidOther],
      ['a PEM key', spki(signer.publicKey), kidOther],
      ['RS256 with its key', json(jwkOf(rsa.publicKey)), rs256],
      ['PS256 with its key', spki(rsa.publicKey), ps256],
      ['RS256 with an EC key', json(right), rs256],
      ['a small RSA key', json(jwkOf(generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey)), tokenOf('{"alg":"RS256"}', '{}')],
      ['HS256 with secrets', json(RFC7517_A3), tokenOf('{"alg":"HS256"}', '{}')],
      ['no alg', json(right), tokenOf('{"typ":"JWT"}', '{}')],
      ['alg PS999', json(right), tokenOf('{"alg":"PS999"}', '{}')],
      ['after Bearer', json(RFC8037_A2), `Bearer ${tokenOf('{"alg":"EdDSA"}', 'not json')}`],
      ['an Ed448 key and EdDSA', json(jwkOf(generateKeyPairSync('ed448').publicKey)), RFC8037_A4_JWS],
      ['an empty token', json(RFC8037_A2), ''],
      ['a JWE', json(RFC8037_A2), 'a.b.c.d.e'],
      ['a signature that is not base64url', json(RFC8037_A2), 'e30.e30.c2l*'],
    ];
    expect(await differences(hosts(new FixedClock(NOW_MS)), inputs)).toEqual([]);
  });

  it('for refusals', async () => {
    const inputs: Input[] = [
      '  ',
      'hello',
      '{"kty":',
      `{"a":${'['.repeat(64)}${']'.repeat(64)}}`,
      '{"keys":{}}',
      json({ keys: Array.from({ length: 101 }, () => RFC8037_A2) }),
      '{"keys":[{"kty":"oct","k":"AA"},"x"]}',
      '{"kty":"DSA"}',
      '{"kty":"EC","x":"AA","y":"AA"}',
      '{"kty":"EC","crv":"secp256k1","x":"AA","y":"AA"}',
      '{"kty":"OKP","crv":"P-256","x":"AA"}',
      '{"kty":"RSA","n":"a+b","e":"AQAB"}',
      '{"kty":"RSA","n":"AQAB","e":"Ag"}',
      '{"kty":"RSA","n":"AQAC","e":"Aw"}',
      json({ ...RFC7517_B, x5c: ['AAAA'] }),
      json({ ...RFC7517_B, x5c: [] }),
      '-----BEGIN PUBLIC KEY-----\nAAAA\n',
      '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END CERTIFICATE-----',
      '-----BEGIN PUBLIC KEY-----\n-----END PUBLIC KEY-----',
      '-----BEGIN PUBLIC KEY-----\nA*AA\n-----END PUBLIC KEY-----',
      '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----',
      '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA\n-----END PUBLIC KEY-----',
      '-----BEGIN EC PRIVATE KEY-----\nAAAA\n-----END EC PRIVATE KEY-----',
      '-----BEGIN junk',
      '-----BEGIN ENCRYPTED PRIVATE KEY-----\nAAAA\n-----END ENCRYPTED PRIVATE KEY-----',
      ' '.repeat(61_441),
      // SEC 1 §2.3.3's point at infinity: an ECPrivateKey (RFC 5915 §3) on P-256 whose d is 0, and an SPKI that holds it.
      '-----BEGIN EC PRIVATE KEY-----\nMDECAQEEIAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAoAoGCCqGSM49AwEH\n-----END EC PRIVATE KEY-----',
      '-----BEGIN PUBLIC KEY-----\nMBkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDAgAA\n-----END PUBLIC KEY-----',
      // And a sound private key after them, whose import is where a stale OpenSSL error would show.
      generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'sec1', format: 'pem' }),
    ].map((key, i): Input => [`refusal ${i}`, key]);
    expect(await differences(hosts(new FixedClock(NOW_MS)), inputs)).toEqual([]);
  });
});
