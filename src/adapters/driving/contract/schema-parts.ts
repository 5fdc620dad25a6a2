// A namespace import, not { z }: esbuild can then leave out of the command line's bundle the zod it does
// not use (the locales but English, JSON Schema), about 8 ms of every start of the CLI (docs/benchmarks.md).
import * as z from 'zod';

function describeBadValue(name: string, input: unknown): string {
  if (input === undefined) return `${name} is required`;
  if (Array.isArray(input)) return `${name} must be given once, as one string, not a list`;
  if (typeof input === 'object' && input !== null)
    return `${name} must be one string, not an object: send a JSON value, such as a JWK, as its text`;
  return `${name} must be a string`;
}

// Inputs stay strings: the use cases parse them exactly, and trpc-to-openapi
// would otherwise rewrite number schemas into lossy coercions.
export const stringParam = (name: string, description: string) =>
  z.string({ error: (issue) => describeBadValue(name, issue.input) }).meta({ description });

export const inputObject = <T extends z.ZodRawShape>(shape: T) =>
  z.object(shape, { error: () => 'input must be an object of named parameters' });

/** A value made on the first call and kept: an operation's schemas are built when it first runs, not when the catalog loads. */
export const once = <T>(make: () => T): (() => T) => {
  let made: { readonly value: T } | undefined;
  return () => (made ??= { value: make() }).value;
};

/** A list in words, for a description: `a, b or c`. */
export const oneOfWords = (names: readonly string[]): string =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1) ?? ''}`;

/** A JSON object: not null, not an array. */
export const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// A pass-through check: a zod record would rebuild the object and drop members
// such as "__proto__", and claims must come back verbatim.
/** Any JSON object, kept as it came; one schema, shared by every answer that carries one. */
export const jsonObject = once(() =>
  z.custom<Record<string, unknown>>(isJsonObject).meta({ override: { type: 'object', additionalProperties: true } }),
);
