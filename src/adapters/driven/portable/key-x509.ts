// X.509 certificates (RFC 5280 §4.1) read as OpenSSL's d2i_X509 reads them for node:crypto's X509Certificate: the
// structure checked to its names' strings and its validity's times, and the signature verified as X509_verify verifies
// it, over the TBSCertificate's bytes as they stand.
import { ecdsaVerifies } from './key-curves.js';
import {
  algorithmDer,
  algorithmOf,
  berChildren,
  berRoot,
  bitString,
  checkString,
  checkUniversal,
  expectTag,
  listOf,
  octetString,
  oidOf,
  primitive,
  sequence,
  strictInteger,
  stringOf,
  der as writeDer,
  type Tlv,
} from './key-der.js';
import { readPublicDer } from './key-forms.js';
import type { KeyData } from './key-model.js';
import { digest, pkcs1Verifies, pssVerifies, readPssParameters, type HashName } from './key-rsa.js';

export interface CertificateReading {
  readonly publicKey: KeyData;
  readonly signatureAlgorithmOid: string;
  readonly der: Uint8Array;
  readonly verifiedBy: (key: KeyData) => boolean;
}

const refuse = (reason: string): never => {
  throw new Error(`not a certificate: ${reason}`);
};

// The universal types of ASN1_PRINTABLE, which an X509_NAME_ENTRY's value may have (ASN1_tag2bit's mapping): BIT
// STRING, SEQUENCE, the character strings but VideotexString, GraphicString, VisibleString and GeneralString, and
// the types OpenSSL calls unknown.
const PRINTABLE: ReadonlySet<number> = new Set([3, 7, 8, 9, 11, 12, 13, 14, 15, 16, 18, 19, 20, 22, 28, 29, 30]);

const utf8 = new TextDecoder('utf-8', { fatal: true });
const surrogate = (value: number) => value >= 0xd800 && value <= 0xdfff;

/** Whether a name's string converts to UTF-8, as x509_name_canon needs it to: no surrogate, nothing past U+10FFFF. */
function convertible(tag: number, content: Uint8Array): boolean {
  const view = new DataView(content.buffer, content.byteOffset, content.length);
  switch (tag) {
    case 0x0c: // UTF8String
      try {
        utf8.decode(content);
        return true;
      } catch {
        return false;
      }
    case 0x1e: // BMPString
      for (let i = 0; i < content.length; i += 2) if (surrogate(view.getUint16(i))) return false;
      return true;
    case 0x1c: // UniversalString
      for (let i = 0; i < content.length; i += 4) if (view.getUint32(i) > 0x10ffff || surrogate(view.getUint32(i))) return false;
      return true;
    default:
      return true;
  }
}

/** A Name (RFC 5280 §4.1.2.4): RDNs of attribute type and value pairs whose values OpenSSL takes as strings. */
function checkName(name: Tlv): void {
  for (const rdn of listOf(name, 0x30)) {
    for (const pair of listOf(rdn, 0x31)) {
      const [type, value] = sequence(pair, 2) as [Tlv, Tlv];
      oidOf(type);
      const number = value.tag & 0x1f;
      if ((value.tag & 0xc0) !== 0 || !PRINTABLE.has(number)) refuse('name value');
      checkUniversal(value);
      if (number !== 0x10 && !convertible(number, stringOf(value, value.tag))) refuse('name string');
    }
  }
}

/**
 * A Time (RFC 5280 §4.1.2.5) as d2i_X509 takes it: a UTCTime or a GeneralizedTime, primitive or constructed, not shorter
 * than its least form. What it says, and whether that names an instant, the core reads from the DER (keys/asn1-time.ts).
 */
function checkTime(tlv: Tlv): void {
  const tag = tlv.tag & ~0x20;
  if (tag !== 0x17 && tag !== 0x18) refuse('time');
  checkString(tag, stringOf(tlv, tag).length);
}

/** Extensions (RFC 5280 §4.1.2.9): each an OID, an optional one-octet BOOLEAN, and an OCTET STRING. */
function checkExtensions(field: Tlv): void {
  const [list, extra] = berChildren(field) as [Tlv, Tlv | undefined];
  if (list === undefined || extra !== undefined) refuse('extensions');
  for (const extension of listOf(list, 0x30)) {
    const parts = sequence(extension, 2, 3);
    oidOf(parts[0] as Tlv);
    if (parts.length === 3 && primitive(parts[1] as Tlv, 0x01).length !== 1) refuse('critical');
    octetString(parts.at(-1) as Tlv);
  }
}

