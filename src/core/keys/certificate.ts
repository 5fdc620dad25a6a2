import ipaddr from 'ipaddr.js';
import { utcInstant, type UtcInstant } from '../time/calendar.js';
import { base64url, hex } from '../shared/bytes.js';
import { digest } from '../shared/hash.js';
import { timeMs } from './asn1-time.js';
import { derAt, derChildren, derContent, derOid, derWhole, type DerNode } from './der.js';
import type { KeyCodec, PublicKey, X509Reading } from './ports/key-codec.js';

/** What §4f's `certificate` says of one X.509 certificate. */
export interface CertificateFacts {
  readonly subject: string;
  readonly issuer: string;
  readonly serial: string;
  readonly not_before: UtcInstant;
  readonly not_after: UtcInstant;
  readonly expired: boolean;
  readonly days_left: number;
  readonly self_signed: boolean;
  readonly x5t_s256: string;
  readonly x5t: string;
  readonly subject_alt_names: string[];
  readonly issued_by_next: boolean | null;
}

/** A certificate read once: the host's reading, and the parts of its DER that the core reads itself. */
export interface Certificate {
  readonly x509: X509Reading;
  readonly publicKey: PublicKey;
  readonly subjectDer: Uint8Array;
  readonly issuerDer: Uint8Array;
  readonly subject: string;
  readonly issuer: string;
  readonly serial: string;
  readonly subjectAltNames: string[];
  readonly notBeforeMs: number;
  readonly notAfterMs: number;
}

const DAY_SECONDS = 86_400;

// RFC 4514 §3's short names, and two that RFC 4519 adds and every tool prints.
const ATTRIBUTE_NAMES: ReadonlyMap<string, string> = new Map([
  ['2.5.4.3', 'CN'],
  ['2.5.4.7', 'L'],
  ['2.5.4.8', 'ST'],
  ['2.5.4.10', 'O'],
  ['2.5.4.11', 'OU'],
  ['2.5.4.6', 'C'],
  ['2.5.4.9', 'STREET'],
  ['0.9.2342.19200300.100.1.25', 'DC'],
  ['0.9.2342.19200300.100.1.1', 'UID'],
]);

// The signatures §4f counts: RSA PKCS #1 v1.5 and PSS, ECDSA with SHA-2, Ed25519 and Ed448.
const COUNTED_SIGNATURES: ReadonlySet<string> = new Set([
  '1.2.840.113549.1.1.5',
  '1.2.840.113549.1.1.11',
  '1.2.840.113549.1.1.12',
  '1.2.840.113549.1.1.13',
  '1.2.840.113549.1.1.10',
  '1.2.840.10045.4.3.2',
  '1.2.840.10045.4.3.3',
  '1.2.840.10045.4.3.4',
  '1.3.101.112',
  '1.3.101.113',
]);

const SUBJECT_ALT_NAME = '2.5.29.17';

const utf16 = new TextDecoder('utf-16be');
const latin1 = new TextDecoder('latin1');
const utf8 = new TextDecoder('utf-8');

/** A directory string's text, or undefined for a value that is not one of the string types. */
function stringValue(tlv: DerNode): string | undefined {
  const content = derContent(tlv);
  switch (tlv.tag) {
    case 0x0c: // UTF8String
    case 0x13: // PrintableString
    case 0x16: // IA5String
    case 0x12: // NumericString
      return utf8.decode(content);
    case 0x14: // TeletexString, read as Latin-1 as OpenSSL does
      return latin1.decode(content);
    case 0x1e: // BMPString
      return utf16.decode(content);
    case 0x1c: // UniversalString
      return String.fromCodePoint(
        ...Array.from({ length: content.length / 4 }, (_, i) => new DataView(content.buffer, content.byteOffset).getUint32(i * 4)),
      );
    default:
      return undefined;
  }
}

