/// <reference lib="dom" />
import { createHash } from 'node:crypto';
import {
  CompactEncrypt,
  CompactSign,
  SignJWT,
  calculateJwkThumbprint,
  compactVerify,
  exportJWK,
  exportSPKI,
  generateKeyPair,
  type JWK,
} from 'jose';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PUBLIC_KEY_ALGORITHMS } from '../../src/core/shared/algorithms.js';
import { makeChain } from '../support/certificates.js';
import { chromiumAvailable, launchChromium, warnIfNoChromium } from '../support/chromium.js';
import {
  ANSWER_MS,
  axeViolations,
  budgetFor,
  enter,
  localSwitch,
  mainInput as input,
  openPlayground,
  paste,
  readmeExamples,
  statusOf as status,
  type OpenedPage,
} from '../support/playground-page.js';
import { EXAMPLE_ISSUER_KEY, exampleToken } from '../support/sd-jwt-examples.js';
import { OIDC_A3_ACCESS_TOKEN, OIDC_A3_ID_TOKEN } from '../vectors/jose-keys.js';
import { VENDOR_TOKENS, tokenOf } from '../vectors/vendor-tokens.js';
import { TEST_NOW_MS, listen, testService, type Running } from '../support/service.js';

warnIfNoChromium('PLAYGROUND BROWSER TEST');
// Every wait for the page is for one answer, however busy the machine: never the one second expect.poll gives by default.
vi.setConfig({ expect: { poll: { timeout: ANSWER_MS } } });

const b64 = (text: string) => Buffer.from(text).toString('base64url');
const NOW_S = Math.floor(Date.now() / 1000);

interface Made {
  jwt: string;
  /** Valid at the test service's fixed clock (TEST_NOW_MS, in 2027), which verification reads. */
  verifiable: string;
  publicJwk: JWK;
  publicPem: string;
  privateJwk: JWK;
  otherPublicJwk: JWK;
  sdJwt: string;
  jwe: string;
  nested: string;
  unsigned: string;
}

/** Tokens of every form, made with keys generated here. */
async function makeTokens(): Promise<Made> {
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
  const other = await generateKeyPair('ES256', { extractable: true });
  const jwt = await new SignJWT({ sub: 'alice', name: 'Alice' })
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: 'k1' })
    .setIssuer('https://issuer.example')
    .setIssuedAt(NOW_S)
    .setExpirationTime(NOW_S + 3 * 3600 + 60)
    .sign(privateKey);
  const verifiable = await new SignJWT({ sub: 'alice' })
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: 'k1' })
    .setExpirationTime(Math.floor(TEST_NOW_MS / 1000) + 86_400)
    .sign(privateKey);
  const disclosure = b64(JSON.stringify(['c2FsdA', 'given_name', 'Alice']));
  const digest = createHash('sha256').update(disclosure).digest('base64url');
  const issuerSigned = await new SignJWT({ _sd: [digest], _sd_alg: 'sha-256', iss: 'https://issuer.example', exp: NOW_S + 86_400 })
    .setProtectedHeader({ alg: 'ES256', typ: 'dc+sd-jwt' })
    .sign(privateKey);
  const encryption = await generateKeyPair('RSA-OAEP-256');
  const jwe = await new CompactEncrypt(new TextEncoder().encode('{"secret":true}'))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM' })
    .encrypt(encryption.publicKey);
  const nested = await new CompactSign(new TextEncoder().encode(jwt)).setProtectedHeader({ alg: 'ES256', cty: 'JWT' }).sign(privateKey);
  return {
    jwt,
    verifiable,
    publicJwk: { ...(await exportJWK(publicKey)), kid: 'k1' },
    publicPem: await exportSPKI(publicKey),
    privateJwk: await exportJWK(privateKey),
    otherPublicJwk: { ...(await exportJWK(other.publicKey)), kid: 'k1' },
    sdJwt: `${issuerSigned}~${disclosure}~`,
    jwe,
    nested,
    unsigned: `${b64('{"alg":"none"}')}.${b64(JSON.stringify({ sub: 'x', iat: NOW_S }))}.`,
  };
}

