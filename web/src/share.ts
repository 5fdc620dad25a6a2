import { credentialsIn } from './recognise.js';

/**
 * What a share link may carry, decided here and nowhere else (contract §10): the state
 * travels in the fragment only, which browsers never send to a server, and it never
 * holds a key other than a public one: not a private JWK or PEM, not a JWK Set with a
 * private member, not a secret, wherever it was pasted, the one input included.
 */
export interface SharedState {
  readonly input: string;
  readonly zone?: string | undefined;
  /** The verify panel's key: only ever a public key, as `isPublicKey` decides. */
  readonly key?: string | undefined;
  /**
   * Whether the page runs in this browser (contract §11): on unless a link says
   * otherwise, so only off is written, as `local=off`.
   */
  readonly local?: boolean | undefined;
}

// Members that only a private or secret JWK has (RFC 7517, RFC 7518 §6).
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];
const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----/g;
const PUBLIC_PEM = new Set(['PUBLIC KEY', 'CERTIFICATE']);
// Base64url text that may decode to JSON: an object (`{` gives `e`) or an SD-JWT disclosure's array (`[` gives `W`).
const ENCODED_JSON = /\b(?:e|W)[A-Za-z0-9_-]{3,}/g;
// Depth and count limits keep the search cheap on whatever is pasted.
const MAX_DEPTH = 16;
const MAX_ENCODED_PARTS = 64;

/** The key material a text holds, found wherever it sits in it. */
interface Material {
  /** Some key material was found, or something that looks like it (a PEM armour line, a `"kty"` member). */
  readonly looksLikeKey: boolean;
  /** Why the text may not travel, in words; undefined when every key in it is public. */
  readonly notPublic: string | undefined;
  /** Private or secret material on its face: a private PEM block, or a JWK with a private or secret member. */
  readonly private: boolean;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function isPublicJwk(jwk: Record<string, unknown>): boolean {
  return jwk.kty !== 'oct' && PRIVATE_MEMBERS.every((member) => !(member in jwk));
}

/** Every JWK in a JSON value, at any depth: a bare JWK, a JWK Set's members, a header's `jwk`, a `cnf.jwk`. */
function jwksIn(value: unknown, found: Record<string, unknown>[] = [], depth = 0): Record<string, unknown>[] {
  if (depth > MAX_DEPTH || typeof value !== 'object' || value === null) return found;
  if (isObject(value) && typeof value.kty === 'string') found.push(value);
  for (const member of Object.values(value)) jwksIn(member, found, depth + 1);
  return found;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function base64urlJson(part: string): unknown {
  try {
    const binary = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    return parseJson(new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0))));
  } catch {
    return undefined;
  }
}

/** Reads a text for key material: PEM blocks, JSON, and the base64url JSON inside a token (a header's `jwk`, a disclosure). */
function readMaterial(text: string): Material {
  const labels = [...text.matchAll(PEM_BLOCK)].map((match) => match[1] ?? '');
  const pemPrivate = labels.some((label) => label.includes('PRIVATE KEY'));
  const json = parseJson(text.trim());
  const decoded = [...text.matchAll(ENCODED_JSON)].slice(0, MAX_ENCODED_PARTS).map((match) => base64urlJson(match[0]));
  const jwks = [json, ...decoded].flatMap((value) => jwksIn(value));
  const privateJwks = jwks.filter((jwk) => !isPublicJwk(jwk));
  const armoured = text.includes('-----BEGIN');
  const looksLikeKey = armoured || jwks.length > 0 || /"kty"\s*:/.test(text) || (isObject(json) && 'keys' in json);
  let notPublic: string | undefined;
  if (pemPrivate) notPublic = 'a private key in PEM form';
  else if (privateJwks.some((jwk) => jwk.kty === 'oct')) notPublic = 'a secret key (a JWK of kty "oct")';
  else if (privateJwks.length > 0) notPublic = isObject(json) && 'keys' in json ? 'a JWK Set with a private member' : 'a private JWK';
  else if (armoured && (labels.length === 0 || labels.some((label) => !PUBLIC_PEM.has(label))))
    notPublic = 'a PEM block that is neither a public key nor a certificate';
  else if (/"kty"\s*:/.test(text) && jwks.length === 0) notPublic = 'a JWK that cannot be read, so it cannot be told public';
  return { looksLikeKey, notPublic, private: pemPrivate || privateJwks.length > 0 };
}

/**
 * Whether a key text is public through and through: PEM public keys and
 * certificates only, or a JWK or JWK Set with no private or secret member.
 * Anything else (a private key, an HMAC secret, text we cannot read) is not
 * put in a link.
 */
export function isPublicKey(text: string): boolean {
  if (readMaterial(text).notPublic !== undefined) return false;
  const trimmed = text.trim();
  if (trimmed.startsWith('-----BEGIN')) return true;
  const json = parseJson(trimmed);
  if (!isObject(json)) return false;
  const keys = 'keys' in json ? json.keys : [json];
  return Array.isArray(keys) && keys.length > 0 && keys.every((key) => isObject(key) && typeof key.kty === 'string');
}

/**
 * Whether a text holds private material on its face: a PEM block whose label
 * names a private key, or a JWK with a private or secret member, wherever it
 * sits. Read in the page itself, so that the warning shows the moment the text
 * is pasted.
 */
export function holdsPrivateKey(text: string): boolean {
  return readMaterial(text).private;
}

/** A share link's fragment, `#` included, and what was left out of it, each in a sentence that says why. */
export interface ShareLink {
  readonly fragment: string;
  readonly leftOut: readonly string[];
}

/**
 * The share link of the page's state. The input goes in unless it holds a key
 * other than a public one; the verify panel's key only when it is public.
 * `typedSecrets` names the secret and key fields of the panels that hold
 * text: none of them is ever part of the state, and the page says so.
 */
export function shareLink(state: SharedState, typedSecrets: readonly string[] = []): ShareLink {
  const params = new URLSearchParams();
  const leftOut: string[] = [];
  const inputProblem = readMaterial(state.input).notPublic;
  const credentials = credentialsIn(state.input);
  if (inputProblem !== undefined) {
    leftOut.push(`The input is left out of the link: it holds ${inputProblem}, and only a public key goes into a link.`);
  } else if (credentials.length > 0) {
    leftOut.push(`The input is left out of the link: it is a credential (${credentials.join(', ')}), and a secret never goes into a link.`);
  } else params.set('input', state.input);
  if (state.zone) params.set('zone', state.zone);
  if (state.key !== undefined && state.key.trim() !== '') {
    if (isPublicKey(state.key)) params.set('key', state.key);
    else leftOut.push("The verify panel's key is left out: it is not a public key, and only a public key goes into a link.");
  }
  if (state.local === false) params.set('local', 'off');
  if (typedSecrets.length > 0) {
    leftOut.push(`Left out as well, because a secret never goes into a link: ${typedSecrets.join('; ')}.`);
  }
  return { fragment: `#${params.toString()}`, leftOut };
}

/** Reads a share link's fragment; a key that is not public is dropped here too. Nothing for an empty fragment. */
export function decodeFragment(fragment: string): SharedState | undefined {
  const params = new URLSearchParams(fragment.replace(/^#/, ''));
  const input = params.get('input');
  const zone = params.get('zone') ?? undefined;
  const key = params.get('key');
  // Anything but `off` leaves the default, local mode: a link can only ask for the service by saying so.
  const local = params.get('local') === 'off' ? false : undefined;
  if (input === null && zone === undefined && key === null && local === undefined) return undefined;
  return { input: input ?? '', zone, key: key !== null && isPublicKey(key) ? key : undefined, local };
}
