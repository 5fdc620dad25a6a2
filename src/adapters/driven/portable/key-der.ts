// ASN.1 as OpenSSL's d2i reads key material: BER lengths (long forms with leading zero octets, indefinite lengths on
// constructed values) and bytes after the outer value ignored, so that this codec accepts what node:crypto accepts;
// and the few DER writers its exports need. The core's DER walker (core/keys/der.ts) is stricter, as its readers are.
import { concatBytes } from '../../../core/shared/bytes.js';
import { derOid, type DerNode } from '../../../core/keys/der.js';

/** A TLV read as BER: `end` closes its content, `next` is where the following TLV starts (after an end-of-contents). */
export interface Tlv extends DerNode {
  readonly next: number;
}

export class BerError extends Error {}

function fail(reason: string): never {
  throw new BerError(reason);
}

/** OpenSSL's ASN1_MAX_CONSTRUCTED_NEST, which bounds indefinite lengths inside indefinite lengths. */
const MAX_NESTING = 30;

/** The TLV at `offset`; throws a BerError when it runs past `limit` or uses a form OpenSSL refuses. */
export function berAt(bytes: Uint8Array, offset: number, limit = bytes.length, depth = 0): Tlv {
  if (depth > MAX_NESTING) fail('nested too deep');
  if (offset + 2 > limit) fail('truncated');
  // offset + 2 <= limit <= bytes.length (above): both header bytes are there.
  const tag = bytes[offset] as number;
  if ((tag & 0x1f) === 0x1f) fail('high tag number');
  const first = bytes[offset + 1] as number;
  let contentStart = offset + 2;
  if (first === 0x80) {
    if ((tag & 0x20) === 0) fail('indefinite length on a primitive value');
    for (let at = contentStart; ;) {
      if (at + 2 > limit) fail('truncated');
      if (bytes[at] === 0 && bytes[at + 1] === 0) return { tag, bytes, start: offset, contentStart, end: at, next: at + 2 };
      at = berAt(bytes, at, limit, depth + 1).next;
    }
  }
  let length = first;
  if (first & 0x80) {
    let octets = first & 0x7f;
    if (contentStart + octets > limit) fail('truncated');
    while (octets > 0 && bytes[contentStart] === 0) {
      contentStart++;
      octets--;
    }
    if (octets > 4) fail('bad length');
    length = 0;
    // contentStart + octets <= limit (checked before the zeros were skipped).
    for (; octets > 0; octets--) length = length * 256 + (bytes[contentStart++] as number);
  }
  const end = contentStart + length;
  if (end > limit) fail('truncated');
  return { tag, bytes, start: offset, contentStart, end, next: end };
}

/** The TLV that `bytes` begins with, of tag `tag`; what follows it is ignored, as d2i ignores it. */
export const berRoot = (bytes: Uint8Array, tag = 0x30): Tlv => expectTag(berAt(bytes, 0), tag);

export function expectTag(tlv: Tlv, tag: number): Tlv {
  if (tlv.tag !== tag) fail(`expected tag ${tag}, found ${tlv.tag}`);
  return tlv;
}

/** The TLVs from `start` to `end`; an end-of-contents there is refused, as a definite length allows none. */
function tlvsIn(bytes: Uint8Array, start: number, end: number): Tlv[] {
  const children: Tlv[] = [];
  for (let offset = start; offset < end;) {
    const child = berAt(bytes, offset, end);
    if (child.tag === 0 && child.end === child.contentStart) fail('unexpected end-of-contents');
    children.push(child);
    offset = child.next;
  }
  return children;
}

/** The TLVs inside a constructed one, in order. */
export function berChildren(tlv: Tlv): Tlv[] {
  if ((tlv.tag & 0x20) === 0) fail('primitive value read as constructed');
  return tlvsIn(tlv.bytes, tlv.contentStart, tlv.end);
}

/** A SEQUENCE's elements, at least `min` and at most `max` of them (a template refuses extra elements). */
export function sequence(tlv: Tlv, min: number, max = min): Tlv[] {
  const elements = berChildren(expectTag(tlv, 0x30));
  if (elements.length < min || elements.length > max) fail('sequence of the wrong length');
  return elements;
}

/** A SEQUENCE OF or SET OF's elements: OpenSSL's template for them reads a primitive encoding as well. */
export function listOf(tlv: Tlv, tag: 0x30 | 0x31): Tlv[] {
  if ((tlv.tag | 0x20) !== tag) fail(`expected tag ${tag}, found ${tlv.tag}`);
  return tlvsIn(tlv.bytes, tlv.contentStart, tlv.end);
}

