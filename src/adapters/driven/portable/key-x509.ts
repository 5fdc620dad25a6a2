// X.509 certificates (RFC 5280 §4.1) read as OpenSSL's d2i_X509 reads them for node:crypto's X509Certificate: the
// structure checked to its names' strings, the validity read as ASN1_TIME_to_tm reads it, and the signature verified as
// X509_verify verifies it, over the TBSCertificate's bytes as they stand.
import type { HashName } from '../../../core/shared/hash.js';
import { digest } from '../../../core/shared/hash.js';
import { ecdsaVerifies } from './key-curves.js';
import {
  algorithmDer,
  algorithmOf,
  berChildren,
  berRoot,
  bitString,
  contentOf,
  expectTag,
  oidOf,
  primitive,
  sequence,
  strictInteger,
  der as writeDer,
  type Tlv,
} from './key-der.js';
import { readPublicDer } from './key-forms.js';
import type { KeyData } from './key-model.js';
import { pkcs1Verifies, pssVerifies, readPssParameters } from './key-rsa.js';

export interface CertificateReading {
  readonly publicKey: KeyData;
  readonly signatureAlgorithmOid: string;
  readonly der: Uint8Array;
  readonly notBeforeMs: number;
  readonly notAfterMs: number;
  readonly verifiedBy: (key: KeyData) => boolean;
}

const refuse = (reason: string): never => {
  throw new Error(`not a certificate: ${reason}`);
};

// ASN1_tag2bit's universal tags that an X509_NAME_ENTRY value (ASN1_PRINTABLE) may not have: none of BOOLEAN,
// INTEGER, BIT STRING, OCTET STRING, NULL, OBJECT IDENTIFIER, SET, UTCTime, GeneralizedTime.
const NOT_PRINTABLE: ReadonlySet<number> = new Set([0, 1, 2, 3, 4, 5, 6, 0x11, 0x17, 0x18]);

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Whether a name's string converts to UTF-8, as x509_name_canon needs it to. */
function convertible(tag: number, content: Uint8Array): boolean {
  switch (tag) {
    case 0x0c: // UTF8String
      try {
        utf8.decode(content);
        return true;
      } catch {
        return false;
      }
    case 0x1e: // BMPString
      return content.length % 2 === 0;
    case 0x1c: {
      // UniversalString
      if (content.length % 4 !== 0) return false;
      const view = new DataView(content.buffer, content.byteOffset, content.length);
      for (let i = 0; i < content.length; i += 4) if (view.getUint32(i) > 0x10ffff) return false;
      return true;
    }
    default:
      return true;
  }
}

/** A Name (RFC 5280 §4.1.2.4): RDNs of attribute type and value pairs whose values OpenSSL takes as strings. */
function checkName(name: Tlv): void {
  for (const rdn of berChildren(expectTag(name, 0x30))) {
    for (const pair of berChildren(expectTag(rdn, 0x31))) {
      const [type, value] = sequence(pair, 2) as [Tlv, Tlv];
      oidOf(type);
      const universal = (value.tag & 0xc0) === 0;
      const number = value.tag & 0x1f;
      if (!universal || NOT_PRINTABLE.has(number) || ((value.tag & 0x20) !== 0 && number !== 0x10)) refuse('name value');
      if (!convertible(value.tag, contentOf(value))) refuse('name string');
    }
  }
}

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * A Time as ossl_asn1_time_to_tm reads it, outside its strict X.509 mode: UTCTime or GeneralizedTime, seconds
 * optional, GeneralizedTime's fraction of a second read and dropped, `Z` or an offset of `+hhmm` or `-hhmm`; NaN
 * for text that names no instant.
 */
