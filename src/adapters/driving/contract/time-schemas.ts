// A namespace import, not { z }: esbuild can then leave out of the command line's bundle the zod it does
// not use (the locales but English, JSON Schema), about 8 ms of every start of the CLI (docs/benchmarks.md).
import * as z from 'zod';
import { inputObject, once, stringParam } from './schema-parts.js';
import {
  DISAMBIGUATIONS,
  IDENTIFY_FORMATS,
  LARGEST_UNITS,
  OVERFLOWS,
  TEXT_FORMATS,
  TIMESTAMP_UNITS,
  WRITTEN_FORMATS,
} from '../../../core/time/vocabulary.js';

// Each schema is made on its first use and kept: `tsjwt now` builds the few that its operation reads.

const tz = once(() =>
  stringParam(
    'tz',
    'An IANA time zone (Europe/Berlin, America/New_York, UTC; any letter case) or a fixed offset ±HH:MM: adds `local`, the instant on that wall clock',
  )
    .meta({ example: 'Europe/Berlin' })
    .optional(),
);

export const nowInput = once(() => inputObject({ tz: tz() }).optional());

export const toUtcInput = once(() =>
  inputObject({
    timestamp: stringParam('timestamp', 'Unix timestamp as a decimal integer, in seconds, milliseconds, microseconds or nanoseconds').meta({
      example: '1700000000',
    }),
    unit: stringParam('unit', `Skips unit detection: one of ${TIMESTAMP_UNITS.join(', ')}`)
      .meta({ enum: [...TIMESTAMP_UNITS], example: 'seconds' })
      .optional(),
    tz: tz(),
  }),
);

export const toUnixInput = once(() =>
  inputObject({
    datetime: stringParam(
      'datetime',
      'RFC 3339 date-time, with Z or ±HH:MM, or without an offset when tz (or an RFC 9557 suffix such as [Europe/Berlin]) names the zone; second 60 only at a real leap second',
    ).meta({ example: '2024-10-27T02:30:00' }),
    tz: tz().meta({ example: 'Europe/Berlin' }),
    disambiguation: stringParam(
      'disambiguation',
      'How a wall-clock time that a DST change skips (gap) or repeats (overlap) is read, as Temporal reads it: compatible (the default: later in a gap, earlier in an overlap), earlier, later, or reject',
    )
      .meta({ enum: [...DISAMBIGUATIONS], example: 'compatible' })
      .optional(),
  }),
);

const disambiguation = once(() =>
  stringParam(
    'disambiguation',
    'How a wall-clock time that a DST change skips (gap) or repeats (overlap) is read, as Temporal reads it: compatible (the default), earlier, later, or reject',
  )
    .meta({ enum: [...DISAMBIGUATIONS], example: 'compatible' })
    .optional(),
);

export const identifyInput = once(() =>
  inputObject({
    value: stringParam(
      'value',
      'A timestamp, time-bearing ID or date written as text: a Unix time in any unit, FILETIME (decimal or 16 hex digits), .NET ticks, WebKit, Cocoa, HFS+, NTP, GPS, PostgreSQL or Excel time, a snowflake, a UUID (v1, v6, v7), ULID, KSUID, MongoDB ObjectId, Bluesky TID, or a date as RFC 3339, RFC 9557, ISO 8601, RFC 5322, HTTP, Common Log Format, JavaScript, Go, the date command, PostgreSQL, Java or Rails write it; trimmed, at most 128 characters',
    ).meta({ example: '133801632000000000' }),
    format: stringParam('format', 'Keeps only this reading of the value')
      .meta({ enum: [...IDENTIFY_FORMATS], example: 'filetime' })
      .optional(),
    tz: tz().meta({
      description:
        'An IANA time zone or a fixed offset ±HH:MM: adds `local` to every candidate, and is the zone a date with no offset is read in',
    }),
    disambiguation: disambiguation(),
  }),
);

