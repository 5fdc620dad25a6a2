// /jwt/inspect-key over HTTP (contract §4f, §5): a key that node:crypto reads but writes no JWK of is the block's 400,
// never a 500, and no key leaves anything behind in the process that fails the next request.
import { generateKeyPairSync } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { testService } from '../support/service.js';
import { SEC1_D_ZERO, SPKI_AT_INFINITY, armour } from '../vectors/degenerate-ec-keys.js';

const { app } = testService({ RATE_LIMIT_POINTS: '100000' });
const inspect = (key: string) =>
  request(app).post('/jwt/inspect-key').set('Content-Type', 'application/json').send(JSON.stringify({ key }));

// An RSAPublicKey (RFC 8017 §A.1.1) whose n is 2^16384 + 1, read and described, as a PEM block of 2,804 characters.
const RSA_16385 = Uint8Array.of(
  ...[0x30, 0x82, 0x08, 0x0a, 0x02, 0x82, 0x08, 0x01, 0x01],
  ...new Uint8Array(2047),
  ...[0x01, 0x02, 0x03, 0x01, 0x00, 0x01],
);

describe('/jwt/inspect-key, keys that node:crypto left an error queued for', () => {
  const sound = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'sec1', format: 'pem' }).toString();

  it.each([
    ['an EC private key whose d is 0', armour('EC PRIVATE KEY', SEC1_D_ZERO), 'key: block 0 is a PEM EC PRIVATE KEY that does not parse'],
    ['a public key at infinity', armour('PUBLIC KEY', SPKI_AT_INFINITY), 'key: block 0 is a PEM PUBLIC KEY that does not parse'],
  ])('answers %s with a 400, and the next request as ever', async (_label, key, detail) => {
    const refused = await inspect(key);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ detail });
    const next = await inspect(sound);
    expect(next.status).toBe(200);
    expect(next.body).toMatchObject({ input_kind: 'pem', keys: [{ kty: 'EC', crv: 'P-256', private: true }] });
  });

  it('answers an RSA key of 16,385 bits, and the next request as ever', async () => {
    const read = await inspect(armour('RSA PUBLIC KEY', RSA_16385));
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ keys: [{ kty: 'RSA', size_bits: 16_385 }] });
    const next = await inspect(sound);
    expect(next.status).toBe(200);
  });
});
