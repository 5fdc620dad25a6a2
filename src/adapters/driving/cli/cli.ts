import { DomainError } from '../../../core/errors.js';
import type { UseCases } from '../../../core/use-cases/index.js';

export interface CliIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  /** The whole of standard input, for `decode -`, so a token need not sit in shell history. */
  readonly readStdin: () => Promise<string>;
}

export const USAGE = `usage: tsjwt <command> [arguments]

  now                                  the current UTC time
  to-utc <timestamp> [--unit <unit>]   a Unix timestamp to UTC (unit: seconds, milliseconds, microseconds, nanoseconds)
  to-unix <datetime>                   an RFC 3339 date-time to Unix time
  decode <token | ->                   decode a JWT without verifying it; - reads the token from standard input

Prints the same JSON as the HTTP API. Exit codes: 0 done, 1 invalid input, 2 bad usage.
`;

class UsageError extends Error {}

interface Parsed {
  readonly positional: string[];
  readonly unit: string | undefined;
}

// Values may start with '-' (negative timestamps), so only the known option is an option.
function parseArgs(args: readonly string[]): Parsed {
  const positional: string[] = [];
  let unit: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--unit') {
      unit = args[++i];
      if (unit === undefined) throw new UsageError('--unit needs a value');
    } else if (arg.startsWith('--unit=')) {
      unit = arg.slice('--unit='.length);
    } else if (arg === '--') {
      positional.push(...args.slice(i + 1));
      break;
    } else {
      positional.push(arg);
    }
  }
  return { positional, unit };
}

function exactly(positional: readonly string[], count: number, command: string): string[] {
  if (positional.length !== count + 1) throw new UsageError(`${command} takes ${count === 0 ? 'no arguments' : `${count} argument`}`);
  return positional.slice(1);
}

async function run(args: readonly string[], useCases: UseCases, io: CliIo): Promise<unknown> {
  const { positional, unit } = parseArgs(args);
  const [command] = positional;
  if (unit !== undefined && command !== 'to-utc') throw new UsageError('--unit goes with to-utc');
  switch (command) {
    case 'now':
      exactly(positional, 0, command);
      return useCases.getCurrentTime.execute();
    case 'to-utc': {
      const [timestamp = ''] = exactly(positional, 1, command);
      return useCases.convertTimestampToUtc.execute({ timestamp, unit });
    }
    case 'to-unix': {
      const [datetime = ''] = exactly(positional, 1, command);
      return useCases.convertDatetimeToUnix.execute({ datetime });
    }
    case 'decode': {
      const [argument = ''] = exactly(positional, 1, command);
      const token = argument === '-' ? await io.readStdin() : argument;
      return useCases.decodeJwt.execute({ token });
    }
    default:
      throw new UsageError(command === undefined ? 'a command is required' : `unknown command: ${command}`);
  }
}

/**
 * The command-line driving adapter: the same use cases and JSON as the HTTP
 * API, without a server and without a rate limit. Errors go to stderr as
 * `{"detail": ...}` with the API's messages. Returns the exit code.
 */
export async function runCli(args: readonly string[], useCases: UseCases, io: CliIo): Promise<number> {
  if (args.length === 0 || args[0] === 'help' || args[0] === '--help' || args[0] === '-h') {
    (args.length === 0 ? io.err : io.out)(USAGE);
    return args.length === 0 ? 2 : 0;
  }
  try {
    io.out(`${JSON.stringify(await run(args, useCases, io))}\n`);
    return 0;
  } catch (error) {
    if (error instanceof DomainError) {
      io.err(`${JSON.stringify({ detail: error.message })}\n`);
      return 1;
    }
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    throw error;
  }
}
