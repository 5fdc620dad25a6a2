// /jwt/inspect-key's use case over the real jose verifier: the RFC vectors, keys of every type made here,
// certificates made with openssl, each finding, each refusal, and key selection as /jwt/verify does it.
import { createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { SignJWT, calculateJwkThumbprint, createLocalJWKSet, exportJWK, type JWK, type JWSHeaderParameters } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { HmacKnownSecrets } from '../../../../../src/adapters/driven/known-secrets/hmac-known-secrets.js';
import { JoseSignatureVerifier } from '../../../../../src/adapters/driven/jose-signature-verifier.js';
import { NodeKeyCodec } from '../../../../../src/adapters/driven/node-key-codec.js';
import { PortableKeyCodec } from '../../../../../src/adapters/driven/portable/portable-key-codec.js';
import { derAt, derChildren, derWhole, type DerNode } from '../../../../../src/core/keys/der.js';
import type { KeyCodec } from '../../../../../src/core/keys/ports/key-codec.js';
import { DecodeJwt } from '../../../../../src/core/jwt/use-cases/decode-jwt.js';
import { InspectKey, type InspectedKeys } from '../../../../../src/core/jwt/use-cases/inspect-key.js';
import { VerifyJwt } from '../../../../../src/core/jwt/use-cases/verify-jwt.js';
import { makeChain, x5cOf, type Chain } from '../../../../support/certificates.js';
import { expectDomainErrorAsync } from '../../../../support/domain-error.js';
import { FixedClock } from '../../../../support/fakes.js';
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
  RFC7638_THUMBPRINT,
  RFC8037_A1,
  RFC8037_A2,
  RFC8037_A3_THUMBPRINT,
  RFC8037_A4_JWS,
  RFC9278_URI,
} from '../../../../vectors/jose-keys.js';

const NOW_MS = Date.UTC(2026, 10, 26);
const DAY_MS = 86_400_000;
const jose = new JoseSignatureVerifier();
const keyCodec = new NodeKeyCodec();
const inspectAt = (nowMs: number) => new InspectKey(new FixedClock(nowMs), jose, keyCodec);
const inspect = (key: unknown, token?: string): Promise<InspectedKeys> =>
  inspectAt(NOW_MS).execute({ key: typeof key === 'string' ? key : JSON.stringify(key), ...(token === undefined ? {} : { token }) });
const codes = (findings: readonly { code: string }[]) => findings.map((finding) => finding.code);
const jwkOf = (key: KeyObject): JWK => key.export({ format: 'jwk' });
const spki = (key: KeyObject): string => key.export({ type: 'spki', format: 'pem' });

