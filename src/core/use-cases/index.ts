import { JWT_USE_CASES } from '../jwt/use-cases/index.js';
import { TIME_USE_CASES } from '../time/use-cases/index.js';
import { TOKEN_USE_CASES } from '../tokens/use-cases/index.js';
import { buildUseCases } from './build.js';
import type { UseCaseBuilders, UseCaseLookup, UseCasePorts, UseCases } from './types.js';

export type { UseCaseBuilder, UseCaseBuilders, UseCaseLookup, UseCasePorts, UseCases } from './types.js';

/**
 * How each use case is built: the tables of the core's contexts (`time/use-cases/index.ts`, `jwt/use-cases/index.ts`, `tokens/use-cases/index.ts`)
 * together, the one place that lists them. The server's container binds each use case from its row (so that a test can
 * replace one alone), and `createUseCases` builds them all; a command of the CLI loads its own context's table alone
 * (`contexts.ts`).
 */
export const USE_CASE_BUILDERS: UseCaseBuilders = { ...TIME_USE_CASES, ...JWT_USE_CASES, ...TOKEN_USE_CASES };

/** Every use case's name: the builders' keys. */
export const USE_CASE_NAMES = Object.keys(USE_CASE_BUILDERS) as readonly (keyof UseCases)[];

/** Every use case over the same ports, each built once, from `USE_CASE_BUILDERS`. */
export function createUseCases(ports: UseCasePorts): UseCases {
  return buildUseCases(ports, USE_CASE_BUILDERS);
}

/** Every use case, each as `use` gives it. */
export function allUseCases(use: UseCaseLookup): UseCases {
  // Every name of `USE_CASE_NAMES` is given its use case, so the object is whole.
  return Object.fromEntries(USE_CASE_NAMES.map((name) => [name, use(name)])) as UseCases;
}
