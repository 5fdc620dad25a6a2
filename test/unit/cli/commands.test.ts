import { describe, expect, it } from 'vitest';
import { UsageError, readCommand } from '../../../src/adapters/driving/cli/cli.js';
import { COMMANDS } from '../../../src/adapters/driving/cli/commands.js';
import { OPERATIONS, type AnyOperation } from '../../../src/adapters/driving/contract/catalog.js';

const noStdin = { readStdin: () => Promise.resolve('') };
const built = (operation: AnyOperation): boolean => 'value' in (Object.getOwnPropertyDescriptor(operation, 'input') ?? {});

// One module graph per test file: the first test runs on a catalog that nothing else has read.
describe('reading a command line', () => {
  it("builds the input schema of the command's own operation only", async () => {
    const { spec, input } = await readCommand(['now', '--tz', 'Europe/Berlin'], noStdin);
    expect([spec.command, input]).toEqual(['now', { tz: 'Europe/Berlin' }]);
    expect(OPERATIONS.filter(([, operation]) => built(operation)).map(([procedure]) => procedure)).toEqual(['unixTimestamp.now']);
  });

  it("still reads another command's option as an option, which does not go with this one", async () => {
    await expect(readCommand(['now', '--check-secrets'], noStdin)).rejects.toThrow(new UsageError('--check-secrets does not go with now'));
    await expect(readCommand(['to-utc', '0', '--token', 'x'], noStdin)).rejects.toThrow(new UsageError('--token does not go with to-utc'));
  });

  it('reads options before the command, and -- before a value that looks like an option, as before', async () => {
    expect((await readCommand(['--tz', 'UTC', 'now'], noStdin)).input).toEqual({ tz: 'UTC' });
    expect((await readCommand(['to-utc', '--', '--tz'], noStdin)).input).toEqual({ timestamp: '--tz' });
    expect((await readCommand(['to-utc', '-1500', '--unit', 'milliseconds'], noStdin)).input).toEqual({
      timestamp: '-1500',
      unit: 'milliseconds',
    });
  });

  // What lets a command line be read with its own command's options alone: the whole table would read them alike.
  it('takes an option as a flag in every command that has it, or in none', () => {
    const flagness = new Map<string, Set<boolean>>();
    for (const spec of COMMANDS)
      for (const { field, flag } of spec.options) flagness.set(field, (flagness.get(field) ?? new Set()).add(flag));
    expect([...flagness].filter(([, kinds]) => kinds.size > 1)).toEqual([]);
    expect([...flagness].filter(([, kinds]) => kinds.has(true)).map(([field]) => field)).toContain('check_secrets');
  });
});
