// The page's reading of profile rules: where each reference links, and which expectations a profile asks for.
import { describe, expect, it } from 'vitest';
import { PROFILE_RULES } from '../../../src/core/jwt/profiles/profiles.js';
import { parametersAsked, ruleReferenceUrl } from '../../../web/src/rules.js';

describe('ruleReferenceUrl', () => {
  it('links an RFC at its section, and an OpenID section at its anchor in the specification', () => {
    expect(ruleReferenceUrl('[RFC 9449 §4.3]')).toBe('https://www.rfc-editor.org/rfc/rfc9449#section-4.3');
    expect(ruleReferenceUrl('[OpenID Connect Core 1.0 §3.1.3.7]')).toBe(
      'https://openid.net/specs/openid-connect-core-1_0.html#IDTokenValidation',
    );
    expect(ruleReferenceUrl('[OpenID Connect Back-Channel Logout 1.0 §2.6]')).toBe(
      'https://openid.net/specs/openid-connect-backchannel-1_0.html#Validation',
    );
    expect(ruleReferenceUrl('[FAPI 1.0 Advanced §5.1]')).toBe('https://openid.net/specs/openid-financial-api-part-2-1_0.html');
  });

  it('links every reference of every profile, an OpenID one at a known anchor unless it is FAPI', () => {
    for (const [rule, reference] of Object.values(PROFILE_RULES).flat()) {
      const url = ruleReferenceUrl(reference);
      expect(url, `${rule} ${reference}`).toMatch(/^https:\/\//);
      if (reference.includes('OpenID')) expect(url, reference).toContain('#');
    }
  });

  it('links nothing it cannot place', () => {
    expect(ruleReferenceUrl('[Some Other Spec §1]')).toBeUndefined();
    expect(ruleReferenceUrl('RFC 9449 §4.3')).toBeUndefined();
    expect(ruleReferenceUrl('[OpenID Connect Core 1.0 §99]')).toBe('https://openid.net/specs/openid-connect-core-1_0.html');
  });
});

describe('parametersAsked', () => {
  const check = (rule: string, passed: boolean | null, message: string) => ({ rule, passed, message, reference: '[RFC 7519 §4.1.1]' });

  it('names each parameter an unchecked rule asks for, once, in the rules’ order', () => {
    expect(
      parametersAsked([
        check('typ', true, 'typ is one that oidc_id_token accepts'),
        check('aud_matches', null, 'not checked: give audience'),
        check('azp_matches', null, 'not checked: give audience'),
        check('at_hash_matches', null, 'not checked: give access_token'),
        check('c_hash_matches', null, 'not checked: the token has no c_hash'),
        check('signature', null, 'not checked: give key'),
      ]),
    ).toEqual(['audience', 'access_token', 'key']);
  });

  it('ignores a checked rule whose message happens to read the same', () => {
    expect(parametersAsked([check('x', false, 'not checked: give nonce')])).toEqual([]);
  });
});
