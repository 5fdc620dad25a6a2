// Fernet verification against fernet/spec @ 20dead475f53f11d20592baf29ad697163afc0cd (verify.json and invalid.json,
// kept as test/vectors/tokens/fernet-*.json): every case, each at its own `now` and `ttl_sec` (as max_age).
import { createCipheriv, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NodeKeyCodec } from '../../../../src/adapters/driven/node-key-codec.js';
import { VerifyToken } from '../../../../src/core/tokens/use-cases/verify-token.js';
import { expectDomainErrorAsync } from '../../../support/domain-error.js';
import { FixedClock } from '../../../support/fakes.js';
import { fernetCases, type FernetCase as Case } from '../../../vectors/tokens/index.js';

const VERIFY = fernetCases('verify');
const INVALID = fernetCases('invalid');

const verifyAt = (now: string, input: { value: string; secret: string; max_age?: number }) =>
  new VerifyToken(new FixedClock(Date.parse(now)), new NodeKeyCodec()).execute({ format: 'fernet', ...input });

describe('VerifyToken, fernet', () => {
  it.each(VERIFY.map((vector) => [vector.src, vector] as const))(
    'verifies the spec’s token and decrypts its message %j',
    async (_, vector) => {
      const answer = await verifyAt(vector.now, { value: vector.token, secret: vector.secret, max_age: vector.ttl_sec });
      expect(answer).toEqual({
        format: 'fernet',
        valid: true,
        reason: null,
        payload: vector.src,
        times: [
          {
            name: 'issued_at',
            utc: { iso: '1985-10-26T08:20:00Z', unix_seconds: 499_162_800, unix_milliseconds: 499_162_800_000 },
            exact: '1985-10-26T08:20:00Z',
            unix_nanoseconds: '499162800000000000',
            authenticated: true,
          },
        ],
        source: 'token_verify',
      });
    },
  );

  const REASONS: Readonly<Record<string, string>> = {
    'incorrect mac': 'signature_invalid',
    'too short': 'malformed',
    'invalid base64': 'malformed',
    'payload size not multiple of block size': 'malformed',
    'payload padding error': 'malformed',
    'far-future TS (unacceptable clock skew)': 'not_yet_valid',
    'expired TTL': 'expired',
    'incorrect IV (causes padding error)': 'malformed',
  };

  it('has a reason for every case of invalid.json', () => {
    expect(INVALID.map((vector) => vector.desc)).toEqual(Object.keys(REASONS));
  });

  it.each(INVALID.map((vector) => [vector.desc, vector] as const))('does not verify the spec’s invalid token: %s', async (desc, vector) => {
    const answer = await verifyAt(vector.now, { value: vector.token, secret: vector.secret, max_age: vector.ttl_sec });
    expect(answer.valid).toBe(false);
    const code = REASONS[desc as string];
    expect(answer.reason?.code).toBe(code);
    // A token that only fails a time check is authentic: its message (empty in these cases) is shown.
    expect(answer.payload).toBe(code === 'expired' || code === 'not_yet_valid' ? '' : null);
    expect(answer.times.every((time) => time.authenticated === (code !== 'signature_invalid'))).toBe(true);
  });

  it('never decrypts a token whose HMAC fails: no payload, and an unauthenticated time', async () => {
    const vector = INVALID.find((entry) => entry.desc === 'incorrect mac') as Case;
    const answer = await verifyAt(vector.now, { value: vector.token, secret: vector.secret });
    expect(answer.reason).toEqual({
      code: 'signature_invalid',
      message: 'the HMAC does not match: the key differs from the one that made the token, or the token was changed; nothing was decrypted',
    });
    expect(answer.times).toEqual([expect.objectContaining({ name: 'issued_at', authenticated: false })]);
  });

  it('checks no time without max_age: the expired case of invalid.json verifies then', async () => {
    const vector = INVALID.find((entry) => entry.desc === 'expired TTL') as Case;
    const answer = await verifyAt(vector.now, { value: vector.token, secret: vector.secret });
    expect(answer.valid).toBe(true);
  });

  it('says how old an expired token is', async () => {
    const vector = INVALID.find((entry) => entry.desc === 'expired TTL') as Case;
    const answer = await verifyAt(vector.now, { value: vector.token, secret: vector.secret, max_age: 60 });
    expect(answer.reason).toEqual({ code: 'expired', message: 'value was issued 90 seconds ago, more than max_age (60 seconds)' });
  });

  it('gives a message that is not UTF-8 in base64', async () => {
    // A token made here with node:crypto, as the spec's Generating section says: 0x80, timestamp, IV, AES-128-CBC, HMAC-SHA256.
    const key = new Uint8Array(32).map((_, index) => index);
    const iv = new Uint8Array(16).fill(7);
    const cipher = createCipheriv('aes-128-cbc', key.subarray(16), iv);
    const ciphertext = new Uint8Array([...cipher.update(new Uint8Array([0xff, 0xfe, 0x00])), ...cipher.final()]);
    const timestamp = new Uint8Array(8);
    new DataView(timestamp.buffer).setBigUint64(0, 1_700_000_000n);
    const signed = new Uint8Array([0x80, ...timestamp, ...iv, ...ciphertext]);
    const hmac = createHmac('sha256', key.subarray(0, 16)).update(signed).digest();
    const token = new Uint8Array([...signed, ...hmac]).toBase64({ alphabet: 'base64url' });
    const answer = await verifyAt('2023-11-14T22:13:20Z', { value: token, secret: key.toBase64({ alphabet: 'base64url' }) });
    expect(answer).toMatchObject({ valid: true, payload: '//4A' });
  });

  it('refuses a secret that is not a Fernet key, naming secret', async () => {
    const vector = VERIFY[0] as Case;
    for (const secret of ['hunter2', vector.secret.slice(0, 43), `${vector.secret.slice(0, 42)}+=`]) {
      await expectDomainErrorAsync(
        verifyAt(vector.now, { value: vector.token, secret }),
        'TOKEN_KEY_INVALID',
        'secret must be a Fernet key: 44 base64url characters, 32 bytes with padding, as Fernet.generate_key() writes it',
      );
    }
  });
});
