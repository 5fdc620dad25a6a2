import type { UseCaseContext } from '../../../core/use-cases/contexts.js';
import type { UseCases } from '../../../core/use-cases/index.js';
import { UNMETERED, dispatchAny } from '../contract/dispatcher.js';
import { COMMANDS, jsonExampleOf, type CliCommandSpec } from './commands.js';
import { render, type Style } from './pretty.js';

export interface CliIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  /** The whole of standard input, for `-` arguments, so a token need not sit in shell history. */
  readonly readStdin: () => Promise<string>;
  /** Standard input is a terminal: a command whose key is optional then reads none rather than wait for one. */
  readonly stdinTerminal?: boolean;
  /** Standard output is a terminal: answers are shown for people, unless --json asks for the raw body. */
  readonly terminal?: boolean;
  /** Colours and weights for terminal output; plain text when absent. */
  readonly style?: Style;
  /** What --version prints. */
  readonly version?: string;
}

const optionName = (field: string): string => `--${field.replaceAll('_', '-')}`;
const BY_NAME = new Map(COMMANDS.map((spec) => [spec.command, spec]));

/** The options of some commands, by name, and those of them that take no value. */
interface OptionNames {
  readonly options: ReadonlySet<string>;
  readonly flags: ReadonlySet<string>;
}
const optionNamesOf = (specs: readonly CliCommandSpec[]): OptionNames => ({
  options: new Set(specs.flatMap((spec) => spec.options.map((option) => optionName(option.field)))),
  flags: new Set(specs.flatMap((spec) => spec.options.filter((option) => option.flag).map((option) => optionName(option.field)))),
});
let everyOption: OptionNames | undefined;
/** Every command's options: reading them builds every operation's input schema. */
const allOptionNames = (): OptionNames => (everyOption ??= optionNamesOf(COMMANDS));

function usageLine(spec: CliCommandSpec): string {
  const positional = spec.positional.map((name) => (spec.stdin === name ? `<${name} | ->` : `<${name}>`));
  const options = spec.options.map(({ field, flag }) =>
    flag ? `[${optionName(field)}]` : `[${optionName(field)} <${field.replaceAll('_', '-')}>]`,
  );
  const key = [spec.stdinOnly, spec.stdinSecret].filter(Boolean).join('-or-');
  const stdin = [spec.stdinValue, key].filter(Boolean).join('-line-then-');
  const stdinText = stdin === '' ? [] : [`< ${stdin}`];
  return [spec.command, ...positional, ...options, ...stdinText].join(' ');
}

/** `a`, `a and b`, `a, b and c`. */
const inWords = (names: readonly string[]): string =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
const commandsWhere = (test: (spec: CliCommandSpec) => boolean): string => inWords(COMMANDS.filter(test).map((spec) => spec.command));
/** The commands that read a key alone from standard input, and `reads` or `read` to agree with them. */
const keyReaders = (): string => {
  const names = COMMANDS.filter((spec) => spec.stdinOnly !== undefined && spec.stdinSecret === undefined).map((spec) => spec.command);
  return `${inWords(names)} ${names.length === 1 ? 'reads' : 'read'}`;
};

let usageText: string | undefined;
/** The usage text: every command with its options, which it reads from every operation's input schema. */
export const usage = (): string => (usageText ??= usageOf());

const usageOf = (): string => `usage: tsjwt <command> [arguments] [--json]

${COMMANDS.map((spec) => `  ${usageLine(spec)}\n      ${spec.summary}\n      e.g. ${spec.example}`).join('\n')}

A - in place of a token reads it from standard input; identify - reads one value a line and answers each;
${keyReaders()} the key, and ${commandsWhere((spec) => spec.stdinSecret !== undefined)} the key or secret (any input that is neither a JWK nor a PEM), from standard input only, so that no key stays in shell history.
${commandsWhere((spec) => spec.stdinValue !== undefined)} read the value from standard input only: all of it, or its first line when a key or secret follows.
On a terminal the answer is laid out for reading; --json, or any pipe, prints the HTTP API's JSON on one line. tsjwt --version prints the version.
Exit codes: 0 done, 1 invalid input, 2 bad usage.
`;

export class UsageError extends Error {}

interface Parsed {
  readonly positional: string[];
  readonly options: Map<string, string>;
  readonly json: boolean;
}

