import type { UseCases } from '../../../core/use-cases/index.js';

export interface TableLayout {
  readonly rows: string;
  readonly columns: readonly string[];
}

/** One command of the command line, as generated from the operation catalog. */
export interface CliCommandSpec {
  readonly command: string;
  readonly procedure: string;
  readonly useCase: keyof UseCases;
  readonly summary: string;
  readonly example: string;
  /** Input fields taken as positional arguments, in order. */
  readonly positional: readonly string[];
  /** The positional field that `-` reads from standard input. */
  readonly stdin?: string;
  /** `-` reads one value a line from standard input and answers each with one line. */
  readonly stdinLines?: boolean;
  /** On a terminal, this list of the answer is laid out as a table of these columns. */
  readonly table?: TableLayout;
  /** Every other input field, as `--field-name value`, or a bare `--field-name` for a boolean flag. */
  readonly options: ReadonlyArray<{ readonly field: string; readonly flag: boolean }>;
  /** False when the operation takes no input object at all. */
  readonly objectInput: boolean;
}
