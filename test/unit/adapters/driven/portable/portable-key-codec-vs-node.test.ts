// PortableKeyCodec against NodeKeyCodec as an oracle: keys of every type and size the core meets, made here with
// node:crypto and given in every form the port reads, mutated copies of them, JWKs written every way node:crypto reads
// them, and certificates (RFC 7517 B's, openssl's, and damaged ones) must get the same answer from both: the same facts,
// JWK members in the same order, the same SPKI, the same refusals, the same certificate readings and verifications.
import { createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { NodeKeyCodec } from '../../../../../src/adapters/driven/node-key-codec.js';
import { PortableKeyCodec } from '../../../../../src/adapters/driven/portable/portable-key-codec.js';
import type { KeyCodec, KeyFacts, PrivateDer, PrivateKey, PublicDer, PublicKey } from '../../../../../src/core/keys/ports/key-codec.js';
import type { JsonObject } from '../../../../../src/core/shared/json.js';

const node = new NodeKeyCodec();
const portable = new PortableKeyCodec();

type Answer = { readonly value: unknown } | { readonly refused: true };

// A key import that node:crypto refuses can leave an error on OpenSSL's queue, which fails the next operation of the
// process (an EC private key whose d is 0 does): a harmless import after each refusal takes it, so that each answer
// depends on its input alone.
const DRAIN = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'der' });
function answer(codec: KeyCodec, run: () => unknown): Answer {
  try {
    return { value: run() };
  } catch {
    if (codec === node) {
      for (let i = 0; i < 2; i++) {
        try {
          createPublicKey({ key: DRAIN, format: 'der', type: 'spki' });
        } catch {
          // The stale error, taken.
        }
      }
    }
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
  return { facts, jwk: answer(codec, () => codec.publicJwk(key)), spki: answer(codec, () => hex(codec.spki(key))) };
};
const describePrivate = (codec: KeyCodec, key: PrivateKey) => {
  const facts = codec.facts(key);
  const publicKey = answer(codec, () => describePublic(codec, codec.publicKeyOf(key)));
  if (!exported(facts)) return { facts, public: publicKey };
  return { facts, jwk: answer(codec, () => codec.privateJwk(key)), public: publicKey };
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
        validity: [reading.notBeforeMs, reading.notAfterMs],
        publicKey: describePublic(codec, reading.publicKey),
        selfVerified: answer(codec, () => reading.verifiedBy(reading.publicKey)),
      };
    },
};

/** The questions on which the codecs differ, by label, with both answers. */
function differences(cases: Iterable<readonly [string, Probe]>): string[] {
  const found: string[] = [];
  for (const [label, probe] of cases) {
    const expected = JSON.stringify(answer(node, () => probe(node)));
    const actual = JSON.stringify(answer(portable, () => probe(portable)));
    if (expected !== actual) found.push(`${label}\n  node:     ${expected.slice(0, 400)}\n  portable: ${actual.slice(0, 400)}`);
  }
  return found;
}

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
  // OpenSSL checks that an EC point lies on its curve for every curve it names, and checks DH keys' numbers; this
  // codec computes on P-256, P-384, P-521 and secp256k1 alone, and reads DH keys only to name them (ADR 0010).
  const unchecked = (name: string) => name === 'DH' || name === 'EC brainpoolP256r1' || name === 'EC sect233k1';

  it('for damaged copies of each DER form', () => {
    expect(differences(damaged((name) => !unchecked(name)))).toEqual([]);
  });

  it('for damaged DH keys and EC keys on curves it does not compute on, but for refusing less: the facts agree where both read a key', () => {
    const found = damaged(unchecked).flatMap(([label, probe]) => {
      const [expected, actual] = [answer(node, () => probe(node)), answer(portable, () => probe(portable))];
      return 'value' in expected && JSON.stringify(expected) !== JSON.stringify(actual) ? [label] : [];
    });
    expect(found).toEqual([]);
  });
});
