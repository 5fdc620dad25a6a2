import type { UseCaseBuilders, UseCaseLookup, UseCasePorts, UseCases } from './types.js';

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
