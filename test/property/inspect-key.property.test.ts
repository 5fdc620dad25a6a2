// /jwt/inspect-key against arbitrary JSON, PEM-looking text and damaged certificates: 200 or 400, never a 5xx,
// and never a private member, a k or a private key's secret in the answer.
import fc from 'fast-check';
import { generateKeyPairSync } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { makeChain, x5cOf } from '../support/certificates.js';
import { testService } from '../support/service.js';
import { RFC7517_A1, RFC7517_C1, RFC8037_A1 } from '../vectors/jose-keys.js';

const { app } = testService({ RATE_LIMIT_POINTS: '1000000' });

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'] as const;
const LABELS = [
  'PUBLIC KEY',
  'RSA PUBLIC KEY',
  'CERTIFICATE',
  'PRIVATE KEY',
  'RSA PRIVATE KEY',
  'EC PRIVATE KEY',
  'ENCRYPTED PRIVATE KEY',
  'X',
];

// A secret no answer may carry: long enough that it cannot turn up by chance.
const secret = fc.base64String({ minLength: 24, maxLength: 48 }).map((text) => `S3cr3t${text.replace(/[+/=]/g, '')}`);

const baseKey = fc.constantFrom<Record<string, unknown>>(
  ...RFC7517_A1.keys,
  { kty: RFC8037_A1.kty, crv: RFC8037_A1.crv, x: RFC8037_A1.x },
  { kty: 'RSA', n: RFC7517_C1.n, e: RFC7517_C1.e },
  { kty: 'oct' },
  {},
);

const jwkWithSecrets = fc
  .tuple(
    baseKey,
    fc.subarray([...PRIVATE_MEMBERS], { minLength: 1 }),
    secret,
    fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
  )
  .map(([key, members, value, noise]) => ({
    jwk: { ...noise, ...key, ...Object.fromEntries(members.map((member) => [member, value])) },
    value,
  }));

const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const ecD = (ec.privateKey.export({ format: 'jwk' }) as { d: string }).d;
const pkcs8Body = (ec.privateKey.export({ type: 'pkcs8', format: 'der' }) as Buffer).toString('base64');

const pemLooking = fc
  .tuple(
    fc.constantFrom(...LABELS),
    fc.oneof(fc.base64String({ maxLength: 200 }), fc.constant(pkcs8Body)),
    fc.nat(pkcs8Body.length),
    fc.constantFrom('', 'A', '*', '\n'),
    fc.boolean(),
  )
  .map(([label, body, at, edit, end]) => {
    const mutated = body.slice(0, at) + edit + body.slice(at + 1);
    return `junk\n-----BEGIN ${label}-----\n${mutated.replace(/.{64}/g, '$&\n')}\n${end ? `-----END ${label}-----\n` : ''}`;
  });

// Real certificates (openssl), damaged in their DER or in their base64 text: a byte flipped, a run cut out, a run
// repeated. Any of them may still parse, or not; none may answer a 5xx.
const chain = makeChain();
const certificates = [chain.root, chain.intermediate, chain.leaf, chain.stranger, chain.v1].map(({ pem }) => pem);

type Damage = readonly ['flip' | 'cut' | 'repeat', number, number];

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const flipBits = (byte: number, by: number): number => byte ^ ((by % 255) + 1);
// In the base64 text a character becomes another base64 character, so that the text still decodes.
const flipCharacter = (byte: number, by: number): number =>
  BASE64_ALPHABET.charCodeAt((BASE64_ALPHABET.indexOf(String.fromCharCode(byte)) + by) % 64);

/** `whole` with one byte flipped, `by` bytes cut out, or `by` bytes repeated, at `at` (wrapped to its length). */
function damaged(whole: Uint8Array, [kind, at, by]: Damage, flip: (byte: number, by: number) => number): Uint8Array {
  const start = at % whole.length;
  switch (kind) {
    case 'flip':
      return whole.map((byte, index) => (index === start ? flip(byte, by) : byte));
    case 'cut':
      return Buffer.concat([whole.subarray(0, start), whole.subarray(start + by)]);
    case 'repeat':
      return Buffer.concat([whole.subarray(0, start + by), whole.subarray(start)]);
  }
}

const damage = fc.tuple(fc.constantFrom('flip', 'cut', 'repeat'), fc.nat(2000), fc.integer({ min: 1, max: 40 }));

const pemOf = (base64: string): string => `-----BEGIN CERTIFICATE-----\n${base64.replace(/.{64}/g, '$&\n')}\n-----END CERTIFICATE-----\n`;

const damagedCertificate = fc
  .tuple(fc.nat(certificates.length - 1), fc.boolean(), damage, fc.boolean())
  .map(([which, inDer, how, chained]) => {
    const base64 = x5cOf(certificates[which] ?? '');
    const body = inDer
      ? damaged(Buffer.from(base64, 'base64'), how, flipBits).toBase64()
      : Buffer.from(damaged(Buffer.from(base64, 'ascii'), how, flipCharacter)).toString('ascii');
    return pemOf(body) + (chained ? (certificates[(which + 1) % certificates.length] ?? '') : '');
  });

/** The offset of the first UTCTime's first digit in a certificate's DER: its notBefore. */
const notBeforeAt = (pem: string): number => Buffer.from(x5cOf(pem), 'base64').indexOf(Buffer.from([0x17, 0x0d])) + 2;

function expectSafe(res: request.Response, secrets: readonly string[]): void {
  expect([200, 400]).toContain(res.status);
  if (res.status === 400) expect((res.body as { detail: string }).detail).toMatch(/^(key|token)\b/);
  for (const value of secrets) expect(res.text).not.toContain(value);
}

const post = (body: unknown) =>
  request(app)
    .post('/jwt/inspect-key')
    .send(body as object);

describe('/jwt/inspect-key with arbitrary input', () => {
  it('answers a JWK or a JWK Set holding private members with 200 or 400, and never echoes them', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(jwkWithSecrets, { minLength: 1, maxLength: 3 }), fc.boolean(), async (entries, asSet) => {
        const key = JSON.stringify(asSet ? { keys: entries.map(({ jwk }) => jwk) } : entries[0]?.jwk);
        expectSafe(
          await post({ key }),
          entries.map(({ value }) => value),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('answers arbitrary JSON with 200 or 400', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), async (value) => {
        expectSafe(await post({ key: JSON.stringify(value) }), []);
      }),
      { numRuns: 200 },
    );
  });

  it('answers PEM-looking text, a private key broken anywhere included, with 200 or 400, and never its secret', async () => {
    await fc.assert(
      fc.asyncProperty(pemLooking, async (key) => {
        const res = await post({ key });
        expectSafe(res, [ecD, Buffer.from(ecD, 'base64url').toString('base64').replace(/=+$/, '')]);
        if (res.status === 200) expect(res.text).not.toContain(pkcs8Body.slice(0, 64));
      }),
      { numRuns: 200 },
    );
  });

  it('answers a real certificate damaged in its DER or its base64 text with 200 or 400', async () => {
    await fc.assert(
      fc.asyncProperty(damagedCertificate, async (key) => {
        expectSafe(await post({ key }), []);
      }),
      {
        numRuns: 300,
        // A notBefore digit made a letter: OpenSSL reads the certificate, its validity names no instant.
        examples: [
          [pemOf(damaged(Buffer.from(x5cOf(chain.leaf.pem), 'base64'), ['flip', notBeforeAt(chain.leaf.pem), 0x70], flipBits).toBase64())],
        ],
      },
    );
  });
});
