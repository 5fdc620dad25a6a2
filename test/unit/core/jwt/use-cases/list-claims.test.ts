import { describe, expect, it } from 'vitest';
import { CLAIM_DICTIONARY } from '../../../../../src/core/jwt/claims/dictionary.js';
import { ListClaims } from '../../../../../src/core/jwt/use-cases/list-claims.js';
import { expectDomainError } from '../../../../support/domain-error.js';

const list = new ListClaims();
const VENDORS = 'iana, entra, auth0, okta, keycloak, google, cognito, firebase, github_actions, kubernetes, apple';

describe('ListClaims', () => {
  it('serves the whole dictionary, dated, without a filter', () => {
    for (const input of [undefined, {}]) {
      const answer = list.execute(input);
      expect(answer.entries).toEqual(CLAIM_DICTIONARY);
      expect(answer.registry_snapshot).toBe('2026-07-20');
      expect(answer.source).toBe('claims');
      expect(Object.keys(answer)).toEqual(['entries', 'registry_snapshot', 'source']);
    }
    // 33 header parameter names, 163 claims, and the packs: 36 + 4 + 5 + 5 + 1 + 10 + 2 + 28 + 5 + 4.
    expect(list.execute(undefined).entries).toHaveLength(33 + 163 + 100);
  });

  it('keeps the entries with exactly a name, in dictionary order', () => {
    expect(list.execute({ name: 'groups' }).entries.map((entry) => entry.vendor)).toEqual([null, 'entra']);
    expect(list.execute({ name: 'scp' }).entries.map((entry) => entry.vendor)).toEqual(['entra', 'okta']);
    expect(list.execute({ name: 'alg' }).entries).toEqual([
      {
        in: 'header',
        name: 'alg',
        title: 'Algorithm',
        description: 'Algorithm',
        defined_by: ['RFC 7515', 'RFC 7516'],
        reference: '[RFC7515, Section 4.1.1] [RFC7516, Section 4.1.1]',
        vendor: null,
      },
    ]);
  });

  it('lists a name registered as a header parameter and as a claim twice, the header first', () => {
    expect(list.execute({ name: 'iss' }).entries.map((entry) => entry.in)).toEqual(['header', 'payload']);
  });

  it.each([['TID'], [' tid'], ['tid '], ['__proto__'], ['toString']])('gives no entry for %j: names are exact', (name) => {
    expect(list.execute({ name }).entries).toEqual([]);
  });

  it("keeps IANA's entries or one pack's", () => {
    const iana = list.execute({ vendor: 'iana' }).entries;
    expect(iana).toHaveLength(33 + 163);
    expect(iana.every((entry) => entry.vendor === null)).toBe(true);
    const entra = list.execute({ vendor: 'entra' }).entries;
    expect(entra.map((entry) => entry.name)).toEqual([...entra.map((entry) => entry.name)].sort());
    expect(entra.every((entry) => entry.vendor === 'entra' && entry.defined_by.join() === 'Microsoft Entra ID')).toBe(true);
    expect(entra.map((entry) => entry.name)).toContain('xms_cc');
  });

  it('applies both filters together', () => {
    expect(list.execute({ name: 'tid', vendor: 'entra' }).entries.map((entry) => entry.title)).toEqual(['Tenant ID']);
    expect(list.execute({ name: 'tid', vendor: 'iana' }).entries).toEqual([]);
    expect(list.execute({ name: 'groups', vendor: 'iana' }).entries.map((entry) => entry.vendor)).toEqual([null]);
  });

  it('takes a name of 256 characters, and refuses an empty one or a longer one', () => {
    expect(list.execute({ name: 'x'.repeat(256) }).entries).toEqual([]);
    const detail = 'name must be 1 to 256 characters, the exact name of a claim or header parameter';
    expectDomainError(() => list.execute({ name: '' }), 'CLAIM_NAME_INVALID', detail);
    expectDomainError(() => list.execute({ name: 'x'.repeat(257) }), 'CLAIM_NAME_INVALID', detail);
  });

  it.each([['Entra'], ['azure'], [''], [' iana'], ['IANA']])('refuses vendor %j, naming the codes', (vendor) => {
    expectDomainError(() => list.execute({ vendor }), 'VENDOR_UNKNOWN', `vendor must be one of ${VENDORS}`);
  });
});