describe.skipIf(!chromiumAvailable)('the playground in headless Chromium', () => {
  let running: Running;
  let browser: Browser;
  let tokens: Made;

  beforeAll(async () => {
    running = await listen(testService({ RATE_LIMIT_POINTS: '1000' }).app);
    browser = await launchChromium();
    tokens = await makeTokens();
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  const open = (options: Parameters<typeof openPlayground>[2] = {}): Promise<OpenedPage> => openPlayground(browser, running.url, options);

  it(
    'shows a token: labelled coloured parts, formatted JSON, explained claims, findings most severe first',
    { timeout: budgetFor(3) },
    async () => {
      const { page, context, complaints } = await open();
      await enter(page, tokens.jwt, /Decoded a token: a JWT/);
      const parts = page.locator('.parts li');
      expect(await parts.locator('.part-label').allTextContents()).toEqual(['Header', 'Payload', 'Signature']);
      const colours = await parts.evaluateAll((items) => items.map((item) => getComputedStyle(item).color));
      expect(new Set(colours).size).toBe(3);
      expect(await parts.locator('code').allTextContents()).toEqual(tokens.jwt.split('.'));

      const [header, payload] = tokens.jwt
        .split('.')
        .slice(0, 2)
        .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()) as unknown);
      expect(await page.getByLabel('Header as JSON').textContent()).toBe(JSON.stringify(header, null, 2));
      expect(await page.getByLabel('Payload as JSON').textContent()).toBe(JSON.stringify(payload, null, 2));

      const exp = page.locator('table.claims tr', { has: page.locator('th code', { hasText: /^exp$/ }) });
      await expect.poll(() => exp.textContent()).toContain('Expiration time');
      const expIso = new Date((NOW_S + 3 * 3600 + 60) * 1000).toISOString().replace('.000Z', 'Z');
      expect(await exp.locator('time').getAttribute('datetime')).toBe(expIso.replace('Z', '.000Z'));
      const cells = await exp.locator('.when span, .when time').allTextContents();
      expect(cells[0]).toBe(expIso);
      // The browser's zone (Europe/Berlin here) and relative time, rounded towards zero.
      expect(cells[1]).toMatch(/CES?T|GMT\+[12]/);
      expect(cells[2]).toBe('in 3 hours');
      expect(await page.locator('table.claims tr', { has: page.locator('th code', { hasText: /^iss$/ }) }).textContent()).toContain(
        'Issuer',
      );

      await enter(page, tokens.unsigned, /Decoded a token: a JWT \(JWS compact serialization\), with 2 findings/);
      expect(await page.locator('.finding').evaluateAll((items) => items.map((item) => item.firstElementChild?.textContent))).toEqual([
        'Critical',
        'Warning',
      ]);
      expect(await page.locator('.finding code').allTextContents()).toEqual(['alg_none', 'no_expiry']);
      expect(complaints).toEqual([]);
      await context.close();
    },
  );

  it(
    'explains every member from the service: a recognised issuer named at the top, its claims grouped under its name',
    { timeout: budgetFor(3) },
    async () => {
      const { page, context, complaints } = await open();
      const entra = VENDOR_TOKENS.find((vector) => vector.code === 'entra')!;
      await enter(page, tokenOf(entra), /Decoded a token: a JWT/);
      expect(await page.locator('.issuer strong').textContent()).toBe('Access token from Microsoft Entra ID');
      const vendorTable = page.locator('table.claims', { has: page.locator('caption', { hasText: 'Microsoft Entra ID claims' }) });
      const tid = vendorTable.locator('tr', { has: page.locator('th code', { hasText: /^tid$/ }) });
      expect(await tid.locator('a').textContent()).toBe('Tenant ID');
      expect(await tid.locator('a').getAttribute('href')).toBe(
        'https://learn.microsoft.com/en-us/entra/identity-platform/access-token-claims-reference',
      );
      expect(await tid.locator('.defined-by').textContent()).toBe('Microsoft Entra ID');
      // IANA's claims stay in the main table, each linked to its RFC section.
      const general = page.locator('table.claims', { has: page.locator('caption', { hasText: /^Claims$/ }) });
      const exp = general.locator('tr', { has: page.locator('th code', { hasText: /^exp$/ }) });
      expect(await exp.locator('a').getAttribute('href')).toBe('https://www.rfc-editor.org/rfc/rfc7519#section-4.1.4');
      expect(await exp.locator('time').getAttribute('datetime')).toBe('2018-09-18T01:42:28.000Z');
      const kid = page.locator('table.claims', { has: page.locator('caption', { hasText: 'Header parameters' }) });
      expect(
        await kid
          .locator('tr', { has: page.locator('th code', { hasText: /^kid$/ }) })
          .locator('a')
          .textContent(),
      ).toBe('Key ID');

      await enter(page, tokenOf({ header: entra.header, payload: { ...entra.payload, iss: 'https://issuer.example' } }), /Decoded a token/);
      await expect.poll(() => page.locator('.issuer').count()).toBe(0);
      expect(await page.locator('caption', { hasText: 'Microsoft Entra ID claims' }).count()).toBe(0);
      const unknownTid = page.locator('table.claims tr', { has: page.locator('th code', { hasText: /^tid$/ }) });
      expect(await unknownTid.locator('.unknown').textContent()).toMatch(/Not a registered claim/);
      expect(complaints).toEqual([]);
      await context.close();
    },
  );

  it('shows SD-JWT disclosures, JWE facts and a nested token', { timeout: budgetFor(3) }, async () => {
    const { page, context } = await open();
    await enter(page, tokens.sdJwt, /Decoded a token: an SD-JWT/);
    const disclosures = page.getByRole('table', { name: 'Disclosures' });
    expect(await disclosures.locator('tbody tr').count()).toBe(1);
    expect(await disclosures.locator('tbody tr').textContent()).toContain('given_name');
    expect(await disclosures.locator('tbody tr').textContent()).toContain('/given_name');
    expect(await page.getByLabel('Disclosed payload as JSON').textContent()).toContain('"given_name": "Alice"');
    expect(await page.locator('.parts .part-label').allTextContents()).toContain('Disclosure 1');

    await enter(page, tokens.jwe, /Decoded a token: a JWE/);
    const facts = await page.getByRole('region', { name: 'Encryption' }).textContent();
    expect(facts).toContain('A256GCM');
    expect(facts).toContain('256 bytes');
    expect(facts).toContain('Ciphertext15 bytes');
    expect(await page.locator('.parts .part-label').allTextContents()).toEqual([
      'Protected header',
      'Encrypted key',
      'Initialization vector',
      'Ciphertext',
      'Authentication tag',
    ]);
    expect(await page.getByLabel(/public key/i).count()).toBe(0);

    await enter(page, tokens.nested, /Decoded a token: a JWT/);
    const inner = page.getByRole('region', { name: 'Nested token, level 2' });
    expect(await inner.getByLabel('Payload as JSON').textContent()).toContain('"sub": "alice"');
    await context.close();
  });

  it('verifies with a public JWK, and says why another key fails', { timeout: budgetFor(4) }, async () => {
    const { page, context } = await open();
    await enter(page, tokens.verifiable, /Decoded a token/);
    const key = page.getByLabel(/public key, certificate or JWK Set/i);
    await key.fill(JSON.stringify(tokens.publicJwk));
    await expect.poll(() => page.locator('.verify-result').textContent(), { timeout: ANSWER_MS }).toMatch(/^Valid: .*ES256, key k1/);
    await key.fill(JSON.stringify(tokens.otherPublicJwk));
    await expect
      .poll(() => page.locator('.verify-result').textContent(), { timeout: ANSWER_MS })
      .toMatch(/^Not valid: .*signature_invalid/);
    // A private key is flagged and kept on the page, never sent for the service to refuse.
    await key.fill(JSON.stringify(tokens.privateJwk));
    await expect.poll(() => page.getByRole('alert').first().textContent(), { timeout: ANSWER_MS }).toMatch(/private key/i);
    await expect.poll(() => page.locator('.verify-result').textContent(), { timeout: ANSWER_MS }).toBe('');
    await context.close();
  });

  it("names the key the token's kid selects in the verify panel, with its thumbprint to copy", { timeout: budgetFor(3) }, async () => {
    const { page, context } = await open();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await enter(page, tokens.verifiable, /Decoded a token/);
    await page
      .getByLabel(/public key, certificate or JWK Set/i)
      .fill(JSON.stringify({ keys: [tokens.otherPublicJwk, { ...tokens.publicJwk, kid: 'k2' }, tokens.publicJwk] }));
    const thumbprint = await calculateJwkThumbprint(tokens.publicJwk);
    const match = page.locator('.key-match li');
    await expect.poll(() => match.allTextContents(), { timeout: ANSWER_MS }).toHaveLength(2);
    expect(await match.nth(1).textContent()).toMatch(
      new RegExp(`has the thumbprint ${thumbprint}.*the one the token's kid k1 names; the signature verifies with it`),
    );
    expect(await match.nth(0).textContent()).toMatch(/the signature does not verify with it/);
    await match.nth(1).getByRole('button', { name: 'Copy thumbprint' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(thumbprint);
    await context.close();
  });

  it(
    'inspects a key pasted into the main field: thumbprint, public JWK and PEM to copy, and a private key flagged at once',
    { timeout: budgetFor(5) },
    async () => {
      const { page, context, requests } = await open();
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await enter(page, tokens.publicPem, /^Read 1 key, with 0 findings/);
      const thumbprint = await calculateJwkThumbprint(tokens.publicJwk);
      const key = page.getByRole('region', { name: /^Key 1: EC P-256, 256 bits$/ });
      expect(
        await key
          .getByRole('row', { name: /Thumbprint \(RFC 7638/ })
          .locator('code')
          .textContent(),
      ).toBe(thumbprint);
      expect(
        await key
          .getByRole('row', { name: /Thumbprint URI/ })
          .locator('code')
          .textContent(),
      ).toBe(`urn:ietf:params:oauth:jwk-thumbprint:sha-256:${thumbprint}`);
      await key.getByRole('button', { name: 'Copy Public PEM' }).click();
      await expect
        .poll(() => page.evaluate(() => navigator.clipboard.readText()))
        .toBe(tokens.publicPem.endsWith('\n') ? tokens.publicPem : `${tokens.publicPem}\n`);
      await key.getByRole('button', { name: 'Copy Public JWK' }).click();
      // A PEM carries no kid.
      expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toEqual({ ...tokens.publicJwk, kid: undefined });

      // The warning comes from the page itself, before the service has answered.
      let release = () => undefined as void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/trpc/**', async (route) => {
        await held;
        await route.continue();
      });
      await input(page).fill(JSON.stringify({ keys: [tokens.privateJwk] }));
      await page.getByRole('alert').first().waitFor({ timeout: ANSWER_MS });
      expect(await page.getByRole('alert').first().textContent()).toMatch(/^This text holds a private key or a shared secret/);
      expect(await page.locator('.finding code', { hasText: 'private_key_material' }).count()).toBe(0);
      release();
      await expect.poll(() => status(page).textContent(), { timeout: ANSWER_MS }).toMatch(/^Read 1 key, with 1 finding\./);
      expect(await page.locator('.finding.severity-critical code').first().textContent()).toBe('private_key_material');
      expect(await page.locator('main').textContent()).not.toContain(tokens.privateJwk.d);
      for (const req of requests) expect(req.url()).not.toContain(tokens.privateJwk.d!);
      await context.close();
    },
  );

  it("puts a certificate's subject, issuer and validity before its key's JWK and PEM", { timeout: budgetFor(1) }, async () => {
    const chain = makeChain();
    const { page, context } = await open();
    await enter(page, chain.leaf.pem, /^Read 1 key/);
    const key = page.getByRole('region', { name: /^Key 1: OKP Ed25519/ });
    expect(await key.locator('table.key > tbody > tr > th').allTextContents()).toEqual([
      'Subject',
      'Issuer',
      'Valid from',
      'Valid until',
      'Alternative names',
      'Serial',
      'x5t#S256',
      'Thumbprint (RFC 7638, SHA-256)',
      'Thumbprint URI (RFC 9278)',
      'Public JWK',
      'Public PEM',
    ]);
    expect(await key.getByRole('row', { name: /^Subject/ }).textContent()).toContain('CN=api.example.com');
    await context.close();
  });

  it(
    'names the profile a token follows at the top with the structural rules it fails, and validates with the expectations that profile reads',
    { timeout: budgetFor(3) },
    async () => {
      const { page, context } = await open();
      const accessToken = `${b64('{"typ":"at+jwt","alg":"ES256"}')}.${b64(JSON.stringify({ iss: 'https://as.example', sub: 'u', aud: 'api', exp: NOW_S + 600, iat: NOW_S, jti: 'j' }))}.c2ln`;
      await enter(page, accessToken, /Decoded a token/);
      const line = page.locator('.profile-line');
      expect(await line.locator('p').textContent()).toMatch(
        /^OAuth 2\.0 access token \(RFC 9068\), by its typ; it fails 1 of the 9 rules of its profile that need nothing more:$/,
      );
      expect(await line.locator('li').allTextContents()).toEqual(['claim_client_id: client_id is missing ([RFC 9068 §2.2])']);
      expect(await line.locator('li a').getAttribute('href')).toBe('https://www.rfc-editor.org/rfc/rfc9068#section-2.2');
      // Said at the top: before the token's parts.
      expect(
        await page.evaluate(() => {
          const [line, parts] = [document.querySelector('.profile-line'), document.querySelector('ol.parts')];
          return line !== null && parts !== null && (line.compareDocumentPosition(parts) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
        }),
      ).toBe(true);

      const panel = page.getByRole('region', { name: 'Validate' });
      const every = panel.getByRole('table', { name: 'Every rule of oauth_access_token' });
      await every.waitFor({ timeout: ANSWER_MS });
      const verdict = (rule: string) => every.locator('tr', { has: page.locator(`code:text-is("${rule}")`) }).locator('td');
      expect(await verdict('iss_matches').first().textContent()).toBe('Not checked');
      // Only what an RFC 9068 access token's rules read: no nonce, no htm.
      expect(await panel.locator('label').allTextContents()).toEqual([
        'Expected issuer (iss)',
        'Expected audience, comma-separated (aud)',
        'Thumbprint of the key the token is bound to (jkt)',
        'Public key, certificate or JWK Set that signed it',
        'Clock tolerance, in seconds (0 to 300)',
      ]);
      await page.getByLabel('Expected issuer (iss)').fill('https://other.example');
      await expect.poll(() => verdict('iss_matches').first().textContent(), { timeout: ANSWER_MS }).toBe('Failed');
      expect(await verdict('iss_matches').allTextContents()).toEqual([
        'Failed',
        'iss is "https://as.example", not "https://other.example"',
        '[RFC 9068 §4]',
      ]);
      expect(await verdict('iss_matches').locator('a').getAttribute('href')).toBe('https://www.rfc-editor.org/rfc/rfc9068#section-4');
      expect(await panel.locator('.validate-result p').first().textContent()).toMatch(/^Some rule failed for oauth_access_token/);
      await context.close();
    },
  );

  it(
    'asks an ID token for its nonce and hashes, and sends the access token in a request body only',
    { timeout: budgetFor(3) },
    async () => {
      const { page, context } = await open();
      const requests: Request[] = [];
      page.on('request', (request) => requests.push(request));
      await enter(page, OIDC_A3_ID_TOKEN, /Decoded a token/);
      expect(await page.locator('.profile-line p').textContent()).toMatch(/^OIDC ID token, by its claims; it passes all 7 rules/);
      const panel = page.getByRole('region', { name: 'Validate' });
      await panel.getByRole('table', { name: 'Every rule of oidc_id_token' }).waitFor({ timeout: ANSWER_MS });
      expect(await panel.locator('label').allTextContents()).toEqual([
        'Expected issuer (iss)',
        'Expected audience, comma-separated (aud)',
        'Nonce sent in the request (nonce)',
        'max_age sent in the request, in seconds (auth_time)',
        'Access token issued with it (at_hash, ath)',
        'Authorization code issued with it (c_hash)',
        'state sent in the request (s_hash)',
        'Public key, certificate or JWK Set that signed it',
        'Clock tolerance, in seconds (0 to 300)',
      ]);
      await page.getByLabel(/Access token issued with it/).fill(OIDC_A3_ACCESS_TOKEN);
      const row = panel.locator('tr', { has: page.locator('code:text-is("at_hash_matches")') });
      await expect.poll(() => row.locator('td').first().textContent(), { timeout: ANSWER_MS }).toBe('Passed');
      for (const request of requests) expect(request.url()).not.toContain(OIDC_A3_ACCESS_TOKEN);
      expect(requests.some((request) => request.method() === 'POST' && (request.postData() ?? '').includes(OIDC_A3_ACCESS_TOKEN))).toBe(
        true,
      );
      expect(await page.locator('main').textContent()).not.toContain(OIDC_A3_ACCESS_TOKEN.slice(0, 20));
      await context.close();
    },
  );

  it(
    'edits a token’s claims and signs it again, with a secret or a key pair made for it, and never shares the secret',
    { timeout: budgetFor(4) },
    async () => {
      const { page, context } = await open();
      const requests: Request[] = [];
      page.on('request', (request) => requests.push(request));
      await enter(page, tokens.jwt, /Decoded a token/);
      const panel = page.getByRole('region', { name: 'Edit and sign' });
      const claims = JSON.parse(await panel.getByLabel('Claims (JSON)').inputValue()) as Record<string, unknown>;
      await panel.getByLabel('Claims (JSON)').fill(JSON.stringify({ ...claims, role: 'admin' }));
      const secret = 'a-string-secret-at-least-256-bits-long';
      await panel.getByLabel(/Secret, private JWK or PEM/).fill(secret);
      await panel.getByLabel(/Expires in/).fill('PT1H');
      await panel.getByRole('button', { name: 'Sign' }).click();
      const signed = panel.getByLabel(/New token \(HS256\)/);
      await signed.waitFor({ timeout: ANSWER_MS });
      const token = await signed.inputValue();
      const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
      expect(payload).toMatchObject({ ...claims, role: 'admin', exp: Math.floor(TEST_NOW_MS / 1000) + 3600 });
      await expect(compactVerify(token, new TextEncoder().encode(secret))).resolves.toBeDefined();
      for (const request of requests) expect(request.url()).not.toContain(secret);
      expect(
        requests.filter((request) => (request.postData() ?? '').includes(secret)).map((request) => new URL(request.url()).pathname),
      ).toEqual(['/trpc/jwt.sign']);
      await page.getByRole('button', { name: /share link/i }).click();
      expect(await page.getByLabel(/share link/i).inputValue()).not.toContain(secret);

      await panel.getByLabel('Generate a key pair for this token').check();
      // Every algorithm the service makes a key pair for, from its one table, through the client package.
      expect(await panel.getByLabel('Algorithm of the key pair').locator('option').allTextContents()).toEqual([...PUBLIC_KEY_ALGORITHMS]);
      await panel.getByLabel('Algorithm of the key pair').selectOption('EdDSA');
      await panel.getByRole('button', { name: 'Sign' }).click();
      await panel.getByLabel(/New token \(EdDSA\)/).waitFor({ timeout: ANSWER_MS });
      expect(await panel.getByLabel('Public JWK').textContent()).toContain('"crv": "Ed25519"');
      await context.close();
    },
  );

  it(
    'reads an SD-JWT in JSON serialization (RFC 9901 example), and verifies it with its key binding',
    { timeout: budgetFor(2) },
    async () => {
      const { page, context } = await open();
      await enter(
        page,
        exampleToken('json_serialization_flattened', 'sd_jwt_presentation'),
        /Decoded a token: a JWS in JSON serialization/,
      );
      expect(await page.locator('.summary').first().textContent()).toMatch(/^SD-JWT \(JWS JSON serialization\), flattened/);
      const disclosures = page.getByRole('table', { name: 'Disclosures' });
      expect(await disclosures.locator('tbody tr').allTextContents()).toEqual([
        expect.stringContaining('/family_name'),
        expect.stringContaining('/given_name'),
      ]);
      expect(await page.getByLabel('Disclosed payload as JSON').textContent()).toContain('"given_name": "John"');
      await page.getByLabel(/public key, certificate or JWK Set/i).fill(JSON.stringify(EXAMPLE_ISSUER_KEY));
      await expect.poll(() => page.locator('.verify-result').textContent(), { timeout: ANSWER_MS }).toMatch(/^Valid: .*ES256/);
      await context.close();
    },
  );

  it(
    'shows a time: identify best first, implausible readings folded, every zone with DST and the next transition',
    { timeout: budgetFor(2) },
    async () => {
      const { page, context } = await open();
      await enter(page, '1700000000', /^Best guess: Unix time in seconds.*2023-11-14T22:13:20Z/);
      const plausible = page.getByRole('table', { name: /best first/ });
      expect(await plausible.locator('tbody tr').first().textContent()).toContain('unix_seconds');
      const folded = page.locator('details', { hasText: 'implausible' });
      expect(await folded.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(false);
      expect(await folded.locator('summary').textContent()).toMatch(/\d+ implausible readings/);
      expect(await folded.locator('tbody tr').first().isVisible()).toBe(false);

      const zone = page.getByRole('combobox', { name: /zone/i });
      expect(await zone.evaluate((select) => (select as HTMLSelectElement).value)).toBe('Europe/Berlin');
      await zone.selectOption('America/New_York');
      const local = page.getByRole('region', { name: 'In your zone' });
      await expect.poll(() => local.textContent(), { timeout: ANSWER_MS }).toContain('Local time in America/New_York');
      expect(await local.textContent()).toContain('2023-11-14T17:13:20-05:00');
      expect(await local.textContent()).toContain('-05:00 (standard time)');
      expect(await local.textContent()).toContain('2024-03-10T07:00:00Z');
      await context.close();
    },
  );

  it('offers UTC and every zone the browser knows, each under its current IANA name', { timeout: budgetFor(2) }, async () => {
    const { page, context } = await open();
    await enter(page, '1700000000', /^Best guess/);
    const zone = page.getByRole('combobox', { name: /zone/i });
    const offered = await zone.locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(offered[0]).toBe('UTC');
    expect(offered).toEqual(expect.arrayContaining(['Asia/Kolkata', 'Europe/Kyiv', 'Asia/Ho_Chi_Minh', 'Europe/Berlin']));
    // The names Chromium's own list still gives.
    expect(await page.evaluate(() => Intl.supportedValuesOf('timeZone').filter((name) => /Calcutta|Kiev/.test(name)))).toEqual([
      'Asia/Calcutta',
      'Europe/Kiev',
    ]);
    expect(offered).not.toContain('Asia/Calcutta');
    expect(offered).not.toContain('Europe/Kiev');
    expect(new Set(offered).size).toBe(offered.length);
    expect(offered).toHaveLength(await page.evaluate(() => new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]).size));
    expect(await zone.locator('option').allTextContents()).toEqual(offered);

    // The service reads the current name, and answers under it.
    await zone.selectOption('Asia/Kolkata');
    const local = page.getByRole('region', { name: 'In your zone' });
    await expect.poll(() => local.textContent()).toContain('Local time in Asia/Kolkata');
    expect(await local.textContent()).toContain('2023-11-15T03:43:20+05:30');
    await context.close();
  });

  it('says in words which zone a value without one is read in, naming the picker rather than tz', { timeout: budgetFor(2) }, async () => {
    const { page, context } = await open();
    await enter(page, '2024-01-01 10:00:00', /^Best guess/);
    const note = page.getByText(/carries no zone/);
    expect(await note.textContent()).toBe(
      'This value carries no zone: it was read as wall-clock time in Europe/Berlin, the time zone chosen below.',
    );
    await page.getByRole('combobox', { name: /zone/i }).selectOption('UTC');
    await expect
      .poll(() => note.textContent())
      .toBe('This value carries no zone: it was read as wall-clock time in UTC, the time zone chosen below.');
    expect(await page.locator('main').textContent()).not.toMatch(/\btz\b/);
    await context.close();
  });

  it('shows both candidates of a local time in an overlap, and the choice made', { timeout: budgetFor(3) }, async () => {
    const { page, context } = await open();
    await enter(page, '2024-10-27T02:30:00', /^Best guess: ISO 8601 local date-time.*2024-10-27T00:30:00Z/);
    const wall = page.getByRole('region', { name: 'Wall-clock time' });
    expect(await wall.textContent()).toContain('happens twice (an overlap)');
    expect(await wall.locator('li').allTextContents()).toEqual(['Earlier: 2024-10-27T00:30:00Z (chosen)', 'Later: 2024-10-27T01:30:00Z']);
    await page.getByLabel(/choice in a gap or overlap/i).selectOption('later');
    await expect
      .poll(() => wall.locator('li').allTextContents(), { timeout: ANSWER_MS })
      .toEqual(['Earlier: 2024-10-27T00:30:00Z', 'Later: 2024-10-27T01:30:00Z (chosen)']);
    // Written with a space, as SQL writes it, the same wall-clock time says the same (issue 45).
    await enter(page, '2024-03-31 02:30:00', /^Best guess: ISO 8601 local date-time.*2024-03-31T01:30:00Z/);
    expect(await wall.textContent()).toContain('skipped by a change of offset (a gap)');
    expect(await wall.locator('li').allTextContents()).toEqual(['Earlier: 2024-03-31T00:30:00Z', 'Later: 2024-03-31T01:30:00Z (chosen)']);
    // What identify does not read, an RFC 9557 zone with no offset, the service's to-unix still reads.
    await enter(page, '2024-03-31T12:00:00[Europe/Berlin]', /^2024-03-31T10:00:00Z: /);
    await context.close();
  });

  it(
    'writes a time in every format with copy buttons, and calculates a difference or a sum with DST in words',
    { timeout: budgetFor(8) },
    async () => {
      const { page, context, complaints } = await open();
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await enter(page, 'Tue, 14 Nov 2023 22:13:20 GMT', /^Best guess: RFC 5322/);
      // The section opens from the keyboard, and only then asks for the formats.
      await page.locator('summary', { hasText: 'Every format' }).focus();
      await page.keyboard.press('Enter');
      const formats = page.getByRole('table', { name: /every format/ });
      await formats.waitFor({ timeout: ANSWER_MS });
      const row = (format: string) => formats.locator('tr', { has: page.locator(`th code:text-is("${format}")`) });
      expect(await row('rfc9557').locator('td').first().textContent()).toBe('2023-11-14T23:13:20+01:00[Europe/Berlin]');
      expect(await row('uuid_v7').locator('td').first().textContent()).toBe('018bcfe5-6800-7000-8000-000000000000');
      await row('http_date').getByRole('button', { name: 'Copy http_date' }).press('Enter');
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('Tue, 14 Nov 2023 22:13:20 GMT');
      expect(await row('http_date').getByRole('button').textContent()).toMatch(/^Copied/);

      await enter(page, '2024-10-26T12:00:00', /^Best guess: .*2024-10-26T10:00:00Z/);
      await page.getByLabel(/measure the time to another instant/).check();
      await page.getByRole('textbox', { name: /other instant/i }).fill('2024-10-27T12:00:00');
      const calculated = page.getByRole('region', { name: 'Calculate' });
      await expect.poll(() => calculated.textContent(), { timeout: ANSWER_MS }).toContain('This day has 25 hours in Europe/Berlin');
      expect(await calculated.textContent()).toContain('1 day (P1D)');

      await enter(page, '2024-03-30T12:00:00', /^Best guess: .*2024-03-30T11:00:00Z/);
      await page.getByLabel(/add a duration/).check();
      await page.getByRole('textbox', { name: /duration/i }).fill('P1D');
      await expect
        .poll(() => calculated.textContent(), { timeout: ANSWER_MS })
        .toContain('The offset changes from +01:00 to +02:00 in Europe/Berlin on the way, so P1D is 23 hours of elapsed time here.');
      expect(await calculated.textContent()).toContain('2024-03-31T12:00:00+02:00');
      await page.getByRole('textbox', { name: /duration/i }).fill('P1Q');
      await expect
        .poll(() => calculated.locator('.note.invalid').textContent(), { timeout: ANSWER_MS })
        .toMatch(/^“Duration” must be an ISO 8601 duration/);
      // The browser logs the one refusal asked for, P1Q's 400; nothing else.
      expect(complaints).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
      await context.close();
    },
  );

  it(
    "reads in the calculator's other field the dates the main field reads, and names the fields by their labels in a refusal",
    { timeout: budgetFor(5) },
    async () => {
      const { page, context } = await open();
      await enter(page, 'Tue, 14 Nov 2023 22:13:20 GMT', /^Best guess: RFC 5322.*2023-11-14T22:13:20Z/);
      expect(await page.getByRole('combobox', { name: /zone/i }).inputValue()).toBe('Europe/Berlin');
      await page.getByLabel(/measure the time to another instant/).check();
      const other = page.getByRole('textbox', { name: /other instant/i });
      const calculated = page.getByRole('region', { name: 'Calculate' });
      const facts = calculated.locator('dl.calculated');
      // Contract §3d's example: floating, the second is read in the picked zone, 23:13:20Z.
      await other.fill('2023-11-15 00:13:20');
      await expect.poll(() => facts.textContent()).toContain('1 hour (PT1H)');
      expect(await facts.textContent()).toContain('PT1H, 3600 seconds');
      // The date command's output (contract §3c, order 37), carrying its own zone.
      await other.fill('Wed Nov 15 00:13:20 UTC 2023');
      await expect.poll(() => facts.textContent()).toContain('2 hours (PT2H)');

      // A date that does not exist: the service refuses it, and the page names the field as it is labelled.
      const refusal = calculated.locator('.note.invalid');
      await other.fill('2023-02-29 10:00:00');
      await expect.poll(() => refusal.textContent()).toMatch(/^“Other instant” must be a timestamp or a date-time this page reads/);
      expect(await refusal.textContent()).toMatch(/; “Other instant” reads as iso_local, but its date 2023-02-29 does not exist\.$/);
      expect(await refusal.textContent()).not.toMatch(/\b(?:to|from|tz|datetime)\b/);
      // A zone in brackets that is not the picked one: both fields named, the picker by its label.
      await other.fill('2023-11-15T08:13:20[Asia/Tokyo]');
      await expect
        .poll(() => refusal.textContent())
        .toBe('“Other instant” names the zone Asia/Tokyo but “Time zone” names Europe/Berlin; give one zone or the same one.');
      await context.close();
    },
  );

  it(
    'keeps every input out of URLs, stores nothing, and shares through the fragment with public keys only',
    { timeout: budgetFor(7) },
    async () => {
      const { page, context, requests, complaints } = await open();
      await enter(page, tokens.verifiable, /Decoded a token/);
      const key = page.getByLabel(/public key, certificate or JWK Set/i);
      await key.fill(JSON.stringify(tokens.publicJwk));
      await expect.poll(() => page.locator('.verify-result').textContent(), { timeout: ANSWER_MS }).toMatch(/^Valid/);
      await enter(page, '1700000000', /Best guess/);

      const secrets = [tokens.verifiable.split('.')[1]!, tokens.publicJwk.x!, '1700000000'];
      const api = requests.filter((req) => req.url().includes('/trpc/'));
      expect(api.length).toBeGreaterThanOrEqual(3);
      for (const req of requests) {
        expect(new URL(req.url()).origin).toBe(running.url);
        for (const secret of secrets) expect(req.url()).not.toContain(secret);
      }
      for (const req of api) expect(req.method()).toBe('POST');
      expect(await context.cookies()).toEqual([]);
      expect(await page.evaluate(() => [document.cookie, localStorage.length, sessionStorage.length])).toEqual(['', 0, 0]);

      // A private key never goes into a link; a public one may.
      await enter(page, tokens.verifiable, /Decoded a token/);
      await key.fill(JSON.stringify(tokens.privateJwk));
      await page.getByRole('button', { name: /share link/i }).click();
      const privateLink = new URL(await page.getByLabel(/share link/i).inputValue());
      expect([privateLink.pathname, privateLink.search]).toEqual(['/', '']);
      expect(new URLSearchParams(privateLink.hash.slice(1)).get('input')).toBe(tokens.verifiable);
      expect(privateLink.hash).not.toContain('key=');
      expect(await page.getByText('only a public key goes into a link').count()).toBe(1);
      await key.fill(JSON.stringify(tokens.publicJwk));
      await page.getByRole('button', { name: /share link/i }).click();
      const link = await page.getByLabel(/share link/i).inputValue();
      expect(JSON.parse(new URLSearchParams(new URL(link).hash.slice(1)).get('key')!)).toEqual(tokens.publicJwk);

      const shared = await open({ url: link });
      await expect.poll(() => status(shared.page).textContent(), { timeout: ANSWER_MS }).toMatch(/Decoded a token/);
      expect(await input(shared.page).inputValue()).toBe(tokens.verifiable);
      await expect.poll(() => shared.page.locator('.verify-result').textContent(), { timeout: ANSWER_MS }).toMatch(/^Valid/);
      for (const req of shared.requests) expect(req.url()).not.toContain(tokens.verifiable.split('.')[1]!);
      expect([...complaints, ...shared.complaints]).toEqual([]);
      await shared.context.close();
      await context.close();
    },
  );

  it('works from the keyboard alone, and announces answers', { timeout: budgetFor(3) }, async () => {
    const { page, context } = await open();
    for (let tab = 0; tab < 5 && (await page.evaluate(() => document.activeElement?.id)) !== 'input'; tab++)
      await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('input');
    await page.keyboard.type('1700000000');
    await expect.poll(() => status(page).textContent(), { timeout: ANSWER_MS }).toMatch(/Best guess/);
    expect(await status(page).getAttribute('aria-live')).toBe('polite');
    for (let tab = 0; tab < 8 && (await page.evaluate(() => document.activeElement?.id)) !== 'zone'; tab++)
      await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('zone');
    const before = await page.getByRole('combobox', { name: /zone/i }).inputValue();
    await page.keyboard.press('ArrowDown');
    const after = await page.getByRole('combobox', { name: /zone/i }).inputValue();
    expect(after).not.toBe(before);
    const local = page.getByRole('region', { name: 'In your zone' });
    await expect.poll(() => local.textContent(), { timeout: ANSWER_MS }).toContain(`Local time in ${after}`);
    // The answer came in without taking the focus away.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('zone');
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    for (let tab = 0; tab < 5 && !/share link/i.test(await focusedText()); tab++) await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/share link/i);
    await page.keyboard.press('Enter');
    expect(await page.getByLabel(/share link/i).inputValue()).toContain('#input=1700000000');
    await context.close();
  });

  /** Each state the page is audited in, reached from a fresh page, with how many answers reaching it waits for. */
  const AUDITED: readonly { state: string; answers: number; reach: (page: Page) => Promise<void> }[] = [
    { state: 'empty', answers: 0, reach: () => Promise.resolve() },
    {
      state: 'an SD-JWT a wrong key does not verify',
      answers: 2,
      reach: async (page) => {
        await enter(page, tokens.sdJwt, /Decoded a token/);
        await page.getByLabel(/public key, certificate or JWK Set/i).fill(JSON.stringify(tokens.otherPublicJwk));
        await expect.poll(() => page.locator('.verify-result').textContent()).toMatch(/Not valid/);
      },
    },
    { state: 'an unsigned token’s findings', answers: 1, reach: (page) => enter(page, tokens.unsigned, /2 findings/) },
    {
      state: 'a private and a public key',
      answers: 1,
      reach: (page) => enter(page, JSON.stringify({ keys: [tokens.privateJwk, tokens.publicJwk] }), /^Read 2 keys/),
    },
    {
      state: 'a DPoP proof’s rules',
      answers: 2,
      reach: async (page) => {
        await enter(
          page,
          `${b64('{"typ":"dpop+jwt","alg":"ES256"}')}.${b64('{"htm":"GET","htu":"https://a.example/","iat":1}')}.c2ln`,
          /Decoded a token/,
        );
        await page.getByLabel(/Request method the proof is for/).fill('POST');
        await page.getByRole('table', { name: 'Every rule of dpop_proof' }).waitFor({ timeout: ANSWER_MS });
      },
    },
    {
      state: 'a timestamp with every section open',
      answers: 3,
      reach: async (page) => {
        await enter(page, '1700000000', /Best guess/);
        await page.locator('details summary', { hasText: 'implausible' }).click();
        await page.locator('details summary', { hasText: 'Every format' }).click();
        await page.getByRole('table', { name: /every format/ }).waitFor({ timeout: ANSWER_MS });
        await page.getByRole('textbox', { name: /duration/i }).fill('P1D');
        await page.getByText(/Sum, in UTC/).waitFor({ timeout: ANSWER_MS });
      },
    },
    { state: 'a local time in an overlap', answers: 1, reach: (page) => enter(page, '2024-10-27T02:30:00', /^Best guess: .*2024-10-27/) },
  ];

  for (const dark of [false, true]) {
    for (const { state, answers, reach } of AUDITED) {
      it(
        `passes axe-core's WCAG 2.2 A and AA rules in the ${dark ? 'dark' : 'light'} scheme: ${state}`,
        { timeout: budgetFor(answers + 1) },
        async () => {
          const { page, context } = await open({ dark });
          expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(dark);
          await reach(page);
          expect(await axeViolations(page)).toEqual([]);
          await context.close();
        },
      );
    }
  }

  // Each example its own test, on one page: a busy machine slows every answer, and no walk of them shares one budget.
  describe('the examples of the README and docs/api.md, pasted one after another', () => {
    const examples = readmeExamples();
    let opened: OpenedPage;

    beforeAll(async () => {
      opened = await open();
    });

    afterAll(async () => opened?.context.close());

    it('are more than 20', () => expect(examples.length).toBeGreaterThan(20));

    it.each(examples.map((value, index) => [index + 1, value.slice(0, 32), value] as const))(
      'answers example %i (%s…) without the API docs',
      { timeout: budgetFor(2) },
      async (_, __, value) => {
        const said = await paste(opened.page, value);
        // An answer, or the service's own words on what is wrong with the value; never a failure of the page.
        expect(said).not.toMatch(/cannot be reached|could not answer|Too many/);
        if (value.startsWith('eyJ')) expect(said).toMatch(/^Decoded a token/);
      },
    );
  });

  it('says plainly when the service is unreachable, and keeps the input', { timeout: budgetFor(2) }, async () => {
    const { page, context } = await open();
    await page.route('**/trpc/**', (route) => route.abort('internetdisconnected'));
    await enter(page, '1700000000', /cannot be reached/);
    expect(await input(page).inputValue()).toBe('1700000000');
    await page.unroute('**/trpc/**');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => status(page).textContent(), { timeout: ANSWER_MS }).toMatch(/Best guess/);
    await context.close();
  });
});

describe.skipIf(!chromiumAvailable)('the playground over the rate limit', () => {
  it('says how many seconds to wait, and keeps the input', { timeout: budgetFor(3) }, async () => {
    const running = await listen(testService({ RATE_LIMIT_POINTS: '2', RATE_LIMIT_DURATION_SECONDS: '600' }).app);
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(`${running.url}/`);
      // The rate limit is the service's: local mode has none, since nothing is sent.
      await localSwitch(page).uncheck();
      const field = page.getByLabel(/token, key or timestamp/i);
      for (const [value, answer] of [
        ['1700000000', /1700000000 seconds since 1970/],
        ['1700000001', /1700000001 seconds since 1970/],
        // The window outlasts any slowness of the machine: the third answer is refused however long the first two took.
        ['1700000002', /Too many requests from this address\. The limit resets in ([1-9]\d*) seconds?; your input is kept/],
      ] as const) {
        await field.fill(value);
        await expect.poll(() => page.getByRole('status').textContent(), { timeout: ANSWER_MS }).toMatch(answer);
      }
      expect(await field.inputValue()).toBe('1700000002');
      const seconds = Number(/resets in (\d+)/.exec((await page.getByRole('status').textContent()) ?? '')?.[1]);
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(600);
    } finally {
      await browser.close();
      await running.close();
    }
  });
});
