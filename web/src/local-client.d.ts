// What the page uses of `timestamp-jwt-client/local` (client/src/local.ts), for a typecheck on a clean clone: the
// package's declarations (client/dist/local.d.ts) are built with its bundle, and a module file, once built, is read
// before this ambient one. The page's own paths map only the remote entry to its source: the local entry's source
// is the service's, typed for Node by the root tsconfig, which checks it.
declare module 'timestamp-jwt-client/local' {
  import type { TRPCClient } from '@trpc/client';
  import type { AppRouter } from 'timestamp-jwt-client';

  export function createLocalClient(options?: { readonly now?: () => number }): TRPCClient<AppRouter>;
  export const serviceTzdata: string;
  export function differingZones(zones: Iterable<string>): string[];
}
