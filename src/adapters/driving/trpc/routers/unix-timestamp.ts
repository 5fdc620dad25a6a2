import { z } from 'zod';
import { nowOutput, toUnixInput, toUnixOutput, toUtcInput, toUtcOutput } from '../schemas.js';
import { publicProcedure, router } from '../trpc.js';

const ERRORS = { 400: 'Invalid input', 429: 'Rate limit exceeded' } as const;

export const unixTimestampRouter = router({
  now: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/unix-timestamp/now',
        protect: false,
        tags: ['unix-timestamp'],
        summary: 'Current UTC time',
        errorResponses: { 429: ERRORS[429] },
      },
    })
    .input(z.void())
    .output(nowOutput)
    .query(({ ctx }) => ctx.useCases.getCurrentTime.execute()),

  toUtc: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/unix-timestamp/to-utc',
        protect: false,
        tags: ['unix-timestamp'],
        summary: 'Unix timestamp to UTC',
        description:
          'The unit is detected from the absolute value (below 1e11 seconds, below 1e14 milliseconds, below 1e17 microseconds, otherwise nanoseconds) unless `unit` names it.',
        errorResponses: ERRORS,
      },
    })
    .input(toUtcInput)
    .output(toUtcOutput)
    .query(({ ctx, input }) => ctx.useCases.convertTimestampToUtc.execute(input)),

  toUnix: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/unix-timestamp/to-unix',
        protect: false,
        tags: ['unix-timestamp'],
        summary: 'RFC 3339 date-time to Unix time',
        errorResponses: ERRORS,
      },
    })
    .input(toUnixInput)
    .output(toUnixOutput)
    .query(({ ctx, input }) => ctx.useCases.convertDatetimeToUnix.execute(input)),
});