describe('the published vectors', () => {
  it("gives RFC 7638 §3.1's thumbprint and RFC 9278 §3's URI, and shows the key canonical with its kid and alg", async () => {
    const body = await inspect(RFC7517_A1.keys[1]);
    expect(body.input_kind).toBe('jwk');
    const [key] = body.keys;
    expect(key).toMatchObject({
      kty: 'RSA',
      crv: null,
      size_bits: 2048,
      kid: '2011-04-29',
      alg: 'RS256',
      use: null,
      key_ops: null,
      private: false,
    });
    expect(key?.thumbprint).toEqual({ sha256: RFC7638_THUMBPRINT, uri: RFC9278_URI });
    expect(Object.keys(key?.public_jwk ?? {})).toEqual(['kty', 'n', 'e', 'kid', 'alg']);
    expect(key?.public_pem).toBe(spki(createPublicKey({ key: RFC7517_A1.keys[1] as JWK, format: 'jwk' })));
    expect(key?.findings).toEqual([]);
    expect(body.findings).toEqual([]);
    expect(body.source).toBe('inspect_key');
    expect(body).not.toHaveProperty('verification');
  });

  it('reads RFC 7517 A.1 as a set of two public keys with nothing wrong', async () => {
    const body = await inspect(RFC7517_A1);
    expect(body.input_kind).toBe('jwk_set');
    expect(body.keys.map((key) => [key.kty, key.crv, key.size_bits, key.kid, key.use])).toEqual([
      ['EC', 'P-256', 256, '1', 'enc'],
      ['RSA', null, 2048, '2011-04-29', null],
    ]);
    expect(body.keys.flatMap((key) => key.findings)).toEqual([]);
  });

  it('flags RFC 7517 A.2’s private EC key, with the thumbprint of its public half, and never echoes d', async () => {
    const [publicKey, privateKey] = await Promise.all([inspect(RFC7517_A1.keys[0]), inspect(RFC7517_A2_EC)]);
    expect(privateKey.keys[0]?.private).toBe(true);
    expect(privateKey.keys[0]?.thumbprint).toEqual(publicKey.keys[0]?.thumbprint);
    expect(privateKey.keys[0]?.public_jwk).toEqual(publicKey.keys[0]?.public_jwk);
    expect(privateKey.keys[0]?.findings[0]).toMatchObject({ code: 'private_key_material', severity: 'critical' });
    expect(JSON.stringify(privateKey)).not.toContain(RFC7517_A2_EC.d);
  });

  it('flags RFC 7517 A.3’s secrets, shows no public form of them, and never echoes k', async () => {
    const body = await inspect(RFC7517_A3);
    expect(body.keys.map((key) => [key.kty, key.size_bits, key.private, key.public_jwk, key.public_pem])).toEqual([
      ['oct', 128, true, null, null],
      ['oct', 512, true, null, null],
    ]);
    expect(codes(body.keys[0]?.findings ?? [])).toEqual(['symmetric_key', 'missing_kid']);
    expect(codes(body.keys[1]?.findings ?? [])).toEqual(['symmetric_key']);
    for (const key of RFC7517_A3.keys) expect(JSON.stringify(body)).not.toContain(key.k);
  });

  it("describes RFC 7517 B's x5c certificate: self-signed with SHA-1, expired in 2018, the JWK's own key", async () => {
    const [key] = (await inspect(RFC7517_B)).keys;
    expect(key?.certificate).toMatchObject({
      subject: 'CN=Brian Campbell,O=Ping Identity Corp.,L=Denver,ST=CO,C=US',
      issuer: 'CN=Brian Campbell,O=Ping Identity Corp.,L=Denver,ST=CO,C=US',
      serial: '013cff16e2e2',
      not_before: { iso: '2013-02-21T23:29:15Z' },
      not_after: { iso: '2018-08-14T22:29:15Z' },
      expired: true,
      self_signed: true,
      subject_alt_names: [],
      issued_by_next: null,
    });
    expect(key?.certificate?.days_left).toBe(Math.floor(Math.floor((Date.UTC(2018, 7, 14, 22, 29, 15) - NOW_MS) / 1000) / 86_400));
    expect(codes(key?.findings ?? [])).toEqual(['certificate_expired']);
  });

  it('flags RFC 7517 C.1’s private RSA key and echoes none of its private members', async () => {
    const body = await inspect(RFC7517_C1);
    expect(body.keys[0]).toMatchObject({ kty: 'RSA', size_bits: 2048, private: true, kid: 'juliet@capulet.lit', use: 'enc' });
    const text = JSON.stringify(body);
    for (const member of ['d', 'p', 'q', 'dp', 'dq', 'qi'] as const) expect(text).not.toContain(RFC7517_C1[member]);
  });

  it("gives RFC 8037 A.3's thumbprint for A.1's private and A.2's public Ed25519 key, and verifies A.4's JWS with A.2", async () => {
    const [privateKey, publicKey] = await Promise.all([inspect(RFC8037_A1), inspect(RFC8037_A2)]);
    expect(privateKey.keys[0]?.thumbprint.sha256).toBe(RFC8037_A3_THUMBPRINT);
    expect(publicKey.keys[0]?.thumbprint.sha256).toBe(RFC8037_A3_THUMBPRINT);
    expect(publicKey.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', size_bits: 256, private: false });
    const verified = await inspect(RFC8037_A2, RFC8037_A4_JWS);
    expect(verified.verification).toEqual({ algorithm: 'EdDSA', key_id: null, valid: true, reason: null });
    expect(verified.keys[0]?.verification).toEqual({ selected: true, valid: true, reason: null });
  });

  it('reads the RFC 7520 §3 keys: P-521 public and private with one thumbprint, and a 2048-bit RSA key', async () => {
    const [p521, p521Private, rsa] = await Promise.all([inspect(RFC7520_3_1), inspect(RFC7520_3_2), inspect(RFC7520_3_3)]);
    expect(p521.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-521', size_bits: 521, private: false });
    expect(p521Private.keys[0]?.thumbprint).toEqual(p521.keys[0]?.thumbprint);
    expect(rsa.keys[0]).toMatchObject({ kty: 'RSA', size_bits: 2048 });
  });
});

describe('keys of every type', () => {
  const pairs = [
    ['RSA 2048', () => generateKeyPairSync('rsa', { modulusLength: 2048 }), 2048],
    ['EC P-256', () => generateKeyPairSync('ec', { namedCurve: 'P-256' }), 256],
    ['EC P-384', () => generateKeyPairSync('ec', { namedCurve: 'P-384' }), 384],
    ['EC P-521', () => generateKeyPairSync('ec', { namedCurve: 'P-521' }), 521],
    ['Ed25519', () => generateKeyPairSync('ed25519'), 256],
    ['Ed448', () => generateKeyPairSync('ed448'), 456],
    ['X25519', () => generateKeyPairSync('x25519'), 256],
    ['X448', () => generateKeyPairSync('x448'), 448],
  ] as const;

  it.each(pairs)(
    '%s: one thumbprint (jose agrees) and one public PEM whether given as JWK, SPKI, PKCS #8 or private JWK',
    async (_name, make) => {
      const { publicKey, privateKey } = make();
      const forms = [jwkOf(publicKey), spki(publicKey), privateKey.export({ type: 'pkcs8', format: 'pem' }), jwkOf(privateKey)];
      const bodies = await Promise.all(forms.map((form) => inspect(form)));
      const expected = await calculateJwkThumbprint(jwkOf(publicKey));
      for (const [index, body] of bodies.entries()) {
        const [key] = body.keys;
        expect(key?.thumbprint.sha256).toBe(expected);
        expect(key?.public_pem).toBe(spki(publicKey));
        expect(key?.public_jwk).toEqual(
          await exportJWK(publicKey).then(({ kty, crv, x, y, n, e }) => JSON.parse(JSON.stringify({ kty, crv, x, y, n, e })) as JWK),
        );
        expect(key?.private).toBe(index >= 2);
        expect(codes(key?.findings ?? []).includes('private_key_material')).toBe(index >= 2);
      }
    },
  );

  it('reads PKCS #1 and SEC 1 PEM, public and private', async () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-384' });
    const text = [
      rsa.publicKey.export({ type: 'pkcs1', format: 'pem' }),
      rsa.privateKey.export({ type: 'pkcs1', format: 'pem' }),
      ec.privateKey.export({ type: 'sec1', format: 'pem' }),
    ].join('\n');
    const body = await inspect(text);
    expect(body.input_kind).toBe('pem');
    expect(body.keys.map((key) => [key.kty, key.crv, key.private])).toEqual([
      ['RSA', null, false],
      ['RSA', null, true],
      ['EC', 'P-384', true],
    ]);
    expect(body.keys[0]?.thumbprint).toEqual(body.keys[1]?.thumbprint);
    expect(text.length).toBeGreaterThan(0);
    expect(JSON.stringify(body)).not.toContain('PRIVATE KEY');
  });
});

describe('limits and edges', () => {
  it('reads 100 JWKs, 100 PEM blocks and a key of exactly 61,440 characters', async () => {
    const set = await inspect({ keys: Array.from({ length: 100 }, (_, i) => ({ ...RFC8037_A2, kid: `k${i}` })) });
    expect(set.keys).toHaveLength(100);
    const pem = spki(createPublicKey({ key: RFC8037_A2, format: 'jwk' }));
    expect((await inspect(pem.repeat(100))).keys).toHaveLength(100);
    const json = JSON.stringify(RFC8037_A2);
    expect((await inspect(json + ' '.repeat(61_440 - json.length))).keys).toHaveLength(1);
  });

  it('writes a public PEM whose base64 fills its last line exactly (a 1264-bit RSA key, 192 bytes of SPKI)', async () => {
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 1264 });
    expect((publicKey.export({ type: 'spki', format: 'der' }) as Buffer).length).toBe(192);
    expect((await inspect(jwkOf(publicKey))).keys[0]?.public_pem).toBe(spki(publicKey));
  });

  it('reads the smallest RSA numbers the rules allow: e of 3 and n of 5', async () => {
    const [key] = (await inspect({ kty: 'RSA', n: 'BQ', e: 'Aw' })).keys;
    expect(key).toMatchObject({ size_bits: 3, public_jwk: { kty: 'RSA', n: 'BQ', e: 'Aw' } });
  });

  it('reads n and e with padding, and keeps an n whose first byte is high', async () => {
    const [key] = (await inspect({ kty: 'RSA', n: '_wE=', e: 'Aw==' })).keys;
    expect(key).toMatchObject({ size_bits: 16, public_jwk: { n: '_wE', e: 'Aw' } });
    expect(key?.findings.map(({ code }) => code)).toEqual(['weak_rsa']);
  });

  it('refuses an n of zero bytes only', async () => {
    await expectDomainErrorAsync(
      inspect({ kty: 'RSA', n: 'AAAA', e: 'AQAB' }),
      'KEY_INVALID',
      'key: the JWK has an n that is even or not greater than e',
    );
  });

  it('pads a short EC coordinate to its full length, with the thumbprint of the canonical key', async () => {
    let jwk: JWK;
    do jwk = jwkOf(generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey);
    while (Buffer.from(jwk.x as string, 'base64url')[0] !== 0);
    const short = Buffer.from(jwk.x as string, 'base64url')
      .subarray(1)
      .toString('base64url');
    const [key] = (await inspect({ ...jwk, x: short })).keys;
    expect(key?.public_jwk).toMatchObject({ x: jwk.x });
    expect(key?.thumbprint.sha256).toBe(await calculateJwkThumbprint(jwk));
    expect(key?.findings.map(({ code }) => code)).toEqual(['non_canonical_encoding']);
  });
});

