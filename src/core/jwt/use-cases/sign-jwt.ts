import { DomainError } from '../../shared/errors.js';
import { base64url, utf8 } from '../../shared/bytes.js';
import { MAX_TOKEN_LENGTH, readToken } from '../forms.js';
import { segmentText } from '../compact.js';
import { relativeSeconds } from '../signing/durations.js';
import { MIN_SECRET_BYTES, readSigningKey, type SigningKeyRead } from '../signing/signing-key.js';
import { publicKeyThumbprint, PRIVATE_MEMBERS, PUBLIC_MEMBERS } from '../../keys/read-keys.js';
import type { KeyCodec, PrivateKey } from '../../keys/ports/key-codec.js';
import type { Clock } from '../../shared/ports/clock.js';
import { PUBLIC_KEY_ALGORITHMS, SIGNING_ALGORITHMS, isPublicKeyAlgorithm } from '../../shared/algorithms.js';
import type { AsymmetricAlgorithm, SigningAlgorithm, TokenSigner } from '../ports/token-signer.js';
import type { DecodeJwt, DecodedJwt } from './decode-jwt.js';
import { own, type JsonObject } from '../../shared/json.js';

/**
 * A sign request's body (contract §4g), each member already of its type: the contract's schema is the one check of
 * types, on every transport. What goes with what, and each value, are checked here.
 */
export interface SignJwtInput {
  readonly payload?: JsonObject;
  readonly header?: JsonObject;
  readonly token?: string;
  readonly set?: JsonObject;
  readonly unset?: readonly string[];
  readonly alg?: string;
  readonly secret?: string;
  /** A JWK, as an object or as JSON text, or a PEM. */
  readonly key?: string | object;
  readonly generate?: boolean;
  readonly return_private_key?: boolean;
  /** Whole seconds, or a string of seconds or an ISO 8601 duration. */
  readonly expires_in?: number | string;
  readonly not_before_in?: number | string;
  readonly issued_at?: boolean;
}

export interface ClaimChange {
  readonly op: 'add' | 'replace' | 'remove';
  readonly name: string;
  readonly from: unknown;
  readonly to: unknown;
}

export interface SignedJwt {
  readonly token: string;
  readonly header: JsonObject;
  readonly payload: JsonObject;
  readonly algorithm: SigningAlgorithm;
  readonly key: { readonly public_jwk: JsonObject; readonly thumbprint: string } | null;
  readonly notes: string[];
  readonly changes?: ClaimChange[];
  readonly private_jwk?: JsonObject;
  readonly decoded: DecodedJwt;
  readonly source: 'sign';
}

/** The time options, in the order their claims are appended. */
const TIMES = [
  ['issued_at', 'iat'],
  ['not_before_in', 'nbf'],
  ['expires_in', 'exp'],
] as const;

const refuse = (message: string): DomainError => new DomainError('SIGN_OPTION_INVALID', message);
const segment = (value: JsonObject): string => base64url(utf8(JSON.stringify(value)));
// Read as decode reads a segment (a leading byte order mark dropped, as TextDecoder drops it), without decode's
// big-integer reviver: the segments are written again as JSON.stringify writes them. readToken checked the JSON.
const parseSegment = (name: string, text: string): JsonObject => JSON.parse(segmentText(name, text)) as JsonObject;

/** §4g's checks of which members go together, before any key, algorithm or time. */
function checkMembers(input: SignJwtInput): void {
  const given = (name: keyof SignJwtInput) => input[name] !== undefined;
  if (given('payload') === given('token')) {
    throw refuse(given('payload') ? 'payload and token: give one, not both' : 'payload or token: give one, a new token or one to re-sign');
  }
  const sources = (['secret', 'key', 'generate'] as const).filter((name) => (name === 'generate' ? input.generate === true : given(name)));
  if (sources.length !== 1) {
    throw refuse(
      sources.length === 0 ? 'secret, key or generate: give one key source' : `${sources.join(' and ')}: give only one key source`,
    );
  }
  if (given('header') && given('token')) throw refuse('header does not apply to re-signing a token: its own header is used');
  const edits = (['set', 'unset'] as const).filter(given);
  if (edits.length > 0 && given('payload')) throw refuse(`${edits.join(' and ')} apply only to re-signing a token, not to payload`);
  if (input.return_private_key === true && input.generate !== true) {
    throw refuse('return_private_key needs generate: true; a key you send is never sent back');
  }
}

