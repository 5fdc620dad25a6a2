import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchChromium, warnIfNoChromium } from '../support/chromium.js';
import { ANSWER_MS, budgetFor } from '../support/playground-page.js';
import { OPERATIONS } from '../../src/adapters/driving/contract/catalog.js';
import { listen, testService, type Running } from '../support/service.js';

warnIfNoChromium('BROWSER TEST');

describe.skipIf(!chromiumAvailable)('/docs in headless Chromium', () => {
  let running: Running;
  let browser: Browser;

  beforeAll(async () => {
    running = await listen(testService({ RATE_LIMIT_POINTS: '100' }).app);
    browser = await launchChromium();
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  // A budget for each of its waits, however busy the machine: the page, then seven operations' answers in turn.
  it(
    'lists every operation of the catalog and runs each tag’s operation from its prefilled examples',
    { timeout: budgetFor(8) },
    async () => {
      const page = await browser.newPage();
      const foreign: string[] = [];
      const blocked: string[] = [];
      page.on('request', (req) => {
        if (!req.url().startsWith(running.url) && !req.url().startsWith('data:')) foreign.push(req.url());
      });
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
      });
      await page.goto(`${running.url}/docs/`);
      await page.waitForSelector('.opblock-summary-path', { timeout: ANSWER_MS });
      const paths = (await page.locator('.opblock-summary-path').allTextContents()).map((text) => text.replace(/\u200b/g, ''));
      // Each operation of the catalog twice, as GET and as POST with a JSON body; a mutation (/jwt/sign, /token/verify)
      // once, as POST alone.
      const expected = OPERATIONS.flatMap(([, operation]) =>
        operation.mutation === true ? [operation.openapi.path] : [operation.openapi.path, operation.openapi.path],
      );
      expect(paths.sort()).toEqual(expected.sort());
      expect(await page.locator('.opblock-post').count()).toBe(OPERATIONS.length);
      expect(await page.locator('.btn.authorize').count()).toBe(0);

      const run = async (path: string) => {
        const operation = page.locator('.opblock-get', { has: page.locator(`[data-path="${path}"]`) });
        await operation.locator('.opblock-summary').click();
        await operation.locator('button.execute').click();
        const body = operation.locator('.live-responses-table .response-col_description .microlight').first();
        await body.waitFor({ timeout: ANSWER_MS });
        const status = await operation.locator('.live-responses-table tr.response .response-col_status').first().textContent();
        return { operation, status: status?.trim(), body: JSON.parse((await body.textContent()) ?? '') as Record<string, unknown> };
      };

      const toUtc = await run('/unix-timestamp/to-utc');
      expect(toUtc.status).toBe('200');
      expect(toUtc.body).toMatchObject({ detected_unit: 'seconds', utc: { iso: '2023-11-14T22:13:20Z' } });
      expect(
        await toUtc.operation
          .locator('select')
          .first()
          .evaluate((select) => (select as unknown as { options: { length: number } }).options.length),
      ).toBeGreaterThanOrEqual(4);

      const identify = await run('/unix-timestamp/identify');
      expect(identify.status).toBe('200');
      expect(identify.body).toMatchObject({
        candidates: expect.arrayContaining([expect.objectContaining({ format: 'filetime', exact: '2025-01-01T00:00:00Z' })]),
      });

      const diff = await run('/unix-timestamp/diff');
      expect(diff.status).toBe('200');
      expect(diff.body).toMatchObject({ exact: 'PT25H', human: '1 day' });

      const format = await run('/unix-timestamp/format');
      expect(format.status).toBe('200');
      expect(format.body).toMatchObject({ exact: '2023-11-14T22:13:20Z' });

      const decode = await run('/jwt/decode');
      expect(decode.status).toBe('200');
      expect(decode.body).toMatchObject({
        subject: '1234567890',
        findings: expect.arrayContaining([expect.objectContaining({ code: 'no_expiry' })]),
      });

      const claims = await run('/jwt/claims');
      expect(claims.status).toBe('200');
      expect(claims.body).toMatchObject({ entries: [expect.objectContaining({ name: 'tid', vendor: 'entra' })], source: 'claims' });

      // RFC 7638 §3.1's key, the prefilled example.
      const inspectKey = await run('/jwt/inspect-key');
      expect(inspectKey.status).toBe('200');
      expect(inspectKey.body).toMatchObject({
        keys: [{ thumbprint: { sha256: 'NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs' } }],
        source: 'inspect_key',
      });

      const schemas = await page.locator('.models .model-container').allTextContents();
      expect(schemas.join(' ')).not.toMatch(/error\.|BAD_REQUEST/);
      expect(await page.content()).not.toMatch(/"issues"|issues\s*\*?\s*\[/);
      expect(foreign).toEqual([]);
      expect(blocked).toEqual([]);
    },
  );
});