describe('findings', () => {
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey;
  const ecJwk = jwkOf(ec);

  it('flags a modulus under 2048 bits as weak', async () => {
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const [key] = (await inspect(jwkOf(publicKey))).keys;
    expect(key?.size_bits).toBe(1024);
    expect(key?.findings[0]).toMatchObject({ code: 'weak_rsa', severity: 'critical' });
  });

  it('reads n and e with leading zero octets and a short EC coordinate, shows them canonical, and says so', async () => {
    const rsa = jwkOf(generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey);
    const padded = (member: string) => Buffer.concat([Buffer.alloc(1), Buffer.from(member, 'base64url')]).toString('base64url');
    const rsaBody = await inspect({ ...rsa, n: padded(rsa.n as string), e: padded(rsa.e as string) });
    expect(rsaBody.keys[0]?.public_jwk).toMatchObject({ n: rsa.n, e: rsa.e });
    expect(rsaBody.keys[0]?.thumbprint.sha256).toBe(await calculateJwkThumbprint(rsa));
    expect(codes(rsaBody.keys[0]?.findings ?? [])).toEqual(['non_canonical_encoding']);
    for (const only of [{ n: padded(rsa.n as string) }, { e: padded(rsa.e as string) }]) {
      expect(codes((await inspect({ ...rsa, ...only })).keys[0]?.findings ?? [])).toEqual(['non_canonical_encoding']);
    }
    expect(codes((await inspect({ ...ecJwk, y: padded(ecJwk.y as string) })).keys[0]?.findings ?? [])).toEqual(['non_canonical_encoding']);
    const long = await inspect({ ...ecJwk, x: padded(ecJwk.x as string) });
    expect(long.keys[0]?.public_jwk).toMatchObject({ x: ecJwk.x, y: ecJwk.y });
    expect(codes(long.keys[0]?.findings ?? [])).toEqual(['non_canonical_encoding']);
  });

  it('warns of an alg the key cannot serve, and notes EdDSA as deprecated', async () => {
    expect(codes((await inspect({ ...ecJwk, alg: 'RS256' })).keys[0]?.findings ?? [])).toEqual(['alg_key_mismatch']);
    expect(codes((await inspect({ ...ecJwk, alg: 'ES384' })).keys[0]?.findings ?? [])).toEqual(['alg_key_mismatch']);
    expect(codes((await inspect({ ...ecJwk, alg: 'ECDH-ES' })).keys[0]?.findings ?? [])).toEqual([]);
    expect(codes((await inspect({ ...ecJwk, alg: 'made-up' })).keys[0]?.findings ?? [])).toEqual([]);
    expect(codes((await inspect({ ...RFC8037_A2, alg: 'EdDSA' })).keys[0]?.findings ?? [])).toEqual(['deprecated_alg']);
    expect(codes((await inspect({ ...RFC8037_A2, alg: 'Ed448' })).keys[0]?.findings ?? [])).toEqual(['alg_key_mismatch']);
  });

  it('notes use together with key_ops', async () => {
    const body = await inspect({ ...ecJwk, use: 'sig', key_ops: ['verify'] });
    expect(body.keys[0]).toMatchObject({ use: 'sig', key_ops: ['verify'], public_jwk: { use: 'sig', key_ops: ['verify'] } });
    expect(codes(body.keys[0]?.findings ?? [])).toEqual(['use_and_key_ops']);
  });

  it('flags a kid shared by two keys of one type once, and not one shared across types', async () => {
    const other = jwkOf(generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey);
    const body = await inspect({
      keys: [
        { ...ecJwk, kid: 'a' },
        { ...other, kid: 'a' },
        { ...RFC8037_A2, kid: 'a' },
        { ...other, kid: 'a' },
      ],
    });
    expect(body.findings).toEqual([
      { code: 'duplicate_kid', severity: 'warning', message: expect.stringContaining('3 EC keys share kid "a"') as string },
    ]);
    expect(body.keys.flatMap((key) => codes(key.findings))).toEqual([]);
  });

  it("flags an x5c whose certificate holds another key, and x5t or x5t#S256 that are not its certificate's", async () => {
    const mismatch = await inspect({ ...RFC7517_B, n: RFC7517_A1.keys[1]?.n });
    expect(codes(mismatch.keys[0]?.findings ?? [])).toEqual(['x5c_key_mismatch', 'certificate_expired']);
    const right = (await inspect(RFC7517_B)).keys[0]?.certificate;
    const wrongX5t = await inspect({ ...RFC7517_B, x5t: right?.x5t_s256, 'x5t#S256': right?.x5t_s256 });
    expect(wrongX5t.keys[0]?.findings[0]).toMatchObject({
      code: 'x5t_mismatch',
      message: expect.stringMatching(/^x5t is not the hash/) as string,
    });
    const wrongBoth = await inspect({ ...RFC7517_B, x5t: right?.x5t_s256, 'x5t#S256': right?.x5t });
    expect(wrongBoth.keys[0]?.findings[0]?.message).toMatch(/^x5t and x5t#S256 are not the hashes/);
    const fine = await inspect({ ...RFC7517_B, x5t: right?.x5t, 'x5t#S256': right?.x5t_s256 });
    expect(codes(fine.keys[0]?.findings ?? [])).toEqual(['certificate_expired']);
  });
});

describe('certificates made here', () => {
  let chain: Chain;
  // The certificates are made now, one day long, so these tests read them by the real clock.
  let madeAt: number;
  beforeAll(() => {
    chain = makeChain();
    madeAt = Date.now();
  });
  const inspectNow = (key: string) => inspectAt(madeAt).execute({ key });

  it('describes a chain leaf first: names, alternative names, and each issued by the next', async () => {
    const body = await inspectNow(
      `subject=... as openssl s_client prints it\n${chain.leaf.pem}${chain.intermediate.pem}text between\n${chain.root.pem}`,
    );
    const [leaf, intermediate, root] = body.keys;
    expect(body.keys.map((key) => [key.kty, key.crv])).toEqual([
      ['OKP', 'Ed25519'],
      ['RSA', null],
      ['EC', 'P-384'],
    ]);
    expect(leaf?.certificate).toMatchObject({
      subject: 'CN=api.example.com,O=Example\\, Inc.,C=DE',
      issuer: 'CN=Example Issuing CA,OU=Issuing,O=Example,C=DE',
      subject_alt_names: [
        'DNS:api.example.com',
        'IP:192.0.2.7',
        'IP:2001:db8::1',
        'IP:::ffff:192.0.2.1',
        'email:ops@example.com',
        'URI:https://example.com/',
      ],
      self_signed: false,
      issued_by_next: true,
      expired: false,
      days_left: 0,
    });
    expect(intermediate?.certificate).toMatchObject({ self_signed: false, issued_by_next: true });
    expect(root?.certificate).toMatchObject({ subject: 'CN=Example Root CA,O=Example Root,C=DE', self_signed: true, issued_by_next: null });
    expect(leaf?.certificate?.serial).toMatch(/^(?!00)[0-9a-f]+$/);
    expect(codes(leaf?.findings ?? [])).toEqual(['certificate_expires_soon']);
  });

  it('says a chain is broken when the next certificate did not issue this one', async () => {
    const [leaf] = (await inspectNow(chain.leaf.pem + chain.stranger.pem)).keys;
    expect(leaf?.certificate?.issued_by_next).toBe(false);
    expect(codes(leaf?.findings ?? [])).toEqual(['certificate_chain_broken', 'certificate_expires_soon']);
  });

  it('writes a serial without its leading zero byte, and counts no SHA-1 ECDSA signature, so a self-issued one is not self-signed', async () => {
    const [stranger] = (await inspectNow(chain.stranger.pem)).keys;
    expect(stranger?.certificate).toMatchObject({ serial: '80', self_signed: true, issued_by_next: null });
    const [old] = (await inspectNow(chain.sha1.pem)).keys;
    expect(old?.certificate).toMatchObject({ subject: 'CN=Old', issuer: 'CN=Old', self_signed: false, issued_by_next: null });
  });

  it('finds the next certificate past other blocks, says null for a lone one, and false when the names chain but the signature does not', async () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' });
    const [leaf] = (await inspectNow(chain.leaf.pem + rsa + chain.intermediate.pem)).keys;
    expect(leaf?.certificate?.issued_by_next).toBe(true);
    const [alone] = (await inspectNow(chain.leaf.pem)).keys;
    expect(alone?.certificate?.issued_by_next).toBeNull();
    const [intermediate, impostor] = (await inspectNow(chain.intermediate.pem + chain.impostor.pem)).keys;
    expect(intermediate?.certificate).toMatchObject({ issuer: 'CN=Example Root CA,O=Example Root,C=DE', issued_by_next: false });
    expect(impostor?.certificate).toMatchObject({ subject: 'CN=Example Root CA,O=Example Root,C=DE', self_signed: true });
  });

  it('says false when the next certificate holds the issuer key under another name', async () => {
    const [leaf] = (await inspectNow(chain.leaf.pem + chain.twin.pem)).keys;
    expect(leaf?.certificate?.issued_by_next).toBe(false);
  });

  it('reads a version 1 certificate, which has no version field, and a serial of 0', async () => {
    const [v1] = (await inspectNow(chain.v1.pem + chain.root.pem)).keys;
    expect(v1?.certificate).toMatchObject({
      subject: 'CN=Version 1',
      issuer: 'CN=Example Root CA,O=Example Root,C=DE',
      serial: '00',
      issued_by_next: true,
      subject_alt_names: [],
    });
  });

  it('is not expired at the very millisecond of not_after, and is one millisecond later', async () => {
    const notAfter = (await inspectNow(chain.root.pem)).keys[0]?.certificate?.not_after.unix_milliseconds ?? 0;
    const at = async (nowMs: number) => (await inspectAt(nowMs).execute({ key: chain.root.pem })).keys[0]?.certificate;
    expect(await at(notAfter)).toMatchObject({ expired: false, days_left: 0 });
    expect(await at(notAfter + 1)).toMatchObject({ expired: true, days_left: -1 });
  });

  it('says a certificate expired, and how many days ago, by the clock', async () => {
    const later = await inspectAt(madeAt + 3 * DAY_MS).execute({ key: chain.root.pem });
    expect(later.keys[0]?.certificate).toMatchObject({ expired: true });
    expect(later.keys[0]?.certificate?.days_left).toBeLessThan(0);
    expect(codes(later.keys[0]?.findings ?? [])).toEqual(['certificate_expired']);
  });

  it('describes the first certificate of an x5c chain, and its place before the second', async () => {
    const leafJwk = jwkOf(createPublicKey(chain.leaf.pem));
    const body = await inspectNow(JSON.stringify({ ...leafJwk, x5c: [x5cOf(chain.leaf.pem), x5cOf(chain.intermediate.pem)] }));
    expect(body.keys[0]?.certificate).toMatchObject({ subject: 'CN=api.example.com,O=Example\\, Inc.,C=DE', issued_by_next: true });
    expect(codes(body.keys[0]?.findings ?? [])).toEqual(['certificate_expires_soon']);
  });
});

