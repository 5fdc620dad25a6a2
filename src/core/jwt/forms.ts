import { DomainError } from '../shared/errors.js';
import {
  MAX_TOKEN_LENGTH,
  base64UrlBytes,
  compactJwsOf,
  compactJwsWithHeader,
  decodeSegment,
  parseJsonText,
  segmentText,
  stripToken,
  type CompactJws,
} from './compact.js';
import { readSdJwt, type ReadSdJwt } from './sd-jwt.js';
import { MAX_JSON_DEPTH, type JsonObject } from '../shared/json.js';

/** What a JWE shows without its key: algorithms and byte lengths, never the plaintext. */
export interface JweFacts {
  readonly encryption: string | null;
  readonly compression: string | null;
  readonly encrypted_key_bytes: number;
  readonly iv_bytes: number;
  readonly ciphertext_bytes: number;
  readonly tag_bytes: number;
  readonly recipients: { readonly header: JsonObject | null; readonly encrypted_key_bytes: number }[];
}

/** One signature of a JWS JSON serialization. */
export interface JwsSignature {
  readonly protected: JsonObject | null;
  readonly header: JsonObject | null;
  readonly algorithm: string | null;
  readonly key_id: string | null;
  readonly signature: string;
}

/** A token in one of the JOSE forms (contract §4c), read but never verified or decrypted. */
export type TokenForm =
  | { readonly form: 'jwt'; readonly jws: CompactJws }
  | ({ readonly form: 'sd-jwt' } & ReadSdJwt)
  | {
      readonly form: 'jwt-nested';
      /** The outer token as sent. */
      readonly compact: string;
      readonly header: JsonObject;
      readonly signature: string;
      /** The token the payload carries, as text: a compact JWS or JWE. */
      readonly inner: string;
      readonly duplicateMember: boolean;
    }
  | {
      readonly form: 'jwe' | 'jwe-json';
      /** The protected header, merged with the shared and the first recipient's unprotected headers. */
      readonly header: JsonObject;
      readonly jwe: JweFacts;
      readonly duplicateMember: boolean;
    }
  | {
      readonly form: 'jws-json';
      readonly serialization: 'flattened' | 'general';
      /** The serialization's JSON as sent, for verification. */
      readonly json: JsonObject;
      /** The first signature's protected header merged with its unprotected one, the protected value winning. */
      readonly header: JsonObject;
      readonly payload: JsonObject;
      readonly signature: string;
      readonly signatures: JwsSignature[];
      /** What the first signature signs, `protected.payload` as sent. */
      readonly signingInput: string;
      /** Some signature names a member in both its protected and its unprotected header. */
      readonly headerConflict: boolean;
      readonly duplicateMember: boolean;
      /** An SD-JWT in JSON serialization (RFC 9901 §8), read as the compact SD-JWT it stands for; else null. */
      readonly sd: ReadSdJwt | null;
    };

/** Three or five base64url parts: what a nested token's payload must carry. */
const COMPACT_TOKEN = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]*){2}(?:(?:\.[A-Za-z0-9_-]*){2})?$/;

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const stringMember = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** A type a serialization's member must have, and its words in the error. */
interface MemberType<T> {
  readonly fits: (value: unknown) => value is T;
  readonly words: string;
}
const STRING: MemberType<string> = { fits: (value) => typeof value === 'string', words: 'a JSON string' };
const OBJECT: MemberType<JsonObject> = { fits: isObject, words: 'a JSON object' };
const ARRAY: MemberType<unknown[]> = { fits: (value) => Array.isArray(value), words: 'an array' };

function member<T>(object: JsonObject, name: string, type: MemberType<T>): T | undefined {
  if (!Object.hasOwn(object, name)) return undefined;
  const value = object[name];
  if (!type.fits(value)) throw new DomainError('TOKEN_MALFORMED', `token JSON member ${name} must be ${type.words}`);
  return value;
}

const optionalObject = (object: JsonObject, name: string): JsonObject | null => member(object, name, OBJECT) ?? null;
const optionalString = (object: JsonObject, name: string): string | undefined => member(object, name, STRING);

/** Members of `protectedHeader` win: only they are signed (or authenticated). Object.assign skips a null header. */
const merged = (...headers: (JsonObject | null)[]): JsonObject =>
  headers.reverse().reduce<JsonObject>((all, header) => Object.assign(all, header), {});

const byteLength = (part: string, text: string | undefined): number => (text === undefined ? 0 : base64UrlBytes(part, text).length);

interface Recipient {
  readonly header: JsonObject | null;
  readonly encryptedKey: string | undefined;
}

