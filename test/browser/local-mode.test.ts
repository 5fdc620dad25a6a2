/// <reference lib="dom" />
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeChain } from '../support/certificates.js';
import { chromiumAvailable, launchChromium, warnIfNoChromium } from '../support/chromium.js';
import {
  ANSWER_MS,
  axeViolations,
  budgetFor,
  enter,
  localSwitch,
  openPlayground,
  paste,
  readmeExamples,
  statusOf as status,
  type OpenedPage,
} from '../support/playground-page.js';
import { playgroundTokens } from '../support/playground-tokens.js';
import { TEST_NOW_MS, listen, testService, type Running } from '../support/service.js';
import { OIDC_A3_ACCESS_TOKEN, OIDC_A3_ID_TOKEN } from '../vectors/jose-keys.js';
import { DJANGO_DUMPS, FLASK_UNSIGN, GITHUB_TOKEN, PASETO_4_S_1 } from '../vectors/tokens/index.js';

warnIfNoChromium('PLAYGROUND LOCAL MODE BROWSER TEST');
vi.setConfig({ expect: { poll: { timeout: ANSWER_MS } } });

/** jwt.io's example token and the secret it is signed with (https://jwt.io, as of 2025; test/http/sign.test.ts signs it again). */
const JWT_IO_TOKEN =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiYWRtaW4iOnRydWUsImlhdCI6MTUxNjIzOTAyMn0.KMUFsIDTnFmyG3nMiGM6H9FNFUROf3wh7SmqJp-QV30';
const JWT_IO_SECRET = 'a-string-secret-at-least-256-bits-long';
/** The test service's clock, which the browser's is fixed to: local mode's core reads the browser's. */
const NOW_S = Math.floor(TEST_NOW_MS / 1000);

/** The page's own files, as `make build` leaves them: the only things a page in local mode may ask for. */
function ownFiles(): Set<string> {
  const dist = new URL('../../web/dist/', import.meta.url).pathname;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));
  return new Set(['/', ...walk(dist).map((path) => `/${relative(dist, path)}`)].filter((path) => path !== '/index.html'));
}

/** The pair and tokens of the panels' test; the verify panel's key is named k1, as the token's header names it. */
async function make() {
  const made = await playgroundTokens(JWT_IO_SECRET);
  return { ...made, publicJwk: { ...made.publicJwk, kid: 'k1' }, verifiable: made.clean };
}
type Made = Awaited<ReturnType<typeof make>>;

/**
 * What the page shows, as a person reads it, less what says where things go (the hints, the note on a zone whose
 * rules here are not the service's among them, and the private key warning), which is the one thing the two modes
 * say differently.
 */
const shownText = (page: Page): Promise<string> =>
  page.locator('main').evaluate((main) => {
    const copy = main.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('.hint, .private-key').forEach((element) => element.remove());
    return copy.innerText;
  });

