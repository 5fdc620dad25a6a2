import type { JWT_USE_CASES, JwtPorts } from '../jwt/use-cases/index.js';
import type { TIME_USE_CASES, TimePorts } from '../time/use-cases/index.js';
import type { TOKEN_USE_CASES, TokenPorts } from '../tokens/use-cases/index.js';

/** The tables of the core's contexts together, as they are written (`USE_CASE_BUILDERS` in index.ts spreads them). */
type Tables = typeof TIME_USE_CASES & typeof JWT_USE_CASES & typeof TOKEN_USE_CASES;

/** The use cases every driving adapter offers, each as its context's table builds it. */
export type UseCases = { readonly [K in keyof Tables]: ReturnType<Tables[K]> };

/** The ports the use cases need; the rate limit's are apart, since only the network transports charge. */
export type UseCasePorts = TimePorts & JwtPorts & TokenPorts;

/** Another use case, by name, for a use case that calls one. */
export type UseCaseLookup = <K extends keyof UseCases>(name: K) => UseCases[K];

/** How one use case is built: from its ports, and from the other use cases it calls, looked up by name. */
export type UseCaseBuilder<K extends keyof UseCases> = (ports: UseCasePorts, use: UseCaseLookup) => UseCases[K];

/** The builders of some use cases, as the table of one of the core's contexts holds them. */
export type UseCaseBuilders<K extends keyof UseCases = keyof UseCases> = { readonly [P in K]: UseCaseBuilder<P> };