export function timeMs(tlv: Tlv): number {
  if (tlv.tag !== 0x17 && tlv.tag !== 0x18) return refuse('time');
  const text = new TextDecoder('latin1').decode(contentOf(tlv));
  const utc = tlv.tag === 0x17;
  const match = (utc ? /^(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)?/ : /^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)?/).exec(text);
  if (match === null || text.length < (utc ? 11 : 13)) return Number.NaN;
  const [, y = '', mo = '', d = '', h = '', mi = '', s] = match;
  const year = utc ? (Number(y) < 50 ? 2000 : 1900) + Number(y) : Number(y);
  const [month, day, hour, minute, second] = [Number(mo), Number(d), Number(h), Number(mi), s === undefined ? 0 : Number(s)];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 && leap ? 29 : (DAYS[month - 1] ?? 0);
  if (month < 1 || day < 1 || day > days || hour > 23 || minute > 59 || second > 59) return Number.NaN;
  let rest = text.slice(match[0].length);
  if (!utc && s !== undefined && rest.startsWith('.')) {
    const fraction = /^\.\d+/.exec(rest);
    if (fraction === null) return Number.NaN;
    rest = rest.slice(fraction[0].length);
  }
  let offsetMinutes = 0;
  const offset = /^([+-])(\d\d)(\d\d)$/.exec(rest);
  if (offset !== null) {
    const [, sign, oh = '', om = ''] = offset;
    if (Number(oh) > 12 || Number(om) > 59) return Number.NaN;
    offsetMinutes = (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om));
  } else if (rest !== 'Z') {
    return Number.NaN;
  }
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute - offsetMinutes, second, 0);
  return date.getTime();
}

/** Extensions (RFC 5280 §4.1.2.9): each an OID, an optional one-octet BOOLEAN, and an OCTET STRING. */
function checkExtensions(field: Tlv): void {
  const [list, extra] = berChildren(field) as [Tlv, Tlv | undefined];
  if (extra !== undefined) refuse('extensions');
  for (const extension of berChildren(expectTag(list, 0x30))) {
    const parts = sequence(extension, 2, 3);
    oidOf(parts[0] as Tlv);
    if (parts.length === 3 && primitive(parts[1] as Tlv, 0x01).length !== 1) refuse('critical');
    primitive(parts.at(-1) as Tlv, 0x04);
  }
}

const PKCS1: ReadonlyMap<string, HashName> = new Map([
  ['1.2.840.113549.1.1.5', 'sha1'],
  ['1.2.840.113549.1.1.11', 'sha256'],
  ['1.2.840.113549.1.1.12', 'sha384'],
  ['1.2.840.113549.1.1.13', 'sha512'],
]);
const ECDSA: ReadonlyMap<string, HashName> = new Map([
  ['1.2.840.10045.4.3.2', 'sha256'],
  ['1.2.840.10045.4.3.3', 'sha384'],
  ['1.2.840.10045.4.3.4', 'sha512'],
]);
const PSS = '1.2.840.113549.1.1.10';
const EDDSA: ReadonlySet<string> = new Set(['1.3.101.112', '1.3.101.113']);

