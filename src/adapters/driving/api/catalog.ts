import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import type { UseCases } from '../../../core/use-cases/index.js';
import {
  decodeInput,
  decodeOutput,
  nowOutput,
  toUnixInput,
  toUnixOutput,
  toUtcInput,
  toUtcOutput,
} from './schemas.js';

type OpenApi = NonNullable<OpenApiMeta['openapi']>;

/**
 * One public operation, defined once: its REST path and documentation, its
 * input and output schemas, and the use case it runs. The tRPC router and the
 * REST adapter are both built from these, so they cannot disagree.
 */
export interface Operation<I extends z.ZodType, O extends z.ZodType> {
  readonly openapi: OpenApi;
  readonly input: I;
  readonly output: O;
  readonly run: (useCases: UseCases, input: z.output<I>) => z.input<O>;
}

const define = <I extends z.ZodType, O extends z.ZodType>(operation: Operation<I, O>): Operation<I, O> => operation;

const ERRORS = { 400: 'Invalid input', 429: 'Rate limit exceeded' } as const;
const rest = (path: `/${string}`, tag: string, summary: string, extra: Partial<OpenApi> = {}): OpenApi => ({
  method: 'GET',
  path,
  protect: false,
  tags: [tag],
  summary,
  errorResponses: ERRORS,
  ...extra,
});

export const now = define({
  openapi: rest('/unix-timestamp/now', 'unix-timestamp', 'Current UTC time', { errorResponses: { 429: ERRORS[429] } }),
  input: z.void(),
  output: nowOutput,
  run: (useCases) => useCases.getCurrentTime.execute(),
});

export const toUtc = define({
  openapi: rest('/unix-timestamp/to-utc', 'unix-timestamp', 'Unix timestamp to UTC', {
    description:
      'The unit is detected from the absolute value (below 1e11 seconds, below 1e14 milliseconds, below 1e17 microseconds, otherwise nanoseconds) unless `unit` names it.',
  }),
  input: toUtcInput,
  output: toUtcOutput,
  run: (useCases, input) => useCases.convertTimestampToUtc.execute(input),
});

export const toUnix = define({
  openapi: rest('/unix-timestamp/to-unix', 'unix-timestamp', 'RFC 3339 date-time to Unix time'),
  input: toUnixInput,
  output: toUnixOutput,
  run: (useCases, input) => useCases.convertDatetimeToUnix.execute(input),
});

export const decode = define({
  openapi: rest('/jwt/decode', 'jwt', 'Decode a JWT without verifying it', {
    description: 'Returns the header, claims and signature of a JWS compact token, and derives exp, iat and nbf. The signature is never verified.',
  }),
  input: decodeInput,
  output: decodeOutput,
  run: (useCases, input) => useCases.decodeJwt.execute(input),
});