// Values may start with '-' (negative timestamps), so only a known option is an option.
function parseArgs(args: readonly string[], { options: OPTIONS, flags: FLAGS }: OptionNames): Parsed {
  const positional: string[] = [];
  const options = new Map<string, string>();
  let json = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg : arg.slice(0, eq);
    if (arg === '--') {
      positional.push(...args.slice(i + 1));
      break;
    } else if (arg === '--json') {
      json = true;
    } else if (OPTIONS.has(name)) {
      const value = eq !== -1 ? arg.slice(eq + 1) : FLAGS.has(name) ? 'true' : args[++i];
      if (value === undefined) throw new UsageError(`${name} needs a value`);
      options.set(name, value);
    } else {
      positional.push(arg);
    }
  }
  return { positional, options, json };
}

/**
 * An option whose field takes no string, read as JSON: `--payload '{"sub":"1"}'`, `--unset '["tmp"]'`, `--generate`;
 * JSON that does not parse is a usage error whose example is of the kind the option takes.
 */
function jsonOption(spec: CliCommandSpec, field: string, option: string, value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    throw new UsageError(`${option} takes JSON, such as '${jsonExampleOf(spec, field)}'`);
  }
}

async function inputOf(
  spec: CliCommandSpec,
  values: readonly string[],
  options: ReadonlyMap<string, string>,
  io: Pick<CliIo, 'readStdin' | 'stdinTerminal'>,
) {
  const known = new Map(spec.options.map(({ field }) => [optionName(field), field]));
  for (const option of options.keys()) {
    if (!known.has(option)) throw new UsageError(`${option} does not go with ${spec.command}`);
  }
  if (values.length !== spec.positional.length) {
    const count = spec.positional.length;
    throw new UsageError(`${spec.command} takes ${count === 0 ? 'no arguments' : `${count} argument${count > 1 ? 's' : ''}`}`);
  }
  if (!spec.objectInput) return undefined;
  const input: Record<string, unknown> = {};
  for (const [index, field] of spec.positional.entries()) {
    const value = values[index] ?? '';
    if (value === '-' && spec.stdin !== field && spec.stdinOnly !== undefined) {
      throw new UsageError(
        `${spec.command} reads the ${spec.stdinOnly} from standard input, so - cannot read the ${field} there too: give the ${field} as an argument, such as "$(cat ${field}.txt)"`,
      );
    }
    // A per-line command keeps the '-': runCli reads the lines and answers each.
    input[field] = value === '-' && spec.stdin === field && spec.stdinLines !== true ? (await io.readStdin()).trim() : value;
  }
  const json = new Set(spec.options.filter((option) => option.json).map(({ field }) => field));
  for (const [option, value] of options) {
    const field = known.get(option) ?? option;
    input[field] = json.has(field) ? jsonOption(spec, field, option, value) : value;
  }
  const readsKey = spec.stdinOnly !== undefined && !(spec.stdinOptional && io.stdinTerminal === true);
  if (spec.stdinValue === undefined && !readsKey) return input;
  let text = await io.readStdin();
  if (spec.stdinValue !== undefined) {
    // The value is all of standard input, or its first line when the key or secret follows it there, trimmed as `-` trims a token.
    const end = spec.stdinOnly === undefined ? -1 : text.search(/\r?\n/);
    input[spec.stdinValue] = (end === -1 ? text : text.slice(0, end)).trim();
    text = end === -1 ? '' : text.slice(end).replace(/^\r?\n/, '');
  }
  if (readsKey && spec.stdinOnly !== undefined) {
    // A secret is standard input that is neither a JWK nor a PEM; one final newline, which files end with, is not part of it.
    const isKey = /^\s*(\{|-----BEGIN )/.test(text);
    if (spec.stdinSecret !== undefined && !isKey && text !== '') input[spec.stdinSecret] = text.replace(/\r?\n$/, '');
    // An empty standard input gives no key to a command that runs without one (validate).
    else if (text !== '' || (spec.stdinSecret === undefined && !spec.stdinOptional)) input[spec.stdinOnly] = text;
  }
  return input;
}

/** A command line read: the command, the input it gives its operation, and whether --json asks for the raw body. */
export interface Command {
  readonly spec: CliCommandSpec;
  readonly input: unknown;
  readonly json: boolean;
}

/**
 * The command line parsed as every command's options read it. When it starts with a command, that command's own
 * options are tried first, which builds only its operation's schemas: if no argument is then left over that reads
 * as an option (`--…`), the whole table reads it the same way, since an option is a flag in every command that takes
 * it or in none (test/unit/cli/commands.test.ts checks both).
 */
function parseCommandLine(args: readonly string[]): Parsed {
  const spec = BY_NAME.get(args[0] ?? '');
  if (spec !== undefined) {
    const own = parseArgs(args, optionNamesOf([spec]));
    if (!own.positional.some((arg) => arg.startsWith('--'))) return own;
  }
  return parseArgs(args, allOptionNames());
}

/**
 * Reads a command line into its command and its operation's input, standard
 * input included; throws `UsageError` when the line is not a command.
 */
export async function readCommand(args: readonly string[], io: Pick<CliIo, 'readStdin' | 'stdinTerminal'>): Promise<Command> {
  const parsed = parseCommandLine(args);
  const [name, ...values] = parsed.positional;
  const spec = name === undefined ? undefined : BY_NAME.get(name);
  if (spec === undefined) throw new UsageError(name === undefined ? 'a command is required' : `unknown command: ${name}`);
  return { spec, input: await inputOf(spec, values, parsed.options, io), json: parsed.json };
}

/**
 * The command-line driving adapter: every catalog operation as a command
 * (`commands.ts` reads them from the catalog), run through `dispatch` on the
 * same use cases as the HTTP API, so the JSON and the messages are the API's,
 * those of the command's own context alone (`useCasesOf`),
 * without a server and without a rate limit. Errors go to stderr as
 * `{"detail": ...}`. Returns the exit code.
 */
export async function runCli(
  args: readonly string[],
  useCasesOf: (context: UseCaseContext) => Promise<UseCases>,
  io: CliIo,
): Promise<number> {
  // `tsjwt identify --help` and `tsjwt help identify`: that command's usage, not a value named --help.
  const isHelp = (arg: string | undefined): boolean => arg === '--help' || arg === '-h';
  const asked = COMMANDS.find((spec) => spec.command === (args[0] === 'help' ? args[1] : args[0]));
  if (asked !== undefined && (args[0] === 'help' || args.slice(1).some(isHelp))) {
    io.out(`usage: tsjwt ${usageLine(asked)}\n\n  ${asked.summary}\n  e.g. ${asked.example}\n`);
    return 0;
  }
  if (args.length === 0 || args[0] === 'help' || isHelp(args[0])) {
    (args.length === 0 ? io.err : io.out)(usage());
    return args.length === 0 ? 2 : 0;
  }
  if (args[0] === '--version' || args[0] === '-V') {
    io.out(`${io.version ?? 'tsjwt'}\n`);
    return 0;
  }
  let command: Command;
  try {
    command = await readCommand(args, io);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${error.message}\n\n${usage()}`);
    return 2;
  }
  const { spec, input, json } = command;
  const { operation } = spec;
  // Arguments stay in shell history, as a URL stays in logs: a secret is taken only by a command that reads
  // its key and secret from standard input alone, and refused in words for the command line otherwise.
  const carrier = spec.stdinOnly === undefined && spec.stdinValue === undefined ? 'argument' : 'private';
  const useCases = await useCasesOf(spec.context);
  const run = async (value: unknown): Promise<Answer> => {
    const outcome = await dispatchAny(operation, value, { useCases, budget: UNMETERED, carrier });
    if (outcome.ok)
      return { ok: true, text: io.terminal && !json ? render(outcome.data, io.style, spec.table) : `${JSON.stringify(outcome.data)}\n` };
    // Nothing the command line is given can be internal: such a failure is a bug, shown as one.
    if (outcome.error.kind === 'INTERNAL_SERVER_ERROR') throw outcome.error.cause;
    return { ok: false, text: `${JSON.stringify({ detail: outcome.error.message })}\n` };
  };
  const field = spec.stdin;
  if (spec.stdinLines === true && field !== undefined && isRecord(input) && input[field] === '-') {
    return answerLines(await io.readStdin(), (line) => run({ ...input, [field]: line }), io);
  }
  const answer = await run(input);
  (answer.ok ? io.out : io.err)(answer.text);
  return answer.ok ? 0 : 1;
}

/** A command's answer as written: the body, or `{detail}` for a refusal. */
type Answer = { readonly ok: boolean; readonly text: string };

const isRecord = (value: unknown): value is Record<string, string> => typeof value === 'object' && value !== null;

/**
 * One answer a line of input, in order, on standard output: a refused line
 * answers `{"detail": ...}` in its place, so that the output lines up with the
 * input, and the exit code is then 1.
 */
async function answerLines(text: string, run: (line: string) => Promise<Answer>, io: CliIo): Promise<number> {
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  let code = 0;
  for (const line of lines) {
    const answer = await run(line);
    io.out(answer.text);
    if (!answer.ok) code = 1;
  }
  return code;
}