/** `recipients` holds one at least: the callers refuse a JWE without any. */
function jweFacts(
  protectedHeader: JsonObject,
  shared: JsonObject | null,
  recipients: Recipient[],
  parts: { iv: string | undefined; ciphertext: string; tag: string | undefined },
): { header: JsonObject; jwe: JweFacts } {
  if (parts.ciphertext === '') throw new DomainError('TOKEN_MALFORMED', 'token ciphertext is empty');
  const listed = recipients.map((recipient) => ({
    header: recipient.header,
    encrypted_key_bytes: byteLength('encrypted key', recipient.encryptedKey),
  }));
  // The callers refuse a JWE without recipients, so there is a first.
  const [first] = listed as [JweFacts['recipients'][number]];
  const header = merged(protectedHeader, shared, first.header);
  return {
    header,
    jwe: {
      encryption: stringMember(header.enc),
      compression: stringMember(header.zip),
      encrypted_key_bytes: first.encrypted_key_bytes,
      iv_bytes: byteLength('iv', parts.iv),
      ciphertext_bytes: byteLength('ciphertext', parts.ciphertext),
      tag_bytes: byteLength('tag', parts.tag),
      recipients: listed,
    },
  };
}

function readCompactJwe(compact: string): TokenForm {
  // readToken sends only five parts here.
  const [protectedText, encryptedKey, iv, ciphertext, tag] = compact.split('.') as [string, string, string, string, string];
  const protectedHeader = decodeSegment('protected header', protectedText);
  const { header, jwe } = jweFacts(protectedHeader.value, null, [{ header: null, encryptedKey }], { iv, ciphertext, tag });
  return { form: 'jwe', header, jwe, duplicateMember: protectedHeader.duplicateMember };
}

function readJweJson(token: JsonObject, outerDuplicate: boolean): TokenForm {
  const protectedText = optionalString(token, 'protected');
  const protectedHeader = protectedText === undefined ? undefined : decodeSegment('protected header', protectedText);
  const shared = optionalObject(token, 'unprotected');
  const listed = member(token, 'recipients', ARRAY);
  const recipients =
    listed === undefined
      ? [{ header: optionalObject(token, 'header'), encryptedKey: optionalString(token, 'encrypted_key') }]
      : listed.map((recipient) => {
          if (!isObject(recipient)) throw new DomainError('TOKEN_MALFORMED', 'token JSON member recipients must hold JSON objects');
          return { header: optionalObject(recipient, 'header'), encryptedKey: optionalString(recipient, 'encrypted_key') };
        });
  if (recipients.length === 0) throw new DomainError('TOKEN_MALFORMED', 'token JSON member recipients must not be empty');
  const { header, jwe } = jweFacts(protectedHeader?.value ?? {}, shared, recipients, {
    iv: optionalString(token, 'iv'),
    // readToken sends only an object with a ciphertext member here.
    ciphertext: optionalString(token, 'ciphertext') as string,
    tag: optionalString(token, 'tag'),
  });
  return { form: 'jwe-json', header, jwe, duplicateMember: outerDuplicate || protectedHeader?.duplicateMember === true };
}

/**
 * An SD-JWT in JWS JSON serialization (RFC 9901 §8) carries its disclosures, and its key-binding
 * JWT as `kb_jwt`, in the first signature's unprotected header. It reads as the compact SD-JWT
 * `<protected>.<payload>.<signature>~<disclosure>~…~<kb_jwt>`, whose text before the key-binding
 * JWT is also what `sd_hash` covers (§8.1). Null when that header has neither member.
 */
function sdJwtOfJson(
  unprotected: JsonObject | null,
  protectedHeader: { text: string; value: JsonObject } | undefined,
  payload: { text: string; value: JsonObject },
  signature: string,
): ReadSdJwt | null {
  if (unprotected === null) return null;
  const disclosures = member(unprotected, 'disclosures', ARRAY);
  const keyBinding = optionalString(unprotected, 'kb_jwt') ?? '';
  if (disclosures === undefined && !Object.hasOwn(unprotected, 'kb_jwt')) return null;
  const texts = disclosures ?? [];
  // A `~` would split the compact form elsewhere; every other character is checked where its part is read.
  if (!texts.every((text): text is string => typeof text === 'string' && !text.includes('~')) || keyBinding.includes('~')) {
    throw new DomainError('TOKEN_MALFORMED', 'token JSON members disclosures and kb_jwt must hold base64url strings (RFC 9901 §8)');
  }
  if (protectedHeader === undefined) {
    throw new DomainError('TOKEN_MALFORMED', 'token is an SD-JWT in JSON serialization without a protected header (RFC 9901 §8)');
  }
  const compact = `${protectedHeader.text}.${payload.text}.${signature}`;
  // Both parts were read, and their repeated members noted, with the serialization.
  const issuer = { compact, header: protectedHeader.value, payload: payload.value, signature, duplicateMember: false };
  return readSdJwt(`${compact}~${texts.map((text) => `${text}~`).join('')}${keyBinding}`, issuer);
}

