/// <reference lib="dom" />
import { SignJWT, exportJWK, exportPKCS8, generateKeyPair, type JWK } from 'jose';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchChromium, warnIfNoChromium } from '../support/chromium.js';
import { ANSWER_MS, axeViolations, enter, openPlayground } from '../support/playground-page.js';
import { listen, testService, type Running } from '../support/service.js';
import { OIDC_A3_ACCESS_TOKEN, OIDC_A3_ID_TOKEN } from '../vectors/jose-keys.js';

warnIfNoChromium('SHARE LINK BROWSER TEST');

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k'] as const;

interface Keys {
  publicJwk: JWK;
  privateJwk: JWK;
  /** PKCS #8, `-----BEGIN PRIVATE KEY-----`. */
  pkcs8: string;
  token: string;
}

async function makeKeys(): Promise<Keys> {
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
  return {
    publicJwk: await exportJWK(publicKey),
    privateJwk: await exportJWK(privateKey),
    pkcs8: await exportPKCS8(privateKey),
    token: await new SignJWT({ sub: 'alice' }).setProtectedHeader({ alg: 'ES256', typ: 'JWT' }).sign(privateKey),
  };
}

/** The private parts of a key text, each as it would read in a link: a JWK's private members, a PEM's armour and body lines. */
function privateParts(text: string): string[] {
  if (text.startsWith('-----BEGIN'))
    return ['PRIVATE KEY', ...text.split('\n').filter((line) => line.length > 16 && !line.startsWith('-----'))];
  const parsed = JSON.parse(text) as JWK | { keys: JWK[] };
  const keys = 'keys' in parsed ? parsed.keys : [parsed];
  return keys.flatMap((key) => PRIVATE_MEMBERS.flatMap((member) => (typeof key[member] === 'string' ? [key[member]] : [])));
}

describe.skipIf(!chromiumAvailable)('the share link in headless Chromium', () => {
  let running: Running;
  let browser: Browser;
  let keys: Keys;

  beforeAll(async () => {
    running = await listen(testService({ RATE_LIMIT_POINTS: '1000' }).app);
    browser = await launchChromium();
    keys = await makeKeys();
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  const open = () => openPlayground(browser, running.url);

  /** Makes a link, and reads its fragment, raw and decoded, with what the page says it left out. */
  async function makeLink(page: Page) {
    await page.getByRole('button', { name: 'Make a share link' }).click();
    const field = page.getByRole('textbox', { name: /^Share link/ });
    const url = new URL(await field.inputValue());
    const describedBy = await field.getAttribute('aria-describedby');
    const said = describedBy === null ? '' : ((await page.locator(`#${describedBy}`).textContent()) ?? '');
    return { raw: url.hash, decoded: decodeURIComponent(url.hash), params: new URLSearchParams(url.hash.slice(1)), said };
  }

  it('leaves a private JWK, a JWK Set with one private member or a PKCS #8 PEM pasted into the one input out of the link, and says why', async () => {
    const { page, context } = await open();
    for (const [text, read, why] of [
      [JSON.stringify(keys.privateJwk), /^Read 1 key/, 'a private JWK'],
      [
        JSON.stringify({ keys: [keys.publicJwk, { ...keys.privateJwk, kid: 'private' }] }),
        /^Read 2 keys/,
        'a JWK Set with a private member',
      ],
      [keys.pkcs8, /^Read 1 key/, 'a private key in PEM form'],
    ] as const) {
      await enter(page, text, read);
      expect(await page.getByRole('alert').first().textContent()).toMatch(/^This text holds a private key/);
      const link = await makeLink(page);
      expect(link.params.get('input'), why).toBeNull();
      for (const part of privateParts(text)) {
        expect(link.raw, why).not.toContain(part);
        expect(link.decoded, why).not.toContain(part);
      }
      expect(link.said).toBe(`The input is left out of the link: it holds ${why}, and only a public key goes into a link.`);
    }
    // What the page says it left out passes axe-core's WCAG 2.2 A and AA rules, as the rest of the page does.
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('carries a public JWK pasted into the one input, and says nothing is left out', async () => {
    const { page, context } = await open();
    await enter(page, JSON.stringify(keys.publicJwk), /^Read 1 key/);
    const link = await makeLink(page);
    expect(JSON.parse(link.params.get('input')!)).toEqual(keys.publicJwk);
    expect(link.said).toBe('');
    await context.close();
  });

  it('never carries what is typed into a secret field of a panel, and names each field it left out', async () => {
    const { page, context } = await open();
    await enter(page, keys.token, /^Decoded a token/);
    const secret = 'a-string-secret-at-least-256-bits-long';
    await page
      .getByRole('region', { name: 'Edit and sign' })
      .getByLabel(/Secret, private JWK or PEM/)
      .fill(secret);
    let link = await makeLink(page);
    expect(link.params.get('input')).toBe(keys.token);
    expect(link.decoded).not.toContain(secret);
    expect(link.said).toBe('Left out as well, because a secret never goes into a link: the secret or private key given to Edit and sign.');

    // A secret typed into the verify panel's key field is not a public key either.
    await page.getByLabel(/public key, certificate or JWK Set/i).fill(secret);
    link = await makeLink(page);
    expect(link.decoded).not.toContain(secret);
    expect(link.params.get('key')).toBeNull();
    expect(link.said).toContain("The verify panel's key is left out: it is not a public key, and only a public key goes into a link.");

    await enter(page, OIDC_A3_ID_TOKEN, /^Decoded a token/);
    const validate = page.getByRole('region', { name: 'Validate' });
    await validate.getByRole('table', { name: 'Every rule of oidc_id_token' }).waitFor({ timeout: ANSWER_MS });
    await validate.getByLabel(/Access token issued with it/).fill(OIDC_A3_ACCESS_TOKEN);
    link = await makeLink(page);
    expect(link.params.get('input')).toBe(OIDC_A3_ID_TOKEN);
    expect(link.decoded).not.toContain(OIDC_A3_ACCESS_TOKEN);
    expect(link.said).toBe('Left out as well, because a secret never goes into a link: the access token given to Validate.');

    // jwt.io's example token, HS256 with this secret (https://jwt.io).
    const hs256 =
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiYWRtaW4iOnRydWUsImlhdCI6MTUxNjIzOTAyMn0.KMUFsIDTnFmyG3nMiGM6H9FNFUROf3wh7SmqJp-QV30';
    await enter(page, hs256, /^Decoded a token/);
    await page.getByRole('region', { name: 'Verify the signature' }).getByLabel('Secret (HS256)').fill(secret);
    link = await makeLink(page);
    expect(link.params.get('input')).toBe(hs256);
    expect(link.decoded).not.toContain(secret);
    expect(link.said).toBe('Left out as well, because a secret never goes into a link: the secret given to Verify.');
    await context.close();
  });
});
