import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PUBLIC_KEY_ALGORITHMS as CLIENT_PUBLIC_KEY, SIGNING_ALGORITHMS as CLIENT_SIGNING } from '../../client/src/index.js';
import { clientAlgorithmsSource } from '../../scripts/generate-client-types.js';
import { PUBLIC_KEY_ALGORITHMS, SIGNING_ALGORITHMS } from '../../src/core/shared/algorithms.js';

// The page offers what the service makes through the client package alone, which carries no server source: its
// lists are generated from the service's one table of algorithms.
describe('the client package’s algorithm lists', () => {
  it('are generated from the service’s table and up to date (npm run generate:client-types)', async () => {
    const committed = readFileSync(new URL('../../client/src/algorithms.ts', import.meta.url), 'utf8');
    expect(committed).toBe(await clientAlgorithmsSource());
  });

  it('are exported by the package as the service’s own lists, in its order', () => {
    expect([CLIENT_SIGNING, CLIENT_PUBLIC_KEY]).toEqual([SIGNING_ALGORITHMS, PUBLIC_KEY_ALGORITHMS]);
  });
});