const operandUnit = once(() =>
  stringParam('unit', `The unit of every Unix timestamp operand, instead of detecting each: one of ${TIMESTAMP_UNITS.join(', ')}`)
    .meta({ enum: [...TIMESTAMP_UNITS], example: 'seconds' })
    .optional(),
);

const operand = (name: string, example: string) =>
  stringParam(
    name,
    'An instant: a Unix timestamp (an optional sign and digits, read as /to-utc reads it) or a date-time (read as /to-unix reads it, in the zone of the request when it has no offset, or else as identify reads a date written as text)',
  ).meta({ example });

const requestTz = once(() =>
  tz().meta({
    description:
      'The zone of the calendar arithmetic and of `local` (an IANA zone or ±HH:MM); else a zone an operand names in brackets; else UTC',
    example: 'Europe/Berlin',
  }),
);

export const formatInput = once(() =>
  inputObject({
    timestamp: stringParam('timestamp', 'The instant as a Unix timestamp, read as /to-utc reads it; give this or datetime')
      .meta({ example: '1700000000' })
      .optional(),
    // JSON Schema's examples, not example: the API reference fills in each `example`, and this and timestamp are exclusive.
    datetime: stringParam(
      'datetime',
      'The instant as a date-time, read as /to-unix reads it (2023-11-14T23:13:20+01:00[Europe/Berlin]), or else as identify reads a date written as text (Tue, 14 Nov 2023 22:13:20 GMT); give this or timestamp',
    )
      .meta({ examples: ['2023-11-14T23:13:20+01:00[Europe/Berlin]'] })
      .optional(),
    unit: operandUnit(),
    tz: requestTz(),
    disambiguation: disambiguation(),
  }),
);

export const diffInput = once(() =>
  inputObject({
    from: operand('from', '2024-10-26T12:00:00'),
    to: operand('to', '2024-10-27T12:00:00'),
    unit: operandUnit(),
    tz: requestTz(),
    disambiguation: disambiguation(),
    largest_unit: stringParam('largest_unit', `The largest unit of calendar: one of ${LARGEST_UNITS.join(', ')} (default years)`)
      .meta({ enum: [...LARGEST_UNITS], example: 'days' })
      .optional(),
  }),
);

export const addInput = once(() =>
  inputObject({
    from: operand('from', '2024-03-30T12:00:00+01:00[Europe/Berlin]'),
    duration: stringParam(
      'duration',
      'An ISO 8601 duration: an optional sign, P, then nY nM nW nD, then T and nH nM nS (only seconds with a fraction); each unit at most its count in 10,000 years',
    ).meta({ example: 'P1D' }),
    unit: operandUnit(),
    tz: requestTz(),
    disambiguation: disambiguation(),
    overflow: stringParam('overflow', 'A day the month reached lacks: constrain (the default: the last day) or reject')
      .meta({ enum: [...OVERFLOWS], example: 'constrain' })
      .optional(),
  }),
);

export const utc = once(() =>
  z
    .object({
      iso: z.string().meta({ description: 'The second containing the instant, YYYY-MM-DDTHH:MM:SSZ', example: '2023-11-14T22:13:20Z' }),
      unix_seconds: z.number().int(),
      unix_milliseconds: z.number().int(),
    })
    .meta({ id: 'Utc' }),
);

const datetimeUtc = once(() => z.literal('datetime_utc'));

const isoInstant = once(() =>
  z.string().meta({ description: 'An instant to the second, YYYY-MM-DDTHH:MM:SSZ', example: '2024-10-27T01:00:00Z' }),
);