describe('a token', () => {
  const signer = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const stranger = jwkOf(generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey);
  const right = jwkOf(signer.publicKey);
  const sign = (header: Record<string, unknown>) =>
    new SignJWT({ sub: 'x' }).setProtectedHeader({ alg: 'ES256', ...header }).sign(signer.privateKey);
  const verify = new VerifyJwt(new FixedClock(NOW_MS), jose, keyCodec, new DecodeJwt(new FixedClock(NOW_MS), new HmacKnownSecrets()));

  it.each([
    [
      'the kid names the right key',
      { kid: 'a' },
      [
        { ...stranger, kid: 'b' },
        { ...right, kid: 'a' },
      ],
      [false, true],
      true,
      null,
    ],
    ['no kid: every EC P-256 key is selected', {}, [stranger, right], [true, true], true, null],
    ['the kid names no key', { kid: 'c' }, [{ ...right, kid: 'a' }], [false], false, 'key_not_found'],
    ['a kid that is not a string', { kid: 7 }, [{ ...right, kid: '7' }], [false], false, 'key_not_found'],
    ['the key is for encryption', {}, [{ ...right, use: 'enc' }], [false], false, 'key_not_found'],
    ['the key may only sign', {}, [{ ...right, key_ops: ['sign'] }], [false], false, 'key_not_found'],
    ['the key is for another alg', {}, [{ ...right, alg: 'ES384' }], [false], false, 'key_not_found'],
    [
      'the only selected key did not sign it',
      {},
      [{ ...stranger, use: 'sig', key_ops: ['verify'], alg: 'ES256' }],
      [true],
      false,
      'signature_invalid',
    ],
    ['an RSA key cannot verify ES256', {}, [RFC7517_A1.keys[1]], [false], false, 'key_not_found'],
  ])('in a JWK Set, selects as jose does when %s, and /jwt/verify agrees', async (_label, header, keys, selected, valid, reason) => {
    const token = await sign(header);
    const key = JSON.stringify({ keys });
    const body = await inspectAt(NOW_MS).execute({ key, token });
    expect(body.keys.map((entry) => entry.verification?.selected)).toEqual(selected);
    expect(body.verification).toMatchObject({ algorithm: 'ES256', valid, reason: reason === null ? null : { code: reason } });
    // The signature verifies with the signer's key whatever its other members say.
    expect(body.keys.map((entry) => entry.verification?.valid)).toEqual(keys.map((entry) => (entry as JWK).x === right.x));
    expect((await verify.execute({ token, key })).valid).toBe(valid);
  });

  it.each<[string, { kid?: unknown }]>([
    ['absent', {}],
    ['null', { kid: null }],
    ['a number', { kid: 7 }],
    ['a string that names a key', { kid: 'a' }],
    ['a string that names none', { kid: 'z' }],
  ])("selects in a JWK Set exactly the keys jose's createLocalJWKSet would, when the token's kid is %s", async (_label, header) => {
    const keys = [{ ...right, kid: 'a' }, { ...right }, { ...stranger, kid: '7' }, { ...right, key_ops: ['verify', 'verify'] }];
    const token = await sign(header);
    const body = await inspectAt(NOW_MS).execute({ key: JSON.stringify({ keys }), token });
    // jose's own choice, key by key: a set of that key alone resolves for this header exactly when jose may pick it.
    const joseSelects = await Promise.all(
      keys.map((jwk) =>
        createLocalJWKSet({ keys: [jwk] })({ alg: 'ES256', ...header } as JWSHeaderParameters).then(
          () => true,
          () => false,
        ),
      ),
    );
    expect(body.keys.map((entry) => entry.verification?.selected)).toEqual(joseSelects);
    expect(joseSelects.some(Boolean)).toBe(header.kid === undefined || header.kid === 'a');
  });

  it('verifies with a lone key or a PEM whatever its members, and names a key of the wrong kind', async () => {
    const token = await sign({ kid: 'other' });
    const lone = await inspect({ ...right, kid: 'a', use: 'enc' }, token);
    expect(lone.verification).toMatchObject({ valid: true, key_id: 'other' });
    const pem = await inspect(spki(signer.publicKey), token);
    expect(pem.verification?.valid).toBe(true);
    const rsa = await inspect(RFC7517_A1.keys[1], token);
    expect(rsa.verification?.reason).toEqual({
      code: 'key_mismatch',
      message: 'ES256 signatures verify with an EC P-256 key, and this is not one',
    });
    expect(rsa.keys[0]?.verification).toEqual({ selected: false, valid: false, reason: rsa.verification?.reason });
  });

  it('says in words why a key cannot verify, and verifies RS256 with a key of exactly 2048 bits', async () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const token = await new SignJWT({}).setProtectedHeader({ alg: 'RS256' }).sign(rsa.privateKey);
    expect((await inspect(jwkOf(rsa.publicKey), token)).verification).toMatchObject({ valid: true });
    expect((await inspect(right, token)).verification?.reason).toEqual({
      code: 'key_mismatch',
      message: 'RS256 signatures verify with an RSA key of at least 2048 bits, and this is not one',
    });
    expect((await inspect({ keys: [right] }, token)).verification?.reason).toEqual({
      code: 'key_not_found',
      message: 'no key in the JWK Set is one jose would select for this token (by its kid, alg, use and key_ops)',
    });
    expect((await inspect(stranger, await sign({}))).verification?.reason).toEqual({
      code: 'signature_invalid',
      message: 'the signature does not verify with this key',
    });
    expect((await inspect(right, tokenOf('{"alg":"PS999"}', '{}'))).verification?.reason).toEqual({
      code: 'key_mismatch',
      message:
        'alg PS999 is not one a public key verifies here (RS256, RS384, RS512, PS256, PS384, PS512, ES256, ES384, ES512, EdDSA, Ed25519)',
    });
  });

  it("checks RFC 7515 A.3's ES256 signature, and refuses a small RSA key and an alg no public key verifies", async () => {
    expect((await inspect(RFC7515_A3_KEY, RFC7515_A3_TOKEN)).verification?.valid).toBe(true);
    const small = jwkOf(generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey);
    const rs256 = tokenOf('{"alg":"RS256"}', '{}');
    expect((await inspect(small, rs256)).keys[0]?.verification).toMatchObject({
      selected: true,
      valid: false,
      reason: { code: 'key_mismatch' },
    });
    const hs256 = await inspect(RFC7517_A3, tokenOf('{"alg":"HS256"}', '{}'));
    expect(hs256.verification?.reason).toMatchObject({
      code: 'key_mismatch',
      message: expect.stringMatching(/^alg HS256 is not one a public key verifies/) as string,
    });
    const none = await inspect(right, tokenOf('{"typ":"JWT"}', '{}'));
    expect(none.verification).toMatchObject({ algorithm: null, valid: false, reason: { code: 'key_mismatch' } });
  });
});