/** §4g's "Choosing the algorithm": the `alg` member, the header's, or the key's own. */
function chooseAlgorithm(input: SignJwtInput, headerAlg: unknown, renewing: boolean, key: SigningKeyRead | null): SigningAlgorithm {
  const asked = input.alg;
  for (const [name, value] of [
    ['alg', asked],
    ['header.alg', renewing ? undefined : headerAlg],
  ] as const) {
    if (typeof value === 'string' && value.toLowerCase() === 'none') {
      throw refuse(`alg: ${name} is none, and a none token carries no signature (RFC 8725 §3.1)`);
    }
    // includes only compares: any string may be looked for.
    if (typeof value === 'string' && !(SIGNING_ALGORITHMS as readonly string[]).includes(value)) {
      throw refuse(`alg: ${JSON.stringify(value)} is not one of ${SIGNING_ALGORITHMS.join(', ')}`);
    }
  }
  if (!renewing && asked !== undefined && typeof headerAlg === 'string' && asked !== headerAlg) {
    throw refuse(`alg: the alg member (${asked}) and header.alg (${headerAlg}) differ`);
  }
  // includes only compares. A string alg or header.alg is a SigningAlgorithm by now (the loop above refused the others).
  const fromHeader = typeof headerAlg === 'string' && (!renewing || key === null || key.algorithms.includes(headerAlg as SigningAlgorithm));
  const chosen = (asked ?? (fromHeader ? headerAlg : undefined) ?? key?.defaultAlgorithm) as SigningAlgorithm | undefined;
  if (key === null) {
    if (!isPublicKeyAlgorithm(chosen)) {
      throw refuse(`alg: generate needs an asymmetric alg, from alg or the header: ${PUBLIC_KEY_ALGORITHMS.join(', ')}`);
    }
    return chosen;
  }
  // With a key, its defaultAlgorithm is the last resort, so something was chosen.
  const alg = chosen as SigningAlgorithm;
  if (!key.algorithms.includes(alg)) throw refuse(`alg: ${alg} cannot be made with ${key.words}, which makes ${key.algorithms.join(', ')}`);
  // A secret makes HMAC algorithms alone (above), each of which has its minimum.
  if (key.key.kind === 'secret' && key.key.bytes.length < (MIN_SECRET_BYTES[alg] as number)) {
    throw refuse(
      `${key.member}: ${alg} needs a secret of at least ${MIN_SECRET_BYTES[alg]} bytes (RFC 7518 §3.2); this one has ${key.key.bytes.length}`,
    );
  }
  return alg;
}

/** A member list where a present name keeps its place and a new one goes to the end. */
function put(entries: [string, unknown][], name: string, value: unknown): unknown {
  const at = entries.findIndex(([entry]) => entry === name);
  if (at < 0) {
    entries.push([name, value]);
    return undefined;
  }
  // at is a found index.
  const before = (entries[at] as [string, unknown])[1];
  entries[at] = [name, value];
  return before;
}

/**
 * Makes a token (contract §4g): a new one from `header` and `payload`, or a pasted one re-signed with `set`,
 * `unset` and the time options, signed with a secret, a private key or a key pair made for the call. Refuses with
 * `SIGN_OPTION_INVALID` and `SIGN_KEY_INVALID` (the detail names the member, and never quotes a secret or key), the
 * `TOKEN_*` errors of reading a token to re-sign, and `KEY_INVALID` for a malformed JWK.
 */
export class SignJwt {
  constructor(
    private readonly clock: Clock,
    private readonly signer: TokenSigner,
    private readonly keys: KeyCodec,
    private readonly decoder: DecodeJwt,
  ) {}