export const local = once(() =>
  z
    .object({
      time_zone: z.string().meta({ description: 'The zone as the runtime spells it, or the offset', example: 'Europe/Berlin' }),
      iso: z.string().meta({ description: 'Local date-time with its offset, to the second', example: '2024-03-31T03:30:00+02:00' }),
      rfc9557: z
        .string()
        .meta({ description: '`iso` with the zone in brackets (RFC 9557)', example: '2024-03-31T03:30:00+02:00[Europe/Berlin]' }),
      offset: z.string().meta({ description: '±HH:MM, or ±HH:MM:SS for local mean time', example: '+02:00' }),
      offset_seconds: z.number().int().meta({ description: 'Seconds east of UTC', example: 7200 }),
      dst: z.boolean().meta({
        description:
          "True when the offset is ahead of the zone's standard offset: the smaller of its offsets at local noon on 1 January and 1 July",
      }),
      day_of_week: z.number().int().min(1).max(7).meta({ description: 'ISO 8601: 1 = Monday … 7 = Sunday' }),
      day_of_year: z.number().int().min(1).max(366),
      iso_week: z.string().meta({ description: 'ISO 8601 week date with its week-based year', example: '2024-W13' }),
      next_transition: isoInstant()
        .nullable()
        .meta({ description: "The next instant the zone's offset changes, or null when none is known" }),
    })
    .meta({ id: 'LocalTime', description: 'The instant as the wall clock of `tz` shows it' }),
);

export const resolution = once(() =>
  z
    .object({
      kind: z.enum(['unique', 'gap', 'overlap']),
      disambiguation: z.enum(DISAMBIGUATIONS),
      candidates: z.array(isoInstant()).min(1).max(2).meta({ description: 'The instants earlier and later give, earliest first' }),
    })
    .meta({ id: 'Resolution', description: 'How a wall-clock time was read in its zone' }),
);

export const nowOutput = once(() => z.object({ utc: utc(), local: local().optional(), source: datetimeUtc() }));

export const toUtcOutput = once(() =>
  z.object({
    input: z.string(),
    detected_unit: z.enum(TIMESTAMP_UNITS),
    utc: utc(),
    local: local().optional(),
    source: datetimeUtc(),
  }),
);

export const candidate = once(() =>
  z
    .object({
      format: z.enum(IDENTIFY_FORMATS),
      description: z.string().meta({ example: 'Windows FILETIME / Active Directory (100 ns since 1601)' }),
      utc: utc(),
      exact: z.string().meta({
        description: 'The instant with every non-zero fractional digit down to the nanosecond, YYYY-MM-DDTHH:MM:SS[.f]Z',
        example: '2016-01-23T19:32:28.7027516Z',
      }),
      unix_nanoseconds: z
        .string()
        .regex(/^-?[0-9]+$/)
        .meta({ description: 'The instant in nanoseconds since 1970, as a decimal integer string', example: '1453577548702751600' }),
      plausible: z
        .boolean()
        .meta({ description: 'The instant lies between 1980-01-01T00:00:00Z and twenty years from now, both included' }),
      // A plain check, not a zod record of a union: that one costs more than all the rest of the answer.
      fields: z
        .custom<Record<string, string | number>>(
          (value) =>
            typeof value === 'object' &&
            value !== null &&
            Object.values(value).every((field) => typeof field === 'string' || Number.isSafeInteger(field)),
        )
        .meta({
          override: { type: 'object', additionalProperties: { anyOf: [{ type: 'string' }, { type: 'integer' }] } },
          description:
            'What else the value encodes: timestamp_ms, machine_id, worker_id, process_id, increment, sequence, version, clock_sequence, node, randomness, payload, counter or clock_id, by format; {} when nothing',
        }),
      local: local().optional(),
      resolution: resolution()
        .optional()
        .meta({ description: 'A floating reading (no offset in the value): how its wall time was read in the zone assumed' }),
      leap_second: z.literal(true).optional().meta({ description: 'Present when the value was a real leap second, read as 23:59:59' }),
    })
    .meta({ id: 'IdentifyCandidate', description: 'One reading of the value' }),
);