describe('refusals', () => {
  it.each([
    ['an empty key', '  ', 'KEY_INVALID', 'key: must not be empty'],
    ['text neither JSON nor PEM', 'hello', 'KEY_INVALID', 'key: must be a JWK or JWK Set (JSON), or PEM text'],
    ['JSON that does not parse', '{"kty":', 'KEY_INVALID', 'key: starts with { but is not valid JSON'],
    ['JSON nested 65 deep', `{"a":${'['.repeat(64)}${']'.repeat(64)}}`, 'KEY_INVALID', 'key: JSON is nested deeper than 64 levels'],
    ['keys that is not an array', '{"keys":{}}', 'KEY_INVALID', 'key: keys must be an array of 1 to 100 JWKs'],
    [
      '101 keys',
      JSON.stringify({ keys: Array.from({ length: 101 }, () => RFC8037_A2) }),
      'KEY_INVALID',
      'key: keys must be an array of 1 to 100 JWKs',
    ],
    ['a key that is not an object', '{"keys":[{"kty":"oct","k":"AA"},"x"]}', 'KEY_INVALID', 'key: keys[1] is not a JSON object'],
    ['no kty', '{"keys":[{"kty":"oct","k":"AA"},{}]}', 'KEY_INVALID', 'key: keys[1] has no kty'],
    ['an unknown kty', '{"kty":"DSA"}', 'KEY_INVALID', 'key: the JWK has kty "DSA", which is not RSA, EC, OKP or oct'],
    ['no crv', '{"kty":"EC","x":"AA","y":"AA"}', 'KEY_INVALID', 'key: the JWK has no crv'],
    [
      'secp256k1',
      '{"kty":"EC","crv":"secp256k1","x":"AA","y":"AA"}',
      'KEY_INVALID',
      'key: the JWK has crv "secp256k1", which is not P-256, P-384 or P-521',
    ],
    [
      'an OKP crv',
      '{"kty":"OKP","crv":"P-256","x":"AA"}',
      'KEY_INVALID',
      'key: the JWK has crv "P-256", which is not Ed25519, X25519, Ed448 or X448',
    ],
    ['n that is not a string', '{"kty":"RSA","n":1,"e":"AQAB"}', 'KEY_INVALID', 'key: the JWK has a n that is not a string'],
    ['n that is not base64url', '{"kty":"RSA","n":"a+b","e":"AQAB"}', 'KEY_INVALID', 'key: the JWK has a n that is not base64url'],
    ['an impossible base64url length', '{"kty":"RSA","n":"abcde","e":"AQAB"}', 'KEY_INVALID', 'key: the JWK has a n that is not base64url'],
    ['an even e', '{"kty":"RSA","n":"AQAB","e":"Ag"}', 'KEY_INVALID', 'key: the JWK has an e that is even or below 3'],
    ['an even e above 3', '{"kty":"RSA","n":"AQAB","e":"BA"}', 'KEY_INVALID', 'key: the JWK has an e that is even or below 3'],
    ['an empty n', '{"kty":"RSA","n":"","e":"Aw"}', 'KEY_INVALID', 'key: the JWK has an n that is even or not greater than e'],
    ['= inside n', '{"kty":"RSA","n":"AQ=B","e":"Aw"}', 'KEY_INVALID', 'key: the JWK has a n that is not base64url'],
    ['three = after n', '{"kty":"RSA","n":"AQ===","e":"Aw"}', 'KEY_INVALID', 'key: the JWK has a n that is not base64url'],
    [
      'a crv that is not a string',
      '{"kty":"EC","crv":5,"x":"AA","y":"AA"}',
      'KEY_INVALID',
      'key: the JWK has crv 5, which is not P-256, P-384 or P-521',
    ],
    [
      'key_ops with a number among strings',
      JSON.stringify({ ...RFC8037_A2, key_ops: ['verify', 1] }),
      'KEY_INVALID',
      'key: the JWK has a key_ops that is not an array of strings',
    ],
    [
      'an x5c entry that is not a string',
      JSON.stringify({ ...RFC7517_B, x5c: [5] }),
      'KEY_INVALID',
      'key: the JWK has an x5c[0] that is not base64',
    ],
    [
      'x5c that is not an array',
      JSON.stringify({ ...RFC7517_B, x5c: 'MIIB' }),
      'KEY_INVALID',
      'key: the JWK has an x5c that is not a non-empty array of base64 DER certificates',
    ],
    [
      'a coordinate longer by octets not all zero',
      JSON.stringify({
        ...RFC7517_A1.keys[0],
        x: Buffer.concat([Buffer.from([0, 1]), Buffer.from(RFC7517_A1.keys[0]?.x as string, 'base64url')]).toString('base64url'),
      }),
      'KEY_INVALID',
      'key: the JWK has an x longer than a P-256 coordinate',
    ],
    ['e of 1', '{"kty":"RSA","n":"AQAB","e":"AQ"}', 'KEY_INVALID', 'key: the JWK has an e that is even or below 3'],
    ['an even n', '{"kty":"RSA","n":"AQAC","e":"Aw"}', 'KEY_INVALID', 'key: the JWK has an n that is even or not greater than e'],
    ['n not above e', '{"kty":"RSA","n":"Aw","e":"Aw"}', 'KEY_INVALID', 'key: the JWK has an n that is even or not greater than e'],
    [
      'a point off the curve',
      JSON.stringify({ ...RFC7517_A1.keys[0], y: RFC7517_A1.keys[0]?.x }),
      'KEY_INVALID',
      'key: the JWK has x and y that are not a point on P-256',
    ],
    [
      'a coordinate too long',
      JSON.stringify({ ...RFC7517_A1.keys[0], x: Buffer.alloc(33, 1).toString('base64url') }),
      'KEY_INVALID',
      'key: the JWK has an x longer than a P-256 coordinate',
    ],
    [
      'a y too long',
      JSON.stringify({ ...RFC7517_A1.keys[0], y: Buffer.alloc(33, 1).toString('base64url') }),
      'KEY_INVALID',
      'key: the JWK has a y longer than a P-256 coordinate',
    ],
    [
      'an Ed25519 x of 31 bytes',
      JSON.stringify({ ...RFC8037_A2, x: Buffer.alloc(31, 1).toString('base64url') }),
      'KEY_INVALID',
      "key: the JWK has an x of 31 bytes; an Ed25519 key's is 32",
    ],
    ['an empty k', '{"kty":"oct","k":""}', 'KEY_INVALID', 'key: the JWK has an empty k'],
    ['a kid that is not a string', JSON.stringify({ ...RFC8037_A2, kid: 1 }), 'KEY_INVALID', 'key: the JWK has a kid that is not a string'],
    [
      'key_ops that is not a list of strings',
      JSON.stringify({ ...RFC8037_A2, key_ops: [1] }),
      'KEY_INVALID',
      'key: the JWK has a key_ops that is not an array of strings',
    ],
    [
      'an empty x5c',
      JSON.stringify({ ...RFC7517_B, x5c: [] }),
      'KEY_INVALID',
      'key: the JWK has an x5c that is not a non-empty array of base64 DER certificates',
    ],
    ['base64url in x5c', JSON.stringify({ ...RFC7517_B, x5c: ['ab_-'] }), 'KEY_INVALID', 'key: the JWK has an x5c[0] that is not base64'],
    [
      'x5c that is not a certificate',
      JSON.stringify({ ...RFC7517_B, x5c: ['AAAA'] }),
      'KEY_INVALID',
      'key: the JWK has an x5c[0] that is not a DER certificate',
    ],
    ['a block without its end', '-----BEGIN PUBLIC KEY-----\nAAAA\n', 'KEY_INVALID', 'key: block 0 has no -----END PUBLIC KEY-----'],
    [
      'a block ended by another label',
      '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END CERTIFICATE-----',
      'KEY_INVALID',
      'key: block 0 has no -----END PUBLIC KEY-----',
    ],
    [
      'a block with nothing inside',
      '-----BEGIN PUBLIC KEY-----\n-----END PUBLIC KEY-----',
      'KEY_INVALID',
      'key: block 0 (PUBLIC KEY) is not base64',
    ],
    [
      'a block whose END comes after another BEGIN',
      '-----BEGIN PUBLIC KEY-----\nAAAA\n-----BEGIN CERTIFICATE-----\nAAAA\n-----END PUBLIC KEY-----',
      'KEY_INVALID',
      'key: block 0 has no -----END PUBLIC KEY-----',
    ],
    [
      'a block that is not base64',
      '-----BEGIN PUBLIC KEY-----\nA*AA\n-----END PUBLIC KEY-----',
      'KEY_INVALID',
      'key: block 0 (PUBLIC KEY) is not base64',
    ],
    [
      'a block that does not parse',
      '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----',
      'KEY_INVALID',
      'key: block 0 is a PEM CERTIFICATE that does not parse',
    ],
    ['a BEGIN with no block', '-----BEGIN junk', 'KEY_INVALID', 'key: has -----BEGIN but no complete PEM block'],
    [
      'an encrypted private key',
      '-----BEGIN ENCRYPTED PRIVATE KEY-----\nAAAA\n-----END ENCRYPTED PRIVATE KEY-----',
      'KEY_INVALID',
      /^key: block 0 is a PEM ENCRYPTED PRIVATE KEY, which is not read;.*no password is asked for$/,
    ],
    [
      'a DSA key',
      generateKeyPairSync('dsa', { modulusLength: 2048, divisorLength: 256 }).publicKey.export({ type: 'spki', format: 'pem' }),
      'KEY_INVALID',
      'key: block 0 holds a dsa key; keys are RSA, EC on P-256, P-384 or P-521, Ed25519, X25519, Ed448 or X448',
    ],
    [
      'a secp256k1 key',
      generateKeyPairSync('ec', { namedCurve: 'secp256k1' }).publicKey.export({ type: 'spki', format: 'pem' }),
      'KEY_INVALID',
      /^key: block 0 holds an EC key on secp256k1;/,
    ],
    [
      '101 blocks',
      `-----BEGIN PUBLIC KEY-----\n${spki(createPublicKey({ key: RFC8037_A2, format: 'jwk' })).split('\n')[1]}\n-----END PUBLIC KEY-----\n`.repeat(
        101,
      ),
      'KEY_INVALID',
      'key: has more than 100 PEM blocks',
    ],
    ['61,441 characters', ' '.repeat(61_441), 'KEY_TOO_LONG', 'key: is longer than 61440 characters'],
  ] as const)('refuses %s', async (_label, key, code, message) => {
    await expectDomainErrorAsync(inspectAt(NOW_MS).execute({ key }), code, message);
  });

  it('never quotes a private key in a refusal', async () => {
    const pkcs8 = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' });
    const broken = pkcs8.replace(/\n(.)/, '\n*$1');
    const thrown = await inspectAt(NOW_MS)
      .execute({ key: broken })
      .catch((error: unknown) => error as Error);
    expect((thrown as Error).message).toBe('key: block 0 (PRIVATE KEY) is not base64');
    const bad = await inspectAt(NOW_MS)
      .execute({ key: JSON.stringify({ ...RFC7517_C1, n: '!' }) })
      .catch((error: unknown) => error as Error);
    expect((bad as Error).message).toBe('key: the JWK has a n that is not base64url');
  });

  it.each([
    ['an empty token', '', 'TOKEN_EMPTY', 'token must not be empty'],
    ['two parts', 'a.b', 'TOKEN_MALFORMED', 'token must be a compact JWS of three dot-separated parts, found 2'],
    ['a JWE', 'a.b.c.d.e', 'TOKEN_MALFORMED', 'token must be a compact JWS of three dot-separated parts, found 5'],
    ['a header that is not JSON', 'bm90.e30.c2ln', 'TOKEN_SEGMENT_JSON', 'token header is not valid JSON'],
    [
      'a payload that is not base64url',
      'e30.a*b.c2ln',
      'TOKEN_SEGMENT_ENCODING',
      'token payload contains characters outside the base64url alphabet',
    ],
    [
      'a signature that is not base64url',
      'e30.e30.c2l*',
      'TOKEN_SEGMENT_ENCODING',
      'token signature contains characters outside the base64url alphabet',
    ],
  ] as const)('refuses %s as token', async (_label, token, code, message) => {
    await expectDomainErrorAsync(inspectAt(NOW_MS).execute({ key: JSON.stringify(RFC8037_A2), token }), code, message);
  });

  it('reads a token after Bearer, and never its payload', async () => {
    const body = await inspect(RFC8037_A2, `Bearer ${tokenOf('{"alg":"EdDSA"}', 'not json')}`);
    expect(body.verification).toMatchObject({ valid: false, reason: { code: 'signature_invalid' } });
  });
});