function readJwsJson(token: JsonObject, outerDuplicate: boolean): TokenForm {
  const payloadText = optionalString(token, 'payload');
  if (payloadText === undefined) throw new DomainError('TOKEN_MALFORMED', 'token JSON serialization has no payload');
  const payload = decodeSegment('payload', payloadText);
  const listed = member(token, 'signatures', ARRAY);
  const entries: JsonObject[] =
    listed === undefined
      ? [token]
      : listed.map((entry) => {
          if (!isObject(entry)) throw new DomainError('TOKEN_MALFORMED', 'token JSON member signatures must hold JSON objects');
          return entry;
        });
  if (entries.length === 0) throw new DomainError('TOKEN_MALFORMED', 'token JSON serialization has no signatures');
  let duplicateMember = outerDuplicate || payload.duplicateMember;
  let headerConflict = false;
  const signatures = entries.map((entry) => {
    const protectedText = optionalString(entry, 'protected');
    const protectedHeader = protectedText === undefined ? undefined : decodeSegment('protected header', protectedText);
    duplicateMember ||= protectedHeader?.duplicateMember === true;
    const unprotected = optionalObject(entry, 'header');
    const signature = optionalString(entry, 'signature');
    if (signature === undefined) throw new DomainError('TOKEN_MALFORMED', 'token JSON serialization has a signature without signature');
    base64UrlBytes('signature', signature);
    if (protectedHeader !== undefined && unprotected !== null) {
      headerConflict ||= Object.keys(unprotected).some((name) => Object.hasOwn(protectedHeader.value, name));
    }
    const header = merged(protectedHeader?.value ?? null, unprotected);
    return {
      protected: protectedHeader?.value ?? null,
      header: unprotected,
      algorithm: stringMember(header.alg),
      key_id: stringMember(header.kid),
      signature,
    };
  });
  // entries is not empty, checked above, and signatures has one for each.
  const first = signatures[0] as JwsSignature;
  const firstProtected = optionalString(entries[0] as JsonObject, 'protected');
  const sd = sdJwtOfJson(
    first.header,
    firstProtected === undefined || first.protected === null ? undefined : { text: firstProtected, value: first.protected },
    { text: payloadText, value: payload.value },
    first.signature,
  );
  return {
    form: 'jws-json',
    serialization: listed === undefined ? 'flattened' : 'general',
    json: token,
    header: merged(first.protected, first.header),
    payload: payload.value,
    signature: first.signature,
    signatures,
    signingInput: `${firstProtected ?? ''}.${payloadText}`,
    headerConflict,
    duplicateMember: duplicateMember || sd?.duplicateMember === true,
    sd,
  };
}

/**
 * Reads a token in any JOSE form of contract §4c: a compact JWS (three parts),
 * a compact JWE (five), or a JSON serialization of either (an object with
 * `ciphertext` is a JWE; one whose first signature's unprotected header has `disclosures` or
 * `kb_jwt` is also an SD-JWT), or an SD-JWT (with `~`). The length, base64url, UTF-8, depth and
 * duplicate-member rules of a compact JWS apply to every part. Throws the
 * `TOKEN_*` DomainErrors of `stripToken` and `compactJwsOf`, and `TOKEN_MALFORMED` for a JSON
 * serialization whose members are missing or of the wrong type.
 */
export function readToken(token: string): TokenForm {
  const text = stripToken(token);
  if (text.startsWith('{')) {
    const { value, duplicateMember } = parseJsonText('serialization', text);
    return Object.hasOwn(value, 'ciphertext') ? readJweJson(value, duplicateMember) : readJwsJson(value, duplicateMember);
  }
  if (text.includes('~')) return { form: 'sd-jwt', ...readSdJwt(text) };
  const parts = text.split('.');
  if (parts.length === 5) return readCompactJwe(text);
  if (parts.length !== 3) return { form: 'jwt', jws: compactJwsOf(text) };
  // Three parts, counted above.
  const [headerText, payloadText, signature] = parts as [string, string, string];
  const header = decodeSegment('header', headerText);
  if (typeof header.value.cty === 'string' && header.value.cty.toLowerCase() === 'jwt') {
    const inner = segmentText('payload', payloadText);
    if (!COMPACT_TOKEN.test(inner)) {
      throw new DomainError('TOKEN_MALFORMED', 'token has cty JWT, but its payload is not a compact JWS or JWE');
    }
    return { form: 'jwt-nested', compact: text, header: header.value, signature, inner, duplicateMember: header.duplicateMember };
  }
  return { form: 'jwt', jws: compactJwsWithHeader(text, header, payloadText, signature) };
}

export { MAX_JSON_DEPTH, MAX_TOKEN_LENGTH };
