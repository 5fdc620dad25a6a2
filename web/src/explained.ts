import type { TokenBody } from './types.js';

export type Explained = TokenBody['explained'][number];

const RFC_EDITOR = 'https://www.rfc-editor.org/rfc/rfc';
const IANA_CLAIMS = 'https://www.iana.org/assignments/jwt/jwt.xhtml#claims';
const IANA_HEADER = 'https://www.iana.org/assignments/jose/jose.xhtml#web-signature-encryption-header-parameters';

/**
 * Where an entry's `reference` points, as a link: a vendor's documentation as it is; the first RFC
 * of an IANA reference, at its section when it names one; any other document through IANA's
 * registry page, which links it. Null for an unknown member, which has no reference.
 */
export function referenceUrl(entry: Pick<Explained, 'in' | 'reference'>): string | null {
  const { reference } = entry;
  if (reference === null) return null;
  if (reference.startsWith('https://')) return reference;
  const rfc = /^\[RFC(\d+)(?:, Sections? ([\d.]+))?/.exec(reference);
  if (rfc !== null) return `${RFC_EDITOR}${rfc[1]}${rfc[2] === undefined ? '' : `#section-${rfc[2]}`}`;
  return entry.in === 'header' ? IANA_HEADER : IANA_CLAIMS;
}

/**
 * What kind of token the claims suggest, for the line that names a recognised issuer: an access
 * token or an ID token when a claim says so, else just a token. A hint, as `issuer_vendor` is.
 */
export function tokenKind(header: Readonly<Record<string, unknown>>, claims: Readonly<Record<string, unknown>> | null): string {
  if (claims === null) return 'token';
  const has = (name: string) => Object.hasOwn(claims, name);
  const typ = typeof header.typ === 'string' ? header.typ.toLowerCase() : '';
  // What the token says of itself first (Cognito's token_use, Keycloak's typ, RFC 9068's typ), then its claims.
  if (claims.token_use === 'access' || claims.typ === 'Bearer' || typ === 'at+jwt') return 'access token';
  if (claims.token_use === 'id' || claims.typ === 'ID') return 'ID token';
  if (['scp', 'scope', 'roles', 'cid'].some(has)) return 'access token';
  if (['nonce', 'at_hash', 'c_hash'].some(has)) return 'ID token';
  return 'token';
}