/** DER of `tag` around `parts`, with a definite length (X.690 §8.1.3). */
const der = (tag: number, ...parts: Uint8Array[]): Uint8Array => {
  const body = Uint8Array.from(parts.flatMap((part) => [...part]));
  const n = body.length;
  return Uint8Array.of(tag, ...(n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : [0x82, n >> 8, n & 0xff]), ...body);
};
const armour = (label: string, bytes: Uint8Array) => `-----BEGIN ${label}-----\n${bytes.toBase64()}\n-----END ${label}-----\n`;
/**
 * A certificate of `pem` with one field of its TBSCertificate replaced, its signature left as it was: the fields after
 * the version are the serial, signature, issuer, validity (3), subject and subjectPublicKeyInfo (5) (RFC 5280 §4.1).
 */
const withField = (pem: string, index: number, field: Uint8Array): Uint8Array => {
  const [tbs, algorithm, signature] = derChildren(derAt(Uint8Array.fromBase64(x5cOf(pem)), 0)) as [DerNode, DerNode, DerNode];
  const fields = derChildren(tbs).map(derWhole);
  fields[fields[0]?.[0] === 0xa0 ? index + 1 : index] = field;
  return der(0x30, der(0x30, ...fields), derWhole(algorithm), derWhole(signature));
};
const bothCodecs: [string, KeyCodec][] = [
  ['NodeKeyCodec', keyCodec],
  ['PortableKeyCodec', new PortableKeyCodec()],
];

