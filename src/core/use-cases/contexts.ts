import { buildUseCases } from './build.js';
import type { JwtPorts } from '../jwt/use-cases/index.js';
import type { TimePorts } from '../time/use-cases/index.js';
import type { TokenPorts } from '../tokens/use-cases/index.js';
import type { UseCaseBuilders, UseCasePorts, UseCases } from './types.js';

/**
 * The core's bounded contexts, each with the table of its use cases, loaded when first asked for: a command of the CLI
 * loads its own context alone, so that converting a timestamp loads nothing of the JWT side, nor signing a token the
 * time side's readers (docs/architecture.md, docs/benchmarks.md).
 */
export const USE_CASE_CONTEXTS = {
  time: async () => (await import('../time/use-cases/index.js')).TIME_USE_CASES,
  jwt: async () => (await import('../jwt/use-cases/index.js')).JWT_USE_CASES,
  tokens: async () => (await import('../tokens/use-cases/index.js')).TOKEN_USE_CASES,
} as const;
export type UseCaseContext = keyof typeof USE_CASE_CONTEXTS;

/** The ports each context's table builds its use cases from: a command gives those of its own context alone. */
export interface ContextPorts {
  readonly time: TimePorts;
  readonly jwt: JwtPorts;
  readonly tokens: TokenPorts;
}

/** The ports of every context that `C` may be: one context's own, or all of them when the context is not known. */
type PortsOf<C extends UseCaseContext> = (C extends unknown ? (ports: ContextPorts[C]) => void : never) extends (ports: infer All) => void
  ? All
  : never;

/**
 * The use cases of one context over its ports. The others are absent: a command runs the use case of its own catalog
 * group, whose context `GROUP_CONTEXTS` names, and test/unit/composition-root.test.ts checks that each operation's use
 * case is in its group's table.
 */
export async function loadUseCases<C extends UseCaseContext>(context: C, ports: PortsOf<C>): Promise<UseCases> {
  const table: Partial<UseCaseBuilders> = await USE_CASE_CONTEXTS[context]();
  // Only the context's own use cases are built, each by its table's builder, which reads its context's ports alone
  // (the builders' parameter types say so); the use cases of other contexts are absent, as said above.
  return buildUseCases(ports as UseCasePorts, table as UseCaseBuilders);
}
