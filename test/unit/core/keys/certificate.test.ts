// RFC 4514 names from hand-made DER: the order of RDNs, multi-valued RDNs, every string type, escaping, and
// the #hex form of attributes without a short name. A certificate's validity, read from its DER alike on every host.
import { X509Certificate, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NodeKeyCodec } from '../../../../src/adapters/driven/node-key-codec.js';
import { PortableKeyCodec } from '../../../../src/adapters/driven/portable/portable-key-codec.js';
import { derAt, derChildren, derWhole, type DerNode } from '../../../../src/core/keys/der.js';
import { readCertificate, rfc4514 } from '../../../../src/core/keys/certificate.js';
import { makeChain, x5cOf } from '../../../support/certificates.js';

const tlv = (tag: number, content: readonly number[]): number[] => [tag, content.length, ...content];
const CN = [0x55, 0x04, 0x03];
const O = [0x55, 0x04, 0x0a];
const C = [0x55, 0x04, 0x06];
const pair = (oid: number[], tag: number, value: readonly number[]) => tlv(0x30, [...tlv(0x06, oid), ...tlv(tag, value)]);
const utf8 = (text: string) => [...Buffer.from(text, 'utf8')];
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
  const der = (tag: number, ...parts: Uint8Array[]): Uint8Array => {
    const body = Uint8Array.from(parts.flatMap((part) => [...part]));
    const n = body.length;
    return Uint8Array.of(tag, ...(n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : [0x82, n >> 8, n & 0xff]), ...body);
  };
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