describe('keys a codec reads but writes no JWK of', () => {
  const P256 = Uint8Array.fromHex('06082a8648ce3d030107'); // prime256v1 (RFC 5480 §2.1.1.1)
  const EC_PUBLIC_KEY = Uint8Array.fromHex('06072a8648ce3d0201'); // id-ecPublicKey (RFC 5480 §2.1.1)
  // SEC 1 §2.3.3: the point at infinity is the one octet 00; an ECPrivateKey (RFC 5915 §3) whose d is 0 has it as d·G.
  const spkiAtInfinity = der(0x30, der(0x30, EC_PUBLIC_KEY, P256), der(0x03, Uint8Array.of(0, 0)));
  const sec1DZero = der(0x30, der(0x02, Uint8Array.of(1)), der(0x04, new Uint8Array(32)), der(0xa0, P256));
  const withKey = (pem: string, spkiDer: Uint8Array): Uint8Array => withField(pem, 5, spkiDer);
  const sound = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'sec1', format: 'pem' });
  let chain: Chain;
  beforeAll(() => {
    chain = makeChain();
  });

  describe.each(bothCodecs)('over %s', (_name, codec) => {
    const inspectWith = (key: string) => new InspectKey(new FixedClock(NOW_MS), jose, codec).execute({ key });

    it.each([
      ['an EC private key whose d is 0 (SEC 1)', () => armour('EC PRIVATE KEY', sec1DZero), 'EC PRIVATE KEY'],
      ['a public key at infinity', () => armour('PUBLIC KEY', spkiAtInfinity), 'PUBLIC KEY'],
      ['a certificate of a key at infinity', () => armour('CERTIFICATE', withKey(chain.leaf.pem, spkiAtInfinity)), 'CERTIFICATE'],
    ])('refuses %s as a block that does not parse, not with a 500', async (_label, key, label) => {
      await expectDomainErrorAsync(inspectWith(key()), 'KEY_INVALID', `key: block 0 is a PEM ${label} that does not parse`);
      // Nothing is left behind for the next key to fail on: a private key's import is where a stale OpenSSL error shows.
      expect((await inspectWith(sound)).keys).toHaveLength(1);
    });

    it('reads a JWK whose x5c certificate holds a key at infinity, and the next key as ever', async () => {
      const jwk = { ...jwkOf(createPublicKey(chain.leaf.pem)), x5c: [withKey(chain.leaf.pem, spkiAtInfinity).toBase64()] };
      expect((await inspectWith(JSON.stringify(jwk))).keys[0]?.certificate).not.toBeNull();
      expect((await inspectWith(sound)).keys).toHaveLength(1);
    });
  });

  it("refuses a key that a codec declines to write as a JWK, whatever it throws, with the block's 400", async () => {
    const node = new NodeKeyCodec();
    const declining: KeyCodec = Object.assign(Object.create(node) as KeyCodec, {
      publicJwk: () => {
        // A refusal that is not even an Error.
        throw 'declined' as unknown as Error;
      },
    });
    const key = spki(generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey);
    await expectDomainErrorAsync(
      new InspectKey(new FixedClock(NOW_MS), jose, declining).execute({ key }),
      'KEY_INVALID',
      'key: block 0 is a PEM PUBLIC KEY that does not parse',
    );
  });
});

