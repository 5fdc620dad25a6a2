import { createTRPCClient, httpBatchLink } from '@trpc/client';
import type { AppRouter } from './adapters/driving/trpc/app-router.js';

export type { AppRouter } from './adapters/driving/trpc/app-router.js';

/**
 * A typed tRPC client for this service. `baseUrl` is the server root plus any
 * BASE_PATH, e.g. `http://localhost:3000` or `https://example.com/api`.
 */
export function createClient(baseUrl: string) {
  return createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `${baseUrl.replace(/\/$/, '')}/trpc` })] });
}
