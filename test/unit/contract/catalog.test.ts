import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../../src/adapters/driving/contract/catalog.js';
import { UNMETERED, dispatchAny } from '../../../src/adapters/driving/contract/dispatcher.js';
import { resolveApplication } from '../../../src/composition-root.js';
import { testContainer } from '../../support/service.js';

const { useCases } = resolveApplication(testContainer().container);

describe('the operation catalog', () => {
  it.each(OPERATIONS)('documents a 400 that %s really answers', async (_procedure, operation) => {
    const outcome = await dispatchAny(operation, operation.invalid.input, { useCases, budget: UNMETERED });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error).toMatchObject({ status: 400, message: operation.invalid.detail });
  });

  it('gives every operation its own REST path, procedure and command', () => {
    const paths = OPERATIONS.map(([, operation]) => operation.openapi.path);
    const commands = OPERATIONS.map(([, operation]) => operation.cli.command);
    expect(new Set(paths).size).toBe(OPERATIONS.length);
    expect(new Set(commands).size).toBe(OPERATIONS.length);
  });
});
