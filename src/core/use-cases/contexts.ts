import { buildUseCases } from './build.js';
import type { UseCaseBuilders, UseCasePorts, UseCases } from './types.js';

/**
 * The core's bounded contexts, each with the table of its use cases, loaded when first asked for: a command of the CLI
 * loads its own context alone, so that converting a timestamp loads nothing of the JWT side, nor signing a token the
 * time side's readers (docs/architecture.md, docs/benchmarks.md).
 */
export const USE_CASE_CONTEXTS = {
  time: async () => (await import('../time/use-cases/index.js')).TIME_USE_CASES,
  jwt: async () => (await import('../jwt/use-cases/index.js')).JWT_USE_CASES,
} as const;
export type UseCaseContext = keyof typeof USE_CASE_CONTEXTS;

/**
 * The use cases of one context over `ports`. The others are absent: a command runs the use case of its own catalog
 * group, whose context `GROUP_CONTEXTS` names, and test/unit/composition-root.test.ts checks that each operation's use
 * case is in its group's table.
 */
export async function loadUseCases(context: UseCaseContext, ports: UseCasePorts): Promise<UseCases> {
  const table: Partial<UseCaseBuilders> = await USE_CASE_CONTEXTS[context]();
  return buildUseCases(ports, table as UseCaseBuilders);
}
