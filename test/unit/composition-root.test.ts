import { describe, expect, it } from 'vitest';
import { TOKENS, USE_CASE_TOKENS, createContainer } from '../../src/composition-root.js';
import { loadConfig } from '../../src/config/config.js';
import type { GetCurrentTime } from '../../src/core/time/use-cases/get-current-time.js';
import { OPERATIONS, contextOf } from '../../src/adapters/driving/contract/catalog.js';
import { buildUseCases } from '../../src/core/use-cases/build.js';
import { USE_CASE_CONTEXTS, loadUseCases, type UseCaseContext } from '../../src/core/use-cases/contexts.js';
import { USE_CASE_BUILDERS, USE_CASE_NAMES, createUseCases } from '../../src/core/use-cases/index.js';
import { FixedClock, standInPorts } from '../support/fakes.js';
import { NodeKeyCodec } from '../../src/adapters/driven/node-key-codec.js';
import { RFC7517_A1 } from '../vectors/jose-keys.js';

describe('the composition root', () => {
  it('binds every use case on its own, and gathers the same ones as UseCases', () => {
    const container = createContainer(loadConfig({}));
    const useCases = container.get(TOKENS.UseCases);
    for (const name of USE_CASE_NAMES) expect(useCases[name]).toBe(container.get<unknown>(USE_CASE_TOKENS[name]));
  });

  it('lets one use case be replaced alone, the others built as in production', () => {
    const container = createContainer(loadConfig({}));
    const standIn = { execute: () => ({ utc: { iso: 'x', unix_seconds: 0, unix_milliseconds: 0 }, source: 'datetime_utc' as const }) };
    container.rebind(USE_CASE_TOKENS.getCurrentTime).toConstantValue(standIn as unknown as GetCurrentTime);
    const useCases = container.get(TOKENS.UseCases);
    expect(useCases.getCurrentTime).toBe(standIn);
    expect(useCases.decodeJwt.constructor.name).toBe('DecodeJwt');
  });

  it('gives the key readers the bound key codec, node:crypto unless a test rebinds it', async () => {
    const container = createContainer(loadConfig({}));
    expect(container.get(TOKENS.KeyCodec)).toBeInstanceOf(NodeKeyCodec);
    // A host that refuses every public JWK: the reader's refusal then names the point, as for one off its curve.
    class RefusingCodec extends NodeKeyCodec {
      override publicKeyFromJwk(): never {
        throw new Error('refused');
      }
    }
    container.rebind(TOKENS.KeyCodec).toConstantValue(new RefusingCodec());
    const ec = JSON.stringify(RFC7517_A1.keys[0]);
    await expect(container.get(TOKENS.UseCases).inspectKey.execute({ key: ec })).rejects.toThrow(
      'key: the JWK has x and y that are not a point on P-256',
    );
  });
});

/** Ports for building use cases outside the container: a fixed clock, and stand-ins no test here calls. */
const ports = standInPorts();

describe('createUseCases', () => {
  it('builds every use case once over the ports it is given', () => {
    const useCases = createUseCases(ports);
    expect(Object.keys(useCases).sort()).toEqual([...USE_CASE_NAMES].sort());
    expect(useCases.getCurrentTime.execute().utc.iso).toBe('1970-01-01T00:00:00Z');
  });
});

describe('loadUseCases', () => {
  it('splits the use cases between the contexts, each built from its own table alone', async () => {
    const contexts = Object.keys(USE_CASE_CONTEXTS) as UseCaseContext[];
    const names = await Promise.all(contexts.map(async (context) => Object.keys(await loadUseCases(context, ports))));
    // Every use case is in exactly one context: the tables together are USE_CASE_BUILDERS, and none calls outside its own.
    expect(names.flat().sort()).toEqual([...USE_CASE_NAMES].sort());
    expect(new Set(names.flat()).size).toBe(USE_CASE_NAMES.length);
  });

  it('builds the time context from the clock alone, as the CLI gives it to a conversion', async () => {
    const useCases = await loadUseCases('time', { clock: new FixedClock(0) });
    expect(useCases.getCurrentTime.execute().utc.iso).toBe('1970-01-01T00:00:00Z');
    expect(Object.keys(useCases)).not.toContain('inspectKey');
  });

  it('runs each operation of the catalog from the context of its group', async () => {
    for (const [procedure, operation] of OPERATIONS) {
      const useCases = await loadUseCases(contextOf(procedure), ports);
      expect(Object.keys(useCases), procedure).toContain(operation.useCase);
    }
  });

  it('builds each use case once, and gives that one to every use case that calls it', () => {
    let built = 0;
    const decodeJwt: typeof USE_CASE_BUILDERS.decodeJwt = (given, use) => {
      built += 1;
      return USE_CASE_BUILDERS.decodeJwt(given, use);
    };
    const { verifyJwt, validateJwt, signJwt } = USE_CASE_BUILDERS;
    // verifyJwt and signJwt call decodeJwt, and validateJwt calls verifyJwt: built before decodeJwt's own turn.
    const useCases = buildUseCases(ports, { verifyJwt, validateJwt, signJwt, decodeJwt });
    expect(built).toBe(1);
    expect(Object.keys(useCases)).toEqual(['verifyJwt', 'validateJwt', 'signJwt', 'decodeJwt']);
  });

  it('refuses a table whose use case calls one outside it, when it is built', () => {
    const { verifyJwt } = USE_CASE_BUILDERS;
    expect(() => buildUseCases(ports, { verifyJwt })).toThrow('decodeJwt is not among the use cases being built');
  });
});
