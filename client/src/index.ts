import { createTRPCClient, httpBatchLink, type TRPCClient } from '@trpc/client';
import type { AppRouter } from './app-router.js';

// AppRouter, ErrorShape, and each shared schema's type by its id (Utc, LocalTime, Finding, …).
export type * from './app-router.js';
// The service's algorithm lists, as values: what jwt.sign makes, and what a key pair it generates makes.
export { PUBLIC_KEY_ALGORITHMS, SIGNING_ALGORITHMS } from './algorithms.js';
// The grammars of the token and credential formats (contract §12), so that a page can flag a pasted credential at once,
// and the names token.verify takes, with the options each of its formats takes.
export {
  CREDENTIAL_FORMATS,
  KEY_DERIVATIONS,
  TOKEN_DIGESTS,
  TOKEN_SHAPES,
  VERIFY_FORMATS,
  VERIFY_OPTIONS,
  secretCredentialsIn,
  tokenShapes,
  type TokenShape,
  type TokenShapeRow,
} from './token-shapes.js';

export interface ClientOptions {
  /** Extra headers for every request, such as a tracing id. */
  readonly headers?: Record<string, string>;
  /** A fetch to use instead of the global one. */
  readonly fetch?: typeof globalThis.fetch;
  /**
   * `'POST'` sends every query as a POST with a JSON body (tRPC's method
   * override), so that tokens, keys and values never appear in a URL, where
   * proxy logs, browser history and `Referer` headers keep them. The default,
   * `'GET'`, puts the input in the query string.
   */
  readonly method?: 'GET' | 'POST';
}

/**
 * A typed client for the timestamp and JWT inspection service. `baseUrl` is the
 * server root plus any BASE_PATH, e.g. `http://localhost:3000` or
 * `https://api.example.com/api`. Calls made together are sent as one batch;
 * each still costs one rate-limit point.
 */
export function createClient(baseUrl: string, options: ClientOptions = {}): TRPCClient<AppRouter> {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${baseUrl.replace(/\/+$/, '')}/trpc`,
        ...(options.headers === undefined ? {} : { headers: options.headers }),
        ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
        ...(options.method === 'POST' ? { methodOverride: 'POST' as const } : {}),
      }),
    ],
  });
}
