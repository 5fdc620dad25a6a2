import type { TRPCClient } from '@trpc/client';
import { createClient, type AppRouter } from 'timestamp-jwt-client';

/** A client of the service's procedures: the service's over HTTP, or the local core's in this page. */
export type Client = TRPCClient<AppRouter>;

/** The service's rate limit said no; the calls may be made again after `seconds`. */
export class RateLimited extends Error {
  constructor(readonly seconds: number) {
    super(`Rate limit exceeded; try again in ${seconds} s`);
  }
}

/** What went wrong with a call, in the words the page shows. */
export type Failure =
  | { readonly kind: 'rate-limited'; readonly seconds: number }
  | { readonly kind: 'network' }
  /** The service answered 400: the message names the problem with the input. */
  | { readonly kind: 'invalid'; readonly message: string }
  | { readonly kind: 'server'; readonly message: string };

/**
 * A fetch that turns a 429 into `RateLimited`, with the seconds of
 * `Retry-After`, before tRPC reads its error envelope (TOO_MANY_REQUESTS),
 * so that the page can say when to try again.
 */
const fetchNoting429: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (response.status === 429) {
    const seconds = Number.parseInt(response.headers.get('Retry-After') ?? '', 10);
    throw new RateLimited(Number.isFinite(seconds) && seconds > 0 ? seconds : 1);
  }
  return response;
};

/**
 * The service's client: the published typed client, every call a POST
 * (contract §1b), so that no token, key or value is ever in a URL. The
 * service is the page's own origin, under the page's path (BASE_PATH).
 */
const service: Client = createClient(new URL('.', document.baseURI).href, { method: 'POST', fetch: fetchNoting429 });

/** zod 4 keeps its configuration on this global, so that every copy of it (the local core bundles its own) reads one. */
interface ZodGlobal {
  __zod_globalConfig?: { jitless?: boolean };
}

/**
 * zod, in the local core, compiles its object parsers with `new Function`, and probes for it when its schemas are
 * built: the page's policy (no `unsafe-eval`) refuses the probe and reports it. Told `jitless` before the core's
 * modules run, it neither probes nor compiles, and parses as it does anywhere eval is refused.
 */
function zodWithoutEval(): void {
  // globalThis has no such member in its type; zod reads and writes it as this object.
  const global = globalThis as typeof globalThis & ZodGlobal;
  // Changed in place: a zod already loaded holds this very object.
  (global.__zod_globalConfig ??= {}).jitless = true;
}

/** What the page uses of the local core: its client, and how this browser's zone rules compare with the service's. */
interface LocalCore {
  readonly client: Client;
  readonly differingZones: (zones: Iterable<string>) => string[];
  readonly serviceTzdata: string;
}

let local: Promise<LocalCore> | undefined;

/**
 * The local core (contract §11): the same router, run in this page by
 * `createLocalClient()`, loaded once, by dynamic import, so that it is a chunk
 * of its own from the page's own origin, apart from the first load. A load that
 * fails (the chunk could not be fetched) is tried again by the next call.
 */
function localCore(): Promise<LocalCore> {
  zodWithoutEval();
  local ??= import('timestamp-jwt-client/local')
    // The page's clock, the one its relative times read, so that "expired" and "in 3 hours" agree.
    .then(({ createLocalClient, differingZones, serviceTzdata }) => ({
      client: createLocalClient({ now: () => Date.now() }),
      differingZones,
      serviceTzdata,
    }))
    .catch((error: unknown) => {
      local = undefined;
      throw error;
    });
  return local;
}

/** The local core's client; the first use loads the core's chunk, and a call made before then waits for it. */
export const loadLocalCore = (): Promise<Client> => localCore().then((core) => core.client);

/**
 * The service's IANA tz release (`2026c`) where this browser's rules for `zone` are not the service's, so that a
 * local time there may differ from the service's answer (contract §3b: each host computes with its own rules);
 * undefined where they match. The client measures each zone once and remembers it. Its measure needs `Temporal`,
 * which a browser without one has from the local core's first call on: until then, undefined.
 */
export async function serviceTzdataIfRulesDiffer(zone: string): Promise<string | undefined> {
  const core = await localCore();
  if (!('Temporal' in globalThis)) return undefined;
  return core.differingZones([zone]).length > 0 ? core.serviceTzdata : undefined;
}

let here = true;

/** Whether calls run in this browser (local mode, the default) or go to the service. */
export const runsHere = (): boolean => here;

/** Sends the calls made from now on to the local core (`true`) or to the service (`false`). */
export function runHere(on: boolean): void {
  here = on;
}

/**
 * The page's one client, for the mode the page is in: in local mode the local
 * core, once loaded (a call made before waits for it), else the service.
 */
export const api = (): Promise<Client> => (here ? loadLocalCore() : Promise.resolve(service));

interface ClientErrorLike {
  readonly message?: unknown;
  readonly cause?: unknown;
  readonly data?: { readonly httpStatus?: unknown } | null;
}

/** Sorts an error thrown by a call into what the page says about it. */
export function describeFailure(error: unknown): Failure {
  // Every member is optional and checked or read as unknown; `??` keeps the read off null and undefined.
  const { cause, data, message } = (error ?? {}) as ClientErrorLike;
  if (cause instanceof RateLimited) return { kind: 'rate-limited', seconds: cause.seconds };
  if (error instanceof RateLimited) return { kind: 'rate-limited', seconds: error.seconds };
  const status = typeof data?.httpStatus === 'number' ? data.httpStatus : undefined;
  if (status !== undefined && status >= 400 && status < 500) return { kind: 'invalid', message: String(message) };
  if (status === undefined && (cause instanceof TypeError || error instanceof TypeError)) return { kind: 'network' };
  return { kind: 'server', message: typeof message === 'string' ? message : 'The service could not answer.' };
}