export const contentOf = (tlv: DerNode): Uint8Array => tlv.bytes.subarray(tlv.contentStart, tlv.end);
/** A primitive value's content. */
export const primitive = (tlv: Tlv, tag: number): Uint8Array => contentOf(expectTag(tlv, tag));

/** OpenSSL's ASN1_MAX_STRING_NEST. */
const MAX_STRING_NESTING = 5;

/** The parts of a constructed string, gathered as asn1_collect gathers them: of any tag, at most five deep. */
function gather(tlv: Tlv, depth: number, into: Uint8Array[]): void {
  for (const part of berChildren(tlv)) {
    if ((part.tag & 0x20) === 0) into.push(contentOf(part));
    else if (depth >= MAX_STRING_NESTING) fail('string nested too deep');
    else gather(part, depth + 1, into);
  }
}

/** A string value's content, primitive or constructed (BER), its tag `tag` either way. */
export function stringOf(tlv: Tlv, tag: number): Uint8Array {
  if ((tlv.tag | 0x20) !== (tag | 0x20)) fail(`expected tag ${tag}, found ${tlv.tag}`);
  if ((tlv.tag & 0x20) === 0) return contentOf(tlv);
  const parts: Uint8Array[] = [];
  gather(tlv, 0, parts);
  return concatBytes(parts);
}

export const octetString = (tlv: Tlv): Uint8Array => stringOf(tlv, 0x04);

export const bigIntOf = (bytes: Uint8Array): bigint => (bytes.length === 0 ? 0n : BigInt(`0x${bytes.toHex()}`));

/** An INTEGER as OpenSSL reads one into a BIGNUM: its content as an unsigned big-endian number, padding and sign ignored. */
export const unsignedInteger = (tlv: Tlv): bigint => bigIntOf(primitive(tlv, 0x02));

/** An INTEGER as c2i_ASN1_INTEGER reads one: some content, in its shortest two's-complement form. */
export function strictInteger(tlv: Tlv): bigint {
  const content = primitive(tlv, 0x02);
  const [first, second] = content;
  if (first === undefined) fail('empty integer');
  if (second !== undefined && ((first === 0 && second < 0x80) || (first === 0xff && second >= 0x80))) fail('integer padding');
  const magnitude = bigIntOf(content);
  return first >= 0x80 ? magnitude - (1n << BigInt(content.length * 8)) : magnitude;
}

/** A BIT STRING's bits, its unused ones cleared, as c2i_ASN1_BIT_STRING gives them. */
export function bitString(tlv: Tlv, tag = 0x03): Uint8Array {
  return bitsOf(stringOf(tlv, tag));
}

/** A BIT STRING's content as bits: its first octet counts the unused bits of its last. */
export function bitsOf(content: Uint8Array): Uint8Array {
  const unused = content[0];
  if (unused === undefined) fail('empty bit string');
  if (unused > 7) fail('bad unused bits');
  const bits = content.slice(1);
  if (bits.length > 0) bits[bits.length - 1] = (bits[bits.length - 1] as number) & (0xff << unused);
  return bits;
}

/** An OBJECT IDENTIFIER in dotted form, refused when its content is not one (c2i_ASN1_OBJECT's checks). */
export function oidOf(tlv: Tlv): string {
  const content = primitive(tlv, 0x06);
  if (content.length === 0 || (content.at(-1) as number) & 0x80) fail('bad object identifier');
  for (let i = 0; i < content.length; i++) {
    if (content[i] === 0x80 && (i === 0 || ((content[i - 1] as number) & 0x80) === 0)) fail('bad object identifier');
  }
  return derOid(tlv);
}

/** The shortest content OpenSSL's asn1_ex_c2i takes for a UTCTime and a GeneralizedTime. */
const MIN_TIME_LENGTH: Readonly<Record<number, number>> = { 0x17: 13, 0x18: 15 };

/** A string's content as asn1_ex_c2i takes it: times not too short, BMPString and UniversalString of whole characters. */
export function checkString(tag: number, length: number): void {
  if (length < (MIN_TIME_LENGTH[tag] ?? 0)) fail('time too short');
  if ((tag === 0x1e && length % 2 !== 0) || (tag === 0x1c && length % 4 !== 0)) fail('string of the wrong length');
}

/** The universal types that OpenSSL reads only in their primitive form: BOOLEAN, INTEGER, NULL, OBJECT IDENTIFIER, ENUMERATED. */
const PRIMITIVE_ONLY: ReadonlySet<number> = new Set([1, 2, 5, 6, 10]);

