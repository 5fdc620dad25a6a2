/// <reference lib="dom" />
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchChromium, warnIfNoChromium } from '../support/chromium.js';
import { ANSWER_MS, axeViolations, enter, openPlayground, statusOf as status } from '../support/playground-page.js';
import { playgroundTokens, type PlaygroundTokens } from '../support/playground-tokens.js';
import { listen, testService, type Running } from '../support/service.js';
import { OIDC_A3_ACCESS_TOKEN, OIDC_A3_ID_TOKEN } from '../vectors/jose-keys.js';

warnIfNoChromium('PLAYGROUND PANELS BROWSER TEST');

/** jwt.io's example token and the secret it is signed with (https://jwt.io, as of 2025; test/http/sign.test.ts signs it again). */
const JWT_IO_TOKEN =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiYWRtaW4iOnRydWUsImlhdCI6MTUxNjIzOTAyMn0.KMUFsIDTnFmyG3nMiGM6H9FNFUROf3wh7SmqJp-QV30';
const JWT_IO_SECRET = 'a-string-secret-at-least-256-bits-long';
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const DPOP_PROOF = `${b64({ typ: 'dpop+jwt', alg: 'ES256' })}.${b64({ htm: 'GET', htu: 'https://a.example/', iat: 1 })}.c2ln`;

type Made = PlaygroundTokens;
const make = () => playgroundTokens(JWT_IO_SECRET);

