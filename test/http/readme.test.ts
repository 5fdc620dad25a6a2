import { readFileSync } from 'node:fs';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { buildHttpService, createContainer, TOKENS } from '../../src/composition-root.js';
import { FixedClock } from '../support/fakes.js';

/** Every `$ curl -s '<url>'` example of a document (a POST with `--json '<body>'`), with the answer on the line after it. */
const examplesOf = (document: string) =>
  [
    ...readFileSync(new URL(`../../${document}`, import.meta.url), 'utf8').matchAll(
      /^\$ curl -s '(http:\/\/localhost:3000[^']+)'(?: --json '([^']+)')?\n(.+)$/gm,
    ),
  ].map(([, url = '', body, answer = '']) => [new URL(url), answer, body] as const);
const examples = examplesOf('README.md');
const apiExamples = examplesOf('docs/api.md');

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
  // The README states its JWT answers as of 2026-11-22T00:00:00Z: expiry and findings depend on the day.
  const container = createContainer(loadConfig({ RATE_LIMIT_POINTS: '1000', LOG_LEVEL: 'silent' }));
  container.rebind(TOKENS.Clock).toConstantValue(new FixedClock(Date.UTC(2026, 10, 22)));
  const { app } = buildHttpService(container);

  it('has examples for every REST path and for tRPC', () => {
    const paths = new Set(examples.map(([url]) => url.pathname));
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