  async execute(input: SignJwtInput): Promise<SignedJwt> {
    checkMembers(input);
    const renewing = input.token !== undefined;
    const old = input.token === undefined ? undefined : this.readOld(input.token);
    const headerGiven = input.header ?? {};
    if (!renewing && own(headerGiven, 'alg') !== undefined && typeof own(headerGiven, 'alg') !== 'string') {
      throw refuse('header: header.alg must be a string');
    }
    const key = input.generate === true ? null : readSigningKey(this.keys, input.secret, input.key);
    const oldAlg = old === undefined ? undefined : own(old.header, 'alg');
    const alg = chooseAlgorithm(input, renewing ? oldAlg : own(headerGiven, 'alg'), renewing, key);
    // Without a key, chooseAlgorithm returns a public-key algorithm or refuses.
    const privateKey =
      key === null ? await this.signer.generate(alg as AsymmetricAlgorithm) : key.key.kind === 'private' ? key.key.key : null;
    // A key that was read comes with its public key, checked as it was read (readSigningKey).
    const publicKey = privateKey === null ? null : (key?.publicKey?.key ?? this.keys.publicKeyOf(privateKey));
    const thumbprint = publicKey === null ? null : publicKeyThumbprint(this.keys, publicKey);
    const keyId = key === null ? thumbprint : key.id;

    // The header: alg set, typ for a new token, kid from the key; members in place, added ones first.
    const base = Object.entries(old?.header ?? headerGiven);
    const added: [string, unknown][] = [];
    let headerChanged = false;
    const set = (name: string, value: unknown) => {
      const at = base.findIndex(([entry]) => entry === name);
      // Past the first branch, at is a found index.
      if (at < 0) {
        added.push([name, value]);
        headerChanged = true;
      } else if ((base[at] as [string, unknown])[1] !== value) {
        base[at] = [name, value];
        headerChanged = true;
      }
    };
    set('alg', alg);
    if (!renewing && !base.some(([name]) => name === 'typ')) set('typ', 'JWT');
    if (keyId !== null && (renewing || !base.some(([name]) => name === 'kid'))) set('kid', keyId);
    const header: JsonObject = Object.fromEntries([...added, ...base]);
    for (const member of ['crit', 'b64']) {
      if (Object.hasOwn(header, member))
        throw refuse(`header: ${member} is not supported; the service signs plain base64url payloads and understands no extension`);
    }
    const cty = own(header, 'cty');
    if (typeof cty === 'string' && cty.toLowerCase() === 'jwt')
      throw refuse('header: cty JWT is not supported; nested tokens are not made');

    // The payload: set, unset, then the time options. Without a token, checkMembers saw a payload.
    const { claims, changes, notes } = this.payloadOf(input, old?.payload ?? (input.payload as JsonObject));
    if (renewing && oldAlg !== alg)
      notes.push(`The algorithm changed from ${typeof oldAlg === 'string' ? oldAlg : JSON.stringify(oldAlg ?? null)} to ${alg}.`);
    const payload: JsonObject = Object.fromEntries(claims);

    const headerSegment = old !== undefined && !headerChanged ? old.headerSegment : segment(header);
    const payloadSegment = old !== undefined && changes.length === 0 ? old.payloadSegment : segment(payload);
    const signingInput = `${headerSegment}.${payloadSegment}`;
    // Without a private key there was no generate, so a key was read.
    const signingKey = privateKey === null ? (key as SigningKeyRead).key : { kind: 'private' as const, key: privateKey };
    const signature = base64url(await this.signer.sign(alg, signingKey, signingInput));
    const token = `${signingInput}.${signature}`;
    if (token.length > MAX_TOKEN_LENGTH)
      throw refuse(`payload: the token would be ${token.length} characters, over the ${MAX_TOKEN_LENGTH} that /jwt/decode reads`);

    const kid = own(header, 'kid');
    const publicJwk =
      publicKey === null
        ? null
        : publicJwkOf(key?.publicKey?.jwk ?? this.keys.publicJwk(publicKey), alg, typeof kid === 'string' ? kid : undefined);
    return {
      token,
      header,
      payload,
      algorithm: alg,
      // A key that signs is RSA, EC or Ed25519, all of which §4f reads, so it has a thumbprint.
      key: publicJwk === null ? null : { public_jwk: publicJwk, thumbprint: thumbprint as string },
      notes,
      ...(renewing ? { changes } : {}),
      // return_private_key goes only with generate (checkMembers), so there is a key pair, and its public JWK.
      ...(input.return_private_key === true
        ? { private_jwk: privateJwkOf(this.keys, privateKey as PrivateKey, publicJwk as JsonObject) }
        : {}),
      decoded: this.decoder.execute({ token }),
      source: 'sign',
    };
  }

