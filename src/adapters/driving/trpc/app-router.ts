import { decode, now, toUnix, toUtc } from './operations.js';
import { jwtRouter } from './routers/jwt.js';
import { unixTimestampRouter } from './routers/unix-timestamp.js';
import { createCallerFactory, router } from './trpc.js';

export const appRouter = router({
  unixTimestamp: unixTimestampRouter,
  jwt: jwtRouter,
});

/** The router's type, for typed tRPC clients; see src/client.ts. */
export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);

/** Each procedure's operation, by procedure path, for adapters that drive operations directly. */
export const operationsByProcedure = {
  'unixTimestamp.now': now,
  'unixTimestamp.toUtc': toUtc,
  'unixTimestamp.toUnix': toUnix,
  'jwt.decode': decode,
} as const;
