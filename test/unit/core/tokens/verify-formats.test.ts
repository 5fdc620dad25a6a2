// formats.ts: each format's verifier and the outcome it hands the use case, then Fernet's time checks and a PASETO's
// claims through /token/verify. Published values (test/vectors/tokens/index.ts cites each), and v4.public tokens signed
// here with RFC 8037 A.1's Ed25519 key by test/support/token-arbitraries.ts (node:crypto, over the spec's PAE).
import { createPrivateKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NodeKeyCodec } from '../../../../src/adapters/driven/node-key-codec.js';
import { VerifyToken } from '../../../../src/core/tokens/use-cases/verify-token.js';
import { VERIFIERS, type VerifyRequest } from '../../../../src/core/tokens/verify/formats.js';
import { FixedClock } from '../../../support/fakes.js';
import { PASETO_PUBLIC_KEY, pasetoV4Sign } from '../../../support/token-arbitraries.js';
import { RFC8037_A1 } from '../../../vectors/jose-keys.js';
import { EXPRESS_COOKIE, FERNET, FLASK_UNSIGN, ITSDANGEROUS_SIGNER, fernetCases, type FernetCase } from '../../../vectors/tokens/index.js';

const NOW = Date.UTC(2026, 0, 1);
const context = { keyCodec: new NodeKeyCodec() };
const request = (value: string, options: Partial<VerifyRequest>): VerifyRequest => ({
  value,
  secret: undefined,
  key: undefined,
  salt: undefined,
  keyDerivation: undefined,
  digest: undefined,
  maxAge: undefined,
  implicitAssertion: undefined,
  nowMs: NOW,
  ...options,
});
const invalidFernet = (desc: string): FernetCase => fernetCases('invalid').find((vector) => vector.desc === desc) as FernetCase;
const ns = (seconds: number): bigint => BigInt(seconds) * 1_000_000_000n;

// fernet/spec: verify.json's token is issued at 1985-10-26T08:20:00Z, invalid.json's one second later.
const FERNET_ISSUED_S = 499_162_800;
const issuedAt = (seconds: number) => [{ name: 'issued_at', unixNs: ns(seconds) }];
const PADDING_FAILURE = {
  code: 'malformed',
  message: 'value has an HMAC that verifies, but its ciphertext does not decrypt to padded blocks',
} as const;

const ED25519 = createPrivateKey({ key: RFC8037_A1, format: 'jwk' });
const signedPaseto = (claims: Record<string, unknown>): string => pasetoV4Sign(JSON.stringify(claims), ED25519);

describe('VERIFIERS: the outcome of each format', () => {
  it('gives a checked outcome for each HMAC format, with the signed times as read', async () => {
    expect(await VERIFIERS.itsdangerous(request(ITSDANGEROUS_SIGNER.value, { secret: 'secret-key' }), context)).toEqual({
      kind: 'checked',
      verified: true,
      failure: undefined,
      payload: 'my string',
      times: [],
    });
    // Flask-Unsign's cookie, signed at 0x5C3B96C5.
    expect(await VERIFIERS.flask_session(request(FLASK_UNSIGN.value, { secret: 'CHANGEME' }), context)).toEqual({
      kind: 'checked',
      verified: true,
      failure: undefined,
      payload: { logged_in: false },
      times: [{ name: 'signed_at', unixNs: ns(0x5c3b96c5) }],
    });
    expect(await VERIFIERS.express_signed_cookie(request(EXPRESS_COOKIE.value, { secret: 'luna' }), context)).toEqual({
      kind: 'checked',
      verified: false,
      failure: undefined,
      payload: 'hello',
      times: [],
    });
  });

  it('gives a checked outcome for a Fernet token: decrypted, refused by its HMAC, or not decrypting to padded blocks', async () => {
    const at = Date.parse(FERNET.now);
    expect(await VERIFIERS.fernet(request(FERNET.token, { secret: FERNET.secret, nowMs: at }), context)).toEqual({
      kind: 'checked',
      verified: true,
      failure: undefined,
      payload: 'hello',
      times: issuedAt(FERNET_ISSUED_S),
    });
    const mac = invalidFernet('incorrect mac');
    expect(await VERIFIERS.fernet(request(mac.token, { secret: mac.secret, nowMs: at }), context)).toEqual({
      kind: 'checked',
      verified: false,
      failure: undefined,
      payload: null,
      times: issuedAt(FERNET_ISSUED_S + 1),
    });
    const padding = invalidFernet('payload padding error');
    expect(await VERIFIERS.fernet(request(padding.token, { secret: padding.secret, nowMs: at }), context)).toEqual({
      kind: 'checked',
      verified: true,
      failure: PADDING_FAILURE,
      payload: null,
      times: issuedAt(FERNET_ISSUED_S + 1),
    });
  });

  it('gives a checked outcome for a public PASETO, and a malformed one for a value that is none', async () => {
    const token = signedPaseto({ sub: 'a', exp: '2026-01-02T00:00:00Z' });
    expect(await VERIFIERS.paseto(request(token, { key: PASETO_PUBLIC_KEY }), context)).toEqual({
      kind: 'checked',
      verified: true,
      failure: undefined,
      payload: { sub: 'a', exp: '2026-01-02T00:00:00Z' },
      times: [{ name: 'exp', unixNs: ns(Date.UTC(2026, 0, 2) / 1000) }],
    });
    expect(await VERIFIERS.paseto(request('v5.public.AAAA', { key: PASETO_PUBLIC_KEY }), context)).toEqual({
      kind: 'malformed',
      message: 'value is not a PASETO: v1 to v4, .local or .public, a base64url body and an optional .footer, without padding',
    });
  });
});