  /** A token to re-sign: a compact JWS with a JSON object payload, read as decode reads it, its segments kept. */
  private readOld(text: string): { header: JsonObject; payload: JsonObject; headerSegment: string; payloadSegment: string } {
    const form = readToken(text);
    if (form.form !== 'jwt') {
      throw new DomainError('TOKEN_MALFORMED', `token: only a compact JWS with a JSON object payload can be re-signed, not a ${form.form}`);
    }
    // Contract §4g: a kept segment is kept byte for byte, but without the trailing `=` that decode tolerates and
    // RFC 7515 §2 leaves out of base64url (a padded segment would be signed, and compared, as another text).
    // A compact JWS has three parts (readToken).
    const [headerSegment, payloadSegment] = form.jws.compact.split('.').map((part) => part.replace(/=+$/, '')) as [string, string];
    return {
      header: parseSegment('header', headerSegment),
      payload: parseSegment('payload', payloadSegment),
      headerSegment,
      payloadSegment,
    };
  }

  private payloadOf(input: SignJwtInput, start: JsonObject): { claims: [string, unknown][]; changes: ClaimChange[]; notes: string[] } {
    const claims = Object.entries(start);
    const changes: ClaimChange[] = [];
    const notes: string[] = [];
    const setEntries = Object.entries(input.set ?? {});
    const unset = input.unset ?? [];
    for (const name of unset) if (setEntries.some(([entry]) => entry === name)) throw refuse(`${name}: named in both set and unset`);
    for (const [option, claim] of TIMES) {
      if (
        input[option] !== undefined &&
        input[option] !== false &&
        (setEntries.some(([name]) => name === claim) || unset.includes(claim))
      ) {
        throw refuse(`${claim}: set by ${option}, so it cannot also be named in set or unset`);
      }
    }
    for (const [name, value] of setEntries) {
      const present = claims.some(([entry]) => entry === name);
      const before = put(claims, name, value);
      changes.push({ op: present ? 'replace' : 'add', name, from: present ? before : null, to: value });
    }
    for (const name of unset) {
      const at = claims.findIndex(([entry]) => entry === name);
      if (at < 0) continue;
      // at is a found index (above).
      changes.push({ op: 'remove', name, from: (claims[at] as [string, unknown])[1], to: null });
      claims.splice(at, 1);
    }
    const relative = TIMES.map(([option]) => input[option]);
    // The clock, once per call.
    const now = Math.floor(this.clock.nowMs() / 1000);
    TIMES.forEach(([option, claim], index) => {
      const value = relative[index];
      if (value === undefined || value === false) return;
      const to = typeof value === 'boolean' ? now : now + relativeSeconds(option, value);
      const present = claims.some(([entry]) => entry === claim);
      const before = put(claims, claim, to);
      if (present) notes.push(`${claim} was ${JSON.stringify(before)}; ${option} replaced it with ${to}.`);
      changes.push({ op: present ? 'replace' : 'add', name: claim, from: present ? before : null, to });
    });
    return { claims, changes, notes };
  }
}

/** The members of `jwk` among `names`, in the order of `names`. */
const membersOf = (jwk: JsonObject, names: readonly string[]) =>
  names.filter((name) => jwk[name] !== undefined).map((name) => [name, jwk[name]] as const);

/** Of a public key's JWK: `kty`, the public members, `alg`, `use: "sig"`, and `kid` when the token has one (contract §4g). */
function publicJwkOf(jwk: JsonObject, alg: SigningAlgorithm, kid: string | undefined): JsonObject {
  return Object.fromEntries([
    ['kty', jwk.kty],
    ...membersOf(jwk, PUBLIC_MEMBERS),
    ['alg', alg],
    ['use', 'sig'],
    ...(kid === undefined ? [] : [['kid', kid] as const]),
  ]);
}

function privateJwkOf(keys: KeyCodec, privateKey: PrivateKey, publicJwk: JsonObject): JsonObject {
  const jwk = keys.privateJwk(privateKey);
  return Object.fromEntries([...Object.entries(publicJwk), ...membersOf(jwk, PRIVATE_MEMBERS)]);
}
