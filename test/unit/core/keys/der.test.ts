// The DER walker under certificates' names: lengths in short and long form, and the forms DER forbids.
import { describe, expect, it } from 'vitest';
import { DerError, derAt, derChildren, derContent, derOid, derWhole } from '../../../../src/core/keys/der.js';
import { hex } from '../../../../src/core/shared/bytes.js';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('derAt', () => {
  it('reads a short-form length, and the content and whole TLV it spans', () => {
    const node = derAt(bytes(0x04, 0x02, 0xaa, 0xbb, 0xff), 0);
    expect(node).toMatchObject({ tag: 0x04, start: 0, contentStart: 2, end: 4 });
    expect(hex(derContent(node))).toBe('aabb');
    expect(hex(derWhole(node))).toBe('0402aabb');
  });

  it('reads long-form lengths of one and two octets', () => {
    const long = new Uint8Array(3 + 200);
    long.set([0x04, 0x81, 200]);
    expect(derAt(long, 0)).toMatchObject({ contentStart: 3, end: 203 });
    const longer = new Uint8Array(4 + 300);
    longer.set([0x04, 0x82, 0x01, 0x2c]);
    expect(derAt(longer, 0)).toMatchObject({ contentStart: 4, end: 304 });
  });

  it.each([
    ['one byte', bytes(0x30), 'truncated'],
    ['a length past the end', bytes(0x04, 0x03, 0x00), 'truncated'],
    ['a high tag number', bytes(0x1f, 0x01, 0x00), 'high tag number'],
    ['an indefinite length', bytes(0x30, 0x80, 0x00, 0x00), 'bad length'],
    ['a length of five octets', bytes(0x04, 0x85, 1, 1, 1, 1, 1), 'bad length'],
    ['long-form octets past the end', bytes(0x04, 0x82, 0x01), 'bad length'],
    // 0x04 OCTET STRING, 0x81 one length octet, 0x05 five octets of content, none of which follow: the length octets end
    // exactly at the end, so the length is read and the content found missing.
    ['long-form content past the end', bytes(0x04, 0x81, 0x05), 'truncated'],
  ])('refuses %s', (_label, input, message) => {
    expect(() => derAt(input, 0)).toThrow(new DerError(message));
  });

  it('reads a TLV that ends exactly at the limit, and one at an offset', () => {
    expect(derAt(bytes(0x05, 0x00), 0)).toMatchObject({ tag: 0x05, contentStart: 2, end: 2 });
    expect(derAt(bytes(0xff, 0x04, 0x01, 0x07), 1)).toMatchObject({ tag: 0x04, start: 1, contentStart: 3, end: 4 });
    const four = new Uint8Array(6 + 1);
    four.set([0x04, 0x84, 0, 0, 0, 1, 9]);
    expect(derAt(four, 0)).toMatchObject({ contentStart: 6, end: 7 });
  });

  it('stays inside a limit', () => {
    expect(() => derAt(bytes(0x04, 0x02, 0xaa, 0xbb), 0, 3)).toThrow(DerError);
  });
});

describe('derChildren and derOid', () => {
  it('lists the TLVs of a SEQUENCE in order', () => {
    const sequence = derAt(bytes(0x30, 0x06, 0x02, 0x01, 0x05, 0x04, 0x01, 0x07), 0);
    expect(derChildren(sequence).map((child) => [child.tag, hex(derContent(child))])).toEqual([
      [0x02, '05'],
      [0x04, '07'],
    ]);
  });

  it.each([
    ['2.5.4.3', bytes(0x06, 0x03, 0x55, 0x04, 0x03)],
    ['1.2.840.113549.1.1.11', bytes(0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0b)],
    ['0.9.2342.19200300.100.1.25', bytes(0x06, 0x0a, 0x09, 0x92, 0x26, 0x89, 0x93, 0xf2, 0x2c, 0x64, 0x01, 0x19)],
    ['2.999.3', bytes(0x06, 0x03, 0x88, 0x37, 0x03)],
    ['1.39', bytes(0x06, 0x01, 0x4f)],
    ['2.0', bytes(0x06, 0x01, 0x50)],
    ['0.0', bytes(0x06, 0x01, 0x00)],
  ])('reads the OID %s', (dotted, der) => {
    expect(derOid(derAt(der, 0))).toBe(dotted);
  });
});
