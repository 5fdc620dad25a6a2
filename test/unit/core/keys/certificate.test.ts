// RFC 4514 names from hand-made DER: the order of RDNs, multi-valued RDNs, every string type, escaping, and
// the #hex form of attributes without a short name. A certificate's validity, read from its DER alike on every host;
// its subject alternative names, whether it is self-signed and whether the next certificate issued it, over
// certificates made with openssl (test/support/certificates.ts) and some of their fields changed here and signed again.
import { X509Certificate, generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NodeKeyCodec } from '../../../../src/adapters/driven/node-key-codec.js';
import { PortableKeyCodec } from '../../../../src/adapters/driven/portable/portable-key-codec.js';
import { derAt, derChildren, derWhole, type DerNode } from '../../../../src/core/keys/der.js';
import { certificateFacts, isSelfSigned, readCertificate, rfc4514, type Certificate } from '../../../../src/core/keys/certificate.js';
import type { KeyCodec, X509Reading } from '../../../../src/core/keys/ports/key-codec.js';
import { makeChain, x5cOf } from '../../../support/certificates.js';

const tlv = (tag: number, content: readonly number[]): number[] => [tag, content.length, ...content];
const CN = [0x55, 0x04, 0x03];
const O = [0x55, 0x04, 0x0a];
const C = [0x55, 0x04, 0x06];
const pair = (oid: number[], tag: number, value: readonly number[]) => tlv(0x30, [...tlv(0x06, oid), ...tlv(tag, value)]);
const utf8 = (text: string) => [...Buffer.from(text, 'utf8')];
const der = (tag: number, ...parts: Uint8Array[]): Uint8Array => {
  const body = Uint8Array.from(parts.flatMap((part) => [...part]));
  const n = body.length;
  return Uint8Array.of(tag, ...(n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : [0x82, n >> 8, n & 0xff]), ...body);
};
const name = (...rdns: number[][][]) =>
  rfc4514(
    derAt(
      Uint8Array.from(
        tlv(
          0x30,
          rdns.flatMap((rdn) => tlv(0x31, rdn.flat())),
        ),
      ),
      0,
    ),
  );

describe('rfc4514', () => {
  it('writes the last RDN first, joined by commas, and an RDN of several values joined by + in DER order', () => {
    expect(name([pair(C, 0x13, utf8('DE'))], [pair(O, 0x0c, utf8('Example'))], [pair(CN, 0x0c, utf8('a')), pair(O, 0x0c, utf8('b'))])).toBe(
      'CN=a+O=b,O=Example,C=DE',
    );
  });

  it.each([
    ['a comma, a plus, quotes, angle brackets, a semicolon and a backslash', 'a,b+c"d<e>f;g\\h', 'a\\,b\\+c\\"d\\<e\\>f\\;g\\\\h'],
    ['a leading space', ' lead', '\\ lead'],
    ['a leading #', '#lead', '\\#lead'],
    ['a trailing space', 'trail ', 'trail\\ '],
    ['a space at both ends', ' both ', '\\ both\\ '],
    ['a NUL', 'a\0b', 'a\\00b'],
    ['an inner space and # and =, left as they are', 'a b#c=d', 'a b#c=d'],
    ['non-ASCII text, left as UTF-8', 'Grüße', 'Grüße'],
  ])('escapes %s as RFC 4514 §2.4 requires, and no more', (_label, value, written) => {
    expect(name([pair(CN, 0x0c, utf8(value))])).toBe(`CN=${written}`);
  });

  it.each([
    ['PrintableString', 0x13, utf8('Example'), 'Example'],
    ['IA5String', 0x16, utf8('a@b'), 'a@b'],
    ['NumericString', 0x12, utf8('0123'), '0123'],
    ['TeletexString, read as Latin-1', 0x14, [0x63, 0x61, 0x66, 0xe9], 'café'],
    ['BMPString', 0x1e, [0x00, 0x47, 0x00, 0xfc], 'Gü'],
    ['UniversalString', 0x1c, [0x00, 0x00, 0x20, 0xac, 0x00, 0x01, 0xf6, 0x00], '€😀'],
  ])('reads a %s', (_label, tag, value, text) => {
    expect(name([pair(CN, tag, value)])).toBe(`CN=${text}`);
  });

  it('writes an attribute without a short name, and a named one whose value is not a string, as the dotted OID and #hex', () => {
    expect(name([pair([0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x01], 0x16, utf8('a@b'))])).toBe(
      '1.2.840.113549.1.9.1=#1603614062',
    );
    expect(name([pair(CN, 0x02, [0x05])])).toBe('2.5.4.3=#020105');
  });

  it('writes an attribute without a short name as #hex whatever its value holds, a UniversalString past U+10FFFF included', () => {
    // No text is read for it: String.fromCodePoint would refuse 0x110000 with a RangeError.
    expect(name([pair([0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x01], 0x1c, [0x00, 0x11, 0x00, 0x00])])).toBe(
      '1.2.840.113549.1.9.1=#1c0400110000',
    );
  });

  it('names the other short types: L, ST, OU, STREET, DC and UID', () => {
    const short = (oid: number[]) => pair(oid, 0x0c, utf8('x'));
    expect(
      name(
        [short([0x55, 0x04, 0x07])],
        [short([0x55, 0x04, 0x08])],
        [short([0x55, 0x04, 0x0b])],
        [short([0x55, 0x04, 0x09])],
        [short([0x09, 0x92, 0x26, 0x89, 0x93, 0xf2, 0x2c, 0x64, 0x01, 0x19])],
        [short([0x09, 0x92, 0x26, 0x89, 0x93, 0xf2, 0x2c, 0x64, 0x01, 0x01])],
      ),
    ).toBe('UID=x,DC=x,STREET=x,OU=x,ST=x,L=x');
  });

  it('writes an empty name as the empty string', () => {
    expect(name()).toBe('');
  });
});

