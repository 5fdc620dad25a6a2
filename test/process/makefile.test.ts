// The Makefile's local commands against the catalog: one target for every CLI command, listed by
// `make help`, and every input field of its operation passable as a variable, reaching the CLI as
// that field. Make runs each target with a stand-in CLI that prints its arguments, which the CLI's
// own reader then turns into the operation's input, so the build is never needed.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { readCommand } from '../../src/adapters/driving/cli/cli.js';
import { COMMANDS, type CliCommandSpec } from '../../src/adapters/driving/cli/commands.js';

const root = new URL('../..', import.meta.url).pathname;
const PRINT_ARGS = `${process.execPath} -e 'process.stdout.write(JSON.stringify(process.argv.slice(1)))' --`;

/** The make variable of an input field: upper snake case, and ZONE for tz, since TZ is the C library's. */
const variableOf = (field: string): string => (field === 'tz' ? 'ZONE' : field.toUpperCase());

/** The fields a variable may set: all but a token's value, the key and the secret, which come on standard input alone. */
const passable = (spec: CliCommandSpec): string[] => [...spec.positional, ...spec.options.map(({ field }) => field)];
const stdinOnly = (spec: CliCommandSpec): string[] =>
  [spec.stdinValue, spec.stdinOnly, spec.stdinSecret].filter((field) => field !== undefined);

function make(target: string, variables: Readonly<Record<string, string>>, cli = PRINT_ARGS) {
  // -o: the build counts as done, so that no target builds; the variables on the command line only,
  // none of them inherited from the environment the tests run in.
  const overrides = Object.entries({ CLI: cli, ...variables }).map(([name, value]) => `${name}=${value}`);
  return spawnSync('make', ['-s', '-o', 'dist/.built', '-o', 'node_modules/.installed', target, ...overrides], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
    encoding: 'utf8',
    input: '',
  });
}

// Quotes, spaces, a backquote and a semicolon: a value spliced into the shell line would break or run.
const valueOf = (field: string, json: boolean): string =>
  json ? JSON.stringify({ field, text: `it's "quoted"; \`id\`` }) : `${field} it's "quoted"; \`id\``;

// Each test runs make, a process of its own: its budget is a minute, so that a busy machine slows it without failing it.
describe('the Makefile', { timeout: 60_000 }, () => {
  it.each(COMMANDS.map((spec) => [spec.command, spec] as const))(
    'make %s passes every input field of its operation to the CLI, each as a variable',
    async (command, spec) => {
      const json = new Set(spec.options.filter((option) => option.json).map(({ field }) => field));
      const fields = passable(spec);
      const result = make(command, Object.fromEntries(fields.map((field) => [variableOf(field), valueOf(field, json.has(field))])));
      expect(result.status, result.stderr).toBe(0);
      const { spec: read, input } = await readCommand(JSON.parse(result.stdout) as string[], { readStdin: () => Promise.resolve('') });
      expect(read.command).toBe(command);
      const expected = Object.fromEntries(
        fields.map((field) => [field, json.has(field) ? (JSON.parse(valueOf(field, true)) as unknown) : valueOf(field, false)]),
      );
      expect(input).toMatchObject(expected);
    },
  );

  it.each(COMMANDS.filter((spec) => stdinOnly(spec).length > 0).map((spec) => [spec.command, spec] as const))(
    'make %s never takes the value, the key or the secret from a variable',
    async (command, spec) => {
      const variables = Object.fromEntries(stdinOnly(spec).map((field) => [variableOf(field), 'from-a-variable']));
      const result = make(command, variables);
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).not.toContain('from-a-variable');
      const { input } = await readCommand(JSON.parse(result.stdout) as string[], { readStdin: () => Promise.resolve('') });
      expect(JSON.stringify(input)).not.toContain('from-a-variable');
    },
  );

  it('lists every command in make help, with every variable it takes', () => {
    const help = make('help', {});
    expect(help.status).toBe(0);
    const lines = help.stdout.split('\n');
    for (const spec of COMMANDS) {
      const line = lines.find((text) => new RegExp(`^\\s*make ${spec.command}( |$)`).test(text));
      expect(line, `make help has no line for ${spec.command}`).toBeDefined();
      for (const field of passable(spec)) expect(line, `${spec.command} ${field}`).toContain(`${variableOf(field)}=`);
      for (const field of stdinOnly(spec)) expect(line, `${spec.command} ${field}`).not.toMatch(new RegExp(`\\b${variableOf(field)}=`));
    }
  });

  it.each([1, 2])('prints the CLI exit code %i, which make turns into its own failure', (code) => {
    const result = make('now', {}, `${process.execPath} -e 'process.exit(${code})' --`);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`tsjwt exited with ${code}`);
  });
});
