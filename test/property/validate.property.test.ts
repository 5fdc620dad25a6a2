// /jwt/validate against arbitrary tokens and parameters: 200 or 400, never a 5xx, and never the access
// token or the code back.
import fc from 'fast-check';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { validateInput } from '../../src/adapters/driving/contract/schemas.js';
import { tokenOf } from '../support/fixtures.js';
import { testService } from '../support/service.js';
import { RFC9449_PROOF } from '../vectors/jose-keys.js';

const { app } = testService({ RATE_LIMIT_POINTS: '1000000' });

// Every parameter of the operation's input schema but the token itself.
const PARAMETERS = Object.keys(validateInput.shape).filter((name) => name !== 'token');
const PROFILES = ['oidc_id_token', 'oauth_access_token', 'dpop_proof', 'client_assertion', 'logout_token', 'security_event_token', 'other'];

const claims = fc.dictionary(
  fc.constantFrom(
    'iss',
    'sub',
    'aud',
    'exp',
    'iat',
    'nbf',
    'jti',
    'nonce',
    'at_hash',
    'c_hash',
    'client_id',
    'htm',
    'htu',
    'events',
    'cnf',
    'sid',
    'azp',
    'auth_time',
  ),
  fc.jsonValue({ maxDepth: 2 }),
);
const header = fc.record(
  {
    alg: fc.constantFrom('RS256', 'ES256', 'EdDSA', 'Ed448', 'none', 'HS256'),
    typ: fc.constantFrom('JWT', 'at+jwt', 'dpop+jwt', 'logout+jwt', 'secevent+jwt', 'x'),
  },
  { requiredKeys: [] },
);
const token = fc.oneof(
  fc.tuple(header, claims).map(([h, c]) => tokenOf(JSON.stringify(h), JSON.stringify(c))),
  fc.constant(RFC9449_PROOF),
  fc.string({ maxLength: 40 }),
);
const secret = fc.base64String({ minLength: 24, maxLength: 32 }).map((text) => `Secret${text.replace(/[+/=]/g, '')}`);
const parameters = fc.dictionary(
  fc.constantFrom(...PARAMETERS),
  fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom(...PROFILES), fc.constant('https://a.example/x'), fc.constant('60')),
  { maxKeys: 4 },
);

describe('/jwt/validate with arbitrary input', () => {
  it('answers 200 or 400, and never returns the access token or the code', async () => {
    await fc.assert(
      fc.asyncProperty(token, parameters, secret, secret, async (value, given, accessToken, code) => {
        const body = {
          token: value,
          ...given,
          ...('access_token' in given ? { access_token: accessToken } : {}),
          ...('code' in given ? { code } : {}),
        };
        const res = await request(app).post('/jwt/validate').send(body);
        expect([200, 400]).toContain(res.status);
        expect(res.text).not.toContain(accessToken);
        expect(res.text).not.toContain(code);
      }),
      { numRuns: 300 },
    );
  });
});
