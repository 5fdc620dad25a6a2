import type { UseCaseBuilders, UseCaseLookup, UseCasePorts, UseCases } from './index.js';

/**
 * The core's bounded contexts, each with the table of its use cases, loaded when first asked for: a command of the CLI
 * loads its own context alone, so that converting a timestamp loads nothing of the JWT side, nor signing a token the
 * time side's readers (docs/architecture.md, docs/benchmarks.md).
 */
export const USE_CASE_CONTEXTS = {
  time: async () => (await import('./time-use-cases.js')).TIME_USE_CASES,
  jwt: async () => (await import('./jwt-use-cases.js')).JWT_USE_CASES,
} as const;
export type UseCaseContext = keyof typeof USE_CASE_CONTEXTS;

/**
 * The use cases of `builders` over the same ports, each built once; a use case that calls another is given the one of
 * `builders`, so a table that calls outside itself fails here, when it is built (test/unit/composition-root.test.ts).
 */
export function buildUseCases<K extends keyof UseCases>(ports: UseCasePorts, builders: UseCaseBuilders<K>): Pick<UseCases, K> {
  const built = new Map<keyof UseCases, UseCases[keyof UseCases]>();
  const table: Partial<UseCaseBuilders> = builders;
  const use: UseCaseLookup = (name) => {
    let useCase = built.get(name) as UseCases[typeof name] | undefined;
    if (useCase === undefined) {
      const builder = table[name];
      if (builder === undefined) throw new Error(`${name} is not among the use cases being built`);
      useCase = builder(ports, use);
      built.set(name, useCase);
    }
    return useCase;
  };
  // The keys of `builders` are its type's K, as the object was typed.
  const names = Object.keys(builders) as K[];
  return Object.fromEntries(names.map((name) => [name, use(name)])) as Pick<UseCases, K>;
}

/**
 * The use cases of one context over `ports`. The others are absent: a command runs the use case of its own catalog
 * group, whose context `GROUP_CONTEXTS` names, and test/unit/composition-root.test.ts checks that each operation's use
 * case is in its group's table.
 */
export async function loadUseCases(context: UseCaseContext, ports: UseCasePorts): Promise<UseCases> {
  const table: Partial<UseCaseBuilders> = await USE_CASE_CONTEXTS[context]();
  return buildUseCases(ports, table as UseCaseBuilders);
}
