import { describe, expect, it } from 'vitest';
import { HmacKnownSecrets } from '../../../../../src/adapters/driven/known-secrets/hmac-known-secrets.js';
import { IANA_CLAIMS } from '../../../../../src/core/jwt/claims/iana-registry.js';
import { VENDOR_PACKS } from '../../../../../src/core/jwt/claims/vendor-packs.js';
import { DecodeJwt } from '../../../../../src/core/jwt/use-cases/decode-jwt.js';
import { FixedClock } from '../../../../support/fakes.js';
import { KUBERNETES_LEGACY_TOKEN, VENDOR_TOKENS, tokenOf, type VendorToken } from '../../../../vectors/vendor-tokens.js';

const decoder = new DecodeJwt(new FixedClock(Date.UTC(2026, 10, 26)), new HmacKnownSecrets());
const decode = (token: string) => decoder.execute({ token });
const IANA_NAMES: ReadonlySet<string> = new Set(IANA_CLAIMS.map((entry) => entry.name));
const packOf = (code: string) => VENDOR_PACKS.find((pack) => pack.code === code)!;
const payloadEntries = (token: string) => decode(token).explained.filter((entry) => entry.in === 'payload');

describe("each vendor's documented token", () => {
  it('covers the ten vendors', () => {
    expect(VENDOR_TOKENS.map((token) => token.code)).toEqual(VENDOR_PACKS.map((pack) => pack.code));
  });

  it.each([...VENDOR_TOKENS, KUBERNETES_LEGACY_TOKEN].map((vector) => [vector.code, vector.source, vector] as const))(
    '%s (%s) is recognised, and its claims are explained by its pack',
    (code, _source, vector: VendorToken) => {
      const body = decode(tokenOf(vector));
      const pack = packOf(code);
      expect(body.issuer_vendor).toMatchObject({ code, name: pack.name });
      expect(pack.patterns).toContain(body.issuer_vendor?.detected_by);
      const entries = body.explained.filter((entry) => entry.in === 'payload');
      expect(entries.map((entry) => entry.name)).toEqual(Object.keys(vector.payload));
      for (const entry of entries) {
        if (vector.packClaims.includes(entry.name)) {
          const registered = IANA_CLAIMS.find((claim) => claim.name === entry.name)?.defined_by ?? [];
          expect(entry, entry.name).toMatchObject({
            known: true,
            vendor: code,
            title: pack.claims[entry.name]!.title,
            reference: pack.claims[entry.name]!.reference,
            defined_by: [...registered, pack.name],
          });
        } else {
          expect(entry.vendor, entry.name).toBeNull();
          expect(entry.known, entry.name).toBe(IANA_NAMES.has(entry.name));
        }
      }
    },
  );

  it.each(VENDOR_TOKENS.map((vector) => [vector.code, vector] as const))(
    "%s's claims under an unrelated issuer are IANA's or unknown, never the vendor's",
    (_code, vector) => {
      const body = decode(tokenOf({ header: vector.header, payload: { ...vector.payload, iss: 'https://issuer.example' } }));
      expect(body.issuer_vendor).toBeNull();
      for (const entry of body.explained) {
        expect(entry.vendor, entry.name).toBeNull();
        if (entry.in === 'payload') expect(entry.known, entry.name).toBe(IANA_NAMES.has(entry.name));
      }
    },
  );

  it('explains an Entra access token as contract §4d shows it', () => {
    const entra = VENDOR_TOKENS[0]!;
    const body = decode(tokenOf(entra));
    expect(body.issuer_vendor).toEqual({
      code: 'entra',
      name: 'Microsoft Entra ID',
      detected_by: 'https://login.microsoftonline.com/{tenant}/v2.0',
    });
    const byName = new Map(body.explained.map((entry) => [entry.name, entry]));
    expect(byName.get('tid')).toMatchObject({ in: 'payload', known: true, defined_by: ['Microsoft Entra ID'], vendor: 'entra' });
    expect(byName.get('exp')).toMatchObject({
      defined_by: ['RFC 7519'],
      vendor: null,
      utc: { iso: '2018-09-18T01:42:28Z', unix_seconds: 1537234948, unix_milliseconds: 1537234948000 },
    });
    expect(byName.get('kid')).toMatchObject({ in: 'header', known: true, vendor: null, defined_by: ['RFC 7515', 'RFC 7516'] });
  });

  it('explains a GitHub Actions ref as GitHub’s, and the same ref elsewhere as OpenID Federation’s', () => {
    const github = VENDOR_TOKENS.find((vector) => vector.code === 'github_actions')!;
    const ref = (payload: Record<string, unknown>) =>
      payloadEntries(tokenOf({ header: github.header, payload })).find((entry) => entry.name === 'ref');
    expect(ref(github.payload)).toMatchObject({ vendor: 'github_actions', defined_by: ['OpenID Federation 1.0', 'GitHub Actions'] });
    expect(ref({ ...github.payload, iss: 'https://gitlab.example.com' })).toMatchObject({
      vendor: null,
      defined_by: ['OpenID Federation 1.0'],
    });
  });
});
