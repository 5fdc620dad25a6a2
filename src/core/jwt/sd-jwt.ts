import { DomainError } from '../shared/errors.js';
import { base64url } from '../shared/bytes.js';
import { digest, type HashName } from '../shared/hash.js';
import { compactJwsOf, segmentText, type CompactJws } from './compact.js';
import { scanJson } from '../shared/json-scan.js';
import { MAX_JSON_DEPTH, type JsonObject } from '../shared/json.js';

export const SD_HASH_ALGORITHMS = { 'sha-256': 'sha256', 'sha-384': 'sha384', 'sha-512': 'sha512' } as const satisfies Record<
  string,
  HashName
>;
export type SdHashAlgorithm = keyof typeof SD_HASH_ALGORITHMS;

/** One disclosure, in the order of the token. */
export interface Disclosure {
  readonly disclosure: string;
  /** base64url of the hash of the disclosure's ASCII. */
  readonly digest: string;
  readonly salt: string;
  /** null for an array element. */
  readonly name: string | null;
  readonly value: unknown;
  /** The JSON Pointer where it lands in the disclosed payload, or null when no digest matches it. */
  readonly path: string | null;
}

export interface SdJwt {
  readonly hash_alg: SdHashAlgorithm;
  readonly disclosures: Disclosure[];
  readonly disclosed_payload: JsonObject;
  readonly undisclosed_digests: number;
  readonly key_binding: { readonly header: JsonObject; readonly payload: JsonObject; readonly sd_hash_matches: boolean } | null;
}

/** What an SD-JWT's structure says about its safety, for the findings. */
export interface SdJwtProblems {
  readonly duplicateDigest: boolean;
  readonly reservedName: boolean;
  readonly claimOverwrite: boolean;
  readonly unmatchedDisclosure: boolean;
  /** A key-binding JWT whose `sd_hash` is missing or wrong. */
  readonly hashMismatch: boolean;
  /** A key-binding JWT whose `typ` is not `kb+jwt`. */
  readonly keyBindingType: boolean;
}

export interface ReadSdJwt {
  readonly issuerJwt: CompactJws;
  /** The key-binding JWT as sent, or null. */
  readonly keyBindingJwt: string | null;
  readonly sdJwt: SdJwt;
  readonly problems: SdJwtProblems;
  readonly duplicateMember: boolean;
}

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const isSdHashAlgorithm = (name: string): name is SdHashAlgorithm => Object.hasOwn(SD_HASH_ALGORITHMS, name);
/** A disclosure's JSON: `[salt, name, value]` for a member, `[salt, value]` for an array element (RFC 9901 §4.2). */
const isDisclosure = (value: unknown): value is [salt: string, value: unknown] | [salt: string, name: string, value: unknown] =>
  Array.isArray(value) && typeof value[0] === 'string' && (value.length === 2 || (value.length === 3 && typeof value[1] === 'string'));
const pointer = (parent: string, key: string | number): string => `${parent}/${String(key).replaceAll('~', '~0').replaceAll('/', '~1')}`;

function readDisclosure(text: string, index: number, hash: HashName): Omit<Disclosure, 'path'> & { duplicateMember: boolean } {
  const part = `disclosure ${index + 1}`;
  const json = segmentText(part, text);
  const scan = scanJson(json, MAX_JSON_DEPTH);
  if (scan.tooDeep) throw new DomainError('TOKEN_TOO_DEEP', `token ${part} JSON is nested deeper than ${MAX_JSON_DEPTH} levels`);
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new DomainError('TOKEN_SEGMENT_JSON', `token ${part} is not valid JSON`);
  }
  if (!isDisclosure(value)) {
    throw new DomainError(
      'TOKEN_MALFORMED',
      `token ${part} must be a JSON array of [salt, name, value] or [salt, value], with a string salt and name`,
    );
  }
  return {
    disclosure: text,
    // The disclosure is base64url, so its UTF-8 is the ASCII that RFC 9901 §4.2.3 hashes.
    digest: base64url(digest(hash, text)),
    salt: value[0],
    name: value.length === 3 ? value[1] : null,
    value: value.length === 3 ? value[2] : value[1],
    duplicateMember: scan.duplicateMember,
  };
}

/**
 * Reads an SD-JWT (RFC 9901): `<issuer-signed JWT>~<disclosure>~…~`, with an
 * optional key-binding JWT after the last `~`. Every disclosure is hashed with
 * `_sd_alg` (sha-256 when absent) and put in place in a copy of the payload,
 * recursively (RFC 9901 §7.3): `_sd`, `_sd_alg` and `{"...": digest}` entries
 * without a disclosure go, and are counted. Nothing is verified: the key-binding
 * JWT's `sd_hash` is compared, its signature is not checked here.
 *
 * Throws the `TOKEN_*` DomainErrors of a compact JWS for the issuer-signed JWT,
 * the key-binding JWT and each disclosure, and `TOKEN_MALFORMED` for a
 * disclosure of the wrong shape or an unsupported `_sd_alg`.
 *
 * `issuer` is the issuer-signed JWT when the caller has read it already (the first signature of
 * a JSON serialization); otherwise it is read from the token's first part.
 */
