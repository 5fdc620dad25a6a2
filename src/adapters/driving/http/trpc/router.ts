import { catalog } from '../../contract/catalog.js';
import { createCallerFactory, router, routerRecordOf } from './init.js';

/** Every operation of the catalog as a tRPC procedure, at its procedure path. */
export const appRouter = router(routerRecordOf(catalog));

/** The router's type. Clients get it, spelt out without zod or server code, from the client workspace (client/src/app-router.ts). */
export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