describe.skipIf(!chromiumAvailable)('the playground panels in headless Chromium', () => {
  let running: Running;
  let browser: Browser;
  let made: Made;

  beforeAll(async () => {
    running = await listen(testService({ RATE_LIMIT_POINTS: '1000' }).app);
    browser = await launchChromium();
    made = await make();
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  const open = () => openPlayground(browser, running.url);

  /** The value of every text field of a panel, by its label. */
  const fieldsOf = (panel: Locator) =>
    panel
      .locator('input:not([type=checkbox]), textarea')
      .evaluateAll((fields) =>
        fields.map((field) => [(field as HTMLInputElement).labels?.[0]?.textContent ?? field.id, (field as HTMLInputElement).value]),
      );

  it('clears every field of the verify, validate and sign panels when another value is pasted', async () => {
    const { page, context } = await open();
    await enter(page, OIDC_A3_ID_TOKEN, /^Decoded a token/);
    const validate = page.getByRole('region', { name: 'Validate' });
    const verify = page.getByRole('region', { name: 'Verify the signature' });
    const sign = page.getByRole('region', { name: 'Edit and sign' });
    await validate.getByRole('table', { name: 'Every rule of oidc_id_token' }).waitFor({ timeout: ANSWER_MS });
    await validate.getByLabel('Expected issuer (iss)').fill('https://server.example.com');
    await validate.getByLabel('Nonce sent in the request (nonce)').fill('n-0S6_WzA2Mj');
    await validate.getByLabel(/Access token issued with it/).fill(OIDC_A3_ACCESS_TOKEN);
    await validate.getByLabel(/Public key, certificate or JWK Set that signed it/).fill(JSON.stringify(made.publicJwk));
    await verify.getByLabel(/public key, certificate or JWK Set/i).fill(JSON.stringify(made.publicJwk));
    await sign.getByLabel('Claims (JSON)').fill('{"sub":"mallory"}');
    await sign.getByLabel(/Secret, private JWK or PEM/).fill('a-string-secret-at-least-256-bits-long');
    await sign.getByLabel(/Expires in/).fill('PT1H');
    for (const panel of [validate, verify, sign]) {
      expect((await fieldsOf(panel)).filter(([, value]) => value !== '').length).toBeGreaterThan(0);
    }

    // A DPoP proof reads a nonce too, but not an issuer: nothing of the ID token's may be left to send with it.
    await enter(page, DPOP_PROOF, /^Decoded a token/);
    await validate.getByRole('table', { name: 'Every rule of dpop_proof' }).waitFor({ timeout: ANSWER_MS });
    expect(await validate.locator('label').allTextContents()).toContain('Nonce sent in the request (nonce)');
    for (const panel of [validate, verify]) expect((await fieldsOf(panel)).filter(([, value]) => value !== '')).toEqual([]);
    expect((await fieldsOf(sign)).filter(([, value]) => value !== '')).toEqual([
      ['Claims (JSON)', JSON.stringify({ htm: 'GET', htu: 'https://a.example/', iat: 1 }, null, 2)],
    ]);
    expect(await page.locator('main').textContent()).not.toMatch(/does not apply/);

    // An HMAC token's secret is cleared as well, by another HMAC token.
    await enter(page, JWT_IO_TOKEN, /^Decoded a token/);
    await verify.getByLabel('Secret (HS256)').fill(JWT_IO_SECRET);
    await enter(page, made.hs256, /^Decoded a token/);
    await expect.poll(() => sign.getByLabel('Claims (JSON)').inputValue(), { timeout: ANSWER_MS }).toContain('"bob"');
    expect(await fieldsOf(verify)).toEqual([['Secret (HS256)', '']]);
    await context.close();
  });

  it('names the encoding in words when it announces a decoded token', async () => {
    const { page, context } = await open();
    await enter(page, made.clean, /^Decoded/);
    expect(await status(page).textContent()).toBe('Decoded a token: a JWT (JWS compact serialization), with no findings.');
    await enter(page, `${b64({ alg: 'none' })}.${b64({ sub: 'x' })}.`, /with [1-9]/);
    expect(await status(page).textContent()).toBe('Decoded a token: a JWT (JWS compact serialization), with 2 findings.');
    await context.close();
  });

  it('says that the signature was not checked when no rule failed but no key was given', async () => {
    const { page, context } = await open();
    await enter(page, made.accessToken, /^Decoded a token/);
    const validate = page.getByRole('region', { name: 'Validate' });
    const verdict = validate.locator('.validate-result p').first();
    await expect
      .poll(() => verdict.textContent(), { timeout: ANSWER_MS })
      .toBe('No rule failed for oauth_access_token, with nothing expected yet. No key was given, so the signature was not checked.');
    await validate.getByLabel(/Public key, certificate or JWK Set that signed it/).fill(JSON.stringify(made.publicJwk));
    await expect
      .poll(() => verdict.textContent(), { timeout: ANSWER_MS })
      .toBe('No rule failed for oauth_access_token, with these expectations.');
    await context.close();
  });

  it('keeps a private key pasted into the verify panel on the page, and says so', async () => {
    const { page, context, requests } = await open();
    await enter(page, made.clean, /^Decoded a token/);
    const verify = page.getByRole('region', { name: 'Verify the signature' });
    await verify.getByLabel(/public key, certificate or JWK Set/i).fill(JSON.stringify(made.privateJwk));
    await expect.poll(() => verify.textContent(), { timeout: ANSWER_MS }).toContain('It was not sent.');
    expect(await verify.getByRole('alert').textContent()).toMatch(/private key/);
    // Its public half is then checked as usual, which shows the panel had settled on the private one before.
    await verify.getByLabel(/public key, certificate or JWK Set/i).fill(JSON.stringify(made.publicJwk));
    await expect.poll(() => verify.locator('.verify-result').textContent(), { timeout: ANSWER_MS }).toMatch(/^Valid/);
    const d = made.privateJwk.d ?? '';
    expect(d).not.toBe('');
    for (const request of requests) expect(`${request.url()} ${request.postData() ?? ''}`).not.toContain(d);
    await context.close();
  });

  it("says that a PEM key has no kid, so the token's kid does not pick it", async () => {
    const { page, context } = await open();
    await enter(page, made.clean, /^Decoded a token/);
    await page.getByLabel(/public key, certificate or JWK Set/i).fill(made.publicPem);
    const match = page.locator('.key-match li');
    await expect.poll(() => match.allTextContents(), { timeout: ANSWER_MS }).toHaveLength(1);
    const said = await match.textContent();
    expect(said).toMatch(
      /; a PEM key has no kid, so the token's kid k1 does not pick it: it is used because it is the only key given; the signature verifies with it\.$/,
    );
    expect(said).not.toMatch(/kid k1 names/);
    await context.close();
  });

  it("verifies jwt.io's HS256 token with its secret, typed into a labelled password field and sent in a POST body only", async () => {
    const { page, context, requests } = await open();
    await enter(page, JWT_IO_TOKEN, /^Decoded a token/);
    const verify = page.getByRole('region', { name: 'Verify the signature' });
    const secret = verify.getByLabel('Secret (HS256)');
    expect(await secret.getAttribute('type')).toBe('password');
    expect(await verify.getByLabel(/public key, certificate or JWK Set/i).count()).toBe(0);
    await secret.fill(`${JWT_IO_SECRET}x`);
    await expect
      .poll(() => verify.locator('.verify-result').textContent(), { timeout: ANSWER_MS })
      .toMatch(/^Not valid: .*signature_invalid/);
    await secret.fill(JWT_IO_SECRET);
    await expect
      .poll(() => verify.locator('.verify-result').textContent(), { timeout: ANSWER_MS })
      .toBe('Valid: the signature verifies with this secret (HS256).');
    await verify.getByLabel('Show the secret').check();
    expect(await verify.getByLabel('Secret (HS256)').getAttribute('type')).toBe('text');
    expect(await verify.getByLabel('Secret (HS256)').inputValue()).toBe(JWT_IO_SECRET);
    expect(await axeViolations(page)).toEqual([]);

    for (const request of requests) expect(request.url()).not.toContain(JWT_IO_SECRET);
    const sent = requests.filter((request) => (request.postData() ?? '').includes(JWT_IO_SECRET));
    expect(sent.length).toBeGreaterThan(0);
    for (const request of sent) {
      expect([request.method(), new URL(request.url()).pathname]).toEqual(['POST', '/trpc/jwt.verify']);
      // tRPC's batch body: one input per call, by its index.
      expect(Object.values(JSON.parse(request.postData()!) as object)).toEqual([
        { token: JWT_IO_TOKEN, secret: expect.stringContaining(JWT_IO_SECRET) as unknown },
      ]);
    }
    await context.close();
  });

  it('verifies the token Edit and sign made with the secret it was signed with', async () => {
    const { page, context } = await open();
    await enter(page, made.clean, /^Decoded a token/);
    const sign = page.getByRole('region', { name: 'Edit and sign' });
    await sign.getByLabel(/Secret, private JWK or PEM/).fill(JWT_IO_SECRET);
    await sign.getByRole('button', { name: 'Sign' }).click();
    const signed = sign.getByLabel(/New token \(HS256\)/);
    await signed.waitFor({ timeout: ANSWER_MS });
    await enter(page, await signed.inputValue(), /^Decoded a token/);
    const verify = page.getByRole('region', { name: 'Verify the signature' });
    await verify.getByLabel('Secret (HS256)').fill(JWT_IO_SECRET);
    await expect
      .poll(() => verify.locator('.verify-result').textContent(), { timeout: ANSWER_MS })
      .toBe('Valid: the signature verifies with this secret (HS256, key k1).');
    await context.close();
  });
});
