import type { DomainError } from '../shared/errors.js';
import { NS_PER_MS, NS_PER_SECOND, floorDiv } from './calendar.js';
import { LEAP_SECOND_ENDS_UNIX } from './leap-seconds.js';
import type { Decimal, Fields, FormatRow, Lexed, Reading, ReadingContext } from './reading.js';
import { TEXT_FORMAT_TABLE } from './text-formats.js';
import type { NumericFormat, TextFormat } from './vocabulary.js';

export type { Fields, FormatRow, Lexed, Reading, ReadingContext } from './reading.js';

/**
 * The timestamp and ID formats `identify` reads (contract §3c), in the
 * contract's order. Each is one row: its code, a short human name, and the one
 * function that reads a trimmed value into an exact instant. Counted formats
 * give their syntax, epoch and unit as data and share one reader; IDs give a
 * decoder. Adding a format is one row here and its tests.
 *
 * A reader answers `undefined` when the value is not of the format's syntax
 * (bounds such as "below 2^63" are syntax), and otherwise the instant, even
 * one outside years 0001–9999: the use case filters the range. No floats: a
 * fraction is exact decimal arithmetic on `BigInt`, floored to the nanosecond.
 */

type NumericRow = FormatRow<NumericFormat>;

const NS_PER_100NS = 100n;
const NS_PER_US = 1000n;
const NS_PER_DAY = 86_400n * NS_PER_SECOND;
const TWO_32 = 1n << 32n;
const TWO_63 = 1n << 63n;

/** An epoch, as the Unix second it starts at, in nanoseconds. */
const epoch = (unixSeconds: number): bigint => BigInt(unixSeconds) * NS_PER_SECOND;
const UNIX_EPOCH = 0n;
const EPOCH_0001 = epoch(-62_135_596_800);
const EPOCH_1582_GREGORIAN = epoch(-12_219_292_800);
const EPOCH_1601 = epoch(-11_644_473_600);
const EPOCH_1899_12_30 = epoch(-2_209_161_600);
const EPOCH_1900 = epoch(-2_208_988_800);
const EPOCH_1904 = epoch(-2_082_844_800);
const EPOCH_GPS = 315_964_800; // 1980-01-06T00:00:00Z, in Unix seconds
const EPOCH_2000 = epoch(946_684_800);
const EPOCH_2001 = epoch(978_307_200);
const EPOCH_KSUID = 1_400_000_000n;
const EPOCH_TWITTER_MS = 1_288_834_974_657n;
const EPOCH_DISCORD_MS = 1_420_070_400_000n;

// ---- counted formats: a number of units since an epoch ----

const DECIMAL = /^(-?)([0-9]+)(?:\.([0-9]{1,9}))?$/;
const POWERS_OF_TEN: readonly bigint[] = Array.from({ length: 10 }, (_, exponent) => 10n ** BigInt(exponent));

export function lex(text: string): Lexed {
  const match = DECIMAL.exec(text);
  if (match === null) return { text, decimal: undefined };
  const negative = match[1] === '-';
  const fraction = match[3] ?? '';
  const magnitude = BigInt(match[2] ?? '0') * (POWERS_OF_TEN[fraction.length] ?? 1n) + (fraction === '' ? 0n : BigInt(fraction));
  return { text, decimal: { negative, fractional: fraction !== '', digits: negative ? -magnitude : magnitude, scale: fraction.length } };
}

/** Which decimals a counted format takes. */
type Syntax = 'signed_decimal' | 'signed_integer' | 'integer' | 'decimal';

const TAKES: Readonly<Record<Syntax, (decimal: Decimal) => boolean>> = {
  signed_decimal: () => true,
  signed_integer: (decimal) => !decimal.fractional,
  integer: (decimal) => !decimal.fractional && !decimal.negative,
  decimal: (decimal) => !decimal.negative,
};

interface Counted {
  readonly syntax: Syntax;
  /** The instant a count of 0 stands for, in nanoseconds since 1970. */
  readonly epoch: bigint;
  /** Nanoseconds per unit of the count. */
  readonly unit: bigint;
  /** The least count allowed, included. */
  readonly min?: bigint;
  /** The count must be below this. */
  readonly below?: bigint;
}

function counted({ syntax, epoch: start, unit, min, below }: Counted): NumericRow['read'] {
  const takes = TAKES[syntax];
  return ({ decimal }) => {
    if (decimal === undefined || !takes(decimal)) return undefined;
    const scale = POWERS_OF_TEN[decimal.scale] ?? 1n;
    if (min !== undefined && decimal.digits < min * scale) return undefined;
    if (below !== undefined && decimal.digits >= below * scale) return undefined;
    return { unixNs: start + floorDiv(decimal.digits * unit, scale), fields: {} };
  };
}

