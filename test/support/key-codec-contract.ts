// What every KeyCodec answers, whichever host it runs on: each import, the facts the core's messages quote, the exports
// the answers carry, and a certificate chain's readings, checked against node:crypto's own answers and the RFCs'
// published keys. test/unit/adapters/driven/node-key-codec.test.ts and portable/portable-key-codec.test.ts run it.
import { X509Certificate, createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { KeyCodec } from '../../src/core/keys/ports/key-codec.js';
import { makeChain, x5cOf } from './certificates.js';
import { RFC7517_A1, RFC7517_A2_EC, RFC8037_A1 } from '../vectors/jose-keys.js';
import { SEC1_D_ZERO, SPKI_AT_INFINITY, armour } from '../vectors/degenerate-ec-keys.js';

const [RFC7517_EC, RFC7517_RSA] = RFC7517_A1.keys;
const publicMembers = ({ kty, crv, x, y, n, e }: Record<string, unknown>) =>
  Object.fromEntries(Object.entries({ kty, crv, x, y, n, e }).filter(([, value]) => value !== undefined));

export function describeKeyCodec(name: string, codec: KeyCodec): void {
  describe(`${name}, imports`, () => {
    it.each([
      ['an EC P-256 key (RFC 7517 A.1)', RFC7517_EC],
      ['an RSA key (RFC 7517 A.1)', RFC7517_RSA],
      ['an Ed25519 key (RFC 8037 A.2)', { kty: 'OKP', crv: 'Ed25519', x: RFC8037_A1.x }],
    ])('reads %s from its public members and writes them back', (_label, jwk) => {
      expect(codec.publicJwk(codec.publicKeyFromJwk(publicMembers(jwk ?? {})))).toEqual(publicMembers(jwk ?? {}));
    });

    it('refuses an EC point that is not on its curve', () => {
      // A P-256 point with the last bit of y flipped: no longer on the curve.
      const { x, y } = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' });
      const bytes = Uint8Array.fromBase64(y ?? '', { alphabet: 'base64url' });
      bytes[31] = (bytes[31] ?? 0) ^ 1;
      const offCurve = { kty: 'EC', crv: 'P-256', x, y: bytes.toBase64({ alphabet: 'base64url', omitPadding: true }) };
      expect(() => codec.publicKeyFromJwk({ kty: 'EC', crv: 'P-256', x, y })).not.toThrow();
      expect(() => codec.publicKeyFromJwk(offCurve)).toThrow();
    });

    it.each([
      ['rsa', () => generateKeyPairSync('rsa', { modulusLength: 2048 }), 'pkcs1'],
      ['ec', () => generateKeyPairSync('ec', { namedCurve: 'P-384' }), 'sec1'],
      ['ed25519', () => generateKeyPairSync('ed25519'), 'pkcs8'],
    ] as const)('reads a %s key from SPKI, and from its private DER, to the same public key', (type, pair, privateForm) => {
      const { publicKey, privateKey } = pair();
      const spki = publicKey.export({ type: 'spki', format: 'der' });
      const fromSpki = codec.publicKeyFromDer(spki, 'spki');
      const fromPrivate = codec.publicKeyOfPrivateDer(privateKey.export({ type: privateForm, format: 'der' }), privateForm);
      expect(codec.spki(fromSpki)).toEqual(new Uint8Array(spki));
      expect(codec.spki(fromPrivate)).toEqual(new Uint8Array(spki));
      if (type === 'rsa') {
        const pkcs1 = publicKey.export({ type: 'pkcs1', format: 'der' });
        expect(codec.spki(codec.publicKeyFromDer(pkcs1, 'pkcs1'))).toEqual(new Uint8Array(spki));
      }
    });

    it('refuses DER that does not parse, public or private', () => {
      expect(() => codec.publicKeyFromDer(new Uint8Array([0x30, 0x00]), 'spki')).toThrow();
      expect(() => codec.publicKeyOfPrivateDer(new Uint8Array([0x30, 0x00]), 'pkcs8')).toThrow();
    });

    it('reads a private JWK and a private PEM, and derives the public key of each', () => {
      const fromJwk = codec.privateKeyFromJwk(RFC7517_A2_EC);
      expect(codec.publicJwk(codec.publicKeyOf(fromJwk))).toEqual(publicMembers(RFC7517_A2_EC));
      expect(codec.privateJwk(fromJwk)).toEqual({ ...publicMembers(RFC7517_A2_EC), d: RFC7517_A2_EC.d });
      const pem = createPrivateKey({ key: RFC8037_A1, format: 'jwk' }).export({ type: 'pkcs8', format: 'pem' }).toString();
      expect(codec.privateJwk(codec.privateKeyFromPem(pem))).toEqual(RFC8037_A1);
      expect(() => codec.privateKeyFromPem('-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----')).toThrow();
      expect(() => codec.privateKeyFromJwk(RFC7517_EC ?? {})).toThrow();
    });
  });

  describe(`${name}, keys that leave nothing behind for the next`, () => {
    // SEC 1 §2.3.3's point at infinity, as a private key whose d is 0 has it and as a public key may hold it.
    const [sec1DZero, spkiAtInfinity, sec1Pem] = [SEC1_D_ZERO, SPKI_AT_INFINITY, armour('EC PRIVATE KEY', SEC1_D_ZERO)];
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const spki = new Uint8Array(publicKey.export({ type: 'spki', format: 'der' }));
    /** Every import the core makes, of a sound key: none may fail for what an earlier refusal left behind. */
    const importsOfSoundKeys = () => {
      codec.publicKeyOfPrivateDer(privateKey.export({ type: 'sec1', format: 'der' }), 'sec1');
      codec.privateKeyFromPem(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
      codec.publicKeyFromDer(spki, 'spki');
      codec.publicKeyFromJwk({ ...publicKey.export({ format: 'jwk' }) });
    };

    it.each([
      ['of a private key whose d is 0', () => codec.publicKeyOfPrivateDer(sec1DZero, 'sec1')],
      ['as a public key holds it', () => codec.publicKeyFromDer(spkiAtInfinity, 'spki')],
    ])('reads the point at infinity %s, writes it as no public JWK, and the next imports read as ever', (_label, read) => {
      const key = read();
      expect(codec.facts(key)).toEqual({ type: 'ec', curve: 'prime256v1', bits: undefined });
      expect(() => codec.publicJwk(key)).toThrow();
      expect(importsOfSoundKeys).not.toThrow();
      expect(() => codec.publicJwk(key)).toThrow();
      expect(() => codec.spki(codec.publicKeyFromDer(spki, 'spki'))).not.toThrow();
    });

    it('reads an RSA key of 16,385 bits, says what it is, and the next imports read as ever', () => {
      // An RSAPublicKey (RFC 8017 §A.1.1) whose n is 2^16384 + 1: node:crypto's details of it left an error queued.
      const n = Uint8Array.of(0x02, 0x82, 0x08, 0x01, 0x01, ...new Uint8Array(2047), 0x01);
      const key = codec.publicKeyFromDer(Uint8Array.of(0x30, 0x82, 0x08, 0x0a, ...n, 0x02, 0x03, 0x01, 0x00, 0x01), 'pkcs1');
      expect(codec.facts(key)).toEqual({ type: 'rsa', curve: undefined, bits: 16_385 });
      expect(importsOfSoundKeys).not.toThrow();
    });

    it('writes a private key whose d is 0 as no private JWK, and the next imports read as ever', () => {
      const key = codec.privateKeyFromPem(sec1Pem);
      expect(() => codec.privateJwk(key)).toThrow();
      expect(importsOfSoundKeys).not.toThrow();
      expect(() => codec.publicJwk(codec.publicKeyOf(key))).toThrow();
      expect(importsOfSoundKeys).not.toThrow();
    });
  });

  describe(`${name}.facts`, () => {
    const pem = (key: KeyObject) => key.export({ type: 'pkcs8', format: 'pem' }).toString();
    it.each([
      ['an RSA key', pem(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey), { type: 'rsa', curve: undefined, bits: 2048 }],
      [
        'an EC key',
        pem(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey),
        { type: 'ec', curve: 'prime256v1', bits: undefined },
      ],
      [
        'a secp256k1 key',
        pem(generateKeyPairSync('ec', { namedCurve: 'secp256k1' }).privateKey),
        { type: 'ec', curve: 'secp256k1', bits: undefined },
      ],
      ['an Ed448 key', pem(generateKeyPairSync('ed448').privateKey), { type: 'ed448', curve: undefined, bits: undefined }],
    ])('names %s as OpenSSL does, private or public', (_label, text, facts) => {
      const key = codec.privateKeyFromPem(text);
      expect(codec.facts(key)).toEqual(facts);
      expect(codec.facts(codec.publicKeyOf(key))).toEqual(facts);
    });
  });

  describe(`${name}.readCertificate`, () => {
    const chain = makeChain();
    const der = (text: string) => Uint8Array.fromBase64(x5cOf(text));

    it("gives a certificate's DER, signature algorithm and key, as node:crypto reads them", () => {
      const reading = codec.readCertificate(der(chain.root.pem));
      const x509 = new X509Certificate(chain.root.pem);
      expect(reading.der).toEqual(new Uint8Array(x509.raw));
      // ecdsa-with-SHA256 (RFC 5758 §3.2), openssl req's default digest.
      expect(reading.signatureAlgorithmOid).toBe('1.2.840.10045.4.3.2');
      expect(codec.spki(reading.publicKey)).toEqual(new Uint8Array(x509.publicKey.export({ type: 'spki', format: 'der' })));
    });

    it('says which key verifies a certificate: its issuer, not another', () => {
      const intermediate = codec.readCertificate(der(chain.intermediate.pem));
      const root = codec.readCertificate(der(chain.root.pem));
      const stranger = codec.readCertificate(der(chain.stranger.pem));
      expect(intermediate.verifiedBy(root.publicKey)).toBe(true);
      expect(intermediate.verifiedBy(stranger.publicKey)).toBe(false);
    });

    it('refuses bytes that are not a certificate', () => {
      expect(() => codec.readCertificate(new Uint8Array([0x30, 0x03, 0x02, 0x01, 0x00]))).toThrow();
    });
  });
}
