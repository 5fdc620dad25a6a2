import { readFileSync } from 'node:fs';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AppRouter as ClientRouter } from '../../client/src/app-router.js';
import type { AppRouter as ServerRouter } from '../../src/adapters/driving/http/trpc/router.js';
import { clientTypesSource } from '../../scripts/generate-client-types.js';

describe('the client package’s AppRouter type', () => {
  it('is generated from the catalog and up to date (npm run generate:client-types)', async () => {
    const committed = readFileSync(new URL('../../client/src/app-router.ts', import.meta.url), 'utf8');
    expect(committed).toBe(await clientTypesSource());
  }, 60_000);

  it('gives clients exactly the inputs and outputs of the server’s router', () => {
    // Checked by the compiler (make typecheck), not at run time.
    expectTypeOf<inferRouterInputs<ClientRouter>>().toEqualTypeOf<inferRouterInputs<ServerRouter>>();
    expectTypeOf<inferRouterOutputs<ClientRouter>>().toEqualTypeOf<inferRouterOutputs<ServerRouter>>();
  });
});
