/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { expect } from 'vitest';

/**
 * How long one answer of the page may take: a debounce, one call to the service and a render.
 * Generous, since CI runs the browser tests while other suites keep both cores busy; every wait
 * of a browser test is for one condition within this, never for a whole walk of values.
 */
export const ANSWER_MS = 15_000;

/** A test that waits for up to `steps` answers in turn: its budget grows with the walk, not with the machine's idleness. */
export const budgetFor = (steps: number): number => 10_000 + steps * ANSWER_MS;

/**
 * The values the examples of the README and docs/api.md send to the service (`token`, `timestamp`,
 * `datetime` or `value` of each `curl` line), once each, the README's first: what a reader would paste into the page.
 */
export function readmeExamples(): string[] {
  const documents = ['README.md', 'docs/api.md'].map((document) => readFileSync(new URL(`../../${document}`, import.meta.url), 'utf8'));
  const pasted = [
    ...documents.join('\n').matchAll(/^\$ curl -s 'http:\/\/localhost:3000\/[^?']*\?(?:token|timestamp|datetime|value)=([^&']+)/gm),
  ].map((match) => decodeURIComponent(match[1]!));
  return [...new Set(pasted)];
}

export interface OpenedPage {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Every request the page made. */
  readonly requests: Request[];
  /** Console errors, policy complaints and uncaught errors. */
  readonly complaints: string[];
}

/** The switch of local mode (contract §11), on when the page opens unless its link says `local=off`. */
export const localSwitch = (page: Page) => page.getByRole('switch', { name: 'Run in this browser: nothing is sent' });

/**
 * A fresh page of its own context in Berlin's zone, with every request and every policy complaint recorded.
 * In service mode unless `local` is set: the switch is turned off before anything is pasted, so that the page's
 * calls go to the service under test (contract §10), as the tests written before local mode expect; local mode
 * is tested in local-mode.test.ts. `now` fixes the browser's clock (Date), which local mode's core reads.
 */
export async function openPlayground(
  browser: Browser,
  origin: string,
  options: { width?: number; height?: number; dark?: boolean; url?: string; local?: boolean; now?: number } = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1100, height: options.height ?? 900 },
    colorScheme: options.dark ? 'dark' : 'light',
    timezoneId: 'Europe/Berlin',
    locale: 'en-GB',
  });
  if (options.now !== undefined) await context.clock.setFixedTime(options.now);
  const page = await context.newPage();
  const requests: Request[] = [];
  const complaints: string[] = [];
  page.on('request', (req) => requests.push(req));
  page.on('console', (message) => {
    if (message.type() === 'error' || /Content Security Policy/i.test(message.text())) complaints.push(message.text());
  });
  page.on('pageerror', (error) => complaints.push(String(error)));
  await page.goto(options.url ?? `${origin}/`);
  await localSwitch(page).setChecked(options.local ?? false);
  return { context, page, requests, complaints };
}

export const mainInput = (page: Page) => page.getByLabel(/token, key or timestamp/i);
export const statusOf = (page: Page) => page.getByRole('status');

/** Pastes `text` into the one input and waits for the live region to say `expected`. */
export async function enter(page: Page, text: string, expected: RegExp): Promise<void> {
  await mainInput(page).fill(text);
  await expect.poll(() => statusOf(page).textContent(), { timeout: ANSWER_MS }).toMatch(expected);
}

/**
 * Pastes `text` after clearing the input, and waits for whatever the page answers: its own words,
 * or the service's on what is wrong with the value. Returns what the live region said.
 */
export async function paste(page: Page, text: string): Promise<string> {
  await mainInput(page).fill('');
  await expect.poll(() => statusOf(page).textContent(), { timeout: ANSWER_MS }).toBe('');
  await mainInput(page).fill(text);
  await expect.poll(() => statusOf(page).textContent(), { timeout: ANSWER_MS }).not.toMatch(/^$|^Reading/);
  return (await statusOf(page).textContent()) ?? '';
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What axe-core finds against WCAG 2.2 A and AA on the page as it stands: each rule broken, with the elements that break it. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const { violations } = await (
      window as unknown as {
        axe: {
          run: (context: Document, options: object) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] },
    });
    return violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  });
}
