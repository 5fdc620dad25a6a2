/// <reference lib="dom" />
import { exportSPKI, generateKeyPair } from 'jose';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeChain } from '../support/certificates.js';
import { chromiumAvailable, launchChromium, warnIfNoChromium } from '../support/chromium.js';
import { ANSWER_MS, budgetFor, openPlayground, paste, readmeExamples, type OpenedPage } from '../support/playground-page.js';
import { listen, testService, type Running } from '../support/service.js';
import { VENDOR_TOKENS, tokenOf } from '../vectors/vendor-tokens.js';

warnIfNoChromium('PLAYGROUND LAYOUT TEST');

const VENDORS = { entra: 'Microsoft Entra ID', google: 'Google', github_actions: 'GitHub Actions', auth0: 'Auth0' } as const;
const vendorToken = (code: keyof typeof VENDORS): string => tokenOf(VENDOR_TOKENS.find((vector) => vector.code === code)!);
const chain = makeChain();
// Auth0's namespaced custom claims are URLs, as their rule docs write them; the values are long and unbroken.
const namespaced = tokenOf({
  header: { alg: 'RS256', typ: 'JWT' },
  payload: {
    iss: 'https://my-domain.auth0.com/',
    'https://my-app.example.com/claims/organization_membership_roles': ['organization-administrator-with-billing-access'],
    picture: `https://s.gravatar.com/avatar/${'0123456789abcdef'.repeat(4)}?s=480&r=pg&d=https%3A%2F%2Fcdn.auth0.com%2Favatars%2Fab.png`,
  },
});

// An Entra ID v2.0 ID token with the optional claims a tenant adds (Microsoft's "Optional claims reference"): long
// names with no underscore to break at (`family_name` is 11 characters), times whose ISO form has no break, and GUIDs.
// Together they once made the claims table 31 px wider than a 360 px screen.
const entraWithOptionalClaims = tokenOf({
  header: { alg: 'RS256', typ: 'JWT', kid: 'nOo3ZDrODXEK1jKWhXslHR_KXEg' },
  payload: {
    aud: '6cb04018-a3f5-46a7-b995-940c78f5aef3',
    iss: 'https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0',
    iat: 1795795608,
    nbf: 1795795608,
    exp: 1795799208,
    auth_time: 1795795548,
    acct: 0,
    ctry: 'DE',
    xms_pdl: 'EUR',
    name: 'Abe Lincoln',
    family_name: 'Lincoln',
    given_name: 'Abe',
    preferred_username: 'abeli@microsoft.com',
    verified_primary_email: ['abeli@microsoft.com'],
    app_displayname: 'Contoso Portal',
    deviceid: 'a4b2c3d4-0000-1111-2222-333344445555',
    sid: '00e8b6d8-7f58-4d5b-a62b-7d3a3e5c8d64',
    tid: '9188040d-6c67-4c5b-b112-36a304b66dad',
    tenant_region_scope: 'EU',
  },
});

/** What a person pastes: the examples of the README and docs/api.md, real tokens of four issuers, long names and values, and keys. */
const PASTED: readonly (readonly [string, () => Promise<string> | string])[] = [
  ...readmeExamples().map((value, index) => [`README example ${index + 1} (${value.slice(0, 24)}…)`, () => value] as const),
  ...Object.entries(VENDORS).map(([code, name]) => [`a token from ${name}`, () => vendorToken(code as keyof typeof VENDORS)] as const),
  ['a token with a namespaced claim and a long URL', () => namespaced],
  ['an Entra ID token with its optional claims', () => entraWithOptionalClaims],
  ['a certificate chain', () => `${chain.leaf.pem}${chain.intermediate.pem}${chain.root.pem}`],
  ['an RSA public key', async () => exportSPKI((await generateKeyPair('RS256', { modulusLength: 4096 })).publicKey)],
];

/** Opens every folded section, and waits for what opening it asks the service for. */
async function unfold(page: Page): Promise<void> {
  await page.locator('details').evaluateAll((all) => all.forEach((details) => ((details as HTMLDetailsElement).open = true)));
  if ((await page.locator('summary', { hasText: 'Every format' }).count()) > 0) {
    await page.getByRole('table', { name: /every format/ }).waitFor({ timeout: ANSWER_MS });
  }
}

