// timestamp-jwt-client/local: the service's own router and core, run in this process (contract §11). The build
// (scripts/build-local-client.ts) bundles the service's source into dist/local.js; this module gives it the client's
// own types, so that its declarations name nothing of the server.
import type { TRPCClient, TRPCLink } from '@trpc/client';
import { createLocalClient as createLocal, localAppLink as localLink } from '../../src/local/client.js';
import type { AppRouter } from './app-router.js';

export type * from './app-router.js';

export interface LocalClientOptions {
  /** The clock, in Unix milliseconds: `Date.now` by default. A fixed one makes answers reproducible. */
  readonly now?: () => number;
}

/**
 * A client of the same type as `createClient(url)`, whose calls run the service's router in this process, with
 * nothing sent anywhere: the same procedures, inputs, outputs, error codes and messages, and no rate limit.
 */
export function createLocalClient(options: LocalClientOptions = {}): TRPCClient<AppRouter> {
  return createLocal(options);
}

/** The link `createLocalClient` runs on, to build another tRPC client on (tRPC's React Query integration). */
export function localAppLink(options: LocalClientOptions = {}): TRPCLink<AppRouter> {
  return localLink(options);
}
