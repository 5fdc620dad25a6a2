import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import type { CallBudget } from '../../../../src/adapters/driving/contract/dispatcher.js';
import { createCaller } from '../../../../src/adapters/driving/http/trpc/router.js';
import { resolveApplication } from '../../../../src/composition-root.js';
import { JWT_IO_TOKEN } from '../../../support/fixtures.js';
import { testContainer } from '../../../support/service.js';

const { container, clock } = testContainer();
clock.set(0);
const { useCases } = resolveApplication(container);
const budgetOf = (calls: number): CallBudget => ({ take: () => calls-- > 0 });
const caller = (calls = Infinity) => createCaller({ useCases, budget: budgetOf(calls) });

async function trpcError(call: Promise<unknown>): Promise<TRPCError> {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

describe('the tRPC router', () => {
  it('runs each procedure on the use cases', async () => {
    const api = caller();
    expect((await api.unixTimestamp.now()).utc.iso).toBe('1970-01-01T00:00:00Z');
    expect((await api.unixTimestamp.toUtc({ timestamp: '86400' })).utc.iso).toBe('1970-01-02T00:00:00Z');
    expect((await api.unixTimestamp.toUnix({ datetime: '1970-01-02T00:00:00Z' })).utc.unix_seconds).toBe(86_400);
    expect((await api.jwt.decode({ token: JWT_IO_TOKEN })).subject).toBe('1234567890');
  });

  it('maps domain errors to BAD_REQUEST with their message', async () => {
    const error = await trpcError(caller().unixTimestamp.toUtc({ timestamp: '0x10' }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toBe('timestamp must be a decimal integer (an optional sign and digits)');
  });

  it('spends one unit of the budget per call and refuses the rest before parsing input', async () => {
    const api = caller(1);
    await api.unixTimestamp.now();
    const error = await trpcError(api.unixTimestamp.toUtc({ timestamp: 'not even valid' }));
    expect(error.code).toBe('TOO_MANY_REQUESTS');
    expect(error.message).toBe('Rate limit exceeded');
  });

  it('refuses a call that arrives without any budget instead of running it free', async () => {
    const api = createCaller({ useCases, budget: undefined });
    const error = await trpcError(api.unixTimestamp.now());
    expect(error.code).toBe('TOO_MANY_REQUESTS');
  });

  it('rejects inputs of the wrong type with the schema message', async () => {
    const error = await trpcError(caller().jwt.decode({ token: 42 } as unknown as { token: string }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toBe('token must be a string');
  });
});
