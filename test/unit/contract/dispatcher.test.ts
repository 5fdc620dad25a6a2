// The API contract on its own: the catalog's schemas and the dispatcher, without a transport.
import { describe, expect, it } from 'vitest';
import { OPERATION_BY_PROCEDURE, type AnyOperation } from '../../../src/adapters/driving/contract/catalog.js';
import { dispatchAny, UNMETERED } from '../../../src/adapters/driving/contract/dispatcher.js';
import { buildOpenApiDocument } from '../../../src/adapters/driving/http/openapi.js';
import { testService } from '../../support/service.js';
import { JWT_IO_TOKEN } from '../../support/fixtures.js';

const operation = (procedure: string): AnyOperation => {
  const found = OPERATION_BY_PROCEDURE.get(procedure);
  if (found === undefined) throw new Error(`no ${procedure}`);
  return found;
};
const { application } = testService();
const context = { useCases: application.useCases, budget: UNMETERED };
const decode = (input: unknown) => dispatchAny(operation('jwt.decode'), input, context);
const codesOf = (outcome: Awaited<ReturnType<typeof decode>>) =>
  outcome.ok ? (outcome.data as { findings: Array<{ code: string }> }).findings.map((finding) => finding.code) : outcome;

describe('the input schemas', () => {
  it.each([
    [null, 'token must be a string'],
    [{ a: 1 }, 'token must be one string, not an object: send a JSON value, such as a JWK, as its text'],
    [['a', 'b'], 'token must be given once, as one string, not a list'],
    [undefined, 'token is required'],
    [7, 'token must be a string'],
  ])('refuse a token of %j, saying why', async (token, message) => {
    expect(await decode({ token })).toEqual({ ok: false, error: { kind: 'BAD_REQUEST', status: 400, message } });
  });

  it.each([5, 'text', ['a']])('refuse an input of %j that is not an object of named parameters', async (input) => {
    expect(await decode(input)).toEqual({
      ok: false,
      error: { kind: 'BAD_REQUEST', status: 400, message: 'input must be an object of named parameters' },
    });
  });

  it('take check_secrets as a boolean from tRPC and as "true" or "false" from a query string, and nothing else', async () => {
    expect(codesOf(await decode({ token: JWT_IO_TOKEN, check_secrets: true }))).toContain('known_secret');
    expect(codesOf(await decode({ token: JWT_IO_TOKEN, check_secrets: 'true' }))).toContain('known_secret');
    expect(codesOf(await decode({ token: JWT_IO_TOKEN, check_secrets: false }))).not.toContain('known_secret');
    expect(codesOf(await decode({ token: JWT_IO_TOKEN, check_secrets: 'false' }))).not.toContain('known_secret');
    expect(await decode({ token: JWT_IO_TOKEN, check_secrets: 'yes' })).toEqual({
      ok: false,
      error: { kind: 'BAD_REQUEST', status: 400, message: 'check_secrets must be true or false' },
    });
  });

  it('document check_secrets as the strings a query string sends', () => {
    const document = buildOpenApiDocument({ basePath: '', version: '0.1.0', serverUrl: 'http://localhost:3000' }) as unknown as {
      paths: Record<string, { get: { parameters: Array<{ name: string; schema: Record<string, unknown> }> } }>;
    };
    const parameter = document.paths['/jwt/decode']?.get.parameters.find((candidate) => candidate.name === 'check_secrets');
    expect(parameter?.schema).toMatchObject({ type: 'string', enum: ['true', 'false'] });
    expect(parameter?.schema).not.toHaveProperty('anyOf');
  });
});

describe('the dispatcher', () => {
  it('answers an unexpected failure of a use case with a 500 that keeps the cause for the log only', async () => {
    const cause = new TypeError('boom');
    const failing = { ...context, useCases: { ...context.useCases, decodeJwt: { execute: () => Promise.reject(cause) } } };
    expect(await dispatchAny(operation('jwt.decode'), { token: JWT_IO_TOKEN }, failing as never)).toEqual({
      ok: false,
      error: { kind: 'INTERNAL_SERVER_ERROR', status: 500, message: 'Internal Server Error', cause },
    });
  });

  it.each([
    ['an array header', { header: [] }],
    ['a numeric payload', { payload: 5 }],
    ['a string header', { header: 'x' }],
  ])('refuses an output with %s as an internal error', async (_label, broken) => {
    const good = application.useCases.decodeJwt.execute({ token: JWT_IO_TOKEN });
    const lying = { ...context, useCases: { ...context.useCases, decodeJwt: { execute: () => ({ ...good, ...broken }) } } };
    const outcome = await dispatchAny(operation('jwt.decode'), { token: JWT_IO_TOKEN }, lying as never);
    expect(outcome.ok).toBe(false);
    expect(outcome.ok ? undefined : outcome.error.kind).toBe('INTERNAL_SERVER_ERROR');
  });
});