describe('readCertificate, the validity', () => {
  const chain = makeChain();
  /** The leaf certificate with its notBefore replaced (RFC 5280 §4.1.2.5), its signature left as it was. */
  const withNotBefore = (notBefore: Uint8Array): Uint8Array => {
    const [tbs, algorithm, signature] = derChildren(derAt(Uint8Array.fromBase64(x5cOf(chain.leaf.pem)), 0)) as [DerNode, DerNode, DerNode];
    const fields = derChildren(tbs).map(derWhole);
    const at = fields[0]?.[0] === 0xa0 ? 4 : 3;
    const [, notAfter] = derChildren(derAt(fields[at] as Uint8Array, 0)) as [DerNode, DerNode];
    fields[at] = der(0x30, notBefore, derWhole(notAfter));
    return der(0x30, der(0x30, ...fields), derWhole(algorithm), derWhole(signature));
  };
  const utcTime = (text: string) => der(0x17, new TextEncoder().encode(text));

  it.each([
    ['NodeKeyCodec', new NodeKeyCodec()],
    ['PortableKeyCodec', new PortableKeyCodec()],
  ])("reads a certificate's validity as node:crypto prints it, over %s", (_name, codec) => {
    const x509 = new X509Certificate(chain.leaf.pem);
    const read = readCertificate(codec, Uint8Array.fromBase64(x5cOf(chain.leaf.pem)));
    expect([read.notBeforeMs, read.notAfterMs]).toEqual([Date.parse(x509.validFrom), Date.parse(x509.validTo)]);
    expect(readCertificate(codec, withNotBefore(utcTime('261128000000+0100'))).notBeforeMs).toBe(Date.UTC(2026, 10, 27, 23));
  });

  it.each([
    ['NodeKeyCodec', new NodeKeyCodec()],
    ['PortableKeyCodec', new PortableKeyCodec()],
  ])('refuses a notBefore that the host reads but that names no instant, second 60, with a RangeError over %s', (_name, codec) => {
    const bad = withNotBefore(utcTime('261128000060Z'));
    expect(() => readCertificate(codec, bad)).toThrow(RangeError);
    expect(() => readCertificate(codec, bad)).toThrow(/^a validity time names no instant$/);
  });

  it('refuses a certificate whose notBefore names no instant on every read over node:crypto, whatever came before', () => {
    // 26-11-28 00:00:60: OpenSSL prints 'Bad time value', and node:crypto 26's validFromDate read a struct tm OpenSSL
    // never wrote, NaN or any number from one read to the next; the answer for this certificate was not stable.
    const codec = new NodeKeyCodec();
    const bad = withNotBefore(utcTime('261128000060Z'));
    expect(new X509Certificate(bad).validFrom).toBe('Bad time value');
    const sound = Uint8Array.fromBase64(x5cOf(chain.root.pem));
    const read: string[] = [];
    for (let i = 0; i < 600; i++) {
      if (i % 3 === 0) generateKeyPairSync('ec', { namedCurve: 'P-256' });
      if (i % 5 === 0) readCertificate(codec, sound);
      try {
        read.push(String(readCertificate(codec, bad).notBeforeMs));
      } catch {
        // Refused, as it should be.
      }
    }
    expect(read).toEqual([]);
  });
});

