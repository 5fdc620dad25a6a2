import { ZodObject, ZodOptional, type z } from 'zod';
import type { UseCases } from '../../../core/use-cases/index.js';
import { OPERATIONS, type AnyOperation, type CliCommand } from '../api/catalog.js';
import { UNMETERED, dispatch } from '../api/dispatcher.js';

export interface CliIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  /** The whole of standard input, for `-` arguments, so a token need not sit in shell history. */
  readonly readStdin: () => Promise<string>;
}

interface Command {
  readonly spec: CliCommand;
  readonly operation: AnyOperation;
  /** Input fields given as `--name value`, by option name (`check_secrets` is `--check-secrets`). */
  readonly options: ReadonlyMap<string, string>;
}

/** Options whose field takes a boolean: `--check-secrets` alone means true. */
const FLAGS = new Set<string>();

const optionName = (field: string): string => `--${field.replaceAll('_', '-')}`;

/** The named fields of an operation's input, whether or not the input as a whole is optional. */
function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const inner = schema instanceof ZodOptional ? (schema.unwrap() as z.ZodType) : schema;
  return inner instanceof ZodObject ? inner.shape : undefined;
}
const fieldsOf = (schema: z.ZodType): string[] | undefined => {
  const shape = shapeOf(schema);
  return shape === undefined ? undefined : Object.keys(shape);
};

const COMMANDS: ReadonlyMap<string, Command> = new Map(
  OPERATIONS.map(([, operation]) => {
    const shape = shapeOf(operation.input) ?? {};
    const fields = Object.keys(shape);
    for (const [field, schema] of Object.entries(shape)) if (schema.safeParse(true).success) FLAGS.add(optionName(field));
    const options = fields.filter((field) => !operation.cli.positional.includes(field)).map((field) => [optionName(field), field] as const);
    return [operation.cli.command, { spec: operation.cli, operation, options: new Map(options) }] as const;
  }),
);

function usageLine({ spec, options }: Command): string {
  const positional = spec.positional.map((name) => (spec.stdin === name ? `<${name} | ->` : `<${name}>`));
  const flags = [...options.keys()].map((option) => (FLAGS.has(option) ? `[${option}]` : `[${option} <${option.slice(2)}>]`));
  return [spec.command, ...positional, ...flags].join(' ');
}

export const USAGE = `usage: tsjwt <command> [arguments]

${[...COMMANDS.values()]
  .map((command) => `  ${usageLine(command)}\n      ${command.operation.openapi.summary ?? ''}\n      e.g. ${command.spec.example}`)
  .join('\n')}

A - in place of a token reads it from standard input. Prints the same JSON as the HTTP API.
Exit codes: 0 done, 1 invalid input, 2 bad usage.
`;

class UsageError extends Error {}

interface Parsed {
  readonly positional: string[];
  readonly options: Map<string, string>;
}

// Values may start with '-' (negative timestamps), so only a known option is an option.
function parseArgs(args: readonly string[], known: ReadonlySet<string>): Parsed {
  const positional: string[] = [];
  const options = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg : arg.slice(0, eq);
    if (arg === '--') {
      positional.push(...args.slice(i + 1));
      break;
    } else if (known.has(name)) {
      const value = eq !== -1 ? arg.slice(eq + 1) : FLAGS.has(name) ? 'true' : args[++i];
      if (value === undefined) throw new UsageError(`${name} needs a value`);
      options.set(name, value);
    } else {
      positional.push(arg);
    }
  }
  return { positional, options };
}

const ALL_OPTIONS = new Set([...COMMANDS.values()].flatMap((command) => [...command.options.keys()]));

async function inputOf(args: readonly string[], io: CliIo): Promise<{ operation: AnyOperation; input: unknown }> {
  const { positional, options } = parseArgs(args, ALL_OPTIONS);
  const [name, ...values] = positional;
  const command = name === undefined ? undefined : COMMANDS.get(name);
  if (command === undefined) throw new UsageError(name === undefined ? 'a command is required' : `unknown command: ${name}`);
  const { spec, operation } = command;
  for (const option of options.keys()) {
    if (!command.options.has(option)) throw new UsageError(`${option} does not go with ${spec.command}`);
  }
  if (values.length !== spec.positional.length) {
    const count = spec.positional.length;
    throw new UsageError(`${spec.command} takes ${count === 0 ? 'no arguments' : `${count} argument`}`);
  }
  if (fieldsOf(operation.input) === undefined) return { operation, input: undefined };
  const input: Record<string, string> = {};
  for (const [index, field] of spec.positional.entries()) {
    const value = values[index] ?? '';
    input[field] = value === '-' && spec.stdin === field ? await io.readStdin() : value;
  }
  for (const [option, value] of options) input[command.options.get(option) ?? option] = value;
  return { operation, input };
}

/**
 * The command-line driving adapter: every catalog operation as a command, run
 * through the same dispatcher and so with the same JSON and messages as the
 * HTTP API, but without a server and without a rate limit. Errors go to stderr
 * as `{"detail": ...}`. Returns the exit code.
 */
export async function runCli(args: readonly string[], useCases: UseCases, io: CliIo): Promise<number> {
  if (args.length === 0 || args[0] === 'help' || args[0] === '--help' || args[0] === '-h') {
    (args.length === 0 ? io.err : io.out)(USAGE);
    return args.length === 0 ? 2 : 0;
  }
  let call: { operation: AnyOperation; input: unknown };
  try {
    call = await inputOf(args, io);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  const outcome = await dispatch(call.operation, call.input, { useCases, budget: UNMETERED });
  if (outcome.ok) {
    io.out(`${JSON.stringify(outcome.data)}\n`);
    return 0;
  }
  if (outcome.error.kind === 'INTERNAL_SERVER_ERROR') throw outcome.error.cause;
  io.err(`${JSON.stringify({ detail: outcome.error.message })}\n`);
  return 1;
}
