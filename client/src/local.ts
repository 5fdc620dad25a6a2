// timestamp-jwt-client/local: the service's own router and core, run in this process (contract §11). The build
// (scripts/build-local-client.ts) bundles the service's source into dist/local.js; this module gives it the client's
// own types, so that its declarations name nothing of the server.
import type { TRPCClient, TRPCLink } from '@trpc/client';
import { createLocalClient as createLocal, localAppLink as localLink } from '../../src/local/client.js';
import { differingZones as differing, SERVICE_TZDATA, zoneRulesMatch as rulesMatch } from '../../src/local/zone-rules.js';
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

/** The IANA tz database release of the service's zone rules (`2026c`, say), as the service's `/healthz` reports it. */
export const serviceTzdata: string = SERVICE_TZDATA;

/**
 * Whether this host's rules for the IANA zone `zone` (any case) are the service's: the same UTC offset at every
 * instant from 1800 to 2100. Local times are computed with the host's own Temporal and tz database, which may be older
 * or newer than the service's (`serviceTzdata`); where a zone's rules differ, an answer naming that zone may differ
 * from the service's, and where they match it does not. A name the service does not list (a fixed offset such as
 * `+05:30`) counts as matching. Each zone is measured on first use and remembered. It needs `Temporal`: where the host
 * has none, call it after the client's first call, which loads the polyfill; before that it throws.
 */
export function zoneRulesMatch(zone: string): boolean {
  return rulesMatch(zone);
}

/** Of `zones`, those whose rules on this host are not the service's (`zoneRulesMatch`): each once, in the order given. */
export function differingZones(zones: Iterable<string>): string[] {
  return differing(zones);
}
