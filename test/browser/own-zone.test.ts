/// <reference lib="dom" />
import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chromiumAvailable, launchChromium, warnIfNoChromium } from '../support/chromium.js';
import { ANSWER_MS, axeViolations, budgetFor, enter, openPlayground, paste } from '../support/playground-page.js';
import { listen, testService, type Running } from '../support/service.js';

warnIfNoChromium('OWN ZONE BROWSER TEST');
vi.setConfig({ expect: { poll: { timeout: ANSWER_MS } } });

/** The `tz` of every call about time the page made for `value`, `null` where it sent none (tRPC POST bodies, batched or not). */
function zonesSentFor(requests: readonly Request[], value: string): (string | null)[] {
  const inputs = (body: unknown): Record<string, unknown>[] => {
    if (typeof body !== 'object' || body === null) return [];
    const record = body as Record<string, unknown>;
    if ('value' in record || 'datetime' in record) return [record];
    return Object.values(record).flatMap((inner) => inputs((inner as { json?: unknown } | null)?.json ?? inner));
  };
  return requests
    .filter((request) => /unixTimestamp\./.test(request.url()))
    .flatMap((request) => inputs(JSON.parse(request.postData() ?? 'null') as unknown))
    .filter((input) => input.value === value || input.datetime === value)
    .map((input) => (typeof input.tz === 'string' ? input.tz : null));
}

describe.skipIf(!chromiumAvailable)('a value that names its own zone, in headless Chromium', () => {
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

  it(
    'is read in the zone its brackets name, whatever the picker held; the picker shows that zone and says why',
    { timeout: budgetFor(10) },
    async () => {
      const { page, context, requests, complaints } = await openPlayground(browser, running.url);
      const picker = page.getByRole('combobox', { name: /zone/i });
      await enter(page, '1700000000', /^Best guess/);
      await picker.selectOption('Asia/Tokyo');
      await expect.poll(() => page.getByRole('region', { name: 'In your zone' }).textContent()).toContain('Local time in Asia/Tokyo');

      // No offset: a wall-clock time in Berlin's gap, read there and not in Tokyo.
      const gap = '2024-03-31T02:30:00[Europe/Berlin]';
      await enter(page, gap, /^2024-03-31T01:30:00Z: /);
      await expect.poll(() => picker.inputValue()).toBe('Europe/Berlin');
      expect(await picker.isDisabled()).toBe(true);
      const named = page.getByText(/names its own time zone/);
      expect(await named.textContent()).toBe(
        'This value names its own time zone, Europe/Berlin: it is read there, and the picker follows it.',
      );
      expect(await picker.getAttribute('aria-describedby')).toBe(await named.getAttribute('id'));
      const there = page.getByRole('region', { name: 'In the zone' });
      expect(await there.textContent()).toContain('Local time in Europe/Berlin');
      expect(await there.textContent()).toContain('2024-03-31T03:30:00+02:00');
      expect(await page.getByRole('region', { name: 'Wall-clock time' }).textContent()).toContain('skipped by a change of offset (a gap)');
      const sent = zonesSentFor(requests, gap);
      expect(sent.length).toBeGreaterThan(0);
      for (const tz of sent) expect([null, 'Europe/Berlin']).toContain(tz);
      expect(await axeViolations(page)).toEqual([]);

      // With an offset too (identify's rfc9557): local time, and the calculator's day, are Berlin's.
      await enter(page, '2024-10-26T12:00:00+02:00[europe/berlin]', /^Best guess: .*2024-10-26T10:00:00Z/);
      await expect.poll(() => picker.inputValue()).toBe('Europe/Berlin');
      const local = page.getByRole('region', { name: 'In your zone' });
      await expect.poll(() => local.textContent()).toContain('Local time in Europe/Berlin');
      expect(await local.textContent()).toContain('2024-10-26T12:00:00+02:00');
      await page.getByLabel(/measure the time to another instant/).check();
      await page.getByRole('textbox', { name: /other instant/i }).fill('2024-10-27T12:00:00+01:00');
      const calculated = page.getByRole('region', { name: 'Calculate' });
      await expect.poll(() => calculated.textContent()).toContain('This day has 25 hours in Europe/Berlin');

      // A CLF time's brackets name no zone: the picker keeps the zone chosen.
      await enter(page, '[14/Nov/2023:22:13:20 +0000]', /^Best guess: .*2023-11-14T22:13:20Z/);
      await expect.poll(() => picker.inputValue()).toBe('Asia/Tokyo');
      expect(await picker.isDisabled()).toBe(false);
      expect(await page.getByText(/names its own time zone/).count()).toBe(0);

      // A value with no zone is read in the zone chosen before, which the bracketed ones left alone.
      await enter(page, '2024-01-01 10:00:00', /^Best guess: .*2024-01-01T01:00:00Z/);
      expect(await picker.inputValue()).toBe('Asia/Tokyo');
      expect(await page.getByText(/carries no zone/).textContent()).toContain('wall-clock time in Asia/Tokyo');

      // A date half typed, which identify reads nothing of, is asked about once: to-unix only hears of bracketed values.
      const typing = ['2024-03-31 02:3', '2024-03-31T02:30:00+02'];
      for (const value of typing) await paste(page, value);
      const asked = (method: string) =>
        requests.filter((request) => request.url().includes(method) && typing.some((value) => (request.postData() ?? '').includes(value)));
      expect(asked('unixTimestamp.identify')).not.toEqual([]);
      expect(asked('unixTimestamp.toUnix')).toEqual([]);
      expect(complaints).toEqual([]);
      await context.close();
    },
  );
});