describe('certificates whose validity names no instant', () => {
  let chain: Chain;
  beforeAll(() => {
    chain = makeChain();
  });
  const utcTime = (text: string) => der(0x17, new TextEncoder().encode(text));
  // 26-11-28 00:00:60 (RFC 5280 §4.1.2.5.1's YYMMDDHHMMSSZ, with a 60th second): OpenSSL prints 'Bad time value'.
  const badValidity = () => withField(chain.leaf.pem, 3, der(0x30, utcTime('261128000060Z'), utcTime('271128000000Z')));

  it.each(bothCodecs)('refuses one as a certificate that does not parse, in PEM and in x5c, over %s', async (_name, codec) => {
    const inspectWith = (key: string) => new InspectKey(new FixedClock(NOW_MS), jose, codec).execute({ key });
    await expectDomainErrorAsync(
      inspectWith(armour('CERTIFICATE', badValidity())),
      'KEY_INVALID',
      'key: block 0 is a PEM CERTIFICATE that does not parse',
    );
    const jwk = { ...jwkOf(createPublicKey(chain.leaf.pem)), x5c: [badValidity().toBase64()] };
    await expectDomainErrorAsync(
      inspectWith(JSON.stringify(jwk)),
      'KEY_INVALID',
      'key: the JWK has an x5c[0] that is not a DER certificate',
    );
  });
});
