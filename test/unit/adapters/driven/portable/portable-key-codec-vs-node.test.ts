// PortableKeyCodec against NodeKeyCodec as an oracle: keys of every type and size the core meets, made here with
// node:crypto and given in every form the port reads, mutated copies of them, JWKs written every way node:crypto reads
// them, and certificates (RFC 7517 B's, openssl's, and damaged ones) must get the same answer from both: the same facts,
// JWK members in the same order, the same SPKI, the same refusals, the same certificate readings and verifications.
import { execFileSync } from 'node:child_process';
import { X509Certificate, createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { NodeKeyCodec } from '../../../../../src/adapters/driven/node-key-codec.js';
import { PortableKeyCodec } from '../../../../../src/adapters/driven/portable/portable-key-codec.js';
import { readCertificate } from '../../../../../src/core/keys/certificate.js';
import type { KeyCodec, KeyFacts, PrivateDer, PrivateKey, PublicDer, PublicKey } from '../../../../../src/core/keys/ports/key-codec.js';
import type { JsonObject } from '../../../../../src/core/shared/json.js';
import { makeChain, x5cOf } from '../../../../support/certificates.js';
import * as JOSE_VECTORS from '../../../../vectors/jose-keys.js';
import { EXAMPLE_ISSUER_KEY, EXAMPLE_SECOND_ISSUER_KEY, SD_JWT_EXAMPLES, exampleJson } from '../../../../support/sd-jwt-examples.js';
import {
  RFC7515_A2_KEY,
  RFC7515_A3_PRIVATE_KEY,
  RFC7517_A1,
  RFC7517_A2_EC,
  RFC7517_B,
  RFC7517_C1,
  RFC7520_3_2,
  RFC8037_A1,
} from '../../../../vectors/jose-keys.js';

const node = new NodeKeyCodec();
const portable = new PortableKeyCodec();

type Answer = { readonly value: unknown } | { readonly refused: true };

// node:crypto can leave an error on OpenSSL's queue, failing or not, which fails the process's next private key import
// (a JWK export of the point at infinity did, and the details of an RSA key of 16,385 bits). NodeKeyCodec empties the
// queue around each call; after each question, a sound key is imported here: if that fails, the question is a
// difference of its own, and the queue is drained, so that each answer depends on its input alone.
const SOUND = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'sec1', format: 'der' });
const soundImportFails = (): boolean => {
  try {
    createPrivateKey({ key: SOUND, format: 'der', type: 'sec1' });
    return false;
  } catch {
    return true;
  }
};
function drain(): void {
  for (let i = 0; i < 3; i++) {
    try {
      const key = createPrivateKey({ key: SOUND, format: 'der', type: 'sec1' });
      key.export({ format: 'jwk' });
      const publicKey = createPublicKey(key);
      publicKey.export({ format: 'jwk' });
      createPublicKey({ key: publicKey.export({ type: 'spki', format: 'der' }), format: 'der', type: 'spki' });
    } catch {
      // The stale error, taken.
    }
  }
}
function answer(run: () => unknown): Answer {
  try {
    return { value: run() };
  } catch {
    return { refused: true };
  }
}

const hex = (bytes: Uint8Array) => bytes.toHex();
/**
 * Whether the core exports keys of these facts: it refuses a key of any other type or curve (DSA, DH, RSA-PSS, the
 * post-quantum types, EC on another curve) before it asks for a JWK or an SPKI, so for those only the facts are compared.
 */
const exported = ({ type, curve }: KeyFacts) =>
  ['rsa', 'ed25519', 'ed448', 'x25519', 'x448'].includes(type) ||
  (type === 'ec' && ['prime256v1', 'secp384r1', 'secp521r1', 'secp256k1'].includes(curve ?? ''));
const describePublic = (codec: KeyCodec, key: PublicKey) => {
  const facts = codec.facts(key);
  if (!exported(facts)) return { facts };
  return { facts, jwk: answer(() => codec.publicJwk(key)), spki: answer(() => hex(codec.spki(key))) };
};
const describePrivate = (codec: KeyCodec, key: PrivateKey) => {
  const facts = codec.facts(key);
  const publicKey = answer(() => describePublic(codec, codec.publicKeyOf(key)));
  if (!exported(facts)) return { facts, public: publicKey };
  return { facts, jwk: answer(() => codec.privateJwk(key)), public: publicKey };
};

/** One question for both codecs. */
type Probe = (codec: KeyCodec) => unknown;
const probes = {
  publicJwk:
    (jwk: JsonObject): Probe =>
    (codec) =>
      describePublic(codec, codec.publicKeyFromJwk(jwk)),
  privateJwk:
    (jwk: JsonObject): Probe =>
    (codec) =>
      describePrivate(codec, codec.privateKeyFromJwk(jwk)),
  publicDer:
    (der: Uint8Array, form: PublicDer): Probe =>
    (codec) =>
      describePublic(codec, codec.publicKeyFromDer(der, form)),
  privateDer:
    (der: Uint8Array, form: PrivateDer): Probe =>
    (codec) =>
      describePublic(codec, codec.publicKeyOfPrivateDer(der, form)),
  pem:
    (pem: string): Probe =>
    (codec) =>
      describePrivate(codec, codec.privateKeyFromPem(pem)),
  certificate:
    (der: Uint8Array): Probe =>
    (codec) => {
      const reading = codec.readCertificate(der);
      return {
        der: hex(reading.der),
        oid: reading.signatureAlgorithmOid,
        // What the core reads of it over this codec: its validity, from the DER, and its names and serial.
        core: answer(() => {
          const read = readCertificate(codec, der);
          return { validity: [read.notBeforeMs, read.notAfterMs], names: [read.subject, read.issuer], serial: read.serial };
        }),
        publicKey: describePublic(codec, reading.publicKey),
        selfVerified: answer(() => reading.verifiedBy(reading.publicKey)),
      };
    },
};

/** The questions on which the codecs differ, by label, with both answers. */
function differences(cases: Iterable<readonly [string, Probe]>): string[] {
  const found: string[] = [];
  for (const [label, probe] of cases) {
    const expected = JSON.stringify(answer(() => probe(node)));
    if (soundImportFails()) {
      found.push(`${label}\n  node:     left an OpenSSL error queued, which failed the next import`);
      drain();
    }
    const actual = JSON.stringify(answer(() => probe(portable)));
    if (expected !== actual) {
      // The first character where they part, and what follows it in each.
      let from = 0;
      while (expected[from] === actual[from]) from++;
      const start = Math.max(0, from - 80);
      found.push(`${label}\n  node:     …${expected.slice(start, start + 300)}\n  portable: …${actual.slice(start, start + 300)}`);
    }
  }
  return found;
}

/** DER as a tree, to rewrite one field of a certificate and write it again (definite lengths only). */
interface Node {
  readonly tag: number;
  readonly children?: Node[];
  readonly content?: Uint8Array;
}
function parse(bytes: Uint8Array): Node {
  const length = (at: number): [number, number] => {
    const first = bytes[at] as number;
    if (first < 0x80) return [first, at + 1];
    let value = 0;
    for (let i = 1; i <= (first & 0x7f); i++) value = value * 256 + (bytes[at + i] as number);
    return [value, at + 1 + (first & 0x7f)];
  };
  const read = (at: number): [Node, number] => {
    const tag = bytes[at] as number;
    const [size, start] = length(at + 1);
    if ((tag & 0x20) === 0) return [{ tag, content: bytes.slice(start, start + size) }, start + size];
    const children: Node[] = [];
    for (let offset = start; offset < start + size;) {
      const [child, next] = read(offset);
      children.push(child);
      offset = next;
    }
    return [{ tag, children }, start + size];
  };
  return read(0)[0];
}
function write(node: Node): Uint8Array {
  const body =
    node.children === undefined
      ? (node.content ?? new Uint8Array())
      : Uint8Array.of(...node.children.flatMap((child) => [...write(child)]));
  const size = body.length;
  const header = size < 0x80 ? [size] : size < 0x100 ? [0x81, size] : [0x82, size >> 8, size & 0xff];
  return Uint8Array.of(node.tag, ...header, ...body);
}
const tlv = (tag: number, content: Uint8Array | string | number[]): Node => ({
  tag,
  content: typeof content === 'string' ? new TextEncoder().encode(content) : Uint8Array.from(content),
});
const constructed = (tag: number, ...children: Node[]): Node => ({ tag, children });

