import { z } from 'zod';
import { TIMESTAMP_UNITS } from '../../../core/use-cases/convert-timestamp-to-utc.js';

function describeBadValue(name: string, input: unknown): string {
  if (input === undefined) return `${name} is required`;
  if (Array.isArray(input)) return `${name} must be given only once`;
  if (typeof input === 'object' && input !== null) return `${name} must be a single value, not an object`;
  return `${name} must be a string`;
}

// Inputs stay strings: the use cases parse them exactly, and trpc-to-openapi
// would otherwise rewrite number schemas into lossy coercions.
const stringParam = (name: string, description: string) =>
  z.string({ error: (issue) => describeBadValue(name, issue.input) }).meta({ description });

const inputObject = <T extends z.ZodRawShape>(shape: T) => z.object(shape, { error: () => 'input must be an object of named parameters' });

export const nowInput = z.void();

export const toUtcInput = inputObject({
  timestamp: stringParam('timestamp', 'Unix timestamp as a decimal integer, in seconds, milliseconds, microseconds or nanoseconds').meta({
    example: '1700000000',
  }),
  unit: stringParam('unit', `Skips unit detection: one of ${TIMESTAMP_UNITS.join(', ')}`).optional(),
});

export const toUnixInput = inputObject({
  datetime: stringParam('datetime', 'RFC 3339 date-time with a zone, Z or ±HH:MM').meta({ example: '2023-11-14T22:13:20Z' }),
});

export const decodeInput = inputObject({
  token: stringParam('token', 'JWS compact serialization; a leading "Bearer " is stripped'),
});

const utc = z
  .object({
    iso: z.string().meta({ description: 'The second containing the instant, YYYY-MM-DDTHH:MM:SSZ', example: '2023-11-14T22:13:20Z' }),
    unix_seconds: z.number().int(),
    unix_milliseconds: z.number().int(),
  })
  .meta({ id: 'Utc' });

const datetimeUtc = z.literal('datetime_utc');

export const nowOutput = z.object({ utc, source: datetimeUtc });

export const toUtcOutput = z.object({
  input: z.string(),
  detected_unit: z.enum(TIMESTAMP_UNITS),
  utc,
  source: datetimeUtc,
});

export const toUnixOutput = z.object({ input: z.string(), utc, source: datetimeUtc });

// A pass-through check: a zod record would rebuild the object and drop members
// such as "__proto__", and claims must come back verbatim.
const jsonObject = z
  .custom<Record<string, unknown>>((value) => typeof value === 'object' && value !== null && !Array.isArray(value))
  .meta({ override: { type: 'object', additionalProperties: true } });
const isoOrNull = z.string().nullable();

export const decodeOutput = z.object({
  input: z.string(),
  header: jsonObject,
  payload: jsonObject,
  signature: z.string(),
  algorithm: z.string().nullable(),
  token_type: z.string().nullable(),
  expires_at: isoOrNull,
  issued_at: isoOrNull,
  not_before: isoOrNull,
  expired: z.boolean().nullable(),
  issuer: z.unknown(),
  audience: z.unknown(),
  subject: z.unknown(),
  encoding: z.literal('jwt'),
  source: z.literal('decode'),
});

export const errorBody = z.object({
  detail: z.string().meta({ example: 'timestamp must be a decimal integer (an optional sign and digits)' }),
});
