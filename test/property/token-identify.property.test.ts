// /token/identify over values of every grammar of contract §12's table, made here with their checksums and signatures
// (test/support/token-arbitraries.ts), as made and mutated: 200 or 400, never anything else, through dispatch and
// through the whole pipeline; a value as made is among its own format's candidates, and a credential never comes back
// unmasked.
import fc from 'fast-check';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { OPERATION_BY_PROCEDURE } from '../../src/adapters/driving/contract/catalog.js';
import { UNMETERED, dispatch } from '../../src/adapters/driving/contract/dispatcher.js';
import { CREDENTIAL_FORMATS, TOKEN_FORMATS } from '../../src/core/tokens/vocabulary.js';
import { testService } from '../support/service.js';
import { TOKEN_VALUES, mutatedTokenValue, verifyBody } from '../support/token-arbitraries.js';

const { app, application } = testService({ RATE_LIMIT_POINTS: '1000000' });
const identify = OPERATION_BY_PROCEDURE.get('token.identify');
const verify = OPERATION_BY_PROCEDURE.get('token.verify');
const CREDENTIALS: ReadonlySet<string> = new Set(CREDENTIAL_FORMATS);
const format = fc.option(fc.constantFrom(...TOKEN_FORMATS, 'jwt', 'GitHub_Token', ''), { nil: undefined });
const tz = fc.option(fc.constantFrom('UTC', 'Europe/Berlin', '+05:45', 'Mars/Olympus'), { nil: undefined });

interface Identified {
  readonly input: string;
  readonly candidates: ReadonlyArray<{ readonly format: string }>;
}

async function identified(input: Record<string, unknown>) {
  if (identify === undefined) throw new Error('token.identify is not in the catalog');
  return dispatch(identify, input, { useCases: application.useCases, budget: UNMETERED, carrier: 'private' });
}

describe('/token/identify over the grammars of contract §12', () => {
  it.each(TOKEN_FORMATS)('finds a value of %s as made among its candidates', async (name) => {
    await fc.assert(
      fc.asyncProperty(TOKEN_VALUES[name], async (value) => {
        const outcome = await identified({ value, format: name });
        expect(outcome.ok).toBe(true);
        const data = (outcome.ok ? outcome.data : undefined) as Identified | undefined;
        expect(data?.candidates.map((candidate) => candidate.format)).toEqual([name]);
      }),
      { numRuns: 40 },
    );
  });

  it('never answers a short credential whole, where its first 8 and last 4 characters are all of it', async () => {
    for (const value of ['xoxb-1', 'xapp-iJ', 'xoxp-123456']) {
      const outcome = await identified({ value });
      const data = (outcome.ok ? outcome.data : undefined) as Identified | undefined;
      expect(data?.candidates.map((candidate) => candidate.format)).toEqual(['slack_token']);
      expect(JSON.stringify(data)).not.toContain(value);
    }
  });

  it('answers a mutated value with 200 or 400 through dispatch, candidates in table order, a credential masked', async () => {
    await fc.assert(
      fc.asyncProperty(mutatedTokenValue, format, tz, async (value, only, zone) => {
        const outcome = await identified({ value, format: only, tz: zone });
        if (!outcome.ok) {
          expect(outcome.error.kind).toBe('BAD_REQUEST');
          return;
        }
        const data = outcome.data as Identified;
        const formats = data.candidates.map((candidate) => candidate.format);
        const order = formats.map((name) => (TOKEN_FORMATS as readonly string[]).indexOf(name));
        expect(order).toEqual([...order].sort((a, b) => a - b));
        const trimmed = value.trim();
        if (formats.some((name) => CREDENTIALS.has(name))) {
          const masked =
            trimmed.length >= 20 ? `${trimmed.slice(0, 8)}…${trimmed.slice(-4)}` : `${trimmed.slice(0, Math.floor(trimmed.length / 3))}…`;
          expect(data.input).toBe(masked);
          expect(JSON.stringify(data)).not.toContain(trimmed);
        }
      }),
      { numRuns: 800 },
    );
  });

  it('answers a mutated value with 200 or 400 over HTTP, never a 5xx, on REST and tRPC', async () => {
    await fc.assert(
      fc.asyncProperty(mutatedTokenValue, format, fc.boolean(), async (value, only, trpc) => {
        const body = JSON.stringify({ value, format: only });
        const response = await request(app)
          .post(trpc ? '/trpc/token.identify' : '/token/identify')
          .set('Content-Type', 'application/json')
          .send(body);
        expect([200, 400]).toContain(response.status);
      }),
      { numRuns: 150 },
    );
  });

  it('answers a /token/verify body of any format, key and options with 200 or 400 through dispatch', async () => {
    if (verify === undefined) throw new Error('token.verify is not in the catalog');
    await fc.assert(
      fc.asyncProperty(verifyBody, async (body) => {
        const outcome = await dispatch(verify, body, { useCases: application.useCases, budget: UNMETERED, carrier: 'private' });
        if (!outcome.ok) expect(outcome.error.kind).toBe('BAD_REQUEST');
      }),
      { numRuns: 400 },
    );
  });
});
