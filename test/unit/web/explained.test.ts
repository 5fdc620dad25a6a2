import { describe, expect, it } from 'vitest';
import { referenceUrl, tokenKind } from '../../../web/src/explained.js';

describe('referenceUrl', () => {
  it.each([
    [{ in: 'payload', reference: '[RFC7519, Section 4.1.4]' }, 'https://www.rfc-editor.org/rfc/rfc7519#section-4.1.4'],
    [
      { in: 'header', reference: '[RFC7515, Section 4.1.1] [RFC7516, Section 4.1.1]' },
      'https://www.rfc-editor.org/rfc/rfc7515#section-4.1.1',
    ],
    [{ in: 'payload', reference: '[RFC8055][RFC3261]' }, 'https://www.rfc-editor.org/rfc/rfc8055'],
    [{ in: 'payload', reference: '[RFC9999, Sections 3.1, 3.3]' }, 'https://www.rfc-editor.org/rfc/rfc9999#section-3.1'],
    [{ in: 'payload', reference: '[OpenID Connect Core 1.0, Section 5.1]' }, 'https://www.iana.org/assignments/jwt/jwt.xhtml#claims'],
    [
      { in: 'header', reference: '[OpenID Federation 1.0, Section 4.3]' },
      'https://www.iana.org/assignments/jose/jose.xhtml#web-signature-encryption-header-parameters',
    ],
    [
      { in: 'payload', reference: 'https://learn.microsoft.com/en-us/entra/identity-platform/access-token-claims-reference' },
      'https://learn.microsoft.com/en-us/entra/identity-platform/access-token-claims-reference',
    ],
    [{ in: 'payload', reference: null }, null],
  ] as const)('links %j to %s', (entry, url) => {
    expect(referenceUrl(entry)).toBe(url);
  });
});

describe('tokenKind', () => {
  it.each([
    [{}, { scp: 'User.Read' }, 'access token'],
    [{}, { roles: [] }, 'access token'],
    [{ typ: 'at+JWT' }, {}, 'access token'],
    [{}, { token_use: 'access' }, 'access token'],
    [{}, { typ: 'Bearer' }, 'access token'],
    [{}, { nonce: 'n' }, 'ID token'],
    [{}, { token_use: 'id', scope: 'x' }, 'ID token'],
    [{}, { typ: 'ID', nonce: 'n', scope: 'openid' }, 'ID token'],
    [{}, { token_use: 'id' }, 'ID token'],
    [{}, { at_hash: 'x' }, 'ID token'],
    [{}, { sub: 'x' }, 'token'],
    [{ typ: 'JWT' }, null, 'token'],
  ] as const)('reads %j with %j as %s', (header, claims, kind) => {
    expect(tokenKind(header, claims)).toBe(kind);
  });
});
