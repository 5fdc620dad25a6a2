// Just enough DER (ITU-T X.690) to read what the host's key codec does not say of a certificate: its names as
// RFC 4514 strings, its serial as written, and its subject alternative names.

/** One TLV: its tag byte, and where its header and its content sit in `bytes`. */
export interface DerNode {
  readonly tag: number;
  readonly bytes: Uint8Array;
  readonly start: number;
  readonly contentStart: number;
  readonly end: number;
}

export class DerError extends Error {}

/** The TLV at `offset`; throws a DerError when it runs past `limit` or uses a form DER forbids. */
export function derAt(bytes: Uint8Array, offset: number, limit = bytes.length): DerNode {
  if (offset + 2 > limit) throw new DerError('truncated');
  // offset + 2 <= limit <= bytes.length (above), so both header bytes are there.
  const tag = bytes[offset] as number;
  if ((tag & 0x1f) === 0x1f) throw new DerError('high tag number');
  let length = bytes[offset + 1] as number;
  let contentStart = offset + 2;
  if (length & 0x80) {
    const octets = length & 0x7f;
    if (octets === 0 || octets > 4 || contentStart + octets > limit) throw new DerError('bad length');
    length = 0;
    // contentStart + octets <= limit (above): every length octet is there.
    for (let i = 0; i < octets; i++) length = length * 256 + (bytes[contentStart + i] as number);
    contentStart += octets;
  }
  const end = contentStart + length;
  if (end > limit) throw new DerError('truncated');
  return { tag, bytes, start: offset, contentStart, end };
}

/** The TLVs inside a constructed one, in order. */
export function derChildren(tlv: DerNode): DerNode[] {
  const children: DerNode[] = [];
  for (let offset = tlv.contentStart; offset < tlv.end;) {
    const child = derAt(tlv.bytes, offset, tlv.end);
    children.push(child);
    offset = child.end;
  }
  return children;
}

export const derContent = (tlv: DerNode): Uint8Array => tlv.bytes.subarray(tlv.contentStart, tlv.end);
export const derWhole = (tlv: DerNode): Uint8Array => tlv.bytes.subarray(tlv.start, tlv.end);

/** An OBJECT IDENTIFIER's dotted form. */
export function derOid(tlv: DerNode): string {
  const content = derContent(tlv);
  const arcs: number[] = [];
  let value = 0;
  for (const byte of content) {
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) {
      if (arcs.length === 0) arcs.push(value < 80 ? Math.floor(value / 40) : 2, value < 80 ? value % 40 : value - 80);
      else arcs.push(value);
      value = 0;
    }
  }
  return arcs.join('.');
}
