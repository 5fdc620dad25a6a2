// Profile validation (contract §4e) through the use case, over the real jose verifier: RFC 9449's proof as
// the contract's example states it, ID tokens made here, and every refusal of a parameter.
import { generateKeyPairSync } from 'node:crypto';
import { CompactSign, SignJWT, exportJWK, type JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  OIDC_A3_ACCESS_TOKEN,
  OIDC_A3_ID_TOKEN,
  OIDC_A4_CODE,
  OIDC_A4_ID_TOKEN,
  OIDC_A6_ID_TOKEN,
  OIDC_A7_KEY,
  RFC9449_JKT,
  RFC9449_PROOF,
} from '../../../../vectors/jose-keys.js';
import { HmacKnownSecrets } from '../../../../../src/adapters/driven/known-secrets/hmac-known-secrets.js';
import { JoseSignatureVerifier } from '../../../../../src/adapters/driven/jose-signature-verifier.js';
import { NodeKeyCodec } from '../../../../../src/adapters/driven/node-key-codec.js';
import { idTokenHash } from '../../../../../src/core/jwt/profiles/token-hash.js';
import { DecodeJwt } from '../../../../../src/core/jwt/use-cases/decode-jwt.js';
import { ValidateJwt, type ValidateJwtInput } from '../../../../../src/core/jwt/use-cases/validate-jwt.js';
import { VerifyJwt } from '../../../../../src/core/jwt/use-cases/verify-jwt.js';
import { expectDomainErrorAsync } from '../../../../support/domain-error.js';
import { FixedClock } from '../../../../support/fakes.js';
import { RFC7516_JWE, tokenOf } from '../../../../support/fixtures.js';
import { exampleToken } from '../../../../support/sd-jwt-examples.js';

const NOW = 1_800_000_000;
const clock = new FixedClock(NOW * 1000);
const jose = new JoseSignatureVerifier();
const keyCodec = new NodeKeyCodec();
const validator = new ValidateJwt(
  clock,
  jose,
  keyCodec,
  new VerifyJwt(clock, jose, keyCodec, new DecodeJwt(clock, new HmacKnownSecrets())),
);
const validate = (input: ValidateJwtInput) => validator.execute(input);
const byRule = (checks: readonly { rule: string; passed: boolean | null }[]) =>
  Object.fromEntries(checks.map((check) => [check.rule, check.passed]));

