// What an operation of the catalog is and how catalog.ts defines one (`define`), apart from the catalog itself so that
// each file reads in one sitting (test/unit/contract/file-sizes.test.ts).
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { z } from 'zod';
import type { Call } from '../../../core/shared/call.js';
import type { UseCases } from '../../../core/use-cases/index.js';

export type OpenApi = NonNullable<OpenApiMeta['openapi']>;

/** How the command line offers an operation: its command and the input fields taken as positional arguments. */
export interface CliCommand {
  readonly command: string;
  readonly positional: readonly string[];
  /** A positional argument that `-` reads from standard input, so a secret stays out of shell history. */
  readonly stdin?: string;
  /** An input field read from all of standard input and never from an argument: a key, which shell history must not keep. */
  readonly stdinOnly?: string;
  /** The field standard input goes to instead of `stdinOnly` when it holds neither a JWK nor a PEM: a secret, never an argument either. */
  readonly stdinSecret?: string;
  /**
   * An input field read from standard input and never from an argument: a token or credential, which shell history must
   * not keep. All of standard input, or, when the command also reads `stdinOnly`, its first line, the rest going there.
   */
  readonly stdinValue?: string;
  /** `-` reads one value a line and answers each with one JSON line, instead of reading all of standard input as one value. */
  readonly stdinLines?: boolean;
  /** On a terminal, this list of the answer is shown as a table of these columns. */
  readonly table?: { readonly rows: string; readonly columns: readonly string[] };
  readonly example: string;
}

/** A request this operation refuses, and the exact detail it answers: the 400 example of the OpenAPI document. */
export interface InvalidExample {
  readonly input: Record<string, unknown>;
  readonly detail: string;
}

/**
 * One public operation, defined once: its REST path and documentation, its
 * input and output schemas, the use case it runs and its command-line form.
 * The tRPC router, the REST table, the OpenAPI document and the CLI's command
 * table are all derived from the catalog (catalog.ts). Every transport, the CLI
 * included, runs it through `dispatch`. Its schemas are built on their first
 * read (`define`): the server reads them all when it starts, a command of the
 * CLI its own operation's only.
 */
export interface Operation<I extends z.ZodType, O extends z.ZodType> {
  readonly openapi: OpenApi;
  /** Checked against the real answer by test/unit/contract/catalog.test.ts. */
  readonly invalid: InvalidExample;
  readonly input: I;
  readonly output: O;
  readonly useCase: keyof UseCases;
  readonly cli: CliCommand;
  /**
   * A POST-only operation whose body must never be in a URL (contract §4g): a tRPC mutation, REST POST alone
   * (405 with `Allow: POST` for every other method), its members JSON values rather than strings.
   */
  readonly mutation?: true;
}

export type AnyOperation = Operation<z.ZodType, z.ZodType>;

type Execute<K extends keyof UseCases> = UseCases[K]['execute'];

/** A use case's second parameter, if it has one, takes the `Call` that `runOperation` passes. */
type TakesCall<K extends keyof UseCases> = Execute<K> extends (input: never, call: Call) => unknown ? K : never;

/** An operation's entry as catalog.ts writes it: its schemas as functions that build them. */
type Entry<I extends z.ZodType, O extends z.ZodType> = Omit<Operation<I, O>, 'input' | 'output'> & {
  readonly input: () => I;
  readonly output: () => O;
};

/**
 * A property read through `make` the first time, then a plain value: a command of the CLI builds the schemas of the
 * operation it runs only, and the server, which reads every operation's when it builds its OpenAPI document at start,
 * reads plain properties from then on, with no getter on a request's path.
 */
const builtOnFirstRead = <T>(key: string, make: () => T): PropertyDescriptor => ({
  configurable: true,
  enumerable: true,
  get(this: object): T {
    const value = make();
    Object.defineProperty(this, key, { value, enumerable: true });
    return value;
  },
});

/**
 * An operation whose schemas fit its use case: what the input schema gives,
 * the use case takes, and what the use case returns, the output schema reads.
 * Otherwise `useCase` is `never`, and the entry fails to compile.
 */
type MutationOf<M extends true | undefined> = M extends true ? { readonly mutation: true } : unknown;

export const define = <I extends z.ZodType, O extends z.ZodType, K extends keyof UseCases, M extends true | undefined = undefined>(
  entry: Entry<I, O> & {
    readonly useCase: TakesCall<K> &
      ([z.output<I>] extends [Parameters<Execute<K>>[0]] ? ([Awaited<ReturnType<Execute<K>>>] extends [z.input<O>] ? K : never) : never);
    readonly mutation?: M;
  },
  // A mutation's entry keeps `mutation: true` in its type, so that the router types it as the mutation it is.
): Operation<I, O> & MutationOf<M> => {
  const { input, output, ...rest } = entry;
  const lazy = { input: builtOnFirstRead('input', input), output: builtOnFirstRead('output', output) };
  // Both properties are defined just above, as getters that become values; `mutation` is the entry's own.
  return Object.defineProperties(rest, lazy) as typeof rest & Pick<Operation<I, O>, 'input' | 'output'> & MutationOf<M>;
};

/** Runs an operation's use case on its parsed input; `call` says where the input travelled, for the use cases that ask. */
export const runOperation = (operation: AnyOperation, useCases: UseCases, input: unknown, call: Call): unknown =>
  // The use case's own input type was checked against the operation's schema by `define`.
  (useCases[operation.useCase].execute as (input: unknown, call: Call) => unknown)(input, call);

const ERRORS = { 400: 'Invalid input', 429: 'Rate limit exceeded' } as const;
export const rest = (path: `/${string}`, tag: string, summary: string, extra: Partial<OpenApi> = {}): OpenApi => ({
  method: 'GET',
  path,
  protect: false,
  tags: [tag],
  summary,
  errorResponses: ERRORS,
  ...extra,
});