describe.skipIf(!chromiumAvailable)('the playground in local mode, in headless Chromium', () => {
  let running: Running;
  let browser: Browser;
  let made: Made;
  const chain = makeChain();

  beforeAll(async () => {
    running = await listen(testService({ RATE_LIMIT_POINTS: '1000' }).app);
    browser = await launchChromium();
    made = await make();
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  const open = (options: Parameters<typeof openPlayground>[2] = {}): Promise<OpenedPage> =>
    openPlayground(browser, running.url, { now: TEST_NOW_MS, local: true, ...options });

  it('opens in local mode, with a labelled switch whose off travels in the share link', { timeout: budgetFor(3) }, async () => {
    // Opened as a visitor does: the switch as the page sets it.
    const { page, context } = await openPlayground(browser, running.url, { local: true });
    const toggle = localSwitch(page);
    expect(await toggle.isChecked()).toBe(true);
    expect(await toggle.evaluate((element) => [element.tagName, (element as HTMLInputElement).type])).toEqual(['INPUT', 'checkbox']);
    expect(await page.getByLabel('Run in this browser: nothing is sent').count()).toBe(1);
    await enter(page, '1700000000', /Best guess/);
    // The core came as a chunk of its own, asked for once the page was first painted (the answer above is its).
    const [painted, core] = await page.evaluate(() => {
      const first = (document.querySelector('script[src]') as HTMLScriptElement).src;
      const scripts = performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('.js') && entry.name !== first);
      return [performance.getEntriesByName('first-paint')[0]?.startTime, scripts[0]?.startTime];
    });
    expect(painted).toBeGreaterThan(0);
    expect(core).toBeGreaterThan(painted!);
    await page.getByRole('button', { name: 'Make a share link' }).click();
    const onLink = new URLSearchParams(new URL(await page.getByLabel(/share link/i).inputValue()).hash.slice(1));
    expect([onLink.get('input'), onLink.get('local')]).toEqual(['1700000000', null]);

    await toggle.uncheck();
    await page.getByRole('button', { name: 'Make a share link' }).click();
    const link = await page.getByLabel(/share link/i).inputValue();
    const offLink = new URLSearchParams(new URL(link).hash.slice(1));
    expect([offLink.get('input'), offLink.get('local')]).toEqual(['1700000000', 'off']);
    const shared = await openPlayground(browser, running.url, { url: link, local: false });
    expect(await localSwitch(shared.page).isChecked()).toBe(false);
    await expect.poll(() => status(shared.page).textContent()).toMatch(/Best guess/);
    expect(shared.requests.some((request) => new URL(request.url()).pathname === '/trpc/unixTimestamp.identify')).toBe(true);
    await shared.context.close();
    await context.close();
  });

  it('sends nothing beyond loading its own files, whatever is pasted and whichever panel is used', { timeout: budgetFor(24) }, async () => {
    const { page, context, requests, complaints } = await open();
    // The policy's own account of what it refused, from the first script on: an `eval` that zod (or anything
    // else) probes for and catches is refused without a word in the console, but it is reported here.
    await page.addInitScript(() => {
      const refused: string[] = [];
      Object.assign(window, { refused });
      document.addEventListener('securitypolicyviolation', (event) => refused.push(`${event.effectiveDirective} ${event.blockedURI}`));
    });
    await page.reload();
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));
    const workers: Request[] = [];
    context.on('request', (request) => workers.push(request));

    // Decode, with the claims explained from the core's claim dictionary.
    await enter(page, made.verifiable, /^Decoded a token: a JWT/);
    const exp = page.locator('table.claims tr', { has: page.locator('th code', { hasText: /^exp$/ }) });
    expect(await exp.textContent()).toContain('Expiration time');
    // 3599.877 s after the clock (TEST_NOW_MS is 123 ms past its second), rounded towards zero: the browser's clock, fixed.
    expect(await exp.locator('.when span, .when time').allTextContents()).toContain('in 59 minutes');

    // Verify with a key.
    const verify = page.getByRole('region', { name: 'Verify the signature' });
    await verify.getByLabel(/public key, certificate or JWK Set/i).fill(JSON.stringify(made.publicJwk));
    await expect.poll(() => verify.locator('.verify-result').textContent()).toMatch(/^Valid: .*ES256, key k1/);

    // Sign with a secret, then with a private key, then with a pair made for the token.
    const sign = page.getByRole('region', { name: 'Edit and sign' });
    await sign.getByLabel(/Secret, private JWK or PEM/).fill(JWT_IO_SECRET);
    await sign.getByLabel(/Expires in/).fill('PT1H');
    await sign.getByRole('button', { name: 'Sign' }).click();
    const byHmac = sign.getByLabel(/New token \(HS256\)/);
    await byHmac.waitFor({ timeout: ANSWER_MS });
    const hmacPayload = JSON.parse(Buffer.from((await byHmac.inputValue()).split('.')[1]!, 'base64url').toString()) as { exp: number };
    expect(hmacPayload.exp).toBe(NOW_S + 3600);
    await sign.getByLabel(/Secret, private JWK or PEM/).fill(JSON.stringify(made.privateJwk));
    await sign.getByRole('button', { name: 'Sign' }).click();
    await sign.getByLabel(/New token \(ES256\)/).waitFor({ timeout: ANSWER_MS });
    await sign.getByLabel('Generate a key pair for this token').check();
    await sign.getByLabel('Algorithm of the key pair').selectOption('EdDSA');
    await sign.getByRole('button', { name: 'Sign' }).click();
    await sign.getByLabel(/New token \(EdDSA\)/).waitFor({ timeout: ANSWER_MS });
    expect(await sign.getByLabel('Public JWK').textContent()).toContain('"crv": "Ed25519"');

    // Verify with a secret.
    await enter(page, JWT_IO_TOKEN, /^Decoded a token/);
    await verify.getByLabel('Secret (HS256)').fill(JWT_IO_SECRET);
    await expect.poll(() => verify.locator('.verify-result').textContent()).toBe('Valid: the signature verifies with this secret (HS256).');

    // Validate, with and without an expectation.
    await enter(page, made.accessToken, /^Decoded a token/);
    const validate = page.getByRole('region', { name: 'Validate' });
    const verdict = validate.locator('.validate-result p').first();
    await expect.poll(() => verdict.textContent()).toMatch(/^No rule failed for oauth_access_token, with nothing expected yet/);
    await validate.getByLabel('Expected issuer (iss)').fill('https://other.example');
    await expect.poll(() => verdict.textContent()).toMatch(/oauth_access_token/);
    await expect.poll(() => validate.textContent()).toMatch(/iss/);
    await enter(page, OIDC_A3_ID_TOKEN, /^Decoded a token/);
    await validate.getByRole('table', { name: 'Every rule of oidc_id_token' }).waitFor({ timeout: ANSWER_MS });
    await validate.getByLabel(/Access token issued with it/).fill(OIDC_A3_ACCESS_TOKEN);
    const atHash = validate.locator('tr', { has: page.locator('code:text-is("at_hash_matches")') });
    await expect.poll(() => atHash.locator('td').first().textContent()).toBe('Passed');

    // Key inspection: a JWK and a certificate chain.
    await enter(page, JSON.stringify(made.publicJwk), /^Read 1 key/);
    await enter(page, `${chain.leaf.pem}${chain.intermediate.pem}${chain.root.pem}`, /^Read 3 keys/);

    // Identify, every format, add and diff.
    await enter(page, '1700000000', /^Best guess: Unix time in seconds/);
    await page.locator('summary', { hasText: 'Every format' }).click();
    await page.getByRole('table', { name: /every format/ }).waitFor({ timeout: ANSWER_MS });
    expect(await page.getByRole('table', { name: /every format/ }).textContent()).toContain('2023-11-14T22:13:20Z');
    const calculate = page.getByRole('region', { name: 'Calculate' });
    await calculate.getByLabel(/Duration/).fill('P1D');
    await expect.poll(() => calculate.locator('.calculated').textContent()).toContain('2023-11-15T22:13:20Z');
    await calculate.getByLabel(/measure the time to another instant/).check();
    await calculate.getByLabel(/Other instant/).fill('1700086400');
    await expect.poll(() => calculate.locator('.calculated').textContent()).toContain('86400 seconds');
    // A date-time in its own zone, which identify does not read and to-unix does.
    await enter(page, '2024-03-31T12:00:00[Europe/Berlin]', /^2024-03-31T10:00:00Z/);

    const own = ownFiles();
    const seen = [...new Set([...requests, ...workers])];
    const beyond = seen.filter((request) => {
      const url = new URL(request.url());
      return request.method() !== 'GET' || url.origin !== running.url || !own.has(url.pathname) || url.search !== '';
    });
    expect(beyond.map((request) => `${request.method()} ${request.url()}`)).toEqual([]);
    expect(sockets).toEqual([]);
    expect(complaints).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { refused: string[] }).refused)).toEqual([]);
    await context.close();
  });

  /** Waits until the page has every answer it asks for on its own, with "Every format" opened. */
  async function settled(page: Page): Promise<void> {
    const everyFormat = page.locator('summary', { hasText: 'Every format' });
    if ((await everyFormat.count()) > 0) {
      await everyFormat.click();
      await page.getByRole('table', { name: /every format/ }).waitFor({ timeout: ANSWER_MS });
    }
    if ((await page.getByRole('region', { name: 'Validate' }).count()) > 0) {
      await expect.poll(() => page.locator('.validate-result').textContent()).not.toBe('');
    }
    await expect.poll(() => page.locator('p', { hasText: /^(Reading|Checking)…$/ }).count()).toBe(0);
  }

  /** What a page of each mode shows for `value`, once `then` (if any) has been done in each and every answer is in. */
  async function bothModes(value: string, then?: (page: Page) => Promise<void>): Promise<[string, string]> {
    const shown: string[] = [];
    for (const local of [true, false]) {
      const { page, context, requests } = await open({ local });
      await paste(page, value);
      await then?.(page);
      await settled(page);
      shown.push(await shownText(page));
      const calls = requests.filter((request) => new URL(request.url()).pathname.startsWith('/trpc/'));
      if (local) expect(calls).toEqual([]);
      else expect(calls.length).toBeGreaterThan(0);
      await context.close();
    }
    return [shown[0]!, shown[1]!];
  }

  /** Examples of the README and docs/api.md, one of each kind the page answers: the documents' own words, in both modes. */
  const PICKED = [
    '1700000000',
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9', // jwt.io's
    'eyJhbGciOiJSU0EtT0FFUCIsImVuYyI6IkEyNTZHQ00ifQ', // a JWE
    'eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9', // Entra ID's
    'eyJhbGciOiJFUzI1NiIsInR5cCI6ImRjK3NkLWp3dCJ9', // an SD-JWT
    '2024-03-31T02:30:00', // in Berlin's DST gap
    '2024-03-31T12:00:00+05:00[Europe/Berlin]', // refused: the offset is not Berlin's
    '2023-02-29T00:00:00Z', // refused: no such day
    '017F22E2-79B0-7CC3-98C4-DC0C0C07398F', // a UUID v7
  ];
  const examples = readmeExamples();
  const COMPARED: readonly (readonly [string, () => string])[] = [
    ...PICKED.map((start) => [`README example ${start.slice(0, 24)}`, () => examples.find((value) => value.startsWith(start))!] as const),
    ['an ES256 token valid at the clock', () => made.verifiable],
    ['a certificate chain', () => `${chain.leaf.pem}${chain.intermediate.pem}${chain.root.pem}`],
    ['a value no format reads', () => 'not a time'],
    ['a GitHub token', () => GITHUB_TOKEN],
    ['a Flask session cookie', () => FLASK_UNSIGN.value],
    ['a Django signed value', () => DJANGO_DUMPS],
    ['a v4.public PASETO', () => PASETO_4_S_1.token],
  ];

  it.each(COMPARED)('shows for %s what service mode shows', { timeout: budgetFor(8) }, async (_what, value) => {
    expect(value(), 'the example is in the documents').toBeDefined();
    const [local, service] = await bothModes(value());
    expect(local.length).toBeGreaterThan(20);
    expect(local).toBe(service);
  });

  it('shows the same verify answer in both modes, with a key and with a secret', { timeout: budgetFor(8) }, async () => {
    const withKey = async (page: Page) => {
      await page.getByLabel(/public key, certificate or JWK Set/i).fill(JSON.stringify({ keys: [made.publicJwk] }));
      await expect.poll(() => page.locator('.verify-result').textContent()).toMatch(/^Valid/);
    };
    const [localKey, serviceKey] = await bothModes(made.verifiable, withKey);
    expect(localKey).toBe(serviceKey);
    const withSecret = async (page: Page) => {
      await page.getByLabel('Secret (HS256)').fill(`${JWT_IO_SECRET}x`);
      await expect.poll(() => page.locator('.verify-result').textContent()).toMatch(/^Not valid/);
    };
    const [localSecret, serviceSecret] = await bothModes(JWT_IO_TOKEN, withSecret);
    expect(localSecret).toBe(serviceSecret);
  });

  it(
    'shows the same token verify answer in both modes, with a secret and with a PASETO public key',
    { timeout: budgetFor(8) },
    async () => {
      const withSecret = async (page: Page) => {
        await page.getByLabel('Secret key (flask_session)').fill('CHANGEME');
        await expect.poll(() => page.locator('.token-verify-result').textContent()).toMatch(/^Valid/);
      };
      const [localSecret, serviceSecret] = await bothModes(FLASK_UNSIGN.value, withSecret);
      expect(localSecret).toContain('Yes: the signature over it verified');
      expect(localSecret).toBe(serviceSecret);
      const withKey = async (page: Page) => {
        await page.getByLabel(/Public key of the PASETO/).fill(JSON.stringify(PASETO_4_S_1.publicJwk));
        await expect.poll(() => page.locator('.token-verify-result').textContent()).toMatch(/^Not valid: .*expired/);
      };
      const [localKey, serviceKey] = await bothModes(PASETO_4_S_1.token, withKey);
      expect(localKey).toBe(serviceKey);
    },
  );

  /**
   * Resolves once the page's effects for what it shows have run and settled: Preact runs effects after the next frame
   * (a frame, then a task), and the zone-rules note's measure answers in microtasks after that. Waited for before
   * saying that the note is absent, so that an absent note is one measured as not needed, not one still measuring.
   */
  const effectsSettled = (page: Page): Promise<void> =>
    page.evaluate(async () => {
      for (let frame = 0; frame < 2; frame++) await new Promise((done) => requestAnimationFrame(() => setTimeout(done)));
    });

  it(
    "notes beside local time where this browser's zone rules are not the service's, in local mode only",
    { timeout: budgetFor(8) },
    async () => {
      const { page, context, requests, complaints } = await open({ width: 360 });
      const picker = page.getByRole('combobox', { name: /zone/i });
      const inYourZone = page.getByRole('region', { name: 'In your zone' });
      const note = page.locator('#zone-rules');
      await enter(page, '1700000000', /^Best guess/);
      // Measured first, in this page, by the client's own differingZones: the local core's chunk, which the page has
      // loaded, imported again (a module already loaded, so nothing is fetched). Text, not a function: the test runner
      // rewrites a dynamic import() in a function it compiles.
      const chunk = [...ownFiles()].find((path) => /^\/assets\/local-[^/]+\.js$/.test(path));
      const measured = await page.evaluate<{ differing: string[]; tzdata: string }>(
        `import('.${chunk}').then((core) => ({ differing: core.differingZones(['America/Winnipeg', 'Europe/Berlin']), tzdata: core.serviceTzdata }))`,
      );
      expect(measured.tzdata).toMatch(/^\d{4}[a-z]$/);
      expect(measured.differing, "Europe/Berlin's rules here are the service's").not.toContain('Europe/Berlin');
      const winnipegDiffers = measured.differing.includes('America/Winnipeg');
      const expected = `This browser's rules for America/Winnipeg differ from the service's (IANA tz ${measured.tzdata}), so local times there may differ; turn off “Run in this browser” to use the service's.`;
      if (!winnipegDiffers) {
        process.stderr.write(
          `\n#### This Chromium's rules for America/Winnipeg are the service's (IANA tz ${measured.tzdata}): the zone-rules note is checked absent, not shown. ####\n\n`,
        );
      }

      // The zone picked.
      await picker.selectOption('America/Winnipeg');
      await expect.poll(() => inYourZone.textContent()).toContain('Local time in America/Winnipeg');
      if (winnipegDiffers) {
        await expect.poll(() => note.textContent()).toBe(expected);
        expect(await picker.getAttribute('aria-describedby')).toBe('zone-rules');
        expect(await axeViolations(page)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      } else {
        await effectsSettled(page);
        expect(await note.count()).toBe(0);
      }
      await picker.selectOption('Europe/Berlin');
      await expect.poll(() => inYourZone.textContent()).toContain('Local time in Europe/Berlin');
      await effectsSettled(page);
      expect(await note.count()).toBe(0);
      expect(await picker.getAttribute('aria-describedby')).toBeNull();

      // The zone a value names: after the change the browser's rules may not know of (America/Winnipeg, 2026-11-01).
      await enter(page, '2026-11-15T12:00:00[America/Winnipeg]', /^2026-11-15T\d\d:00:00Z: /);
      await expect.poll(() => picker.inputValue()).toBe('America/Winnipeg');
      expect(await page.getByRole('region', { name: 'In the zone' }).textContent()).toContain('Local time in America/Winnipeg');
      if (winnipegDiffers) {
        await expect.poll(() => note.textContent()).toBe(expected);
        expect(await picker.getAttribute('aria-describedby')).toBe('zone-named zone-rules');
      } else {
        await effectsSettled(page);
        expect(await note.count()).toBe(0);
      }
      expect(requests.filter((request) => new URL(request.url()).pathname.startsWith('/trpc/'))).toEqual([]);

      // Service mode: the service's answer, in the service's rules, and no note.
      await localSwitch(page).uncheck();
      await expect
        .poll(() => requests.filter((request) => new URL(request.url()).pathname === '/trpc/unixTimestamp.toUnix').length)
        .toBeGreaterThan(0);
      await expect.poll(() => status(page).textContent()).toMatch(/^2026-11-15T\d\d:00:00Z: /);
      await effectsSettled(page);
      expect(await note.count()).toBe(0);
      expect(complaints).toEqual([]);
      await context.close();
    },
  );

  it('says in words that nothing is sent, passes axe-core and fits 360 px, light and dark', { timeout: budgetFor(4) }, async () => {
    for (const [width, dark] of [
      [1280, false],
      [360, false],
      [360, true],
    ] as const) {
      const { page, context } = await open({ width, dark });
      expect(await page.locator('header').textContent()).toContain('Everything is read in this browser: nothing you paste is sent');
      await enter(page, made.verifiable, /^Decoded a token/);
      expect(await page.getByRole('region', { name: 'Edit and sign' }).textContent()).toContain('Kept in this browser: never sent');
      expect(await axeViolations(page)).toEqual([]);
      const box = await localSwitch(page).boundingBox();
      expect(box?.x).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await context.close();
    }
  });
});