describe('a DPoP proof', () => {
  it("passes RFC 9449 §4.1's proof on every rule but iat_fresh, as contract §4e's example says, its signature verified with its own jwk", async () => {
    const body = await validate({ token: RFC9449_PROOF, htm: 'POST', htu: 'https://SERVER.example.com:443/token?x=1', jkt: RFC9449_JKT });
    expect(body).toMatchObject({ profile: 'dpop_proof', detected_by: 'typ', valid: false, source: 'validate', input: RFC9449_PROOF });
    expect(byRule(body.checks)).toEqual({
      typ: true,
      alg_asymmetric: true,
      jwk_public: true,
      claim_jti: true,
      claim_htm: true,
      claim_htu: true,
      claim_iat: true,
      dpop_signature: true,
      htm_matches: true,
      htu_matches: true,
      nonce_matches: null,
      iat_fresh: false,
      ath_matches: null,
      jkt_matches: true,
    });
    expect(body.payload).toEqual({ jti: '-BwC3ESc6acc2lTc', htm: 'POST', htu: 'https://server.example.com/token', iat: 1562262616 });
  });

  it("passes every rule of RFC 9449 §7.1's proof at a protected resource, at its own time, its ath the hash of §7.1's access token", async () => {
    const proof =
      'eyJ0eXAiOiJkcG9wK2p3dCIsImFsZyI6IkVTMjU2IiwiandrIjp7Imt0eSI6IkVDIiwieCI6Imw4dEZyaHgtMzR0VjNoUklDUkRZOXpDa0RscEJoRjQyVVFVZldWQVdCRnMiLCJ5IjoiOVZFNGpmX09rX282NHpiVFRsY3VOSmFqSG10NnY5VERWclUwQ2R2R1JEQSIsImNydiI6IlAtMjU2In19.eyJqdGkiOiJlMWozVl9iS2ljOC1MQUVCIiwiaHRtIjoiR0VUIiwiaHR1IjoiaHR0cHM6Ly9yZXNvdXJjZS5leGFtcGxlLm9yZy9wcm90ZWN0ZWRyZXNvdXJjZSIsImlhdCI6MTU2MjI2MjYxOCwiYXRoIjoiZlVIeU8ycjJaM0RaNTNFc05yV0JiMHhXWG9hTnk1OUlpS0NBcWtzbVFFbyJ9.2oW9RP35yRqzhrtNP86L-Ey71EOptxRimPPToA1plemAgR6pxHF8y6-yqyVnmcw6Fy1dqd-jfxSYoMxhAJpLjA';
    const then = new FixedClock(1_562_262_618_000);
    const atThen = new ValidateJwt(then, jose, keyCodec, new VerifyJwt(then, jose, keyCodec, new DecodeJwt(then, new HmacKnownSecrets())));
    const input = {
      token: proof,
      htm: 'GET',
      htu: 'https://resource.example.org/protectedresource',
      access_token: 'Kz~8mXK1EalYznwH-LC-1fBAo.4Ljp~zsPE_NeO.gxU',
      jkt: RFC9449_JKT,
    };
    const body = await atThen.execute(input);
    expect(body.valid).toBe(true);
    expect(body.checks.filter((check) => check.passed !== true).map((check) => check.rule)).toEqual(['nonce_matches']);
    expect(byRule((await atThen.execute({ ...input, access_token: 'another' })).checks).ath_matches).toBe(false);
  });

  it("matches RFC 9449 §6.1's access token to its proof key by cnf.jkt", async () => {
    const bound =
      'eyJhbGciOiJFUzI1NiIsImtpZCI6IkJlQUxrYiJ9.eyJzdWIiOiJzb21lb25lQGV4YW1wbGUuY29tIiwiaXNzIjoiaHR0cHM6Ly9zZXJ2ZXIuZXhhbXBsZS5jb20iLCJuYmYiOjE1NjIyNjI2MTEsImV4cCI6MTU2MjI2NjIxNiwiY25mIjp7ImprdCI6IjBaY09DT1JaTll5LURXcHFxMzBqWnlKR0hUTjBkMkhnbEJWM3VpZ3VBNEkifX0.3Tyo8VTcn6u_PboUmAOYUY1kfAavomW_YwYMkmRNizLJoQzWy2fCo79Zi5yObpIzjWb5xW4OGld7ESZrh0fsrA';
    const body = await validate({ token: bound, profile: 'oauth_access_token', jkt: RFC9449_JKT, issuer: 'https://server.example.com' });
    expect(byRule(body.checks)).toMatchObject({
      cnf_jkt_matches: true,
      iss_matches: true,
      typ: false,
      claim_client_id: false,
      not_expired: false,
      signature: null,
    });
  });

  it('fails dpop_signature when the proof was changed after signing', async () => {
    const [header, , signature] = RFC9449_PROOF.split('.') as [string, string, string];
    const tampered = `${header}.${Buffer.from('{"jti":"x","htm":"GET","htu":"https://a/","iat":1562262616}').toString('base64url')}.${signature}`;
    expect(byRule((await validate({ token: tampered })).checks).dpop_signature).toBe(false);
  });

  it('refuses key for a proof, which its own jwk verifies', async () => {
    await expectDomainErrorAsync(
      validate({ token: RFC9449_PROOF, key: '{}' }),
      'VALIDATE_OPTION_INVALID',
      'key does not apply to profile dpop_proof: a proof is verified with its own jwk, which jkt pins',
    );
  });
});

