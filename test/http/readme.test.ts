import { existsSync, readFileSync } from 'node:fs';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { buildHttpService, createContainer, TOKENS } from '../../src/composition-root.js';
import { examplesOf } from '../support/doc-examples.js';
import { FixedClock } from '../support/fakes.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const examples = examplesOf(readme);
const apiExamples = examplesOf(readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8'));

/** The shape of a JSON value: its keys and value types, not its values. */
const shapeOf = (value: unknown): unknown =>
  typeof value === 'object' && value !== null
    ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shapeOf(inner)]))
    : typeof value;

/**
 * An answer as a document shows it: `"explained":[…]` stands for a decode's whole `explained` list,
 * which the documents write out once, for the Entra example, and elide elsewhere.
 */
function asShown(text: string, shown: string): string {
  if (!shown.includes('[…]')) return text;
  expect(JSON.stringify(JSON.parse(text))).toBe(text);
  const elided = '\u0000elided';
  return JSON.stringify(JSON.parse(text), (key, value: unknown) => (key === 'explained' ? elided : value)).replaceAll(
    JSON.stringify(elided),
    '[…]',
  );
}

describe('README and docs/api.md examples', () => {
  // The documents state their JWT answers as of 2026-11-22T00:00:00Z: expiry and findings depend on the day.
  const container = createContainer(loadConfig({ RATE_LIMIT_POINTS: '1000', LOG_LEVEL: 'silent' }));
  container.rebind(TOKENS.Clock).toConstantValue(new FixedClock(Date.UTC(2026, 10, 22)));
  const { app } = buildHttpService(container);

  // The README is a front door: what the service is, the two commands, the page, one example per area and the
  // surfaces, with links into docs/. The rest of the examples live in docs/api.md, which this file replays too.
  it('is at most 15 KB', () => {
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(15_360);
  });

  it('links only to files that exist', () => {
    const targets = [...readme.matchAll(/\]\(([^)#]+)(?:#[^)]*)?\)/g)]
      .map(([, target = '']) => target)
      .filter((target) => !/^[a-z]+:/.test(target));
    expect(targets.length).toBeGreaterThan(5);
    for (const target of targets) expect(existsSync(new URL(`../../${target}`, import.meta.url)), target).toBe(true);
  });

  it('has an example for each area: time, tokens and keys', () => {
    const paths = examples.map(([url]) => url.pathname);
    expect(paths.some((path) => path.startsWith('/unix-timestamp/'))).toBe(true);
    expect(paths.some((path) => path.startsWith('/jwt/') && path !== '/jwt/inspect-key')).toBe(true);
    expect(paths).toContain('/jwt/inspect-key');
  });

  it('has, with docs/api.md, an example for every REST path and for tRPC', () => {
    const paths = new Set([...examples, ...apiExamples].map(([url]) => url.pathname));
    for (const path of [
      '/unix-timestamp/now',
      '/unix-timestamp/to-utc',
      '/unix-timestamp/to-unix',
      '/unix-timestamp/identify',
      '/unix-timestamp/format',
      '/unix-timestamp/diff',
      '/unix-timestamp/add',
      '/jwt/decode',
      '/jwt/verify',
      '/jwt/claims',
      '/jwt/inspect-key',
      '/jwt/validate',
      '/jwt/sign',
      '/token/identify',
      '/token/verify',
    ]) {
      expect(paths).toContain(path);
    }
    expect([...paths].some((path) => path.startsWith('/trpc/'))).toBe(true);
  });

  it.each(
    [...examples, ...apiExamples].map(
      ([url, answer, body]) =>
        [`${body === undefined ? 'GET' : 'POST'} ${url.pathname}${url.search}`.slice(0, 80), url, answer, body] as const,
    ),
  )('%s answers as shown', async (_label, url, answer, body) => {
    const path = `${url.pathname}${url.search}`;
    const res =
      body === undefined ? await request(app).get(path) : await request(app).post(path).set('Content-Type', 'application/json').send(body);
    if (/[./]now\b/.test(url.pathname)) expect(shapeOf(res.body)).toEqual(shapeOf(JSON.parse(answer)));
    else expect(asShown(res.text, answer)).toBe(answer);
  });
});
