// The checksums credential formats carry (contract §12), computed without a key or a network call.

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32/ISO-HDLC (zlib's, Go's `crc32.ChecksumIEEE`) of ASCII text. */
export function crc32(ascii: string): number {
  let crc = 0xffffffff;
  for (let i = 0; i < ascii.length; i++) crc = (CRC_TABLE[(crc ^ ascii.charCodeAt(i)) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** The base62 digits, in order: GitHub's and npm's checksums, Django's timestamps. */
export const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A non-negative integer in base62 (`0-9A-Za-z`), left-padded with `0` to `width`. */
export function base62(value: number, width: number): string {
  let text = '';
  let rest = value;
  do {
    text = BASE62[rest % 62] + text;
    rest = Math.floor(rest / 62);
  } while (rest > 0);
  return text.padStart(width, '0');
}

/** GitHub's and npm's checksum: the CRC-32 of the random part, in base62, 6 characters. */
export const base62Checksum = (random: string): string => base62(crc32(random), 6);

/** GitLab's routable token checksum: the CRC-32 of every character before it, in base36, 7 characters. */
export const base36Checksum = (text: string): string => crc32(text).toString(36).padStart(7, '0');

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * The AWS account an access key id names, as 12 digits: the first 6 bytes of the base32 after the prefix, as a
 * big-endian integer z, give `(z & 0x7fffffffff80) >> 7`. Only key ids whose fifth character is `Q–Z` or `2–7` encode it.
 */
export function awsAccountId(body: string): string | undefined {
  if (!/^[Q-Z2-7]/.test(body)) return undefined;
  let bits = 0n;
  // 10 characters are 50 bits: the first 48 are the 6 bytes read.
  for (const char of body.slice(0, 10)) bits = (bits << 5n) | BigInt(BASE32.indexOf(char));
  const z = bits >> 2n;
  return ((z & 0x7fffffffff80n) >> 7n).toString().padStart(12, '0');
}