describe('an ID token', () => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const sign = (claims: Record<string, unknown>, header: Record<string, unknown> = {}) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...header }).sign(privateKey);
  const key = async () => JSON.stringify(await exportJWK(publicKey));
  const claims = {
    iss: 'https://op.example',
    sub: 'alice',
    aud: 'client-1',
    exp: NOW + 600,
    iat: NOW - 10,
    auth_time: NOW - 100,
    nonce: 'n-0S6_WzA2Mj',
    at_hash: idTokenHash('RS256', 'access-token-1'),
    c_hash: idTokenHash('RS256', 'code-1'),
  };

  it('passes every rule with every expectation given, and never returns the access token or the code', async () => {
    const token = await sign(claims);
    const body = await validate({
      token,
      issuer: 'https://op.example',
      audience: 'client-1,other',
      nonce: 'n-0S6_WzA2Mj',
      access_token: 'access-token-1',
      code: 'code-1',
      max_age: ' 3600 ',
      key: await key(),
    });
    expect(body).toMatchObject({ profile: 'oidc_id_token', detected_by: 'claims', valid: true });
    expect(byRule(body.checks)).toEqual({
      typ: true,
      alg_not_none: true,
      claim_iss: true,
      claim_sub: true,
      claim_aud: true,
      claim_exp: true,
      claim_iat: true,
      iss_matches: true,
      aud_matches: true,
      azp_matches: null,
      nonce_matches: true,
      auth_time_max_age: true,
      at_hash_matches: true,
      c_hash_matches: true,
      s_hash_matches: null,
      not_expired: true,
      not_before: null,
      signature: true,
    });
    expect(body.checks.find((check) => check.rule === 'signature')).toMatchObject({ reason_code: null, reference: '[RFC 7515 §5.2]' });
    const text = JSON.stringify(body);
    expect(text).not.toContain('access-token-1');
    expect(text).not.toContain('code-1');
  });

  it('fails what the expectations contradict, and gives the signature failure its §4b code', async () => {
    const token = await sign({ ...claims, exp: NOW - 1 });
    const other = JSON.stringify(await exportJWK(generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey));
    const body = await validate({ token, issuer: 'https://evil.example', nonce: 'other', access_token: 'x', key: other, max_age: '10' });
    expect(body.valid).toBe(false);
    expect(byRule(body.checks)).toMatchObject({
      iss_matches: false,
      nonce_matches: false,
      at_hash_matches: false,
      auth_time_max_age: false,
      not_expired: false,
      signature: false,
    });
    expect(body.checks.find((check) => check.rule === 'signature')).toMatchObject({ reason_code: 'signature_invalid' });
  });

  it('counts an expired token’s signature as verified: time is a rule of its own', async () => {
    const body = await validate({ token: await sign({ ...claims, exp: NOW - 1 }), key: await key() });
    expect(byRule(body.checks)).toMatchObject({ not_expired: false, signature: true });
  });

  it('takes the profile given, over the one detected, and reads the innermost of a nested JWT', async () => {
    const token = await sign(claims);
    const given = await validate({ token, profile: ' client_assertion ' });
    expect(given).toMatchObject({ profile: 'client_assertion', detected_by: 'parameter' });
    const outer = await new CompactSign(new TextEncoder().encode(token)).setProtectedHeader({ alg: 'RS256', cty: 'JWT' }).sign(privateKey);
    const nested = await validate({ token: outer, key: await key() });
    expect(nested).toMatchObject({ profile: 'oidc_id_token', payload: { sub: 'alice' } });
    expect(byRule(nested.checks).signature).toBe(true);
  });
});

