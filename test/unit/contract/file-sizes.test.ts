// Issue 46: the contract's schemas are split by context, so that a reader finds an operation's in a file that fits in
// one reading; time-schemas.ts, jwt-schemas.ts, key-schemas.ts and sign-schemas.ts each hold inputs, then outputs.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const folder = new URL('../../../src/adapters/driving/contract/', import.meta.url);
const files = readdirSync(folder).filter((name) => name.endsWith('.ts'));

describe('the contract folder', () => {
  it.each(files)('%s has at most 400 lines', (name) => {
    expect(readFileSync(new URL(name, folder), 'utf8').split('\n').length).toBeLessThanOrEqual(400);
  });
});
