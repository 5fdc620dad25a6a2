/** What a share link carries: in the fragment only, which browsers never send to a server. */
export interface SharedState {
  readonly input: string;
  readonly zone?: string | undefined;
  /** Only ever a public key: `isPublicKey` decides. */
  readonly key?: string | undefined;
}

// Members that only a private or secret JWK has (RFC 7517, RFC 7518 §6).
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];
const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----/g;
const PUBLIC_PEM = new Set(['PUBLIC KEY', 'CERTIFICATE']);

function isPublicJwk(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const jwk = value as Record<string, unknown>;
  return typeof jwk.kty === 'string' && jwk.kty !== 'oct' && PRIVATE_MEMBERS.every((member) => !(member in jwk));
}

/**
 * Whether a key text is public through and through: PEM public keys and
 * certificates only, or a JWK or JWK Set with no private or secret member.
 * Anything else (a private key, an HMAC secret, text we cannot read) is not
 * put in a link.
 */
export function isPublicKey(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.startsWith('-----BEGIN')) {
    const labels = [...trimmed.matchAll(PEM_BLOCK)].map((match) => match[1] ?? '');
    return labels.length > 0 && labels.every((label) => PUBLIC_PEM.has(label));
  }
  try {
    const parsed: unknown = JSON.parse(trimmed);
    if (typeof parsed === 'object' && parsed !== null && 'keys' in parsed) {
      const keys = parsed.keys;
      return Array.isArray(keys) && keys.length > 0 && keys.every(isPublicJwk);
    }
    return isPublicJwk(parsed);
  } catch {
    return false;
  }
}

/**
 * Whether a key text holds private material on its face: a PEM block whose
 * label names a private key, or a JWK with a private or secret member. Read in
 * the page itself, so that the warning shows the moment the text is pasted.
 */
export function holdsPrivateKey(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.includes('-----BEGIN ')) return [...trimmed.matchAll(PEM_BLOCK)].some((match) => (match[1] ?? '').includes('PRIVATE KEY'));
  try {
    const parsed: unknown = JSON.parse(trimmed);
    const keys: unknown[] =
      typeof parsed === 'object' && parsed !== null && 'keys' in parsed && Array.isArray(parsed.keys) ? parsed.keys : [parsed];
    return keys.some((key) => typeof key === 'object' && key !== null && !Array.isArray(key) && 'kty' in key && !isPublicJwk(key));
  } catch {
    return false;
  }
}

/** The fragment of a share link, `#` included; the key only when it is public. */
export function encodeFragment(state: SharedState): string {
  const params = new URLSearchParams({ input: state.input });
  if (state.zone) params.set('zone', state.zone);
  if (state.key && isPublicKey(state.key)) params.set('key', state.key);
  return `#${params.toString()}`;
}

/** Reads a share link's fragment; a key that is not public is dropped here too. */
export function decodeFragment(fragment: string): SharedState | undefined {
  const params = new URLSearchParams(fragment.replace(/^#/, ''));
  const input = params.get('input');
  if (input === null) return undefined;
  const key = params.get('key');
  return {
    input,
    zone: params.get('zone') ?? undefined,
    key: key !== null && isPublicKey(key) ? key : undefined,
  };
}
