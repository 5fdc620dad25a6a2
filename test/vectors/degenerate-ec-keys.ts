// EC keys that are no keys, written here byte by byte from the standards that define their parts.
// SEC 1 v2.0 §2.3.3: the point at infinity is the one octet 00. An ECPrivateKey (RFC 5915 §3) on P-256 (the named curve
// of RFC 5480 §2.1.1.1) whose d is 0 has it as its public point d·G; a SubjectPublicKeyInfo (RFC 5480 §2) may hold it
// as written.

/** The DER of P-256's OID, 1.2.840.10045.3.1.7 (RFC 5480 §2.1.1.1). */
const P256 = [0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07];

/** An ECPrivateKey on P-256 whose d is 0 (32 zero octets), with no public key. */
export const SEC1_D_ZERO = Uint8Array.of(0x30, 0x31, 0x02, 0x01, 0x01, 0x04, 0x20, ...new Uint8Array(32), 0xa0, 0x0a, ...P256);

/** A SubjectPublicKeyInfo of id-ecPublicKey on P-256 whose point is the one octet 00, the point at infinity. */
export const SPKI_AT_INFINITY = Uint8Array.of(
  ...[0x30, 0x19, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01],
  ...P256,
  ...[0x03, 0x02, 0x00, 0x00],
);

/** DER bytes as a PEM block with `label` (RFC 7468 §2), on one line of base64. */
export const armour = (label: string, bytes: Uint8Array): string =>
  `-----BEGIN ${label}-----\n${bytes.toBase64()}\n-----END ${label}-----\n`;