/** RFC 4514 §2.4: the characters that must be escaped, and no more. */
function escapeValue(text: string): string {
  let escaped = text.replace(/["+,;<>\\]/g, (c) => `\\${c}`).replace(/\0/g, '\\00');
  if (escaped.startsWith(' ') || escaped.startsWith('#')) escaped = `\\${escaped}`;
  if (escaped.endsWith(' ') && !escaped.endsWith('\\ ')) escaped = `${escaped.slice(0, -1)}\\ `;
  return escaped;
}

/** A Name as RFC 4514 writes it: the last RDN first, `,` between RDNs and `+` within one. */
export function rfc4514(name: DerNode): string {
  return derChildren(name)
    .map((rdn) =>
      derChildren(rdn)
        .map((pair) => {
          // RFC 5280 §4.1.2.4: a type and a value. With fewer, derOid or derWhole throws, and the certificate does not parse.
          const [type, value] = derChildren(pair) as [DerNode, DerNode];
          const oid = derOid(type);
          const short = ATTRIBUTE_NAMES.get(oid);
          const text = short === undefined ? undefined : stringValue(value);
          return short === undefined || text === undefined ? `${oid}=#${hex(derWhole(value))}` : `${short}=${escapeValue(text)}`;
        })
        .join('+'),
    )
    .reverse()
    .join(',');
}

function ipText(bytes: Uint8Array): string | undefined {
  if (bytes.length !== 4 && bytes.length !== 16) return undefined;
  const address = ipaddr.fromByteArray(Array.from(bytes));
  if (address.kind() === 'ipv4') return address.toString();
  // Not IPv4, so IPv6: ipaddr's kind() does not narrow its type.
  const v6 = address as ipaddr.IPv6;
  // RFC 5952 §5: an IPv4-mapped address ends in dotted decimal.
  return v6.isIPv4MappedAddress() ? `::ffff:${v6.toIPv4Address().toString()}` : v6.toRFC5952String();
}

function subjectAltNames(extensions: DerNode | undefined): string[] {
  if (extensions === undefined) return [];
  const list = derChildren(extensions)[0];
  if (list === undefined) return [];
  for (const extension of derChildren(list)) {
    const parts = derChildren(extension);
    if (parts[0] === undefined || derOid(parts[0]) !== SUBJECT_ALT_NAME) continue;
    // parts[0] is there (above), so the last part is too.
    const value = parts.at(-1) as DerNode;
    const names = derAt(derContent(value), 0);
    return derChildren(names).flatMap((name) => {
      const text = utf8.decode(derContent(name));
      switch (name.tag) {
        case 0x81:
          return [`email:${text}`];
        case 0x82:
          return [`DNS:${text}`];
        case 0x86:
          return [`URI:${text}`];
        case 0x87: {
          const ip = ipText(derContent(name));
          return ip === undefined ? [] : [`IP:${ip}`];
        }
        default:
          return [];
      }
    });
  }
  return [];
}

/**
 * Reads a DER certificate; throws (the host's error, a DerError or a RangeError) when it does not parse, a
 * validity time that the host accepts but that names no instant (a damaged digit, Feb 30) included.
 */
export function readCertificate(keys: KeyCodec, der: Uint8Array): Certificate {
  const x509 = keys.readCertificate(der);
  const certificate = derAt(der, 0);
  // The host parsed this DER as a certificate, whose first part is its TBSCertificate (RFC 5280 §4.1).
  const tbs = derChildren(certificate)[0] as DerNode;
  const fields = derChildren(tbs);
  const at = fields[0]?.tag === 0xa0 ? 1 : 0;
  // RFC 5280 §4.1: serial, signature, issuer, validity and subject follow the version, in a certificate the host read.
  const [serial, , issuer, validity, subject] = fields.slice(at) as [DerNode, DerNode, DerNode, DerNode, DerNode];
  // Validity ::= SEQUENCE { notBefore Time, notAfter Time }, the host found: read here, for every host alike.
  const [notBefore, notAfter] = derChildren(validity) as [DerNode, DerNode];
  const [notBeforeMs, notAfterMs] = [timeMs(notBefore), timeMs(notAfter)];
  if (!Number.isFinite(notBeforeMs) || !Number.isFinite(notAfterMs)) throw new RangeError('a validity time names no instant');
  const extensions = fields.find((field) => field.tag === 0xa3);
  let serialBytes = derContent(serial);
  while (serialBytes.length > 1 && serialBytes[0] === 0) serialBytes = serialBytes.subarray(1);
  return {
    x509,
    publicKey: x509.publicKey,
    subjectDer: derWhole(subject),
    issuerDer: derWhole(issuer),
    subject: rfc4514(subject),
    issuer: rfc4514(issuer),
    serial: hex(serialBytes),
    subjectAltNames: subjectAltNames(extensions),
    notBeforeMs,
    notAfterMs,
  };
}

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((byte, index) => byte === b[index]);

/** Whether `issuer`'s key verifies `certificate`'s signature, made with one of the algorithms §4f counts. */
function signedBy(certificate: Certificate, issuer: Certificate): boolean {
  if (!COUNTED_SIGNATURES.has(certificate.x509.signatureAlgorithmOid)) return false;
  try {
    return certificate.x509.verifiedBy(issuer.publicKey);
  } catch {
    return false;
  }
}

export function isSelfSigned(certificate: Certificate): boolean {
  return sameBytes(certificate.issuerDer, certificate.subjectDer) && signedBy(certificate, certificate);
}

/** §4f's `certificate`, at `nowMs`, with the certificate that follows it in its chain, if any. */
export function certificateFacts(certificate: Certificate, next: Certificate | undefined, nowMs: number): CertificateFacts {
  const { x509, notBeforeMs: notBefore, notAfterMs: notAfter } = certificate;
  const selfSigned = isSelfSigned(certificate);
  const secondsLeft = Math.floor((notAfter - nowMs) / 1000);
  return {
    subject: certificate.subject,
    issuer: certificate.issuer,
    serial: certificate.serial,
    not_before: utcInstant(BigInt(notBefore)),
    not_after: utcInstant(BigInt(notAfter)),
    expired: notAfter < nowMs,
    days_left: Math.floor(secondsLeft / DAY_SECONDS),
    self_signed: selfSigned,
    x5t_s256: base64url(digest('sha256', x509.der)),
    x5t: base64url(digest('sha1', x509.der)),
    subject_alt_names: certificate.subjectAltNames,
    issued_by_next:
      next === undefined || selfSigned ? null : sameBytes(next.subjectDer, certificate.issuerDer) && signedBy(certificate, next),
  };
}