export const identifyOutput = once(() =>
  z.object({
    input: z.string(),
    candidates: z
      .array(candidate())
      .meta({ description: 'Every reading within years 0001–9999, plausible ones first, then in table order' }),
    notes: z.array(z.string()).meta({
      description: 'What was recognised without a time (a version-4 or nil UUID), or why nothing matched; may be empty',
    }),
    source: z.literal('identify'),
  }),
);

export const toUnixOutput = once(() =>
  z.object({
    input: z.string(),
    utc: utc(),
    local: local().optional(),
    resolution: resolution().optional(),
    leap_second: z
      .literal(true)
      .optional()
      .meta({ description: 'Present when the input was a real leap second, read as 23:59:59 of its day' }),
    source: datetimeUtc(),
  }),
);

const exact = once(() =>
  z.string().meta({
    description: 'The instant with every non-zero fractional digit down to the nanosecond, YYYY-MM-DDTHH:MM:SS[.f]Z',
    example: '2024-10-26T10:00:00Z',
  }),
);

// The operand object: /to-utc's body (a timestamp) or /to-unix's (a date-time), without source, with exact.
export const operandBody = once(() =>
  z
    .object({
      input: z.string(),
      format: z
        .enum(TEXT_FORMATS)
        .optional()
        .meta({ description: 'A date-time written another way than RFC 3339: the identify format it was read as' }),
      detected_unit: z.enum(TIMESTAMP_UNITS).optional(),
      utc: utc(),
      local: local().optional(),
      resolution: resolution().optional(),
      leap_second: z.literal(true).optional(),
      exact: exact(),
    })
    .meta({ id: 'Operand', description: 'An instant read from a parameter, as /to-utc or /to-unix answers for it, with exact' }),
);

const isoDuration = once(() => z.string().meta({ description: 'An ISO 8601 duration, as Temporal writes it', example: 'P1D' }));

export const formatOutput = once(() =>
  operandBody().safeExtend({
    formats: z
      .array(z.object({ format: z.enum(WRITTEN_FORMATS), value: z.string() }))
      .meta({ description: 'The instant in every format that can hold it, in a fixed order, each floored to its resolution' }),
    source: z.literal('format'),
  }),
);

export const diffOutput = once(() =>
  z.object({
    from: operandBody(),
    to: operandBody(),
    time_zone: z
      .string()
      .meta({ description: 'The zone of the calendar arithmetic, as the runtime spells it, or UTC', example: 'Europe/Berlin' }),
    largest_unit: z.enum(LARGEST_UNITS),
    sign: z.union([z.literal(-1), z.literal(0), z.literal(1)]),
    seconds: z.number().int().meta({ description: 'to − from in whole seconds, floored' }),
    nanoseconds: z
      .string()
      .regex(/^-?[0-9]+$/)
      .meta({ description: 'to − from in nanoseconds, exactly', example: '90000000000000' }),
    exact: isoDuration().meta({ description: 'The elapsed time in hours, minutes and seconds', example: 'PT25H' }),
    calendar: z
      .object({
        years: z.number().int(),
        months: z.number().int(),
        weeks: z.number().int(),
        days: z.number().int(),
        hours: z.number().int(),
        minutes: z.number().int(),
        seconds: z.number().int(),
        nanoseconds: z.number().int().meta({ description: 'The part below one second' }),
        iso: isoDuration(),
      })
      .meta({ id: 'CalendarDifference', description: "Temporal's ZonedDateTime.until in the zone, with largest_unit" }),
    human: z.string().meta({ example: '1 day' }),
    source: z.literal('diff'),
  }),
);

export const addOutput = once(() =>
  z.object({
    from: operandBody(),
    duration: isoDuration(),
    time_zone: z.string().meta({ example: 'Europe/Berlin' }),
    result: z.object({ utc: utc(), exact: exact(), local: local().optional(), resolution: resolution().optional() }),
    source: z.literal('add'),
  }),
);