// ---- decoders ----

/** The value as a decimal integer of digits only, below `bound` when one is given, or undefined. */
function unsignedBelow({ decimal }: Lexed, bound?: bigint): bigint | undefined {
  if (decimal === undefined || decimal.negative || decimal.fractional) return undefined;
  return bound === undefined || decimal.digits < bound ? decimal.digits : undefined;
}

const msInstant = (ms: bigint): bigint => ms * NS_PER_MS;
const bits = (value: bigint, shift: bigint, width: bigint): number => Number((value >> shift) & ((1n << width) - 1n));

function snowflake(epochMs: bigint, layout: (id: bigint) => Fields): NumericRow['read'] {
  return (value) => {
    const id = unsignedBelow(value, TWO_63);
    if (id === undefined) return undefined;
    const timestampMs = (id >> 22n) + epochMs;
    return { unixNs: msInstant(timestampMs), fields: { timestamp_ms: Number(timestampMs), ...layout(id) } };
  };
}

function mastodon(value: Lexed): Reading | undefined {
  const id = unsignedBelow(value, TWO_63);
  if (id === undefined) return undefined;
  const timestampMs = id >> 16n;
  return { unixNs: msInstant(timestampMs), fields: { timestamp_ms: Number(timestampMs), sequence: bits(id, 0n, 16n) } };
}

const FILETIME_HEX = /^[0-9a-f]{16}$/i;
const HAS_LETTER = /[a-f]/i;

/** Decimal below 2^63, or sixteen hex digits with at least one letter (big-endian). */
function filetime(value: Lexed): Reading | undefined {
  const { text } = value;
  const count = FILETIME_HEX.test(text) && HAS_LETTER.test(text) ? BigInt(`0x${text}`) : unsignedBelow(value, TWO_63);
  if (count === undefined) return undefined;
  return { unixNs: EPOCH_1601 + count * NS_PER_100NS, fields: {} };
}

/**
 * GPS seconds to UTC: GPS time less the leap seconds inserted since 1980-01-06.
 * The GPS second that was a leap second (23:59:60 UTC) reads as 23:59:59, as
 * `/to-unix` reads second 60.
 */
function gps(value: Lexed): Reading | undefined {
  const count = unsignedBelow(value);
  if (count === undefined) return undefined;
  const naive = BigInt(EPOCH_GPS) + count;
  let inserted = 0n;
  for (const end of LEAP_SECOND_ENDS_UNIX) {
    if (end <= EPOCH_GPS) continue;
    const leap = BigInt(end) + inserted; // the naive second that GPS counts as 23:59:60
    if (naive < leap) break;
    if (naive === leap) return { unixNs: (BigInt(end) - 1n) * NS_PER_SECOND, fields: {} };
    inserted += 1n;
  }
  return { unixNs: (naive - inserted) * NS_PER_SECOND, fields: {} };
}

const UUID = /^(?:urn:uuid:)?([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})$/i;

/** The 32 lowercase hex digits of a UUID in any case, with or without `urn:uuid:`, or undefined. */
export function uuidHex(value: string): string | undefined {
  const match = UUID.exec(value);
  return match === null ? undefined : match.slice(1).join('').toLowerCase();
}

/** The UUID's version nibble. */
export const uuidVersion = (hex: string): number => Number.parseInt(hex.charAt(12), 16);
/** Whether the variant bits are RFC 9562's `10`. */
export const isRfcVariant = (hex: string): boolean => Number.parseInt(hex.charAt(16), 16) >> 2 === 2;

const hexInt = (hex: string): bigint => BigInt(`0x${hex}`);
const macOf = (hex: string): string => hex.match(/../g)?.join(':') ?? hex;

function uuidOfVersion(version: number, { text }: Lexed): string | undefined {
  const hex = uuidHex(text);
  return hex !== undefined && uuidVersion(hex) === version && isRfcVariant(hex) ? hex : undefined;
}

function gregorianUuid(version: 1 | 6, ticks: (hex: string) => bigint): NumericRow['read'] {
  return (value) => {
    const hex = uuidOfVersion(version, value);
    if (hex === undefined) return undefined;
    return {
      unixNs: EPOCH_1582_GREGORIAN + ticks(hex) * NS_PER_100NS,
      fields: { version, clock_sequence: Number(hexInt(hex.slice(16, 20)) & 0x3fffn), node: macOf(hex.slice(20)) },
    };
  };
}