// The root made by openssl (test/support/certificates.ts) is version 3, so its TBSCertificate fields are the version,
// serial, signature, issuer, validity, subject, subject public key info and extensions (RFC 5280 §4.1), in that order.
const SUBJECT = 5;
const EXTENSIONS = 7;
const codecs = [
  ['NodeKeyCodec', new NodeKeyCodec()],
  ['PortableKeyCodec', new PortableKeyCodec()],
] as const;

/** A certificate's TBSCertificate fields, each as its whole DER, and its signatureAlgorithm. */
const partsOf = (pem: string): { fields: Uint8Array[]; algorithm: Uint8Array } => {
  const [tbs, algorithm] = derChildren(derAt(Uint8Array.fromBase64(x5cOf(pem)), 0)) as [DerNode, DerNode];
  return { fields: derChildren(tbs).map(derWhole), algorithm: derWhole(algorithm) };
};

/**
 * A certificate of these fields signed with `keyPem` as RFC 5280 §4.1.1.3 says: over the DER TBSCertificate, in a BIT
 * STRING. Here always the root's P-384 key, whose certificates openssl signs with ecdsa-with-SHA256, and node:crypto
 * writes ECDSA signatures as the DER Ecdsa-Sig-Value X.509 holds (RFC 5480 §2.2.3).
 */
const signedWith = (keyPem: string, fields: readonly Uint8Array[], algorithm: Uint8Array): Uint8Array => {
  const tbs = der(0x30, ...fields);
  return der(0x30, tbs, algorithm, der(0x03, Uint8Array.of(0, ...sign('sha256', tbs, keyPem))));
};

/** The name with the last octet of its DER, the last letter of its last RDN's value, changed to B: as long, not equal. */
const lastLetterB = (name: Uint8Array): Uint8Array => Uint8Array.of(...name.subarray(0, -1), 0x42);

describe('readCertificate, the subject alternative names', () => {
  const chain = makeChain();
  const oid = (...arcs: number[]) => der(0x06, Uint8Array.from(arcs));
  const text = (tag: number, value: string) => der(tag, new TextEncoder().encode(value));
  // RFC 5280 §4.2.1.9 and §4.2.1.6: basic constraints (cA true) first, then subjectAltName, each extnValue an OCTET STRING.
  const basicConstraints = der(0x30, oid(0x55, 0x1d, 0x13), der(0x04, der(0x30, Uint8Array.of(0x01, 0x01, 0xff))));
  const subjectAltName = (...names: Uint8Array[]) => der(0x30, oid(0x55, 0x1d, 0x11), der(0x04, der(0x30, ...names)));
  /** The root with these extensions instead of its own, signed again with its key. */
  const rootWith = (...extensions: Uint8Array[]): Uint8Array => {
    const { fields, algorithm } = partsOf(chain.root.pem);
    fields[EXTENSIONS] = der(0xa3, der(0x30, ...extensions));
    return signedWith(chain.root.keyPem, fields, algorithm);
  };

  it.each(codecs)('skips an iPAddress of other than 4 or 16 octets, and the forms §4f does not name, over %s', (_name, codec) => {
    const certificate = rootWith(
      basicConstraints,
      subjectAltName(
        text(0x82, 'a.example'),
        der(0x87, Uint8Array.of(192, 0, 2, 7, 1)),
        // An address and its mask, as name constraints write one (RFC 5280 §4.2.1.10), is no address in a SAN.
        der(0x87, Uint8Array.of(192, 0, 2, 0, 255, 255, 255, 0)),
        der(0x87, Uint8Array.of(192, 0, 2, 7)),
        der(0x88, Uint8Array.of(0x2a, 0x03, 0x04)), // registeredID 1.2.3.4
        der(0xa4, der(0x30, der(0x31, der(0x30, oid(0x55, 0x04, 0x03), text(0x0c, 'x'))))), // directoryName CN=x
        text(0x81, 'ops@example.com'),
      ),
    );
    // node:crypto prints what OpenSSL makes of them: the short and the long address refused, the others read.
    expect(new X509Certificate(certificate).subjectAltName).toBe(
      'DNS:a.example, IP Address:<invalid length=5>, IP Address:<invalid length=8>, IP Address:192.0.2.7, Registered ID:1.2.3.4, DirName:CN=x, email:ops@example.com',
    );
    expect(readCertificate(codec, certificate).subjectAltNames).toEqual(['DNS:a.example', 'IP:192.0.2.7', 'email:ops@example.com']);
  });

  it.each(codecs)('reads none from a certificate with extensions but no subjectAltName, or with no extensions, over %s', (_name, codec) => {
    expect(readCertificate(codec, rootWith(basicConstraints)).subjectAltNames).toEqual([]);
    expect(readCertificate(codec, Uint8Array.fromBase64(x5cOf(chain.root.pem))).subjectAltNames).toEqual([]);
    expect(readCertificate(codec, Uint8Array.fromBase64(x5cOf(chain.v1.pem))).subjectAltNames).toEqual([]);
  });
});