describe("OpenID Connect Core's Appendix A ID tokens, with A.7's key", () => {
  // Between the tokens' iat (1311280970) and exp (1311281970).
  const then = new FixedClock(1_311_281_000_000);
  const atThen = new ValidateJwt(then, jose, keyCodec, new VerifyJwt(then, jose, keyCodec, new DecodeJwt(then, new HmacKnownSecrets())));
  const expected = {
    issuer: 'https://server.example.com',
    audience: 's6BhdRkqt3',
    nonce: 'n-0S6_WzA2Mj',
    key: JSON.stringify(OIDC_A7_KEY),
  };
  const every = (hashes: Record<string, boolean | null>) => ({
    typ: true,
    alg_not_none: true,
    claim_iss: true,
    claim_sub: true,
    claim_aud: true,
    claim_exp: true,
    claim_iat: true,
    iss_matches: true,
    aud_matches: true,
    azp_matches: null,
    nonce_matches: true,
    auth_time_max_age: null,
    s_hash_matches: null,
    not_expired: true,
    not_before: null,
    signature: true,
    ...hashes,
  });

  it.each([
    [
      'A.3 (id_token token), its at_hash of the access token',
      OIDC_A3_ID_TOKEN,
      { access_token: OIDC_A3_ACCESS_TOKEN },
      { at_hash_matches: true, c_hash_matches: null },
    ],
    [
      'A.4 (code id_token), its c_hash of the code',
      OIDC_A4_ID_TOKEN,
      { code: OIDC_A4_CODE },
      { at_hash_matches: null, c_hash_matches: true },
    ],
    [
      'A.6 (code id_token token), both hashes',
      OIDC_A6_ID_TOKEN,
      { access_token: OIDC_A3_ACCESS_TOKEN, code: OIDC_A4_CODE },
      { at_hash_matches: true, c_hash_matches: true },
    ],
  ])('passes %s, at its own time', async (_name, token, secrets, hashes) => {
    const body = await atThen.execute({ token, ...expected, ...secrets });
    expect(body).toMatchObject({ profile: 'oidc_id_token', detected_by: 'claims', valid: true });
    expect(byRule(body.checks)).toEqual(every(hashes));
    expect(body.checks.find((check) => check.rule === 'signature')).toMatchObject({ passed: true, reason_code: null });
  });

  it('fails A.6 with the access token and the code swapped, and its signature once a claim is changed', async () => {
    const swapped = await atThen.execute({ token: OIDC_A6_ID_TOKEN, ...expected, access_token: OIDC_A4_CODE, code: OIDC_A3_ACCESS_TOKEN });
    expect(byRule(swapped.checks)).toMatchObject({ at_hash_matches: false, c_hash_matches: false, signature: true });
    const [header, payload, signature] = OIDC_A6_ID_TOKEN.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forged = [header, Buffer.from(JSON.stringify({ ...claims, sub: 'mallory' })).toString('base64url'), signature].join('.');
    const body = await atThen.execute({ token: forged, ...expected });
    expect(body.valid).toBe(false);
    expect(body.checks.find((check) => check.rule === 'signature')).toMatchObject({ passed: false, reason_code: 'signature_invalid' });
  });

  it('fails A.3 as expired now, its signature still verified', async () => {
    const body = await validate({ token: OIDC_A3_ID_TOKEN, ...expected, access_token: OIDC_A3_ACCESS_TOKEN });
    expect(byRule(body.checks)).toMatchObject({ not_expired: false, signature: true, at_hash_matches: true });
  });
});

