// The typed client of the local host (contract §11): the service's own tRPC router, run in this process through
// tRPC's localLink, with no network access. The client package's `timestamp-jwt-client/local` entry is this module.
import { createTRPCClient, localLink, type TRPCClient, type TRPCLink } from '@trpc/client';
import { UNMETERED, type CallContext } from '../adapters/driving/contract/dispatcher.js';
import { appRouter, type AppRouter } from '../adapters/driving/http/trpc/router.js';
import { createLocalUseCases } from './host.js';
import { temporalReady } from './temporal.js';
import { ensureUint8ArrayBase64 } from './uint8array-base64.js';

export interface LocalClientOptions {
  /** The clock, in Unix milliseconds: `Date.now` by default. A fixed one makes answers reproducible. */
  readonly now?: () => number;
}

/** A JSON value as it arrives over HTTP: what the remote client's link would send, read back. */
const overTheWire = (input: unknown): unknown => (input === undefined ? undefined : JSON.parse(JSON.stringify(input)));

/**
 * The link that answers every call in this process: the router's procedures over the local host's use cases, with no
 * rate limit (nothing leaves the machine) and inputs taken as from a POST body. An input passes through JSON first, as
 * it would on its way to the service, so that the same call gets the same answer here as there (an `undefined`
 * member dropped, a Date as its ISO text); an answer comes back through JSON too (localLink does that). A refusal is a
 * TRPCClientError with the service's code, message and data, written by the router's own error formatter. The first
 * call waits for `Temporal` where the host has none (temporal.ts), and gives Uint8Array its base64 and hex methods
 * where the host has none of its own (Node 22 to 24, uint8array-base64.ts).
 */
export function localAppLink(options: LocalClientOptions = {}): TRPCLink<AppRouter> {
  const context: CallContext = { useCases: createLocalUseCases(options.now), budget: UNMETERED, carrier: 'private' };
  const link = localLink({
    router: appRouter,
    createContext: async () => {
      ensureUint8ArrayBase64();
      await temporalReady();
      return context;
    },
  });
  return (runtime) => {
    const operation = link(runtime);
    return ({ op, next }) => operation({ op: { ...op, input: overTheWire(op.input) }, next });
  };
}

/**
 * A client of the same type as the remote `createClient(url)`, whose calls run the service's router in this process:
 * the same procedures, inputs, outputs, error codes and messages, with nothing sent anywhere.
 */
export function createLocalClient(options: LocalClientOptions = {}): TRPCClient<AppRouter> {
  return createTRPCClient<AppRouter>({ links: [localAppLink(options)] });
}