function uuidV7(value: Lexed): Reading | undefined {
  const hex = uuidOfVersion(7, value);
  if (hex === undefined) return undefined;
  return { unixNs: msInstant(hexInt(hex.slice(0, 12))), fields: { version: 7 } };
}

/** Reads `value` as a big-endian number in `alphabet`, or undefined for a character outside it. */
function baseN(value: string, alphabet: string): bigint | undefined {
  const base = BigInt(alphabet.length);
  let number = 0n;
  for (const character of value) {
    const digit = alphabet.indexOf(character);
    if (digit === -1) return undefined;
    number = number * base + BigInt(digit);
  }
  return number;
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const ULID = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/i;

function ulid({ text }: Lexed): Reading | undefined {
  if (!ULID.test(text)) return undefined;
  const number = baseN(text.toUpperCase(), CROCKFORD) ?? 0n;
  return {
    unixNs: msInstant(number >> 80n),
    fields: { randomness: (number & ((1n << 80n) - 1n)).toString(16).padStart(20, '0') },
  };
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KSUID = /^[0-9A-Za-z]{27}$/;

function ksuid({ text }: Lexed): Reading | undefined {
  if (!KSUID.test(text)) return undefined;
  const number = baseN(text, BASE62) ?? 0n;
  if (number >= 1n << 160n) return undefined;
  return {
    unixNs: ((number >> 128n) + EPOCH_KSUID) * NS_PER_SECOND,
    fields: { payload: (number & ((1n << 128n) - 1n)).toString(16).padStart(32, '0') },
  };
}

const OBJECT_ID = /^[0-9a-f]{24}$/i;

function objectId({ text }: Lexed): Reading | undefined {
  if (!OBJECT_ID.test(text)) return undefined;
  return {
    unixNs: hexInt(text.slice(0, 8)) * NS_PER_SECOND,
    fields: { counter: Number(hexInt(text.slice(18))) },
  };
}

const TID_ALPHABET = '234567abcdefghijklmnopqrstuvwxyz';
const TID = /^[234567a-j][234567a-z]{12}$/;

function blueskyTid({ text }: Lexed): Reading | undefined {
  if (!TID.test(text)) return undefined;
  const number = baseN(text, TID_ALPHABET) ?? 0n;
  if (number >= TWO_63) return undefined;
  return { unixNs: (number >> 10n) * NS_PER_US, fields: { clock_id: bits(number, 0n, 10n) } };
}

/** Every format, in the contract's order, which is also the order of equally plausible candidates: the numbers and IDs, then the dates written as text (`text-formats.ts`). */
export const FORMAT_TABLE: readonly FormatRow<NumericFormat | TextFormat>[] = [
  {
    format: 'unix_seconds',
    description: 'Unix time in seconds (since 1970)',
    read: counted({ syntax: 'signed_decimal', epoch: UNIX_EPOCH, unit: NS_PER_SECOND }),
  },
  {
    format: 'unix_milliseconds',
    description: 'Unix time in milliseconds (JavaScript Date.now, Java)',
    read: counted({ syntax: 'signed_integer', epoch: UNIX_EPOCH, unit: NS_PER_MS }),
  },
  {
    format: 'unix_microseconds',
    description: 'Unix time in microseconds',
    read: counted({ syntax: 'signed_integer', epoch: UNIX_EPOCH, unit: NS_PER_US }),
  },
  {
    format: 'unix_nanoseconds',
    description: 'Unix time in nanoseconds (Go UnixNano, InfluxDB)',
    read: counted({ syntax: 'signed_integer', epoch: UNIX_EPOCH, unit: 1n }),
  },
  {
    format: 'snowflake_twitter',
    description: 'Twitter / X snowflake ID (ms since 2010-11-04)',
    read: snowflake(EPOCH_TWITTER_MS, (id) => ({ machine_id: bits(id, 12n, 10n), sequence: bits(id, 0n, 12n) })),
  },
  {
    format: 'snowflake_discord',
    description: 'Discord snowflake ID (ms since 2015)',
    read: snowflake(EPOCH_DISCORD_MS, (id) => ({
      worker_id: bits(id, 17n, 5n),
      process_id: bits(id, 12n, 5n),
      increment: bits(id, 0n, 12n),
    })),
  },
  { format: 'snowflake_mastodon', description: 'Mastodon snowflake ID (ms since 1970)', read: mastodon },
  { format: 'filetime', description: 'Windows FILETIME / Active Directory (100 ns since 1601)', read: filetime },
  {
    format: 'dotnet_ticks',
    description: '.NET DateTime.Ticks, UTC (100 ns since 0001)',
    read: counted({ syntax: 'integer', epoch: EPOCH_0001, unit: NS_PER_100NS }),
  },
  {
    format: 'webkit_microseconds',
    description: 'WebKit / Chrome time (microseconds since 1601)',
    read: counted({ syntax: 'integer', epoch: EPOCH_1601, unit: NS_PER_US }),
  },
  {
    format: 'cocoa_seconds',
    description: 'Apple Cocoa / Core Data NSDate (seconds since 2001)',
    read: counted({ syntax: 'signed_decimal', epoch: EPOCH_2001, unit: NS_PER_SECOND }),
  },
  {
    format: 'hfs_plus_seconds',
    description: 'HFS+ time, read as UTC (seconds since 1904)',
    read: counted({ syntax: 'integer', epoch: EPOCH_1904, unit: NS_PER_SECOND, below: TWO_32 }),
  },
  {
    format: 'ntp_seconds',
    description: 'NTP time, era 0 (seconds since 1900)',
    read: counted({ syntax: 'integer', epoch: EPOCH_1900, unit: NS_PER_SECOND, below: TWO_32 }),
  },
  { format: 'gps_seconds', description: 'GPS time (seconds since 1980-01-06, without leap seconds)', read: gps },
  {
    format: 'postgres_microseconds',
    description: 'PostgreSQL timestamp (microseconds since 2000)',
    read: counted({ syntax: 'signed_integer', epoch: EPOCH_2000, unit: NS_PER_US }),
  },
  {
    format: 'excel_1900',
    description: 'Excel serial date, 1900 system, read as UTC (days since 1899-12-30)',
    read: counted({ syntax: 'decimal', epoch: EPOCH_1899_12_30, unit: NS_PER_DAY, min: 61n, below: 2_958_466n }),
  },
  {
    format: 'excel_1904',
    description: 'Excel serial date, 1904 system, read as UTC (days since 1904)',
    read: counted({ syntax: 'decimal', epoch: EPOCH_1904, unit: NS_PER_DAY, below: 2_957_004n }),
  },
  {
    format: 'uuid_v1',
    description: 'UUID version 1 (100 ns since 1582-10-15)',
    read: gregorianUuid(1, (hex) => (hexInt(hex.slice(13, 16)) << 48n) | (hexInt(hex.slice(8, 12)) << 32n) | hexInt(hex.slice(0, 8))),
  },
  {
    format: 'uuid_v6',
    description: 'UUID version 6 (100 ns since 1582-10-15, reordered)',
    read: gregorianUuid(6, (hex) => (hexInt(hex.slice(0, 8)) << 28n) | (hexInt(hex.slice(8, 12)) << 12n) | hexInt(hex.slice(13, 16))),
  },
  { format: 'uuid_v7', description: 'UUID version 7 (ms since 1970)', read: uuidV7 },
  { format: 'ulid', description: 'ULID (ms since 1970)', read: ulid },
  { format: 'ksuid', description: 'KSUID (seconds since 2014-05-13)', read: ksuid },
  { format: 'mongodb_objectid', description: 'MongoDB ObjectId (seconds since 1970)', read: objectId },
  { format: 'bluesky_tid', description: 'Bluesky / AT Protocol TID (microseconds since 1970)', read: blueskyTid },
  ...TEXT_FORMAT_TABLE,
];

/** Every reading of a value that `rows` give, in their order, and what came close or was left out. */
export interface Readings<Code extends string> {
  readonly readings: readonly { readonly row: FormatRow<Code>; readonly reading: Reading }[];
  /** The first near miss, in row order (contract §3c: said when nothing reads the value). */
  readonly nearMiss: string | undefined;
  /** Floating readings `disambiguation=reject` refused, each as a note. */
  readonly leftOut: readonly DomainError[];
}

/** Reads `lexed` with each of `rows`: the one loop over formats that identify and every operand share. */
export function readWith<Code extends string>(rows: readonly FormatRow<Code>[], lexed: Lexed, context: ReadingContext): Readings<Code> {
  const readings: { row: FormatRow<Code>; reading: Reading }[] = [];
  const leftOut: DomainError[] = [];
  let nearMiss: string | undefined;
  for (const row of rows) {
    const outcome = row.read(lexed, context);
    if (outcome === undefined) continue;
    if ('nearMiss' in outcome) nearMiss ??= outcome.nearMiss;
    else if ('leftOut' in outcome) leftOut.push(outcome.leftOut);
    else readings.push({ row, reading: outcome });
  }
  return { readings, nearMiss, leftOut };
}
