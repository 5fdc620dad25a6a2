/// <reference lib="dom" />
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chromiumAvailable, launchChromium, warnIfNoChromium } from '../support/chromium.js';
import { ANSWER_MS, axeViolations, budgetFor, enter, mainInput, openPlayground, statusOf as status } from '../support/playground-page.js';
import { TEST_NOW_MS, listen, testService, type Running } from '../support/service.js';
import { FLASK_UNSIGN, GITHUB_TOKEN, PASETO_4_S_1 } from '../vectors/tokens/index.js';

warnIfNoChromium('PLAYGROUND TOKENS BROWSER TEST');
vi.setConfig({ expect: { poll: { timeout: ANSWER_MS } } });

/** What the page shows, as a person reads it: every text but the paste field's own value, which a textarea keeps out of innerText. */
const shownText = (page: Page): Promise<string> => page.locator('body').evaluate((body) => (body as HTMLElement).innerText);

describe.skipIf(!chromiumAvailable)('the playground with tokens beyond JWT, in headless Chromium', () => {
  let running: Running;
  let browser: Browser;

  beforeAll(async () => {
    running = await listen(testService({ RATE_LIMIT_POINTS: '1000' }).app);
    browser = await launchChromium();
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  it('flags a pasted credential in red before any answer, and never shows it back unmasked', { timeout: budgetFor(4) }, async () => {
    const { page, context, complaints } = await openPlayground(browser, running.url);
    // The service's answer is held until the flag has been seen: the flag comes from the grammar, not from the answer.
    const held: Route[] = [];
    await page.route('**/trpc/token.identify*', (route) => void held.push(route));
    await mainInput(page).fill(GITHUB_TOKEN);
    const alert = page.locator('.credential[role="alert"]');
    await alert.waitFor({ timeout: ANSWER_MS });
    expect(await alert.textContent()).toContain('This looks like a credential (github_token)');
    expect(await alert.evaluate((element) => getComputedStyle(element).color)).toBe(
      await page.evaluate(() => getComputedStyle(document.querySelector('.not-valid, .private-key')!).color),
    );
    await expect.poll(() => held.length).toBe(1);
    expect(await status(page).textContent()).toBe('Reading…');
    const request = held[0]!.request();
    expect(request.method()).toBe('POST');
    expect(request.url()).not.toContain('ghp_');
    await held[0]!.continue();
    await page.unroute('**/trpc/token.identify*');

    await expect.poll(() => status(page).textContent()).toMatch(/^Read as .*\(github_token\), with 1 finding\.$/);
    // Where to revoke it, as the live_credential finding says, beside the flag.
    await expect.poll(() => alert.textContent()).toMatch(/revoke/i);
    const shown = await shownText(page);
    expect(shown).toContain('The value: ghp_zQWB…Lq17 (masked: a credential is never shown back in full)');
    expect(shown).not.toContain(GITHUB_TOKEN);
    expect(shown).toContain('live_credential');
    expect(shown).toMatch(/A key would add nothing/);

    // The credential is a secret: the share link leaves it out, and says why.
    await page.getByRole('button', { name: 'Make a share link' }).click();
    const link = await page.getByLabel(/share link/i).inputValue();
    expect(link).not.toContain('ghp_');
    expect(await page.locator('#share-left-out').textContent()).toContain('it is a credential (github_token)');
    expect(complaints).toEqual([]);
    await context.close();
  });

  it('shows a Flask cookie’s payload and its signed time, read without a key', { timeout: budgetFor(2) }, async () => {
    const { page, context, complaints } = await openPlayground(browser, running.url, { now: TEST_NOW_MS });
    await enter(page, FLASK_UNSIGN.value, /^Read as .*\(itsdangerous\).*\(flask_session\)/);
    const flask = page.getByRole('region', { name: 'Flask session cookie', exact: true });
    expect(await flask.locator('.token-fields').textContent()).toContain('"logged_in": false');
    const signed = flask.locator('table.token-times tr', { has: page.locator('th', { hasText: 'signed_at' }) });
    expect(await signed.locator('time').getAttribute('datetime')).toBe(`${FLASK_UNSIGN.signedAt.slice(0, -1)}.000Z`);
    expect(await signed.locator('td').last().textContent()).toBe('No: read without a key, so anyone could have written it');
    expect(await flask.textContent()).toContain('A key would add: authenticity, that whoever holds the key made it.');
    expect(await page.locator('.credential').count()).toBe(0);
    await page.getByRole('button', { name: 'Make a share link' }).click();
    const link = await page.getByLabel(/share link/i).inputValue();
    expect(new URLSearchParams(new URL(link).hash.slice(1)).get('input')).toBe(FLASK_UNSIGN.value);
    expect(complaints).toEqual([]);
    await context.close();
  });

  it(
    'verifies a Flask cookie with its secret, sent in a mutation’s body and kept out of the share link',
    { timeout: budgetFor(6) },
    async () => {
      const { page, context, requests, complaints } = await openPlayground(browser, running.url, { now: TEST_NOW_MS });
      await enter(page, FLASK_UNSIGN.value, /\(flask_session\)/);
      const verify = page.getByRole('region', { name: 'Verify with a key' });
      expect(await verify.getByLabel('Verify as').inputValue()).toBe('flask_session');
      await verify.getByLabel('Secret key (flask_session)').fill(`${FLASK_UNSIGN.secret}x`);
      await expect.poll(() => verify.locator('.token-verify-result').textContent()).toMatch(/^Not valid: .*signature_invalid/);
      await verify.getByLabel('Secret key (flask_session)').fill(FLASK_UNSIGN.secret);
      await expect.poll(() => verify.locator('.token-verify-result').textContent()).toMatch(/^Valid/);
      const signed = verify.locator('.token-verify-result table.token-times tr', { has: page.locator('th', { hasText: 'signed_at' }) });
      expect(await signed.locator('time').getAttribute('datetime')).toBe(`${FLASK_UNSIGN.signedAt.slice(0, -1)}.000Z`);
      expect(await signed.locator('td').last().textContent()).toBe('Yes: the signature over it verified');
      // A maximum age the cookie is past: expired, its time still vouched for.
      await verify.getByLabel('Maximum age in seconds').fill('60');
      await expect
        .poll(() => verify.locator('.token-verify-result').textContent())
        .toMatch(/^Not valid: .*more than max_age \(60 seconds\).*expired/);
      expect(await signed.locator('td').last().textContent()).toBe('Yes: the signature over it verified');

      // The secret went in a mutation's body only, never in a URL.
      const verifies = requests.filter((request) => new URL(request.url()).pathname === '/trpc/token.verify');
      expect(verifies.length).toBeGreaterThan(0);
      for (const request of verifies) {
        expect(request.method()).toBe('POST');
        expect(request.url()).not.toContain(FLASK_UNSIGN.secret);
      }
      await page.getByRole('button', { name: 'Make a share link' }).click();
      const link = await page.getByLabel(/share link/i).inputValue();
      expect(new URLSearchParams(new URL(link).hash.slice(1)).get('input')).toBe(FLASK_UNSIGN.value);
      expect(link).not.toContain(FLASK_UNSIGN.secret);
      expect(await page.locator('#share-left-out').textContent()).toContain('the secret key given to Verify');

      // Another value clears the panel, once its answer is in.
      await mainInput(page).fill(`${FLASK_UNSIGN.value.slice(0, -1)}A`);
      await expect.poll(() => verify.getByLabel('Secret key (flask_session)').inputValue()).toBe('');
      expect(complaints).toEqual([]);
      await context.close();
    },
  );

  it('shows the service’s refusal of a key in words, in the panel', { timeout: budgetFor(3) }, async () => {
    const { page, context } = await openPlayground(browser, running.url, { now: TEST_NOW_MS });
    await enter(page, PASETO_4_S_1.token, /\(paseto\)/);
    const verify = page.getByRole('region', { name: 'Verify with a key' });
    await verify.getByLabel(/Public key of the PASETO/).fill('not a key');
    await expect
      .poll(() => verify.locator('.token-verify-result').textContent())
      .toContain('key: must be a JWK or JWK Set (JSON), or PEM text');
    // 4-S-1's exp is 2022: the signature verifies, and the time check fails with exp vouched for.
    await verify.getByLabel(/Public key of the PASETO/).fill(JSON.stringify(PASETO_4_S_1.publicJwk));
    await expect.poll(() => verify.locator('.token-verify-result').textContent()).toMatch(/^Not valid: .*\(expired\)/);
    expect(await verify.locator('.token-verify-result table.token-times td').last().textContent()).toBe(
      'Yes: the signature over it verified',
    );
    await context.close();
  });

  it('identifies and verifies in local mode with no request beyond the page’s own files', { timeout: budgetFor(4) }, async () => {
    const { page, context, requests, complaints } = await openPlayground(browser, running.url, { local: true, now: TEST_NOW_MS });
    const loaded = requests.length;
    await enter(page, GITHUB_TOKEN, /\(github_token\)/);
    await enter(page, FLASK_UNSIGN.value, /\(flask_session\)/);
    const verify = page.getByRole('region', { name: 'Verify with a key' });
    await verify.getByLabel('Secret key (flask_session)').fill(FLASK_UNSIGN.secret);
    await expect.poll(() => verify.locator('.token-verify-result').textContent()).toMatch(/^Valid/);
    const after = requests.slice(loaded).filter((request) => {
      const url = new URL(request.url());
      return request.method() !== 'GET' || url.origin !== running.url || !url.pathname.startsWith('/assets/');
    });
    expect(after.map((request) => `${request.method()} ${request.url()}`)).toEqual([]);
    expect(complaints).toEqual([]);
    await context.close();
  });

  it(
    'passes axe-core and fits 1280 and 360 px, light and dark, with a credential and a verified cookie',
    { timeout: budgetFor(12) },
    async () => {
      for (const [width, dark] of [
        [1280, false],
        [360, false],
        [360, true],
      ] as const) {
        const { page, context } = await openPlayground(browser, running.url, { width, dark, local: true, now: TEST_NOW_MS });
        for (const value of [GITHUB_TOKEN, FLASK_UNSIGN.value]) {
          await enter(page, value, /^Read as/);
          if (value === FLASK_UNSIGN.value) {
            const verify = page.getByRole('region', { name: 'Verify with a key' });
            await verify.getByLabel('Secret key (flask_session)').fill(FLASK_UNSIGN.secret);
            await expect.poll(() => verify.locator('.token-verify-result').textContent()).toMatch(/^Valid/);
          }
          expect(await axeViolations(page)).toEqual([]);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        }
        await context.close();
      }
    },
  );
});