/**
 * A universal value of type `number` as asn1_d2i_ex_primitive reads it (for ANY and for a Name's strings): SEQUENCE
 * and SET constructed, the simple types primitive, strings in either form; then its content checked by type.
 */
export function checkUniversal(tlv: Tlv): void {
  const number = tlv.tag & 0x1f;
  const constructed = (tlv.tag & 0x20) !== 0;
  if (number === 0x10 || number === 0x11) {
    if (!constructed) fail('sequence or set not constructed');
    return;
  }
  if (constructed && PRIMITIVE_ONLY.has(number)) fail('type not primitive');
  const content = stringOf(tlv, tlv.tag);
  checkString(number, content.length);
  switch (number) {
    case 0x01:
      if (content.length !== 1) fail('boolean of the wrong length');
      break;
    case 0x02:
    case 0x0a:
      strictInteger({ ...tlv, tag: 0x02 });
      break;
    case 0x03:
      bitsOf(content);
      break;
    case 0x05:
      if (content.length !== 0) fail('null with content');
      break;
    case 0x06:
      oidOf(tlv);
      break;
  }
}

/** A value of type ANY as OpenSSL decodes one (ASN1_TYPE): a universal one checked by its type, any other kept. */
export function checkAny(tlv: Tlv): void {
  if ((tlv.tag & 0xc0) === 0) checkUniversal(tlv);
}

/** An AlgorithmIdentifier: its OID and, when present, its parameters (of type ANY). */
export function algorithmOf(tlv: Tlv): { readonly oid: string; readonly parameters: Tlv | undefined } {
  const [oid, parameters] = sequence(tlv, 1, 2) as [Tlv, Tlv | undefined];
  if (parameters !== undefined) checkAny(parameters);
  return { oid: oidOf(oid), parameters };
}

/** An AlgorithmIdentifier as i2d_X509_ALGOR writes it again: definite lengths, a constructed parameter as it was read. */
export function algorithmDer(tlv: Tlv): Uint8Array {
  const [oid, parameters] = sequence(tlv, 1, 2) as [Tlv, Tlv | undefined];
  const written =
    parameters === undefined
      ? []
      : [
          (parameters.tag & 0x20) === 0
            ? der(parameters.tag, contentOf(parameters))
            : parameters.bytes.subarray(parameters.start, parameters.next),
        ];
  return der(0x30, der(0x06, contentOf(oid)), ...written);
}

/** Whether parameters are absent or NULL. */
export const absentOrNull = (parameters: Tlv | undefined): boolean =>
  parameters === undefined || (parameters.tag === 0x05 && parameters.end === parameters.contentStart);

// Writers, in DER.

function lengthOctets(length: number): number[] {
  if (length < 0x80) return [length];
  const octets: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) octets.unshift(rest % 256);
  return [0x80 | octets.length, ...octets];
}

export function der(tag: number, ...parts: readonly Uint8Array[]): Uint8Array {
  const length = parts.reduce((sum, part) => sum + part.length, 0);
  const header = [tag, ...lengthOctets(length)];
  const out = new Uint8Array(header.length + length);
  out.set(header);
  let at = header.length;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A non-negative integer's big-endian bytes, `length` long (zero-padded), or as short as it goes (zero is no byte). */
export function bytesOf(value: bigint, length = 0): Uint8Array {
  let text = value === 0n ? '' : value.toString(16);
  if (text.length % 2 === 1) text = `0${text}`;
  text = text.padStart(length * 2, '0');
  return Uint8Array.fromHex(text);
}

export function derInteger(value: bigint): Uint8Array {
  const bytes = bytesOf(value);
  return der(0x02, bytes.length === 0 || (bytes[0] as number) >= 0x80 ? Uint8Array.of(0, ...bytes) : bytes);
}

export function derOidOf(dotted: string): Uint8Array {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const octets: number[] = [];
  for (const arc of [first * 40 + second, ...rest]) {
    const group = [arc & 0x7f];
    for (let value = Math.floor(arc / 128); value > 0; value = Math.floor(value / 128)) group.unshift((value & 0x7f) | 0x80);
    octets.push(...group);
  }
  return der(0x06, Uint8Array.from(octets));
}

export const derBitString = (bits: Uint8Array): Uint8Array => der(0x03, Uint8Array.of(0), bits);
export const DER_NULL = Uint8Array.of(0x05, 0x00);