describe('the forms a token comes in, and the limits of what is given', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const proofHeader = async (header: Record<string, unknown>) =>
    new SignJWT({ jti: 'j', htm: 'GET', htu: 'https://a.example/', iat: NOW })
      .setProtectedHeader({ typ: 'dpop+jwt', alg: 'ES256', ...header })
      .sign(privateKey);

  it('reads a JWS JSON serialization by its header and payload, and an SD-JWT by its disclosed payload', async () => {
    const [protectedHeader, payload, signature] = (
      await new SignJWT({ iss: 'i', sub: 's', aud: 'a', exp: NOW + 60, iat: NOW, nonce: 'n' })
        .setProtectedHeader({ alg: 'ES256' })
        .sign(privateKey)
    ).split('.');
    const json = JSON.stringify({ protected: protectedHeader, payload, signature });
    const body = await validate({ token: json, nonce: 'n', key: JSON.stringify(await exportJWK(publicKey)) });
    expect(body).toMatchObject({ profile: 'oidc_id_token', valid: true, payload: { nonce: 'n' } });
    expect(body.checks.find((check) => check.rule === 'signature')).toMatchObject({
      passed: true,
      message: 'the signature verifies with the key',
    });
    const sd = exampleToken('simple', 'sd_jwt_issuance');
    const disclosed = await validate({ token: sd, profile: 'client_assertion' });
    expect(Object.keys(disclosed.payload)).toEqual(expect.arrayContaining(['iss', 'given_name']));
  });

  it('verifies a proof whose header jwk also holds d with its public members, while jwk_public fails', async () => {
    const privateJwk = await exportJWK(privateKey);
    expect(privateJwk.d).toBeDefined();
    const checks = byRule((await validate({ token: await proofHeader({ alg: 'ES256', jwk: privateJwk }) })).checks);
    expect([checks.jwk_public, checks.dpop_signature]).toEqual([false, true]);
    const otherKey = await exportJWK(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey);
    const other = byRule((await validate({ token: await proofHeader({ alg: 'ES256', jwk: otherKey }) })).checks);
    expect([other.jwk_public, other.dpop_signature]).toEqual([false, false]);
  });

  it('says why a proof cannot be verified: an alg that is not asymmetric, a missing or secret jwk, a JSON serialization', async () => {
    const jwk = await exportJWK(publicKey);
    const message = async (token: string) => (await validate({ token })).checks.find((check) => check.rule === 'dpop_signature')?.message;
    const cannot = 'the proof cannot be verified: its alg is not asymmetric or its jwk is not a public key';
    expect(await message(tokenOf(JSON.stringify({ typ: 'dpop+jwt', alg: 'HS256', jwk }), '{"htm":"GET","htu":"https://a.example/"}'))).toBe(
      cannot,
    );
    expect(await message(await proofHeader({ alg: 'ES256', jwk: { kty: 'oct', k: 'c2VjcmV0' } }))).toBe(cannot);
    expect(await message(await proofHeader({ alg: 'ES256' }))).toBe(cannot);
    const [protectedHeader, payload, signature] = (await proofHeader({ alg: 'ES256', jwk })).split('.');
    expect(await message(JSON.stringify({ protected: protectedHeader, payload, signature }))).toBe(cannot);
    const [header, , proofSignature] = (await proofHeader({ alg: 'ES256', jwk })).split('.');
    const tampered = await validate({
      token: `${header}.${Buffer.from('{"htm":"POST","htu":"https://a.example/"}').toString('base64url')}.${proofSignature}`,
    });
    expect(tampered.checks.find((check) => check.rule === 'dpop_signature')).toEqual({
      rule: 'dpop_signature',
      passed: false,
      message: 'the signature does not verify with the header jwk',
      reference: '[RFC 9449 §4.3]',
    });
  });

  it('takes 8192 characters, and an htu and a jkt with whitespace around them', async () => {
    const idToken = tokenOf('{"alg":"RS256"}', '{"nonce":"x"}');
    expect(byRule((await validate({ token: idToken, nonce: 'x'.repeat(8192) })).checks).nonce_matches).toBe(false);
    const body = await validate({ token: RFC9449_PROOF, htu: ' https://server.example.com/token ', jkt: ` ${RFC9449_JKT} ` });
    expect(byRule(body.checks)).toMatchObject({ htu_matches: true, jkt_matches: true });
  });

  it('reads a nested JWT down to its third level, and refuses a fourth', async () => {
    const inner = tokenOf('{"alg":"RS256"}', '{"nonce":"n"}');
    const nest = (token: string) =>
      tokenOf('{"alg":"RS256","cty":"JWT"}', token, 'c2ln').replace(
        /^([^.]+)\.[^.]+/,
        (_whole, head: string) => `${head}.${Buffer.from(token).toString('base64url')}`,
      );
    expect((await validate({ token: nest(nest(inner)) })).payload).toEqual({ nonce: 'n' });
    await expectDomainErrorAsync(validate({ token: nest(nest(nest(inner))) }), 'TOKEN_NESTED_TOO_DEEP', /nest/);
  });
});