/** An ECDSA-Sig-Value (RFC 5480 §2.2.3) in DER exactly, as OpenSSL re-encodes and compares it; undefined otherwise. */
function ecdsaSignature(bytes: Uint8Array): [bigint, bigint] | undefined {
  try {
    const root = berRoot(bytes);
    if (root.next !== bytes.length || root.start + 2 + (root.end - root.contentStart > 127 ? 1 : 0) !== root.contentStart) return undefined;
    const [r, s] = sequence(root, 2) as [Tlv, Tlv];
    const values = [r, s].map((tlv) => {
      if (tlv.contentStart !== tlv.start + 2 && !(tlv.contentStart === tlv.start + 3 && tlv.end - tlv.contentStart > 127)) {
        throw new Error('length');
      }
      return strictInteger(tlv);
    }) as [bigint, bigint];
    return values.every((value) => value > 0n) ? values : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `key` verifies a signature of `algorithm` over `message`, as ASN1_item_verify decides it. */
function verifies(key: KeyData, algorithm: Tlv, message: Uint8Array, signature: Uint8Array): boolean {
  const { oid, parameters } = algorithmOf(algorithm);
  const pkcs1 = PKCS1.get(oid);
  if (pkcs1 !== undefined) return key.kind === 'rsa' && key.type === 'rsa' && pkcs1Verifies(key, pkcs1, message, signature);
  const ecdsa = ECDSA.get(oid);
  if (ecdsa !== undefined) {
    const rs = key.kind === 'ec' ? ecdsaSignature(signature) : undefined;
    return key.kind === 'ec' && rs !== undefined && ecdsaVerifies(key.curve, key.point, rs[0], rs[1], digest(ecdsa, message));
  }
  if (oid === PSS) {
    if (key.kind !== 'rsa' || parameters === undefined || key.restrictions === 'unreadable') return false;
    const pss = readPssParameters(parameters);
    const limits = key.restrictions;
    if (pss === undefined) return false;
    if (limits !== undefined && (limits.hash !== pss.hash || limits.mgfHash !== pss.mgfHash || pss.saltLength < limits.saltLength)) {
      return false;
    }
    return pssVerifies(key, pss, message, signature);
  }
  if (EDDSA.has(oid)) {
    const verify = key.kind === 'okp' ? key.curve.verify : undefined;
    return parameters === undefined && verify !== undefined && key.kind === 'okp' && verify(signature, message, key.x);
  }
  return false;
}

const sameAlgorithm = (a: Tlv, b: Tlv): boolean => {
  const [first, second] = [algorithmOf(a), algorithmOf(b)];
  const content = (tlv: Tlv | undefined) => (tlv === undefined ? '' : `${tlv.tag}:${contentOf(tlv).toHex()}`);
  return first.oid === second.oid && content(first.parameters) === content(second.parameters);
};

/** Reads a DER certificate; throws where d2i_X509 refuses it, or its public key does not parse. */
export function readX509(der: Uint8Array): CertificateReading {
  const root = berRoot(der);
  const [tbs, signatureAlgorithm, signatureValue] = sequence(root, 3) as [Tlv, Tlv, Tlv];
  const fields = berChildren(expectTag(tbs, 0x30));
  let at = 0;
  let version = 0n;
  if (fields[0]?.tag === 0xa0) {
    const [value, extra] = berChildren(fields[0]) as [Tlv, Tlv | undefined];
    if (extra !== undefined) refuse('version');
    version = strictInteger(value);
    at = 1;
  }
  const [serial, signature, issuer, validity, subject, spki, ...optional] = fields.slice(at) as [Tlv, Tlv, Tlv, Tlv, Tlv, Tlv, ...Tlv[]];
  if (spki === undefined) return refuse('too few fields');
  strictInteger(serial);
  algorithmOf(signature);
  checkName(issuer);
  const [notBefore, notAfter] = sequence(validity, 2) as [Tlv, Tlv];
  checkName(subject);
  let last = 0;
  for (const field of optional) {
    const index = field.tag & 0x1f;
    const constructed = (field.tag & 0x20) !== 0;
    if ((field.tag & 0xc0) !== 0x80 || index <= last || index > 3 || constructed !== (index === 3)) refuse('optional field');
    last = index;
    if (index === 3) checkExtensions(field);
    else bitString({ ...field, tag: 0x03 });
  }
  if (version < 0n || version > 2n) refuse('version');
  const { oid } = algorithmOf(signatureAlgorithm);
  const signatureBits = primitive(signatureValue, 0x03);
  const bits = bitString(signatureValue);
  const publicKey = readPublicDer(spki.bytes.slice(spki.start, spki.next), 'spki');
  const message = der.subarray(tbs.start, tbs.next);
  // X509Certificate.raw is i2d_X509: the TBSCertificate as it was read, the rest written again in DER.
  const raw = writeDer(0x30, message, algorithmDer(signatureAlgorithm), writeDer(0x03, Uint8Array.of(signatureBits[0] ?? 0, ...bits)));
  return {
    publicKey,
    signatureAlgorithmOid: oid,
    der: raw,
    notBeforeMs: timeMs(notBefore),
    notAfterMs: timeMs(notAfter),
    verifiedBy: (key) =>
      sameAlgorithm(signature, signatureAlgorithm) &&
      signatureBits[0] === 0 &&
      verifies(key, signatureAlgorithm, message, signatureBits.subarray(1)),
  };
}