/** Tokens whose claims have long names: `preferred_username`, `repository_visibility`. */
const LONG_NAMED = [
  [VENDORS.entra, 'entra'],
  [VENDORS.github_actions, 'github_actions'],
] as const;

/** The claim and parameter names the page shows, each with the number of lines each of its pieces (cut after `_` and `/`) takes. */
const nameLines = (page: Page) =>
  page.locator('table.claims tbody th code').evaluateAll((names) =>
    names.map((name) => {
      const linesOf = (rects: DOMRectList) => new Set(Array.from(rects, (rect) => Math.round(rect.top))).size;
      const pieces = Array.from(name.childNodes).filter((node) => node.nodeType === Node.TEXT_NODE);
      return {
        name: name.textContent ?? '',
        lines: linesOf(name.getClientRects()),
        pieceLines: pieces.map((piece) => {
          const range = document.createRange();
          range.selectNodeContents(piece);
          return linesOf(range.getClientRects());
        }),
      };
    }),
  );

/** The words of the claims' titles that a line break cuts in two (after a hyphen is no cut: e-|mail). */
const brokenTitleWords = (page: Page) =>
  page.locator('table.claims td a').evaluateAll((titles) =>
    titles.flatMap((title) =>
      Array.from(title.childNodes)
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .flatMap((text) =>
          [...(text.textContent ?? '').matchAll(/[^\s-]+-?/g)].filter((word) => {
            const range = document.createRange();
            range.setStart(text, word.index);
            range.setEnd(text, word.index + word[0].length);
            return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size > 1;
          }),
        )
        .map((word) => word[0]),
    ),
  );

describe.skipIf(!chromiumAvailable)('the playground laid out in headless Chromium', () => {
  let running: Running;
  let browser: Browser;

  beforeAll(async () => {
    running = await listen(testService({ RATE_LIMIT_POINTS: '10000' }).app);
    browser = await launchChromium();
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  // Each value its own test, on one page: a busy machine slows every answer, and no walk of them shares one budget.
  describe('on a 360 × 800 screen', () => {
    let opened: OpenedPage;

    beforeAll(async () => {
      opened = await openPlayground(browser, running.url, { width: 360, height: 800 });
    });

    afterAll(async () => opened?.context.close());

    it.each(PASTED)('fits %s without scrolling sideways or breaking a word of prose', { timeout: budgetFor(3) }, async (_, value) => {
      const { page } = opened;
      expect(await paste(page, await value())).not.toMatch(/cannot be reached|could not answer|Too many/);
      await unfold(page);
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      // Nor does a table hide a part of itself behind a sideways scroll of its own.
      const cut = await page
        .locator('.scroll')
        .evaluateAll((regions) =>
          regions.filter((region) => region.scrollWidth > region.clientWidth).map((region) => region.getAttribute('aria-label')),
        );
      expect(cut).toEqual([]);
      // A claim's title is prose, wrapped between its words, never inside one.
      expect(await brokenTitleWords(page)).toEqual([]);
    });

    it.each(LONG_NAMED)(
      'breaks a long claim name of a token from %s only after an underscore, and a short one never',
      { timeout: budgetFor(2) },
      async (_, code) => {
        await paste(opened.page, vendorToken(code));
        const names = await nameLines(opened.page);
        expect(names.length).toBeGreaterThan(10);
        for (const { name, lines, pieceLines } of names) {
          expect(
            pieceLines.every((count) => count === 1),
            name,
          ).toBe(true);
          if (name.length <= 12) expect(lines, name).toBe(1);
        }
        // preferred_username, repository_visibility: too long for a third of the screen.
        expect(names.some(({ lines }) => lines > 1)).toBe(true);
      },
    );
  });

  describe('on a 1280 × 800 screen', () => {
    it.each(LONG_NAMED)('keeps every claim name of a token from %s whole on one line', { timeout: budgetFor(2) }, async (_, code) => {
      const { page, context } = await openPlayground(browser, running.url, { width: 1280, height: 800 });
      await paste(page, vendorToken(code));
      const names = await nameLines(page);
      expect(names.map(({ name }) => name)).toContain(code === 'entra' ? 'preferred_username' : 'repository_visibility');
      expect(names.filter(({ lines }) => lines !== 1)).toEqual([]);
      await context.close();
    });
  });
});