describe('refusals', () => {
  const token = tokenOf('{"alg":"RS256","typ":"at+jwt"}', '{"iss":"i"}');

  it.each([
    [
      { profile: 'id_token' },
      'profile must be one of oidc_id_token, oauth_access_token, dpop_proof, client_assertion, logout_token, security_event_token',
    ],
    [{ htm: 'GET' }, 'htm does not apply to profile oauth_access_token'],
    [{ max_age: '60' }, 'max_age does not apply to profile oauth_access_token'],
    [{ issuer: ' ' }, 'issuer must not be empty'],
    [{ jkt: 'short' }, 'jkt must be a JWK SHA-256 thumbprint: 43 base64url characters'],
    [{ profile: 'oidc_id_token', max_age: '1.5' }, 'max_age must be a whole number of seconds, 1 to 9 digits'],
    [{ profile: 'oidc_id_token', max_age: '1234567890' }, 'max_age must be a whole number of seconds, 1 to 9 digits'],
    [{ profile: 'oidc_id_token', nonce: '' }, 'nonce must be 1 to 8192 printable ASCII characters'],
    [{ profile: 'oidc_id_token', nonce: 'é' }, 'nonce must be 1 to 8192 printable ASCII characters'],
    [{ profile: 'oidc_id_token', state: 'x'.repeat(8193) }, 'state must be 1 to 8192 printable ASCII characters'],
    [{ profile: 'dpop_proof', htm: 'GE T' }, 'htm must be an HTTP method: 1 to 32 token characters (RFC 9110)'],
    [{ profile: 'dpop_proof', htu: '/token' }, 'htu must be an absolute http or https URL'],
    [{ profile: 'dpop_proof', htu: 'ftp://a/token' }, 'htu must be an absolute http or https URL'],
    [{ profile: 'oidc_id_token', access_token: '' }, 'access_token must be 1 to 8192 printable ASCII characters'],
    [{ profile: 'oidc_id_token', code: 'é' }, 'code must be 1 to 8192 printable ASCII characters'],
    [{ profile: 'dpop_proof', issuer: 'https://op.example' }, 'issuer does not apply to profile dpop_proof'],
    [
      { profile: 'dpop_proof', key: '{}' },
      'key does not apply to profile dpop_proof: a proof is verified with its own jwk, which jkt pins',
    ],
  ])('refuses %j', async (input, message) => {
    await expectDomainErrorAsync(validate({ token, ...input }), 'VALIDATE_OPTION_INVALID', message);
  });

  it('refuses a token that matches no profile, with none given', async () => {
    await expectDomainErrorAsync(
      validate({ token: tokenOf('{"alg":"HS256"}', '{"sub":"x"}') }),
      'VALIDATE_OPTION_INVALID',
      'profile: none given, and the token matches no profile; give one of oidc_id_token, oauth_access_token, dpop_proof, client_assertion, logout_token, security_event_token',
    );
  });

  it('refuses a JWE, and a clock_tolerance or audience outside their forms', async () => {
    await expectDomainErrorAsync(
      validate({ token: RFC7516_JWE, profile: 'oidc_id_token' }),
      'TOKEN_ENCRYPTED',
      'token is an encrypted JWE: its claims cannot be validated without decrypting it, which this service never does',
    );
    const [protectedHeader, encryptedKey, iv, ciphertext, tag] = RFC7516_JWE.split('.');
    await expectDomainErrorAsync(
      validate({ token: JSON.stringify({ protected: protectedHeader, encrypted_key: encryptedKey, iv, ciphertext, tag }) }),
      'TOKEN_ENCRYPTED',
      /^token is an encrypted JWE/,
    );
    await expectDomainErrorAsync(
      validate({ token, clock_tolerance: '301' }),
      'VERIFY_OPTION_INVALID',
      'clock_tolerance must be a whole number of seconds from 0 to 300',
    );
    await expectDomainErrorAsync(
      validate({ token, audience: 'a,' }),
      'VERIFY_OPTION_INVALID',
      'audience must be a comma-separated list with no empty entries',
    );
  });

  it('refuses a private key for the signature, as /jwt/verify does', async () => {
    const jwk: JWK = await exportJWK(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey);
    await expectDomainErrorAsync(validate({ token, key: JSON.stringify(jwk) }), 'KEY_PRIVATE', /^key is a private key/);
  });
});