describe('isSelfSigned and certificateFacts, a certificate and the next one', () => {
  const chain = makeChain();
  const read = (codec: KeyCodec, pem: string): Certificate => readCertificate(codec, Uint8Array.fromBase64(x5cOf(pem)));
  /** The certificate with its subject's last letter changed, signed again with the root's key (which issued it). */
  const renamed = (pem: string): Uint8Array => {
    const { fields, algorithm } = partsOf(pem);
    fields[SUBJECT] = lastLetterB(fields[SUBJECT] as Uint8Array);
    return signedWith(chain.root.keyPem, fields, algorithm);
  };

  it.each(codecs)(
    'says not self-signed when its own key signed it but its issuer is another name of the same length, over %s',
    (_name, codec) => {
      const root = read(codec, chain.root.pem);
      const other = readCertificate(codec, renamed(chain.root.pem));
      expect([other.subject, other.issuer]).toEqual(['CN=Example Root CB,O=Example Root,C=DE', 'CN=Example Root CA,O=Example Root,C=DE']);
      expect(other.subjectDer.length).toBe(other.issuerDer.length);
      expect(other.x509.verifiedBy(other.publicKey)).toBe(true);
      expect([isSelfSigned(root), isSelfSigned(other)]).toEqual([true, false]);
      expect(certificateFacts(other, undefined, root.notBeforeMs)).toMatchObject({ self_signed: false, issued_by_next: null });
    },
  );

  it.each(codecs)(
    "says false when the next certificate's key signed it but the next one's name is another of the same length, over %s",
    (_name, codec) => {
      const leaf = read(codec, chain.leaf.pem);
      const intermediate = read(codec, chain.intermediate.pem);
      const other = readCertificate(codec, renamed(chain.intermediate.pem));
      expect(other.subject).toBe('CN=Example Issuing CB,OU=Issuing,O=Example,C=DE');
      expect([other.subjectDer.length, leaf.x509.verifiedBy(other.publicKey)]).toEqual([leaf.issuerDer.length, true]);
      expect(certificateFacts(leaf, intermediate, leaf.notBeforeMs)).toMatchObject({ self_signed: false, issued_by_next: true });
      expect(certificateFacts(leaf, other, leaf.notBeforeMs)).toMatchObject({ self_signed: false, issued_by_next: false });
    },
  );

  it('counts a signature as not verified when the host throws instead of answering, as the KeyCodec port allows', () => {
    class ThrowingCodec extends NodeKeyCodec {
      override readCertificate(bytes: Uint8Array): X509Reading {
        const reading = super.readCertificate(bytes);
        return {
          ...reading,
          verifiedBy: () => {
            throw new Error('a key of another type than the signature');
          },
        };
      }
    }
    const codec = new ThrowingCodec();
    const [root, leaf, intermediate] = [read(codec, chain.root.pem), read(codec, chain.leaf.pem), read(codec, chain.intermediate.pem)];
    expect(isSelfSigned(root)).toBe(false);
    expect(certificateFacts(leaf, intermediate, leaf.notBeforeMs)).toMatchObject({ self_signed: false, issued_by_next: false });
  });
});