/** A small deterministic generator (mulberry32), so that a failure names inputs that can be made again. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Damaged copies of some DER: cut short, with a byte changed, with bytes added. */
function* mutations(label: string, der: Uint8Array, count: number, seed: number): Generator<readonly [string, Uint8Array]> {
  const next = random(seed);
  const at = () => Math.floor(next() * der.length);
  for (const cut of [1, 2, der.length >> 1, der.length - 1]) yield [`${label} cut to ${cut}`, der.slice(0, cut)];
  yield [`${label} with a byte after`, Uint8Array.of(...der, 0)];
  yield [`${label} with two bytes after`, Uint8Array.of(...der, 5, 0)];
  for (let i = 0; i < count; i++) {
    const copy = der.slice();
    const where = at();
    const value = Math.floor(next() * 256);
    copy[where] = value;
    yield [`${label} with byte ${where} set to ${value}`, copy];
  }
}

const KINDS = [
  ['RSA 1024', () => generateKeyPairSync('rsa', { modulusLength: 1024 })],
  ['RSA 2048', () => generateKeyPairSync('rsa', { modulusLength: 2048 })],
  ['RSA 3072', () => generateKeyPairSync('rsa', { modulusLength: 3072 })],
  ['RSA 4096', () => generateKeyPairSync('rsa', { modulusLength: 4096 })],
  ['RSA 2048, e = 3', () => generateKeyPairSync('rsa', { modulusLength: 2048, publicExponent: 3 })],
  ['RSA-PSS', () => generateKeyPairSync('rsa-pss', { modulusLength: 2048 })],
  [
    'RSA-PSS with SHA-256',
    // @types/node types saltLength as a string; node:crypto takes the number of octets.
    () =>
      generateKeyPairSync('rsa-pss', {
        modulusLength: 2048,
        hashAlgorithm: 'sha256',
        mgf1HashAlgorithm: 'sha256',
        saltLength: 32 as unknown as string,
      }),
  ],
  ['EC P-256', () => generateKeyPairSync('ec', { namedCurve: 'P-256' })],
  ['EC P-384', () => generateKeyPairSync('ec', { namedCurve: 'P-384' })],
  ['EC P-521', () => generateKeyPairSync('ec', { namedCurve: 'P-521' })],
  ['EC secp256k1', () => generateKeyPairSync('ec', { namedCurve: 'secp256k1' })],
  ['EC brainpoolP256r1', () => generateKeyPairSync('ec', { namedCurve: 'brainpoolP256r1' })],
  ['EC brainpoolP384r1', () => generateKeyPairSync('ec', { namedCurve: 'brainpoolP384r1' })],
  ['EC brainpoolP512r1', () => generateKeyPairSync('ec', { namedCurve: 'brainpoolP512r1' })],
  ['EC brainpoolP256t1', () => generateKeyPairSync('ec', { namedCurve: 'brainpoolP256t1' })],
  ['EC sect233k1', () => generateKeyPairSync('ec', { namedCurve: 'sect233k1' })],
  ['Ed25519', () => generateKeyPairSync('ed25519')],
  ['Ed448', () => generateKeyPairSync('ed448')],
  ['X25519', () => generateKeyPairSync('x25519')],
  ['X448', () => generateKeyPairSync('x448')],
  ['DSA', () => generateKeyPairSync('dsa', { modulusLength: 2048, divisorLength: 256 })],
  ['DH', () => generateKeyPairSync('dh', { primeLength: 512, generator: 2 })],
  ['ML-DSA-44', () => generateKeyPairSync('ml-dsa-44')],
  ['ML-KEM-768', () => generateKeyPairSync('ml-kem-768')],
  ['SLH-DSA-SHA2-128s', () => generateKeyPairSync('slh-dsa-sha2-128s')],
] as const;

interface Pair {
  readonly name: string;
  readonly publicKey: KeyObject;
  readonly privateKey: KeyObject;
}

const tryExport = <T>(run: () => T): T | undefined => {
  try {
    return run();
  } catch {
    return undefined;
  }
};

/** Every form the port reads, as node:crypto writes each key in it. */
function* forms({ name, publicKey, privateKey }: Pair): Generator<readonly [string, Probe, Uint8Array | undefined]> {
  const type = publicKey.asymmetricKeyType ?? '';
  // The core passes a codec JWKs of kty RSA, EC and OKP alone (node:crypto also reads AKP, the post-quantum keys').
  const jwk = (key: KeyObject) => tryExport(() => key.export({ format: 'jwk' }));
  const [publicJwk, privateJwk] = type.startsWith('ml-') || type.startsWith('slh-') ? [] : [jwk(publicKey), jwk(privateKey)];
  if (publicJwk !== undefined) yield [`${name}: public JWK`, probes.publicJwk(publicJwk as JsonObject), undefined];
  if (privateJwk !== undefined) yield [`${name}: private JWK`, probes.privateJwk(privateJwk as JsonObject), undefined];
  const spki = new Uint8Array(publicKey.export({ type: 'spki', format: 'der' }));
  yield [`${name}: SPKI`, probes.publicDer(spki, 'spki'), spki];
  yield [`${name}: SPKI read as PKCS #1`, probes.publicDer(spki, 'pkcs1'), undefined];
  const pkcs8 = new Uint8Array(privateKey.export({ type: 'pkcs8', format: 'der' }));
  for (const form of ['pkcs8', 'pkcs1', 'sec1'] as const)
    yield [`${name}: PKCS #8 read as ${form}`, probes.privateDer(pkcs8, form), form === 'pkcs8' ? pkcs8 : undefined];
  yield [`${name}: PKCS #8 PEM`, probes.pem(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()), undefined];
  if (type === 'rsa') {
    const pkcs1 = new Uint8Array(publicKey.export({ type: 'pkcs1', format: 'der' }));
    yield [`${name}: PKCS #1 public`, probes.publicDer(pkcs1, 'pkcs1'), pkcs1];
    yield [`${name}: PKCS #1 public read as SPKI`, probes.publicDer(pkcs1, 'spki'), undefined];
    const rsaPrivate = new Uint8Array(privateKey.export({ type: 'pkcs1', format: 'der' }));
    yield [`${name}: PKCS #1 private`, probes.privateDer(rsaPrivate, 'pkcs1'), rsaPrivate];
    yield [`${name}: PKCS #1 private read as PKCS #8`, probes.privateDer(rsaPrivate, 'pkcs8'), undefined];
    yield [`${name}: PKCS #1 PEM`, probes.pem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()), undefined];
  }
  if (type === 'ec') {
    const sec1 = new Uint8Array(privateKey.export({ type: 'sec1', format: 'der' }));
    yield [`${name}: SEC 1`, probes.privateDer(sec1, 'sec1'), sec1];
    yield [`${name}: SEC 1 read as PKCS #8`, probes.privateDer(sec1, 'pkcs8'), undefined];
    yield [`${name}: SEC 1 PEM`, probes.pem(privateKey.export({ type: 'sec1', format: 'pem' }).toString()), undefined];
  }
}

