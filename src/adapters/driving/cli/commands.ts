import { ZodObject, ZodOptional, type z } from 'zod';
import type { UseCaseContext } from '../../../core/use-cases/contexts.js';
import { OPERATIONS, contextOf, type AnyOperation, type CliCommand } from '../contract/catalog.js';

/** One command of the command line: its operation, and the input fields it takes as arguments and options. */
export interface CliCommandSpec extends CliCommand {
  readonly operation: AnyOperation;
  /** The core's context whose use cases the command runs: the only one it loads. */
  readonly context: UseCaseContext;
  readonly summary: string;
  /**
   * Every input field that is not positional, as `--field-name value`, or a bare `--field-name` for a field that takes a
   * boolean; `json` for a field that takes no string (an object, an array, a boolean, a number), whose value is read as JSON.
   */
  readonly options: ReadonlyArray<{ readonly field: string; readonly flag: boolean; readonly json: boolean }>;
  /** False when the operation takes no input object at all. */
  readonly objectInput: boolean;
  /** The operation runs without its `stdinOnly` field, so an empty standard input leaves it out. */
  readonly stdinOptional: boolean;
}

function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const inner = schema instanceof ZodOptional ? schema.unwrap() : schema;
  return inner instanceof ZodObject ? inner.shape : undefined;
}

/** A field that takes no string but an object, an array, a boolean or a number: its option's value is JSON. */
const takesJsonOnly = (schema: z.ZodType): boolean =>
  !schema.safeParse('x').success && [{}, [], true, 0].some((value) => schema.safeParse(value).success);

/** JSON an option may take, as a usage error shows it: an object, an array of strings, a boolean, an integer. */
const JSON_EXAMPLES = ['{"sub":"1"}', '["admin"]', 'true', '3600'] as const;

/** An example of the JSON that a command's option for `field` takes: `["admin"]` for `--unset`, `{"sub":"1"}` for `--payload`. */
export function jsonExampleOf(spec: CliCommandSpec, field: string): string {
  const schema = shapeOf(spec.operation.input)?.[field];
  return JSON_EXAMPLES.find((example) => schema?.safeParse(JSON.parse(example)).success === true) ?? JSON_EXAMPLES[0];
}

/** The options a command's input schema gives it, and whether it takes an input object at all. */
function fieldsOf(operation: AnyOperation): Pick<CliCommandSpec, 'options' | 'objectInput' | 'stdinOptional'> {
  const shape = shapeOf(operation.input);
  return {
    options: Object.entries(shape ?? {})
      .filter(
        ([field]) =>
          !operation.cli.positional.includes(field) &&
          field !== operation.cli.stdinValue &&
          field !== operation.cli.stdinOnly &&
          field !== operation.cli.stdinSecret,
      )
      .map(([field, schema]) => ({ field, flag: schema.safeParse(true).success, json: takesJsonOnly(schema) })),
    objectInput: shape !== undefined,
    stdinOptional: operation.cli.stdinOnly !== undefined && shape?.[operation.cli.stdinOnly]?.safeParse(undefined).success === true,
  };
}

/**
 * Every operation of the catalog as a command: its `cli` form and its summary,
 * and its input schema's fields, each not taken as a positional argument
 * becoming an option. The fields are read the first time they are asked for,
 * so that a command builds the schemas of its own operation only.
 */
export const COMMANDS: readonly CliCommandSpec[] = OPERATIONS.map(([procedure, operation]) => {
  let fields: Pick<CliCommandSpec, 'options' | 'objectInput' | 'stdinOptional'> | undefined;
  const read = () => (fields ??= fieldsOf(operation));
  return {
    ...operation.cli,
    operation,
    context: contextOf(procedure),
    summary: operation.openapi.summary ?? '',
    get options() {
      return read().options;
    },
    get objectInput() {
      return read().objectInput;
    },
    get stdinOptional() {
      return read().stdinOptional;
    },
  };
});