export function readSdJwt(token: string, issuer?: CompactJws): ReadSdJwt {
  const parts = token.split('~');
  // split gives at least one part, so a first and a last.
  const issuerJwt = issuer ?? compactJwsOf(parts[0] as string);
  const keyBindingText = parts.at(-1) as string;
  const disclosureTexts = parts.slice(1, -1);
  const sdAlg = Object.hasOwn(issuerJwt.payload, '_sd_alg') ? issuerJwt.payload._sd_alg : 'sha-256';
  if (typeof sdAlg !== 'string' || !isSdHashAlgorithm(sdAlg)) {
    throw new DomainError(
      'TOKEN_MALFORMED',
      `token _sd_alg must be sha-256, sha-384 or sha-512${typeof sdAlg === 'string' && sdAlg.length <= 32 ? `, not ${JSON.stringify(sdAlg)}` : ''}`,
    );
  }
  const hash = SD_HASH_ALGORITHMS[sdAlg];
  const read = disclosureTexts.map((text, index) => readDisclosure(text, index, hash));
  let duplicateMember = issuerJwt.duplicateMember || read.some((disclosure) => disclosure.duplicateMember);

  const byDigest = new Map<string, number>();
  const paths: (string | null)[] = read.map(() => null);
  const seen = new Set<string>();
  const problems = { duplicateDigest: false, reservedName: false, claimOverwrite: false };
  for (const [index, disclosure] of read.entries()) {
    if (byDigest.has(disclosure.digest)) problems.duplicateDigest = true;
    else byDigest.set(disclosure.digest, index);
  }
  let undisclosed = 0;
  /**
   * The disclosure a digest names (with its place in the token), or none; a digest met again is
   * noted and neither placed nor counted a second time (`repeat`).
   */
  const take = (digest: unknown): { index: number; disclosure: (typeof read)[number] | undefined; repeat: boolean } => {
    if (typeof digest !== 'string') return { index: -1, disclosure: undefined, repeat: false };
    if (seen.has(digest)) {
      problems.duplicateDigest = true;
      return { index: -1, disclosure: undefined, repeat: true };
    }
    seen.add(digest);
    const index = byDigest.get(digest) ?? -1;
    return { index, disclosure: read[index], repeat: false };
  };

  const disclose = (value: unknown, path: string): unknown => {
    if (Array.isArray(value)) {
      const out: unknown[] = [];
      for (const element of value) {
        if (isObject(element) && Object.keys(element).length === 1 && Object.hasOwn(element, '...')) {
          const { index, disclosure, repeat } = take(element['...']);
          if (disclosure === undefined || disclosure.name !== null) {
            if (!repeat) undisclosed += 1;
            continue;
          }
          const at = pointer(path, out.length);
          paths[index] = at;
          out.push(disclose(disclosure.value, at));
        } else {
          out.push(disclose(element, pointer(path, out.length)));
        }
      }
      return out;
    }
    if (!isObject(value)) return value;
    // Entries, not assignments: Object.fromEntries makes "__proto__" an own member like any other.
    const entries: [string, unknown][] = [];
    const names = new Set<string>();
    for (const [key, inner] of Object.entries(value)) {
      if (key === '_sd' || (key === '_sd_alg' && path === '')) continue;
      entries.push([key, disclose(inner, pointer(path, key))]);
      names.add(key);
    }
    for (const digest of Array.isArray(value._sd) ? value._sd : []) {
      const { index, disclosure, repeat } = take(digest);
      if (disclosure === undefined || disclosure.name === null) {
        if (!repeat) undisclosed += 1;
        continue;
      }
      // Never placed; the sd_reserved_name finding reports it.
      if (disclosure.name === '_sd' || disclosure.name === '...') continue;
      if (names.has(disclosure.name)) {
        problems.claimOverwrite = true;
        continue;
      }
      const at = pointer(path, disclosure.name);
      paths[index] = at;
      entries.push([disclosure.name, disclose(disclosure.value, at)]);
      names.add(disclosure.name);
    }
    return Object.fromEntries(entries);
  };
  // disclose gives an object back for an object, and a payload is one.
  const disclosedPayload = disclose(issuerJwt.payload, '') as JsonObject;
  problems.reservedName = read.some((disclosure) => disclosure.name === '_sd' || disclosure.name === '...');

  let keyBinding: SdJwt['key_binding'] = null;
  let hashMismatch = false;
  let keyBindingType = false;
  if (keyBindingText !== '') {
    const kb = compactJwsOf(keyBindingText);
    duplicateMember ||= kb.duplicateMember;
    const expected = base64url(digest(hash, token.slice(0, token.length - keyBindingText.length)));
    const matches = kb.payload.sd_hash === expected;
    hashMismatch = !matches;
    keyBindingType = kb.header.typ !== 'kb+jwt';
    keyBinding = { header: kb.header, payload: kb.payload, sd_hash_matches: matches };
  }
  return {
    issuerJwt,
    keyBindingJwt: keyBindingText === '' ? null : keyBindingText,
    sdJwt: {
      hash_alg: sdAlg,
      disclosures: read.map(({ duplicateMember: _scan, ...disclosure }, index) => ({ ...disclosure, path: paths[index] ?? null })),
      disclosed_payload: disclosedPayload,
      undisclosed_digests: undisclosed,
      key_binding: keyBinding,
    },
    problems: { ...problems, unmatchedDisclosure: paths.some((path) => path === null), hashMismatch, keyBindingType },
    duplicateMember,
  };
}
