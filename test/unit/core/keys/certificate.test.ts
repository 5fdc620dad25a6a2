// RFC 4514 names from hand-made DER: the order of RDNs, multi-valued RDNs, every string type, escaping, and
// the #hex form of attributes without a short name.
import { describe, expect, it } from 'vitest';
import { derAt } from '../../../../src/core/keys/der.js';
import { rfc4514 } from '../../../../src/core/keys/certificate.js';

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
