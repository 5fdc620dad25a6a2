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