describe('PortableKeyCodec answers as NodeKeyCodec', () => {
  let pairs: Pair[];
  beforeAll(() => {
    pairs = KINDS.map(([name, make]) => ({ name, ...make() }));
  });

  it('for keys of every type and size, in every form the port reads', () => {
    expect(differences(pairs.flatMap((pair) => [...forms(pair)].map(([label, probe]) => [label, probe] as const)))).toEqual([]);
  });

  /** Damaged copies of each DER form of the keys of these kinds, each read in its form. */
  const damaged = (kinds: (name: string) => boolean) =>
    pairs.flatMap((pair, p) =>
      kinds(pair.name)
        ? [...forms(pair)].flatMap(([label, , der]) => {
            if (der === undefined) return [];
            const publicForm = label.includes('SPKI') ? 'spki' : label.includes('PKCS #1 public') ? 'pkcs1' : undefined;
            const privateForm = label.includes('SEC 1') ? 'sec1' : label.includes('PKCS #1') ? 'pkcs1' : 'pkcs8';
            const read = (bytes: Uint8Array) =>
              publicForm === undefined ? probes.privateDer(bytes, privateForm) : probes.publicDer(bytes, publicForm);
            return [...mutations(label, der, Number(process.env.H1_MUTATIONS ?? 40), 1000 + p)].map(
              ([name, bytes]) => [name, read(bytes)] as const,
            );
          })
        : [],
    );
  // OpenSSL checks that an EC point lies on its curve for every curve it names, and checks some numbers of DH and
  // DSA keys; this codec computes on P-256, P-384, P-521, secp256k1 and brainpool's r1 curves alone, and reads DH and
  // DSA keys only to name them, which the core then refuses (ADR 0010).
  const unchecked = (name: string) => ['DH', 'DSA', 'EC sect233k1', 'EC brainpoolP256t1'].includes(name);

  it('for damaged copies of each DER form', () => {
    expect(differences(damaged((name) => !unchecked(name)))).toEqual([]);
  });

  it('for damaged DH and DSA keys and EC keys on curves it does not compute on, but for refusing less: the facts agree where both read one', () => {
    const found = damaged(unchecked).flatMap(([label, probe]) => {
      const expected = answer(() => probe(node));
      if (soundImportFails()) {
        drain();
        return [`${label}: node left an OpenSSL error queued`];
      }
      const actual = answer(() => probe(portable));
      return 'value' in expected && JSON.stringify(expected) !== JSON.stringify(actual) ? [label] : [];
    });
    expect(found).toEqual([]);
  });

  it('for JWKs written every way node:crypto reads them, and ways it does not', () => {
    const jwk = (key: KeyObject) => key.export({ format: 'jwk' }) as JsonObject;
    const made = Object.fromEntries(
      ['Ed448', 'X25519', 'X448', 'EC secp256k1', 'EC P-384', 'RSA 1024'].map((name) => {
        const pair = pairs.find((candidate) => candidate.name === name) as Pair;
        return [name, jwk(pair.privateKey)];
      }),
    );
    const other = jwk(generateKeyPairSync('ed25519').privateKey);
    const otherEc = jwk(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey);
    const otherRsa = jwk(generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey);
    const privates: Record<string, JsonObject> = {
      'RFC 7517 A.2 (EC P-256)': RFC7517_A2_EC,
      'RFC 7515 A.3 (EC P-256)': RFC7515_A3_PRIVATE_KEY,
      'RFC 7520 3.2 (EC P-521)': RFC7520_3_2,
      'RFC 7517 C.1 (RSA)': RFC7517_C1,
      'RFC 7515 A.2 (RSA)': RFC7515_A2_KEY,
      'RFC 8037 A.1 (Ed25519)': RFC8037_A1,
      ...made,
    };
    const b64 = (bytes: Uint8Array) => bytes.toBase64({ alphabet: 'base64url', omitPadding: true });
    const bytes = (text: unknown) => Uint8Array.fromBase64(String(text), { alphabet: 'base64url' });
    const edits = (name: string, key: JsonObject): [string, JsonObject][] => {
      const members = Object.keys(key).filter((member) => !['kty', 'crv', 'kid', 'use', 'alg'].includes(member));
      const foreign = key.kty === 'RSA' ? otherRsa : key.kty === 'EC' ? otherEc : other;
      return [
        [name, key],
        ...members.flatMap((member): [string, JsonObject][] => {
          const value = String(key[member]);
          return [
            [`${name}, no ${member}`, Object.fromEntries(Object.entries(key).filter(([entry]) => entry !== member))],
            [`${name}, ${member} a number`, { ...key, [member]: 5 }],
            [`${name}, ${member} empty`, { ...key, [member]: '' }],
            [`${name}, ${member} of one zero byte`, { ...key, [member]: 'AA' }],
            [`${name}, ${member} with a leading zero byte`, { ...key, [member]: b64(Uint8Array.of(0, ...bytes(value))) }],
            [`${name}, ${member} without its first byte`, { ...key, [member]: b64(bytes(value).subarray(1)) }],
            [`${name}, ${member} in standard base64 with padding`, { ...key, [member]: bytes(value).toBase64() }],
            [`${name}, ${member} with characters outside base64`, { ...key, [member]: `${value.slice(0, 5)} !\n*${value.slice(5)}` }],
            [`${name}, ${member} with = inside`, { ...key, [member]: `${value.slice(0, 8)}=${value.slice(8)}` }],
            [`${name}, ${member} with one character more`, { ...key, [member]: `${value}A` }],
            [`${name}, ${member} of another key`, { ...key, [member]: foreign[member] ?? 'AQAB' }],
          ];
        }),
        [`${name}, oth`, { ...key, oth: [] }],
        [`${name}, oth null`, { ...key, oth: null }],
      ];
    };
    const cases = Object.entries(privates).flatMap(([name, key]) =>
      edits(name, key).flatMap(([label, edited]) => [
        [`${label}, as a private JWK`, probes.privateJwk(edited)] as const,
        [`${label}, as a public JWK`, probes.publicJwk(edited)] as const,
      ]),
    );
    // The public members the core passes: canonical, but any bytes (RFC 7517 A.1's x as y is off the curve).
    const [ec] = RFC7517_A1.keys;
    const ff = (length: number) => b64(new Uint8Array(length).fill(0xff));
    const publicOnly: [string, JsonObject][] = [
      ['EC, x as y', { kty: 'EC', crv: 'P-256', x: ec?.x, y: ec?.x }],
      ['EC, coordinates of all ones', { kty: 'EC', crv: 'P-256', x: ff(32), y: ff(32) }],
      ['EC, zero coordinates', { kty: 'EC', crv: 'P-384', x: b64(new Uint8Array(48)), y: b64(new Uint8Array(48)) }],
      ['OKP Ed25519 of all ones', { kty: 'OKP', crv: 'Ed25519', x: ff(32) }],
      ['OKP X448 of all ones', { kty: 'OKP', crv: 'X448', x: ff(56) }],
      ['OKP Ed448 of 56 bytes', { kty: 'OKP', crv: 'Ed448', x: ff(56) }],
      ['RSA, n 5 and e 3', { kty: 'RSA', n: 'BQ', e: 'Aw' }],
      ['RSA, n with a high first byte', { kty: 'RSA', n: '_wE', e: 'Aw' }],
      ['an unknown kty', { kty: 'oct', k: 'AA' }],
      ['an EC curve node:crypto does not read from a JWK', { kty: 'EC', crv: 'P-224', x: 'AA', y: 'AA' }],
    ];
    expect(differences([...cases, ...publicOnly.map(([label, key]) => [label, probes.publicJwk(key)] as const)])).toEqual([]);
  });

  it('for every key of the published vectors the tests use, public and private, and x5c certificates', () => {
    // test/vectors/jose-keys.ts (RFC 7515, 7517, 7520, 8037, OpenID Connect) and the RFC 9901 examples' issuer and
    // holder (cnf) keys: every JWK among them, one by one and from their sets.
    const jwks: [string, JsonObject][] = [];
    const collect = (label: string, value: unknown): void => {
      if (typeof value !== 'object' || value === null) return;
      if (Array.isArray(value)) value.forEach((entry, i) => collect(`${label}[${i}]`, entry));
      else if (typeof (value as JsonObject).kty === 'string') jwks.push([label, value as JsonObject]);
      else for (const [member, entry] of Object.entries(value)) collect(`${label}.${member}`, entry);
    };
    collect('jose-keys', JOSE_VECTORS);
    collect('RFC 9901 issuer', [EXAMPLE_ISSUER_KEY, EXAMPLE_SECOND_ISSUER_KEY]);
    for (const name of SD_JWT_EXAMPLES) collect(`RFC 9901 ${name}`, exampleJson(name, 'sd_jwt_payload.json').cnf);
    expect(jwks.length).toBeGreaterThan(15);
    const certificates = jwks.flatMap(([label, jwk]) =>
      Array.isArray(jwk.x5c)
        ? jwk.x5c.map((entry, i) => [`${label} x5c[${i}]`, probes.certificate(Uint8Array.fromBase64(String(entry)))] as const)
        : [],
    );
    const keys = jwks
      .filter(([, jwk]) => jwk.kty !== 'oct')
      .flatMap(([label, jwk]) => [
        [`${label}, public`, probes.publicJwk(jwk)] as const,
        [`${label}, private`, probes.privateJwk(jwk)] as const,
      ]);
    expect(differences([...keys, ...certificates])).toEqual([]);
  });

  it('for private PEM text written every way OpenSSL reads it, and ways it does not', () => {
    const rsa = pairs.find((pair) => pair.name === 'RSA 2048') as Pair;
    const ec = pairs.find((pair) => pair.name === 'EC P-384') as Pair;
    const ed = pairs.find((pair) => pair.name === 'Ed25519') as Pair;
    const pem = (key: KeyObject, type: 'pkcs8' | 'pkcs1' | 'sec1') => key.export({ type, format: 'pem' }).toString().trim();
    const body = (text: string) => text.split('\n').slice(1, -1).join('');
    const armour = (label: string, lines: string[], eol = '\n') =>
      [`-----BEGIN ${label}-----`, ...lines, `-----END ${label}-----`].join(eol);
    const texts: [string, string][] = [];
    for (const [name, text, label] of [
      ['PKCS #8 RSA', pem(rsa.privateKey, 'pkcs8'), 'PRIVATE KEY'],
      ['PKCS #1 RSA', pem(rsa.privateKey, 'pkcs1'), 'RSA PRIVATE KEY'],
      ['SEC 1', pem(ec.privateKey, 'sec1'), 'EC PRIVATE KEY'],
      ['PKCS #8 EC', pem(ec.privateKey, 'pkcs8'), 'PRIVATE KEY'],
      ['PKCS #8 Ed25519', pem(ed.privateKey, 'pkcs8'), 'PRIVATE KEY'],
    ] as const) {
      const base64 = body(text);
      const lines = text.split('\n').slice(1, -1);
      texts.push(
        [name, text],
        [`${name}, CRLF`, text.replaceAll('\n', '\r\n')],
        [`${name}, on one line`, armour(label, [base64])],
        [`${name}, in lines of 76`, armour(label, base64.match(/.{1,76}/g) ?? [])],
        [
          `${name}, lines ending in spaces`,
          armour(
            label,
            lines.map((line) => `${line}  `),
          ),
        ],
        [
          `${name}, lines starting with a space`,
          armour(
            label,
            lines.map((line) => ` ${line}`),
          ),
        ],
        [`${name}, a tab inside a line`, armour(label, [`${lines[0]?.slice(0, 10)}\t${lines[0]?.slice(10)}`, ...lines.slice(1)])],
        [`${name}, a blank line inside`, armour(label, [lines[0] ?? '', '', ...lines.slice(1)])],
        [`${name}, a header`, armour(label, ['Comment: made here', '', ...lines])],
        [`${name}, a character outside base64`, armour(label, [`*${lines[0]}`, ...lines.slice(1)])],
        [`${name}, a dash inside`, armour(label, [`${lines[0]?.slice(0, 4)}-${lines[0]?.slice(4)}`, ...lines.slice(1)])],
        [`${name}, its padding dropped`, armour(label, [base64.replace(/=+$/, '')])],
        [`${name}, padding added`, armour(label, [`${base64}==`])],
        [`${name}, = inside`, armour(label, [`${base64.slice(0, 20)}=${base64.slice(20)}`])],
        [`${name}, its last line cut`, armour(label, lines.slice(0, -1))],
        [`${name}, then another block`, `${text}\n${text}`],
        [`${name}, then a broken block`, `${text}\n${armour(label, ['AAAA'])}`],
        [`${name}, after a broken block`, `${armour(label, ['AAAA'])}\n${text}`],
        [`${name}, after a block that is not base64`, `${armour(label, ['A*AA'])}\n${text}`],
        [`${name}, after a block without its END`, `-----BEGIN ${label}-----\nAAAA\n${text}`],
        [`${name}, after a block ended by another label`, `${armour(label, ['AAAA']).replace(/END .*-----$/, 'END X-----')}\n${text}`],
        [`${name}, after a certificate`, `${armour(label, ['AAAA']).split('\n')[0]}\n${armour('CERTIFICATE', ['AAAA'])}\n${text}`],
        [`${name}, after a public key block`, `${armour(label, ['AAAA'])}\n${armour('PUBLIC KEY', lines)}\n${text}`],
        [`${name}, a blank line before END`, armour(label, [...lines, ''])],
        [`${name}, a line of spaces inside`, armour(label, [lines[0] ?? '', '   ', ...lines.slice(1)])],
        [
          `${name}, text between END and END`,
          `${text.replace(`-----END ${label}-----`, `-----END RSA PUBLIC KEY-----\n-----END ${label}-----`)}`,
        ],
      );
    }
    const swap = (text: string, from: string, to: string) => text.replaceAll(from, to);
    texts.push(
      ['PKCS #1 RSA labelled PRIVATE KEY', swap(pem(rsa.privateKey, 'pkcs1'), 'RSA PRIVATE KEY', 'PRIVATE KEY')],
      ['PKCS #8 RSA labelled RSA PRIVATE KEY', swap(pem(rsa.privateKey, 'pkcs8'), 'PRIVATE KEY', 'RSA PRIVATE KEY')],
      ['SEC 1 labelled PRIVATE KEY', swap(pem(ec.privateKey, 'sec1'), 'EC PRIVATE KEY', 'PRIVATE KEY')],
      ['PKCS #8 EC labelled EC PRIVATE KEY', swap(pem(ec.privateKey, 'pkcs8'), 'PRIVATE KEY', 'EC PRIVATE KEY')],
      ['SEC 1 labelled RSA PRIVATE KEY', swap(pem(ec.privateKey, 'sec1'), 'EC PRIVATE KEY', 'RSA PRIVATE KEY')],
      ['an empty block', armour('PRIVATE KEY', [])],
    );
    expect(differences(texts.map(([label, text]) => [label, probes.pem(text)] as const))).toEqual([]);
  });

  it('for keys made here, one field at a time: points, numbers, parameters and private parts', () => {
    const oid = (dotted: string): Node => {
      const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
      const bytes = [first * 40 + second, ...rest].flatMap((arc) => {
        const group = [arc & 0x7f];
        for (let value = Math.floor(arc / 128); value > 0; value = Math.floor(value / 128)) group.unshift((value & 0x7f) | 0x80);
        return group;
      });
      return tlv(0x06, bytes);
    };
    const int = (value: bigint | number[]): Node => {
      if (Array.isArray(value)) return tlv(0x02, value);
      const hex = value.toString(16).padStart(2, '0');
      const bytes = Uint8Array.fromHex(hex.length % 2 === 0 ? hex : `0${hex}`);
      return tlv(0x02, (bytes[0] as number) >= 0x80 ? [0, ...bytes] : [...bytes]);
    };
    const seq = (...children: Node[]) => constructed(0x30, ...children);
    const bits = (bytes: Uint8Array | number[], unused = 0) => tlv(0x03, [unused, ...bytes]);
    const octets = (bytes: Uint8Array | number[] | Node) => tlv(0x04, 'tag' in bytes ? write(bytes) : Uint8Array.from(bytes));
    const NULL = tlv(0x05, []);
    const spki = (algorithm: Node, key: Node) => write(seq(algorithm, key));
    const jwkOf = (name: string) =>
      (pairs.find((pair) => pair.name === name) as Pair).privateKey.export({ format: 'jwk' }) as Record<string, string>;
    const big = (text: string | undefined) => BigInt(`0x${Uint8Array.fromBase64(text ?? '', { alphabet: 'base64url' }).toHex() || '0'}`);
    const raw = (text: string | undefined) => Uint8Array.fromBase64(text ?? '', { alphabet: 'base64url' });
    const cases: (readonly [string, Probe])[] = [];
    const pub = (label: string, der: Uint8Array, form: PublicDer = 'spki') => cases.push([label, probes.publicDer(der, form)]);
    const priv = (label: string, der: Uint8Array, form: PrivateDer) => {
      cases.push([label, probes.privateDer(der, form)]);
      const name = form === 'pkcs8' ? 'PRIVATE KEY' : form === 'pkcs1' ? 'RSA PRIVATE KEY' : 'EC PRIVATE KEY';
      const base64 = der.toBase64().match(/.{1,64}/g) ?? [];
      cases.push([`${label}, as PEM`, probes.pem([`-----BEGIN ${name}-----`, ...base64, `-----END ${name}-----`].join('\n'))]);
    };
    const EC = '1.2.840.10045.2.1';
    for (const [name, curveOid, order] of [
      ['EC P-256', '1.2.840.10045.3.1.7', 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n],
      ['EC P-521', '1.3.132.0.35', (1n << 521n) - 0x5ae79787c40d069948033feb708f65a2fc44a36477663b851449048e16ec79bf7n],
      ['EC secp256k1', '1.3.132.0.10', 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n],
    ] as const) {
      const { x, y, d } = jwkOf(name);
      const [xs, ys] = [raw(x), raw(y)];
      const algorithm = seq(oid(EC), oid(curveOid));
      const point = Uint8Array.of(4, ...xs, ...ys);
      const odd = (ys.at(-1) as number) & 1;
      pub(`${name}, compressed`, spki(algorithm, bits([2 + odd, ...xs])));
      pub(`${name}, compressed with the other y`, spki(algorithm, bits([3 - odd, ...xs])));
      pub(`${name}, hybrid`, spki(algorithm, bits([6 + odd, ...xs, ...ys])));
      pub(`${name}, hybrid of the wrong parity`, spki(algorithm, bits([7 - odd, ...xs, ...ys])));
      pub(`${name}, at infinity`, spki(algorithm, bits([0])));
      pub(`${name}, zero then more`, spki(algorithm, bits([0, 0])));
      pub(`${name}, form 1`, spki(algorithm, bits([1, ...xs])));
      pub(`${name}, form 5`, spki(algorithm, bits([5, ...xs, ...ys])));
      pub(`${name}, x of all ones, compressed`, spki(algorithm, bits([2, ...new Uint8Array(xs.length).fill(0xff)])));
      pub(`${name}, a point one byte short`, spki(algorithm, bits(point.subarray(0, -1))));
      pub(`${name}, unused bits`, spki(algorithm, bits(point, 1)));
      pub(`${name}, 8 unused bits`, spki(algorithm, bits(point, 8)));
      pub(`${name}, no curve`, spki(seq(oid(EC)), bits(point)));
      pub(`${name}, NULL curve`, spki(seq(oid(EC), NULL), bits(point)));
      pub(`${name}, an unknown curve`, spki(seq(oid(EC), oid('1.2.3.4')), bits(point)));
      pub(`${name}, explicit parameters`, spki(seq(oid(EC), seq(int(1n))), bits(point)));
      pub(`${name}, an indefinite length`, Uint8Array.of(0x30, 0x80, ...write(algorithm), ...write(bits(point)), 0, 0));
      pub(
        `${name}, a long length`,
        Uint8Array.of(0x30, 0x84, 0, 0, 0, write(algorithm).length + write(bits(point)).length, ...write(algorithm), ...write(bits(point))),
      );
      pub(
        `${name}, a length of five octets`,
        Uint8Array.of(
          0x30,
          0x85,
          0,
          0,
          0,
          0,
          write(algorithm).length + write(bits(point)).length,
          ...write(algorithm),
          ...write(bits(point)),
        ),
      );
      const dValue = big(d);
      const sec1 = (...fields: Node[]) => write(seq(int(1n), ...fields));
      const params = constructed(0xa0, oid(curveOid));
      const publicField = (bytes: Uint8Array | number[]) => constructed(0xa1, bits(bytes));
      const scalar = (value: bigint) => octets(Uint8Array.fromHex(value.toString(16).padStart(xs.length * 2, '0')));
      for (const [label, value] of [
        ['d', dValue],
        ['d = 0', 0n],
        ['d = 1', 1n],
        ['d = n', order],
        ['d = n + 1', order + 1n],
        ['d = 2^(8 size) - 1', (1n << BigInt(8 * xs.length)) - 1n],
      ] as const) {
        priv(`${name}, SEC 1, ${label}`, sec1(scalar(value), params), 'sec1');
        priv(`${name}, SEC 1, ${label}, with its point`, sec1(scalar(value), params, publicField(point)), 'sec1');
        priv(`${name}, PKCS #8, ${label}`, write(seq(int(0n), algorithm, octets(seq(int(1n), scalar(value))))), 'pkcs8');
      }
      priv(`${name}, SEC 1, d empty`, sec1(octets([]), params), 'sec1');
      priv(`${name}, SEC 1, d padded`, sec1(octets([0, 0, ...raw(d)]), params), 'sec1');
      priv(`${name}, SEC 1, no curve`, sec1(scalar(dValue)), 'sec1');
      priv(`${name}, SEC 1, a compressed point`, sec1(scalar(dValue), params, publicField([2 + odd, ...xs])), 'sec1');
      priv(`${name}, SEC 1, the point at infinity`, sec1(scalar(dValue), params, publicField([0])), 'sec1');
      priv(`${name}, SEC 1, a point off the curve`, sec1(scalar(dValue), params, publicField([4, ...xs, ...xs])), 'sec1');
      priv(`${name}, SEC 1, version 0`, write(seq(int(0n), scalar(dValue), params)), 'sec1');
      priv(`${name}, SEC 1, fields out of order`, sec1(scalar(dValue), publicField(point), params), 'sec1');
      priv(
        `${name}, PKCS #8, another curve inside`,
        write(seq(int(0n), algorithm, octets(seq(int(1n), scalar(dValue), constructed(0xa0, oid('1.3.132.0.34')))))),
        'pkcs8',
      );
      priv(
        `${name}, PKCS #8, version 1 and a public key`,
        write(seq(int(1n), algorithm, octets(seq(int(1n), scalar(dValue))), tlv(0x81, [0, ...point]))),
        'pkcs8',
      );
      priv(
        `${name}, PKCS #8, version 0 and a public key`,
        write(seq(int(0n), algorithm, octets(seq(int(1n), scalar(dValue))), tlv(0x81, [0, ...point]))),
        'pkcs8',
      );
      priv(
        `${name}, PKCS #8, attributes`,
        write(seq(int(0n), algorithm, octets(seq(int(1n), scalar(dValue))), constructed(0xa0, seq(oid('1.2.3'), constructed(0x31, NULL))))),
        'pkcs8',
      );
      priv(`${name}, PKCS #8, version -1`, write(seq(int([0xff]), algorithm, octets(seq(int(1n), scalar(dValue))))), 'pkcs8');
    }
    const { n, e, d, p, q, dp, dq, qi } = jwkOf('RSA 1024');
    const [N, E] = [big(n), big(e)];
    const RSA = seq(oid('1.2.840.113549.1.1.1'), NULL);
    const rsaKey = (modulus: Node, exponent: Node) => bits(write(seq(modulus, exponent)));
    for (const [label, modulus, exponent] of [
      ['n and e', int(N), int(E)],
      ['e = 0', int(N), int(0n)],
      ['e = 1', int(N), int(1n)],
      ['e even', int(N), int(4n)],
      ['e of 100 bits', int(N), int((1n << 100n) + 1n)],
      ['e > n', int(N), int(N + 2n)],
      ['n = 1', int(1n), int(3n)],
      ['n = 2', int(2n), int(3n)],
      ['n = 0', int(0n), int(3n)],
      ['n even', int(N + 1n), int(E)],
      ['n negative', tlv(0x02, [0x80, 1]), int(3n)],
      ['n empty', tlv(0x02, []), int(3n)],
      ['n padded', tlv(0x02, [0, 0, ...raw(n)]), int(E)],
      ['n of 16385 bits', int((1n << 16384n) + 1n), int(E)],
    ] as const) {
      pub(`RSA, ${label}`, spki(RSA, rsaKey(modulus, exponent)));
      pub(`RSA, ${label}, PKCS #1`, write(seq(modulus, exponent)), 'pkcs1');
    }
    pub('RSA, no NULL', spki(seq(oid('1.2.840.113549.1.1.1')), rsaKey(int(N), int(E))));
    pub('RSA, INTEGER parameters', spki(seq(oid('1.2.840.113549.1.1.1'), int(5n)), rsaKey(int(N), int(E))));
    pub('RSA, padded INTEGER parameters', spki(seq(oid('1.2.840.113549.1.1.1'), int([0, 5])), rsaKey(int(N), int(E))));
    pub('RSA, three INTEGERs', spki(RSA, bits(write(seq(int(N), int(E), int(3n))))));
    pub('RSA, a byte after the key', spki(RSA, bits([...write(seq(int(N), int(E))), 0])));
    const PSS = '1.2.840.113549.1.1.10';
    const sha256 = seq(oid('2.16.840.1.101.3.4.2.1'));
    const mgf1 = (hash: Node) => seq(oid('1.2.840.113549.1.1.8'), hash);
    for (const [label, parameters] of [
      ['none', undefined],
      ['NULL', NULL],
      ['empty', seq()],
      ['SHA-256', seq(constructed(0xa0, sha256), constructed(0xa1, mgf1(sha256)), constructed(0xa2, int(32n)))],
      ['MD5', seq(constructed(0xa0, seq(oid('1.2.840.113549.2.5'))))],
      ['an unknown hash', seq(constructed(0xa0, seq(oid('1.2.3.4'))))],
      ['an unknown mask', seq(constructed(0xa1, seq(oid('1.2.3.4'), sha256)))],
      ['MGF1 without a hash', seq(constructed(0xa1, seq(oid('1.2.840.113549.1.1.8'))))],
      ['a negative salt', seq(constructed(0xa2, int([0xff])))],
      ['trailer field 2', seq(constructed(0xa3, int(2n)))],
      ['fields out of order', seq(constructed(0xa2, int(32n)), constructed(0xa0, sha256))],
      ['a field [4]', seq(constructed(0xa4, int(1n)))],
    ] as const) {
      pub(
        `RSA-PSS, parameters ${label}`,
        spki(parameters === undefined ? seq(oid(PSS)) : seq(oid(PSS), parameters), rsaKey(int(N), int(E))),
      );
    }
    const rsaPrivate = (version: Node, ...numbers: bigint[]) => write(seq(version, ...numbers.map((value) => int(value))));
    const numbers = [n, e, d, p, q, dp, dq, qi].map(big);
    for (const [label, der] of [
      ['as it is', rsaPrivate(int(0n), ...numbers)],
      ['version 1', rsaPrivate(int(1n), ...numbers)],
      ['version 2', rsaPrivate(int(2n), ...numbers)],
      ['version -1', rsaPrivate(int([0xff]), ...numbers)],
      ['p = 5', rsaPrivate(int(0n), N, E, numbers[2] as bigint, 5n, ...numbers.slice(4))],
      ['d = 2n', rsaPrivate(int(0n), N, E, 2n * N, ...numbers.slice(3))],
      ['d = n + 1', rsaPrivate(int(0n), N, E, N + 1n, ...numbers.slice(3))],
      ['n shorter than d', rsaPrivate(int(0n), N >> 8n, ...numbers.slice(1))],
      ['everything private 0', rsaPrivate(int(0n), N, E, 0n, 0n, 0n, 0n, 0n, 0n)],
      ['eight numbers', rsaPrivate(int(0n), ...numbers.slice(0, 7))],
    ] as const) {
      priv(`RSA private, ${label}`, der, 'pkcs1');
      pub(`RSA private, ${label}, read as PKCS #1 public`, der, 'pkcs1');
      priv(`RSA private, ${label}, PKCS #8`, write(seq(int(0n), RSA, octets(parse(der)))), 'pkcs8');
    }
    for (const [name, oidText] of [
      ['Ed25519', '1.3.101.112'],
      ['X448', '1.3.101.111'],
    ] as const) {
      const { x, d: seed } = jwkOf(name === 'Ed25519' ? 'Ed448' : name);
      const [xs, ds] = name === 'Ed25519' ? [raw(RFC8037_A1.x), raw(RFC8037_A1.d)] : [raw(x), raw(seed)];
      const algorithm = seq(oid(oidText));
      pub(`${name}, SPKI`, spki(algorithm, bits(xs)));
      pub(`${name}, SPKI with NULL parameters`, spki(seq(oid(oidText), NULL), bits(xs)));
      pub(`${name}, SPKI one byte short`, spki(algorithm, bits(xs.subarray(1))));
      priv(`${name}, PKCS #8`, write(seq(int(0n), algorithm, octets(octets(ds)))), 'pkcs8');
      priv(`${name}, PKCS #8 without the inner OCTET STRING`, write(seq(int(0n), algorithm, octets(ds))), 'pkcs8');
      priv(`${name}, PKCS #8 with its public key`, write(seq(int(1n), algorithm, octets(octets(ds)), tlv(0x81, [0, ...xs]))), 'pkcs8');
      priv(
        `${name}, PKCS #8 with another public key`,
        write(seq(int(1n), algorithm, octets(octets(ds)), tlv(0x81, [0, ...new Uint8Array(xs.length).fill(1)]))),
        'pkcs8',
      );
    }
    // Explicit curve parameters (RFC 3279 §2.3.5), as openssl writes them for a named curve.
    const explicitDir = mkdtempSync(join(tmpdir(), 'explicit-'));
    try {
      for (const curve of ['prime256v1', 'secp384r1', 'brainpoolP256r1']) {
        const file = join(explicitDir, `${curve}.key`);
        const openssl = (...args: string[]) => new Uint8Array(execFileSync('openssl', args, { stdio: ['ignore', 'pipe', 'ignore'] }));
        openssl('ecparam', '-name', curve, '-param_enc', 'explicit', '-genkey', '-noout', '-out', file);
        pub(`explicit ${curve}, SPKI`, openssl('ec', '-in', file, '-pubout', '-outform', 'DER'));
        priv(`explicit ${curve}, SEC 1`, openssl('ec', '-in', file, '-outform', 'DER'), 'sec1');
        priv(`explicit ${curve}, PKCS #8`, openssl('pkcs8', '-topk8', '-nocrypt', '-in', file, '-outform', 'DER'), 'pkcs8');
        pub(`explicit ${curve}, compressed`, openssl('ec', '-in', file, '-pubout', '-outform', 'DER', '-conv_form', 'compressed'));
      }
    } finally {
      rmSync(explicitDir, { recursive: true, force: true });
    }
    const dsa = (pairs.find((pair) => pair.name === 'DSA') as Pair).publicKey.export({ type: 'spki', format: 'der' });
    const [dsaAlgorithm, dsaKey] = parse(new Uint8Array(dsa)).children as [Node, Node];
    const [dsaOid, dsaParameters] = dsaAlgorithm.children as [Node, Node];
    pub('DSA, SPKI', spki(dsaAlgorithm, dsaKey));
    pub('DSA, SPKI without parameters', spki(seq(dsaOid), dsaKey));
    pub('DSA, SPKI with NULL parameters', spki(seq(dsaOid, NULL), dsaKey));
    pub('DSA, SPKI with two parameters', spki(seq(dsaOid, seq(...(dsaParameters.children as Node[]).slice(0, 2))), dsaKey));
    pub('DSA, SPKI whose key is no INTEGER', spki(dsaAlgorithm, bits([4, 1, 0])));
    expect(differences(cases)).toEqual([]);
  });

  describe('for certificates', () => {
    const chain = makeChain();
    const certificates: [string, Uint8Array][] = [
      ...Object.entries(chain).map(([name, made]): [string, Uint8Array] => [name, Uint8Array.fromBase64(x5cOf(made.pem))]),
      ['RFC 7517 B', Uint8Array.fromBase64(RFC7517_B.x5c[0] ?? '')],
    ];

    it('as they are, with every key verifying every one of them, or not', () => {
      const keys = [
        ...certificates.map(([name, der]) => [name, (codec: KeyCodec) => codec.readCertificate(der).publicKey] as const),
        ...pairs.map(({ name, publicKey }) => {
          const der = new Uint8Array(publicKey.export({ type: 'spki', format: 'der' }));
          return [name, (codec: KeyCodec) => codec.publicKeyFromDer(der, 'spki')] as const;
        }),
      ];
      const verifications = certificates.flatMap(([name, der]) =>
        keys.map(
          ([keyName, key]) =>
            [
              `${name} verified by ${keyName}'s key`,
              (codec: KeyCodec) => answer(() => codec.readCertificate(der).verifiedBy(key(codec))),
            ] as const,
        ),
      );
      const readings = certificates.map(([name, der]) => [name, probes.certificate(der)] as const);
      expect(differences([...readings, ...verifications])).toEqual([]);
    });

    it('damaged: cut short, with a byte changed, with bytes added', () => {
      const damaged = certificates.flatMap(([name, der], c) =>
        [...mutations(name, der, Number(process.env.H1_MUTATIONS ?? 40), 2000 + c)].map(
          ([label, bytes]) => [label, probes.certificate(bytes)] as const,
        ),
      );
      expect(differences(damaged)).toEqual([]);
    });

    describe('made here, one field at a time, and signed again', () => {
      // The root is self-signed with ECDSA P-384 and SHA-256; each variant is signed again with its key, so that a
      // variant node:crypto reads is also verified by both, by its own key.
      const rootKey = createPrivateKey(chain.root.keyPem);
      const root = parse(Uint8Array.fromBase64(x5cOf(chain.root.pem)));
      type Edit = (tbs: Node[]) => Node[];
      const signed = (tbsFields: Node[], options: { outerAlgorithm?: Node; signature?: (tbs: Uint8Array) => Node } = {}) => {
        const tbs = constructed(0x30, ...tbsFields);
        const tbsDer = write(tbs);
        const [, algorithm] = root.children as [Node, Node, Node];
        const value = options.signature?.(tbsDer) ?? tlv(0x03, [0, ...sign('sha256', tbsDer, rootKey)]);
        return write(constructed(0x30, tbs, options.outerAlgorithm ?? algorithm, value));
      };
      const fields = () => [...((root.children as Node[])[0]?.children as Node[])];
      // version, serial, signature, issuer, validity, subject, SPKI, extensions
      const at =
        (index: number, replace: (node: Node) => Node | undefined): Edit =>
        (tbs) =>
          tbs.flatMap((node, i) => (i === index ? [replace(node)].filter((kept) => kept !== undefined) : [node]));
      const subjectCn = (value: Node): Edit =>
        at(5, (subject) =>
          constructed(
            0x30,
            ...(subject.children as Node[]).slice(0, 2),
            constructed(0x31, constructed(0x30, tlv(0x06, [0x55, 4, 3]), value)),
          ),
        );
      const validity = (notBefore: Node): Edit => at(4, (node) => constructed(0x30, notBefore, (node.children as Node[])[1] as Node));
      const utc = (text: string) => validity(tlv(0x17, text));
      const generalized = (text: string) => validity(tlv(0x18, text));
      const extensions =
        (...list: Node[]): Edit =>
        (tbs) => [...tbs.slice(0, 7), constructed(0xa3, constructed(0x30, ...list))];
      const extension = (oid: number[], value: Node, critical?: Node) =>
        constructed(0x30, tlv(0x06, oid), ...(critical === undefined ? [] : [critical]), value);
      const basicConstraints = [0x55, 29, 19];
      const ca = tlv(0x04, [0x30, 0x03, 0x01, 0x01, 0xff]);
      const edits: [string, Edit][] = [
        ['as openssl made it', (tbs) => tbs],
        ...[0, 1, 2, 3, 5, -1, 256].map((version): [string, Edit] => [
          `version ${version}`,
          at(0, () => constructed(0xa0, tlv(0x02, version === 256 ? [1, 0] : version < 0 ? [0xff] : [version]))),
        ]),
        ['version padded', at(0, () => constructed(0xa0, tlv(0x02, [0, 2])))],
        ['no version, extensions kept', at(0, () => undefined)],
        ['serial 0', at(1, () => tlv(0x02, [0]))],
        ['serial negative', at(1, () => tlv(0x02, [0x80, 1]))],
        ['serial padded', at(1, () => tlv(0x02, [0, 1]))],
        ['serial empty', at(1, () => tlv(0x02, []))],
        ['serial of 40 bytes', at(1, () => tlv(0x02, new Array<number>(40).fill(0x11)))],
        ...[
          '261128000000Z',
          '2611280000Z',
          '2611280000+0100',
          '261128000000+0100',
          '261128000000-0130',
          '261128000060Z',
          '260230000000Z',
          '240229000000Z',
          '230229000000Z',
          '491231235959Z',
          '500101000000Z',
          '261128000000z',
          '261128000000Z ',
          '26112800000AZ',
          '261128000000+1300',
          '261128000000+0060',
          '261128000000',
          '2611280000000Z',
          '261128000000+01',
          '261128240000Z',
          '261300000000Z',
          '261100000000Z',
          '261128000000.5Z',
        ].map((text): [string, Edit] => [`UTCTime ${JSON.stringify(text)}`, utc(text)]),
        ...[
          '20261128000000Z',
          '20261128000000.5Z',
          '20261128000000.Z',
          '20261128000000.123456789Z',
          '202611280000Z',
          '20261128000000+0100',
          '19500101000000Z',
          '00000101000000Z',
          '99991231235959Z',
          '2026112800000Z',
          '202611280000+0100',
          '20261128000000.5+0100',
          '20261128000000,5Z',
          '20000229000000Z',
          '21000229000000Z',
          '20261128000000.5',
        ].map((text): [string, Edit] => [`GeneralizedTime ${JSON.stringify(text)}`, generalized(text)]),
        ['UTCTime constructed', validity(constructed(0x37, tlv(0x04, '2611280000'), tlv(0x04, '00Z')))],
        ['validity of a BIT STRING', validity(tlv(0x03, [0, 1]))],
        ...Array.from({ length: 31 }, (_, tag): [string, Edit] => [
          `a name value of tag ${tag}`,
          subjectCn(tlv(tag, tag === 0x1e ? [0, 0x45, 0, 0x78] : tag === 0x1c ? [0, 0, 0, 0x45] : tag === 1 ? [0xff] : 'Ex')),
        ]),
        ...[0x03, 0x04, 0x0c, 0x13, 0x1e, 0x18].map((tag): [string, Edit] => [
          `a name value of tag ${tag}, constructed`,
          subjectCn(
            constructed(
              0x20 | tag,
              tlv(0x04, tag === 0x03 ? [0] : tag === 0x1e ? [0, 0x45] : 'E'),
              tlv(0x04, tag === 0x1e ? [0, 0x78] : 'x'),
            ),
          ),
        ]),
        ['a name value of a context tag', subjectCn(tlv(0x80, 'Ex'))],
        ['a name value of invalid UTF-8', subjectCn(tlv(0x0c, [0x45, 0xc3, 0x28]))],
        ['a name value of UTF-8 surrogates', subjectCn(tlv(0x0c, [0xed, 0xa0, 0x80]))],
        ['a name value of an odd BMPString', subjectCn(tlv(0x1e, [0, 0x45, 0]))],
        ['a name value of a BMPString surrogate pair', subjectCn(tlv(0x1e, [0xd8, 0x3d, 0xde, 0x00]))],
        ['a name value of a UniversalString past U+10FFFF', subjectCn(tlv(0x1c, [0, 0x11, 0, 0]))],
        ['a name value of a UniversalString of 3 bytes', subjectCn(tlv(0x1c, [0, 0, 0x45]))],
        ['a name value that is a SEQUENCE', subjectCn(constructed(0x30, tlv(0x02, [1])))],
        ['a name value that is an empty SEQUENCE', subjectCn(constructed(0x30))],
        [
          'a name type that is no OID',
          at(5, () => constructed(0x30, constructed(0x31, constructed(0x30, tlv(0x06, [0x80, 1]), tlv(0x0c, 'Ex'))))),
        ],
        ['an empty RDN', at(5, () => constructed(0x30, constructed(0x31)))],
        ['an empty name', at(5, () => constructed(0x30))],
        [
          'an RDN of two values',
          at(5, () =>
            constructed(
              0x30,
              constructed(
                0x31,
                constructed(0x30, tlv(0x06, [0x55, 4, 3]), tlv(0x0c, 'a')),
                constructed(0x30, tlv(0x06, [0x55, 4, 10]), tlv(0x0c, 'b')),
              ),
            ),
          ),
        ],
        [
          'a name of a primitive SEQUENCE',
          at(5, (subject) => tlv(0x10, write(constructed(0x30, ...(subject.children as Node[]))).subarray(2))),
        ],
        [
          'an attribute of three parts',
          at(5, () => constructed(0x30, constructed(0x31, constructed(0x30, tlv(0x06, [0x55, 4, 3]), tlv(0x0c, 'a'), tlv(0x0c, 'b'))))),
        ],
        ['no extensions', (tbs) => tbs.slice(0, 7)],
        ['an empty extensions list', extensions()],
        ['an extension marked critical', extensions(extension(basicConstraints, ca, tlv(0x01, [0xff])))],
        ['an extension marked not critical', extensions(extension(basicConstraints, ca, tlv(0x01, [0])))],
        ['a critical flag of 5', extensions(extension(basicConstraints, ca, tlv(0x01, [5])))],
        ['a critical flag of two bytes', extensions(extension(basicConstraints, ca, tlv(0x01, [0, 0])))],
        ['a critical flag that is an INTEGER', extensions(extension(basicConstraints, ca, tlv(0x02, [1])))],
        ['an extension twice', extensions(extension(basicConstraints, ca), extension(basicConstraints, ca))],
        [
          'an extension of a constructed OCTET STRING',
          extensions(extension(basicConstraints, constructed(0x24, tlv(0x04, [0x30, 0x03]), tlv(0x04, [0x01, 0x01, 0xff])))),
        ],
        ['an extension whose value does not parse', extensions(extension(basicConstraints, tlv(0x04, [0x30, 0x05])))],
        ['an extension without a value', extensions(constructed(0x30, tlv(0x06, basicConstraints)))],
        ['a subject alternative name that does not parse', extensions(extension([0x55, 29, 17], tlv(0x04, [0x30, 0x05, 0x82])))],
        ['extensions in a primitive [3]', (tbs) => [...tbs.slice(0, 7), tlv(0x83, [])]],
        [
          'extensions in a version 1 certificate',
          (tbs) => [...tbs.slice(1, 7), constructed(0xa3, constructed(0x30, extension(basicConstraints, ca)))],
        ],
        ['an issuer unique ID', (tbs) => [...tbs.slice(0, 7), tlv(0x81, [0, 1, 2]), ...tbs.slice(7)]],
        ['both unique IDs', (tbs) => [...tbs.slice(0, 7), tlv(0x81, [0, 1]), tlv(0x82, [4, 0xf0]), ...tbs.slice(7)]],
        ['a unique ID of 8 unused bits', (tbs) => [...tbs.slice(0, 7), tlv(0x81, [8, 1]), ...tbs.slice(7)]],
        ['a constructed unique ID', (tbs) => [...tbs.slice(0, 7), constructed(0xa2, tlv(0x03, [0, 1])), ...tbs.slice(7)]],
        ['unique IDs out of order', (tbs) => [...tbs.slice(0, 7), tlv(0x82, [0, 1]), tlv(0x81, [0, 1]), ...tbs.slice(7)]],
        ['a field after the extensions', (tbs) => [...tbs, tlv(0x02, [1])]],
        ['the signature algorithm with NULL parameters', at(2, (node) => constructed(0x30, ...(node.children as Node[]), tlv(0x05, [])))],
        [
          'the signature algorithm with a padded INTEGER',
          at(2, (node) => constructed(0x30, ...(node.children as Node[]), tlv(0x02, [0, 1]))),
        ],
        [
          'an SPKI with a compressed point',
          at(6, (node) => {
            const [algorithm, key] = node.children as [Node, Node];
            const point = (key.content as Uint8Array).subarray(1);
            return constructed(0x30, algorithm, tlv(0x03, [0, 2 + ((point.at(-1) as number) & 1), ...point.subarray(1, 49)]));
          }),
        ],
      ];
      const variants = edits.map(([label, edit]) => [label, signed(edit(fields()))] as const);
      const outer = [
        [
          'an outer algorithm with NULL parameters',
          signed(fields(), { outerAlgorithm: constructed(0x30, tlv(0x06, [0x2a, 0x86, 0x48, 0xce, 0x3d, 4, 3, 2]), tlv(0x05, [])) }),
        ],
        [
          'an outer algorithm naming SHA-384',
          signed(fields(), { outerAlgorithm: constructed(0x30, tlv(0x06, [0x2a, 0x86, 0x48, 0xce, 0x3d, 4, 3, 3])) }),
        ],
        ['a signature with an unused bit', signed(fields(), { signature: (tbs) => tlv(0x03, [1, ...sign('sha256', tbs, rootKey)]) })],
        [
          'a signature in a constructed BIT STRING',
          signed(fields(), { signature: (tbs) => constructed(0x23, tlv(0x03, [0, ...sign('sha256', tbs, rootKey)])) }),
        ],
        ['a signature with a byte after it', signed(fields(), { signature: (tbs) => tlv(0x03, [0, ...sign('sha256', tbs, rootKey), 0]) })],
        [
          'a signature of high S',
          signed(fields(), {
            signature: (tbs) => {
              const order = BigInt(
                '0x' + 'ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973',
              );
              const [r, s] = parse(new Uint8Array(sign('sha256', tbs, rootKey))).children as [Node, Node];
              const high = (order - BigInt(`0x${(s.content as Uint8Array).toHex()}`)).toString(16).padStart(96, '0');
              const bytes = Uint8Array.fromHex(high);
              return tlv(0x03, [0, ...write(constructed(0x30, r, tlv(0x02, (bytes[0] as number) >= 0x80 ? [0, ...bytes] : [...bytes])))]);
            },
          }),
        ],
        [
          'a signature with a padded r',
          signed(fields(), {
            signature: (tbs) => {
              const [r, s] = parse(new Uint8Array(sign('sha256', tbs, rootKey))).children as [Node, Node];
              return tlv(0x03, [0, ...write(constructed(0x30, tlv(0x02, [0, 0, ...(r.content as Uint8Array)]), s))]);
            },
          }),
        ],
      ] as const;
      const probesOf = (label: string, der: Uint8Array) => [
        [label, probes.certificate(der)] as const,
        [
          `${label}, verified by the root's key`,
          (codec: KeyCodec) => {
            const rootKeyOf = codec.readCertificate(Uint8Array.fromBase64(x5cOf(chain.root.pem))).publicKey;
            return answer(() => codec.readCertificate(der).verifiedBy(rootKeyOf));
          },
        ] as const,
      ];

      it('its version, serial, validity, names, extensions, unique IDs, algorithms and signature', () => {
        expect(differences([...variants, ...outer].flatMap(([label, der]) => probesOf(label, der)))).toEqual([]);
      });

      it("its validity as the core reads it from the DER: node:crypto's where OpenSSL prints a time, none where it prints 'Bad time value'", () => {
        // node:crypto 26's validFromDate and validToDate are sound only where validFrom and validTo print a time: for a
        // 'Bad time value' they read a struct tm that OpenSSL never wrote, NaN or any number from one call to the next.
        const times = variants.filter(([label]) => /^(as openssl made it|UTCTime|GeneralizedTime|validity)/.test(label));
        expect(times.length).toBeGreaterThan(40);
        const found = times.flatMap(([label, der]) => {
          let x509: X509Certificate;
          try {
            x509 = new X509Certificate(der);
          } catch {
            return [];
          }
          const times = [
            [x509.validFrom, x509.validFromDate],
            [x509.validTo, x509.validToDate],
          ] as const;
          const expected = times.some(([text]) => text === 'Bad time value') ? 'refused' : times.map(([, date]) => date.getTime());
          const read = answer(() => {
            const certificate = readCertificate(node, der);
            return [certificate.notBeforeMs, certificate.notAfterMs];
          });
          const actual = 'value' in read ? read.value : 'refused';
          return JSON.stringify(actual) === JSON.stringify(expected)
            ? []
            : [`${label}: node:crypto ${JSON.stringify(expected)}, the core ${JSON.stringify(actual)}`];
        });
        expect(found).toEqual([]);
      });

      it('signed with every algorithm node:crypto verifies, by openssl', () => {
        const dir = mkdtempSync(join(tmpdir(), 'signatures-'));
        try {
          const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
          const made: [string, Uint8Array][] = [];
          const key = (name: string, ...algorithm: string[]) => openssl('genpkey', ...algorithm, '-out', `${name}.key`);
          const certificate = (name: string, ...options: string[]) => {
            openssl('req', '-x509', '-new', '-key', `${name}.key`, '-subj', `/CN=${name}`, '-days', '1', '-out', `${name}.pem`, ...options);
            made.push([name, Uint8Array.fromBase64(x5cOf(readFileSync(join(dir, `${name}.pem`), 'utf8')))]);
          };
          key('rsa', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048');
          for (const digest of ['sha1', 'sha256', 'sha384', 'sha512', 'sha224']) certificate('rsa', `-${digest}`);
          certificate('rsa', '-sha256', '-sigopt', 'rsa_padding_mode:pss', '-sigopt', 'rsa_pss_saltlen:32');
          certificate('rsa', '-sha512', '-sigopt', 'rsa_padding_mode:pss', '-sigopt', 'rsa_pss_saltlen:-1');
          certificate('rsa', '-sha384', '-sigopt', 'rsa_padding_mode:pss', '-sigopt', 'rsa_pss_saltlen:0');
          key('pss', '-algorithm', 'RSA-PSS', '-pkeyopt', 'rsa_keygen_bits:2048');
          certificate('pss', '-sha256');
          key(
            'pss-restricted',
            '-algorithm',
            'RSA-PSS',
            '-pkeyopt',
            'rsa_keygen_bits:2048',
            '-pkeyopt',
            'rsa_pss_keygen_md:sha256',
            '-pkeyopt',
            'rsa_pss_keygen_saltlen:32',
          );
          certificate('pss-restricted', '-sha256');
          key('p521', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-521');
          for (const digest of ['sha256', 'sha512']) certificate('p521', `-${digest}`);
          key('p256', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256');
          for (const digest of ['sha384', 'sha224']) certificate('p256', `-${digest}`);
          key('k1', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:secp256k1');
          certificate('k1', '-sha256');
          for (const bits of [256, 384, 512]) {
            key(`brainpool${bits}`, '-algorithm', 'EC', '-pkeyopt', `ec_paramgen_curve:brainpoolP${bits}r1`);
            certificate(`brainpool${bits}`, `-sha${bits}`);
          }
          key('ed448', '-algorithm', 'ED448');
          certificate('ed448');
          key('dsa-params', '-genparam', '-algorithm', 'DSA', '-pkeyopt', 'dsa_paramgen_bits:2048');
          openssl('genpkey', '-paramfile', 'dsa-params.key', '-out', 'dsa.key');
          certificate('dsa', '-sha256');
          // DSA signatures are not verified here (ADR 0010): the core counts none. Their readings are compared, their
          // signatures below.
          const unverified = (name: string) => name === 'dsa';
          const certificateReading = (der: Uint8Array) => (codec: KeyCodec) => ({
            ...(probes.certificate(der)(codec) as object),
            selfVerified: 'compared below',
          });
          const readings = made.map(([name, der], i) => [`${name} ${i}`, certificateReading(der)] as const);
          const verified = made.filter(([name]) => !unverified(name));
          const selfVerified = verified.map(
            ([name, der], i) =>
              [
                `${name} ${i} by its own key`,
                (codec: KeyCodec) => answer(() => codec.readCertificate(der).verifiedBy(codec.readCertificate(der).publicKey)),
              ] as const,
          );
          const crossVerified = verified.flatMap(([name, der], i) =>
            verified.map(
              ([other, otherDer], j) =>
                [
                  `${name} ${i} by ${other} ${j}'s key`,
                  (codec: KeyCodec) => answer(() => codec.readCertificate(der).verifiedBy(codec.readCertificate(otherDer).publicKey)),
                ] as const,
            ),
          );
          expect(differences([...readings, ...selfVerified, ...crossVerified])).toEqual([]);
          const selfSigned = (codec: KeyCodec, der: Uint8Array) => {
            const reading = codec.readCertificate(der);
            return reading.verifiedBy(reading.publicKey);
          };
          expect(verified.filter(([, der]) => !selfSigned(portable, der)).map(([name]) => name)).toEqual([]);
          expect(made.filter(([name]) => unverified(name)).map(([, der]) => [selfSigned(node, der), selfSigned(portable, der)])).toEqual([
            [true, false],
          ]);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      });
    });
  });
});