describe('VerifyToken, fernet: max_age and the clock skew', () => {
  const verifyAt = (nowSeconds: number, value = FERNET.token) =>
    new VerifyToken(new FixedClock(nowSeconds * 1000), new NodeKeyCodec()).execute({
      value,
      format: 'fernet',
      secret: FERNET.secret,
      max_age: 60,
    });

  it('takes a token exactly max_age seconds old, and one issued exactly 60 seconds ahead of now', async () => {
    expect(await verifyAt(FERNET_ISSUED_S + 60)).toMatchObject({ valid: true, reason: null });
    expect(await verifyAt(FERNET_ISSUED_S - 60)).toMatchObject({ valid: true, reason: null });
  });

  it('answers not_yet_valid for a token issued more than 60 seconds ahead of now, saying how far', async () => {
    expect((await verifyAt(FERNET_ISSUED_S - 61)).reason).toEqual({
      code: 'not_yet_valid',
      message: 'value was issued 61 seconds after now, more than the 60 seconds of clock skew Fernet allows',
    });
  });

  it('answers malformed, word for word, for a value that is no Fernet token and for one that does not decrypt', async () => {
    expect((await verifyAt(FERNET_ISSUED_S, invalidFernet('too short').token)).reason).toEqual({
      code: 'malformed',
      message:
        'value is not a Fernet token: padded base64url of 0x80, an 8-byte timestamp, a 16-byte IV, a ciphertext of 16-byte blocks and a 32-byte HMAC',
    });
    expect((await verifyAt(FERNET_ISSUED_S, invalidFernet('payload padding error').token)).reason).toEqual(PADDING_FAILURE);
  });
});

describe('VerifyToken, paseto: the claims’ times', () => {
  const verifier = new VerifyToken(new FixedClock(NOW), new NodeKeyCodec());
  const verify = (claims: Record<string, unknown>) =>
    verifier.execute({ value: signedPaseto(claims), format: 'paseto', key: PASETO_PUBLIC_KEY });
  const named = (times: readonly { name: string; exact: string; authenticated: boolean }[]) =>
    times.map((time) => [time.name, time.exact, time.authenticated]);

  it('is valid with exp ahead, nbf exactly now and iat past, each time authenticated', async () => {
    const claims = { exp: '2026-01-01T00:00:01Z', nbf: '2026-01-01T00:00:00Z', iat: '2025-12-31T00:00:00Z' };
    const answer = await verify(claims);
    expect(answer).toMatchObject({ valid: true, reason: null, payload: claims });
    expect(named(answer.times)).toEqual([
      ['exp', '2026-01-01T00:00:01Z', true],
      ['nbf', '2026-01-01T00:00:00Z', true],
      ['iat', '2025-12-31T00:00:00Z', true],
    ]);
  });

  it('is expired once exp is now', async () => {
    const answer = await verify({ exp: '2026-01-01T00:00:00Z' });
    expect(answer).toMatchObject({
      valid: false,
      reason: { code: 'expired', message: 'the exp claim (2026-01-01T00:00:00Z) has passed' },
    });
  });

  it('is not yet valid while nbf is ahead, and nbf is kept among the times', async () => {
    const answer = await verify({ nbf: '2026-01-01T00:00:00.001Z', iat: '2025-12-31T00:00:00Z' });
    expect(answer).toMatchObject({
      valid: false,
      reason: { code: 'not_yet_valid', message: 'the nbf claim (2026-01-01T00:00:00.001Z) is still ahead' },
    });
    expect(named(answer.times)).toEqual([
      ['nbf', '2026-01-01T00:00:00.001Z', true],
      ['iat', '2025-12-31T00:00:00Z', true],
    ]);
  });

  it('answers malformed for a time claim that is not an RFC 3339 date-time, and leaves it out of times', async () => {
    // A NumericDate, as a JWT writes exp, is not how PASETO writes one.
    const answer = await verify({ exp: 1_767_225_601, iat: '2025-12-31T00:00:00Z' });
    expect(answer).toMatchObject({
      valid: false,
      reason: { code: 'malformed', message: 'the exp claim is not an RFC 3339 date-time' },
      payload: { exp: 1_767_225_601, iat: '2025-12-31T00:00:00Z' },
    });
    expect(named(answer.times)).toEqual([['iat', '2025-12-31T00:00:00Z', true]]);
  });
});
