import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SNAPSHOT_DATE, SOURCES, claimEntries, documentsOf, headerParameterEntries } from '../../../../../scripts/claim-registry.js';
import {
  IANA_CLAIMS,
  IANA_HEADER_PARAMETERS,
  REGISTRY_SNAPSHOT,
  REGISTRY_SOURCES,
} from '../../../../../src/core/jwt/claims/iana-registry.js';

const csv = (file: string): string => readFileSync(file, 'utf8');

describe('the pinned copy of the IANA registries', () => {
  // Contract §4d gives the hashes of the registries as they stood on 2026-07-20.
  it.each(Object.values(SOURCES))('is made from $registry as it stood on 2026-07-20, byte for byte', ({ file, sha256 }) => {
    expect(createHash('sha256').update(readFileSync(file)).digest('hex')).toBe(sha256);
  });

  it('is still the copy the CSVs give: every entry, field and order', () => {
    expect(IANA_CLAIMS).toEqual(claimEntries(csv(SOURCES.claims.file)));
    expect(IANA_HEADER_PARAMETERS).toEqual(headerParameterEntries(csv(SOURCES.headerParameters.file)));
  });

  it('names its date and sources', () => {
    expect(REGISTRY_SNAPSHOT).toBe('2026-07-20');
    expect(SNAPSHOT_DATE).toBe(REGISTRY_SNAPSHOT);
    expect(REGISTRY_SOURCES.map((source) => source.url)).toEqual([
      'https://www.iana.org/assignments/jwt/claims.csv',
      'https://www.iana.org/assignments/jose/web-signature-encryption-header-parameters.csv',
    ]);
  });

  it('holds one claim entry per row (163) and one header entry per name (33 from 44 rows)', () => {
    expect(IANA_CLAIMS).toHaveLength(163);
    expect(IANA_HEADER_PARAMETERS).toHaveLength(33);
    expect(new Set(IANA_HEADER_PARAMETERS.map((entry) => entry.name)).size).toBe(33);
  });

  it('builds a name registered for JWS and JWE from all its rows, at its first row', () => {
    expect(IANA_HEADER_PARAMETERS[0]).toEqual({
      name: 'alg',
      title: 'Algorithm',
      description: 'Algorithm',
      defined_by: ['RFC 7515', 'RFC 7516'],
      reference: '[RFC7515, Section 4.1.1] [RFC7516, Section 4.1.1]',
    });
    expect(IANA_HEADER_PARAMETERS.find((entry) => entry.name === 'x5t#S256')).toMatchObject({
      description: 'X.509 Certificate SHA-256 Thumbprint',
      defined_by: ['RFC 7515', 'RFC 7516'],
    });
  });

  it('collapses the white space of descriptions and references', () => {
    expect(IANA_CLAIMS.find((entry) => entry.name === 'may_act')).toMatchObject({
      description: 'Authorized Actor - the party that is authorized to become the actor',
      defined_by: ['RFC 8693'],
      reference: '[RFC8693, Section 4.4]',
    });
    expect(IANA_CLAIMS.find((entry) => entry.name === 'vc')?.defined_by).toEqual([
      'W3C Recommendation Verifiable Credentials Data Model 1.0 - Expressing verifiable information on the Web (19 November 2019)',
    ]);
  });

  it('titles an entry with its description in sentence case, keeping acronyms and mixed-case names', () => {
    const title = (name: string) => [...IANA_CLAIMS, ...IANA_HEADER_PARAMETERS].find((entry) => entry.name === name)?.title;
    expect(title('exp')).toBe('Expiration time');
    expect(title('jti')).toBe('JWT ID');
    expect(title('apu')).toBe('Agreement PartyUInfo');
    expect(title('p2s')).toBe('PBES2 salt input');
    expect(title('cnonce')).toBe('Client nonce');
  });

  it('gives every entry a title of 1 to 80 characters', () => {
    for (const entry of [...IANA_CLAIMS, ...IANA_HEADER_PARAMETERS]) {
      expect(entry.title.length, entry.name).toBeGreaterThanOrEqual(1);
      expect(entry.title.length, entry.name).toBeLessThanOrEqual(80);
    }
  });
});

describe('documentsOf, the documents of a Reference (contract §4d)', () => {
  it.each([
    ['[RFC7519, Section 4.1.4]', ['RFC 7519']],
    ['[RFC8055][RFC3261]', ['RFC 8055', 'RFC 3261']],
    ['[RFC7515, Section 4.1.1] [RFC7516, Section 4.1.1]', ['RFC 7515', 'RFC 7516']],
    ['[RFC7515, Section 4.1.1] [RFC7515, Section 4.1.2]', ['RFC 7515']],
    ['[OpenID Connect Core 1.0, Section 2][RFC9449]', ['OpenID Connect Core 1.0', 'RFC 9449']],
    ['[RFC-ietf-oauth-status-list-21, Section 5.1]', ['RFC-ietf-oauth-status-list-21']],
    ['[https://profiles.ihe.net/ITI/DSGj/Volume3/ch-5.10.html#5.10]', ['https://profiles.ihe.net/ITI/DSGj/Volume3/ch-5.10.html#5.10']],
    ['[W3C Recommendation\n  Verifiable Credentials, Section 6]', ['W3C Recommendation Verifiable Credentials']],
  ])('%j gives %j', (reference, documents) => {
    expect(documentsOf(reference)).toEqual(documents);
  });
});
