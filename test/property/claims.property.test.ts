import fc from 'fast-check';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { IANA_CLAIMS, IANA_HEADER_PARAMETERS } from '../../src/core/jwt/claims/iana-registry.js';
import { VENDOR_PACKS } from '../../src/core/jwt/claims/vendor-packs.js';
import { b64url } from '../support/fixtures.js';
import { testService } from '../support/service.js';
import { VENDOR_TOKENS } from '../vectors/vendor-tokens.js';

const { app } = testService({ RATE_LIMIT_POINTS: '1000000' });

// Names that tempt an object lookup, registered and pack names, integer-like names (which JavaScript
// objects order first), and anything else.
const memberName = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'EXP', '', ' ', '0', '1', '42', '-1', '1.5'),
  fc.constantFrom(...IANA_CLAIMS.map((entry) => entry.name), ...IANA_HEADER_PARAMETERS.map((entry) => entry.name)),
  fc.constantFrom(...VENDOR_PACKS.flatMap((pack) => Object.keys(pack.claims))),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
);
const issuer = fc.oneof(
  fc.constantFrom(...VENDOR_TOKENS.map((token) => token.payload.iss)),
  fc.string({ maxLength: 40 }),
  fc.jsonValue({ maxDepth: 1 }),
);
const value = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.double(), fc.integer(), fc.constant(1537234948.5));

/** JSON object text with these members, repeats and `__proto__` written as they are. */
const objectText = (members: ReadonlyArray<readonly [string, unknown]>): string =>
  `{${members.map(([name, member]) => `${JSON.stringify(name)}:${JSON.stringify(member) ?? 'null'}`).join(',')}}`;

describe('explained, for any header and claims', () => {
  it('answers 200 or 400, never a 5xx, with one entry per member that is there and no other', async () => {
    const members = fc.array(fc.tuple(memberName, value), { maxLength: 10 });
    await fc.assert(
      fc.asyncProperty(members, members, fc.option(issuer, { nil: undefined }), async (headerMembers, claimMembers, iss) => {
        const headerText = objectText([['alg', 'HS256'], ...headerMembers]);
        const claimsText = objectText(iss === undefined ? claimMembers : [['iss', iss], ...claimMembers]);
        const token = `${b64url(headerText)}.${b64url(claimsText)}.c2ln`;
        const res = await request(app).post('/jwt/decode').send({ token });
        expect(res.status).toBeLessThan(500);
        if (res.status !== 200) {
          expect(res.status).toBe(400);
          return;
        }
        const body = res.body as { explained: Array<{ in: string; name: string; known: boolean; vendor: string | null }> };
        const header = Object.keys(JSON.parse(headerText) as object);
        const claims = Object.keys(JSON.parse(claimsText) as object);
        expect(body.explained.map((entry) => `${entry.in}:${entry.name}`)).toEqual([
          ...header.map((name) => `header:${name}`),
          ...claims.map((name) => `payload:${name}`),
        ]);
        for (const entry of body.explained) {
          if (!entry.known) expect(entry).toMatchObject({ title: null, description: null, defined_by: [], reference: null, vendor: null });
          if (['__proto__', 'constructor', 'toString', 'EXP'].includes(entry.name)) expect(entry.known).toBe(false);
        }
      }),
      { numRuns: 200 },
    );
  });
});
