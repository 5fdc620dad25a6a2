import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../../src/adapters/driving/contract/catalog.js';
import { COMMANDS } from '../../../src/adapters/driving/cli/commands.gen.js';
import { cliCommandsSource } from '../../../scripts/generate-cli-commands.js';

describe('the command table', () => {
  it('is generated from the catalog and up to date (npm run generate:cli-commands)', async () => {
    const committed = readFileSync(new URL('../../../src/adapters/driving/cli/commands.gen.ts', import.meta.url), 'utf8');
    expect(committed).toBe(await cliCommandsSource());
  });

  it('has one command for every operation', () => {
    expect(COMMANDS.map((command) => command.procedure)).toEqual(OPERATIONS.map(([procedure]) => procedure));
  });
});