const PKCS1: ReadonlyMap<string, HashName> = new Map([
  ['1.2.840.113549.1.1.5', 'sha1'],
  ['1.2.840.113549.1.1.14', 'sha224'],
  ['1.2.840.113549.1.1.11', 'sha256'],
  ['1.2.840.113549.1.1.12', 'sha384'],
  ['1.2.840.113549.1.1.13', 'sha512'],
]);
const ECDSA: ReadonlyMap<string, HashName> = new Map([
  ['1.2.840.10045.4.1', 'sha1'],
  ['1.2.840.10045.4.3.1', 'sha224'],
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

/** Whether two AlgorithmIdentifiers are equal as X509_ALGOR_cmp compares them: a string parameter by its value. */
const sameAlgorithm = (a: Tlv, b: Tlv): boolean => {
  const [first, second] = [algorithmOf(a), algorithmOf(b)];
  const value = (tlv: Tlv | undefined) => {
    if (tlv === undefined) return '';
    const number = tlv.tag & 0x1f;
    return (tlv.tag & 0xc0) === 0 && number !== 0x10 && number !== 0x11
      ? `${number}:${stringOf(tlv, tlv.tag).toHex()}`
      : tlv.bytes.subarray(tlv.start, tlv.next).toHex();
  };
  return first.oid === second.oid && value(first.parameters) === value(second.parameters);
};

/** Reads a DER certificate; throws where d2i_X509 refuses it, or its public key does not parse. */
export function readX509(der: Uint8Array): CertificateReading {
  const root = berRoot(der);
  const [tbs, signatureAlgorithm, signatureValue] = sequence(root, 3) as [Tlv, Tlv, Tlv];
  const fields = berChildren(expectTag(tbs, 0x30));
  let at = 0;
  if (fields[0]?.tag === 0xa0) {
    // OpenSSL reads the version's INTEGER and checks nothing of its value.
    const [value, extra] = berChildren(fields[0]) as [Tlv, Tlv | undefined];
    if (value === undefined || extra !== undefined) refuse('version');
    strictInteger(value);
    at = 1;
  }
  const [serial, signature, issuer, validity, subject, spki, ...optional] = fields.slice(at) as [Tlv, Tlv, Tlv, Tlv, Tlv, Tlv, ...Tlv[]];
  if (spki === undefined) return refuse('too few fields');
  strictInteger(serial);
  algorithmOf(signature);
  checkName(issuer);
  const [notBefore, notAfter] = sequence(validity, 2) as [Tlv, Tlv];
  checkTime(notBefore);
  checkTime(notAfter);
  checkName(subject);
  let last = 0;
  for (const field of optional) {
    const index = field.tag & 0x1f;
    if ((field.tag & 0xc0) !== 0x80 || index <= last || index > 3 || (index === 3 && (field.tag & 0x20) === 0)) refuse('optional field');
    last = index;
    if (index === 3) checkExtensions(field);
    else bitString(field, 0x80 | index);
  }
  const { oid } = algorithmOf(signatureAlgorithm);
  const signatureBits = stringOf(signatureValue, 0x03);
  const bits = bitString(signatureValue);
  const publicKey = readPublicDer(spki.bytes.slice(spki.start, spki.next), 'spki');
  const message = der.subarray(tbs.start, tbs.next);
  // X509Certificate.raw is i2d_X509: the TBSCertificate as it was read, the rest written again in DER.
  const raw = writeDer(0x30, message, algorithmDer(signatureAlgorithm), writeDer(0x03, Uint8Array.of(signatureBits[0] ?? 0, ...bits)));
  return {
    publicKey,
    signatureAlgorithmOid: oid,
    der: raw,
    verifiedBy: (key) =>
      sameAlgorithm(signature, signatureAlgorithm) &&
      signatureBits[0] === 0 &&
      verifies(key, signatureAlgorithm, message, signatureBits.subarray(1)),
  };
}
