import { NS_PER_MS, NS_PER_SECOND, floorDiv, isInRange } from './calendar.js';
import { LEAP_SECOND_ENDS_UNIX } from './leap-seconds.js';
import type { WrittenFormat } from './vocabulary.js';

/**
 * The formats `/unix-timestamp/format` writes one instant in (contract §3d),
 * in its order: each one row, its code and the one function that writes an
 * exact instant, or undefined when the format cannot hold it. Values are
 * floored to the format's resolution. The ID formats carry the smallest ID of
 * the instant: every bit that is not time is zero, but a UUID's version and
 * RFC 9562 variant. `identify` reads each back (`text-formats.ts`,
 * `identify-formats.ts`): the round trip is a property test.
 */

/** One instant as every writer sees it: exactly, and on the wall clock of the request's zone (UTC without one). */
export interface Moment {
  readonly unixNs: bigint;
  /** `exact`: `YYYY-MM-DDTHH:MM:SS[.f]Z`. */
  readonly exact: string;
  /** The zone, when the request has one. */
  readonly zone: string | undefined;
  /** The instant on the wall clock of `zone`, or of UTC. */
  readonly local: Temporal.ZonedDateTime;
}

type Writer = (moment: Moment) => string | undefined;

const US = 1000n;
const TICK = 100n;
const DAY_NS = 86_400n * NS_PER_SECOND;
const seconds = (unix: number): bigint => BigInt(unix) * NS_PER_SECOND;
const EPOCH_0001 = seconds(-62_135_596_800);
const EPOCH_1582 = seconds(-12_219_292_800);
const EPOCH_1601 = seconds(-11_644_473_600);
const EPOCH_1899_12_30 = seconds(-2_209_161_600);
const EPOCH_1900 = seconds(-2_208_988_800);
const EXCEL_1900_FROM = seconds(-2_203_891_200); // 1900-03-01T00:00:00Z: Excel's 1900 system is right from there on
const EPOCH_1904 = seconds(-2_082_844_800);
const EPOCH_GPS_SECONDS = 315_964_800;
const EPOCH_2000 = seconds(946_684_800);
const EPOCH_2001 = seconds(978_307_200);
const EPOCH_KSUID = 1_400_000_000n;
const EPOCH_TWITTER_MS = 1_288_834_974_657n;
const EPOCH_DISCORD_MS = 1_420_070_400_000n;
const TWO_32 = 1n << 32n;

const pad = (value: number | bigint, width: number): string => String(value).padStart(width, '0');
const hex = (value: bigint, width: number): string => value.toString(16).padStart(width, '0');
const within = (value: bigint, below: bigint): boolean => value >= 0n && value < below;
/** A count of `unit` since `epoch`, floored. */
const countSince = (unixNs: bigint, epoch: bigint, unit: bigint): bigint => floorDiv(unixNs - epoch, unit);

/** Nine digits of a fraction of a second, without trailing zeros, with its dot; nothing for none. */
const fractionText = (nanoseconds: bigint): string => (nanoseconds === 0n ? '' : `.${pad(nanoseconds, 9).replace(/0+$/, '')}`);

/** A decimal of `units / 10^9`, written with its sign and as many fraction digits as it needs. */
function nanoDecimal(units: bigint): string {
  const magnitude = units < 0n ? -units : units;
  return `${units < 0n ? '-' : ''}${magnitude / NS_PER_SECOND}${fractionText(magnitude % NS_PER_SECOND)}`;
}

/** The local wall clock's date and time to the second, `YYYY-MM-DDTHH:MM:SS`, when its year has four digits. */
const localSecond = ({ local }: Moment): string =>
  `${pad(local.year, 4)}-${pad(local.month, 2)}-${pad(local.day, 2)}T${pad(local.hour, 2)}:${pad(local.minute, 2)}:${pad(local.second, 2)}`;
const localYearFits = ({ local }: Moment): boolean => local.year >= 1 && local.year <= 9999;
const offsetHasSeconds = ({ local }: Moment): boolean => local.offsetNanoseconds % 60_000_000_000 !== 0;

const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function rfc9557(moment: Moment): string | undefined {
  if (moment.zone === undefined || !localYearFits(moment) || offsetHasSeconds(moment)) return undefined;
  const fraction = fractionText(BigInt(moment.local.millisecond * 1_000_000 + moment.local.microsecond * 1000 + moment.local.nanosecond));
  return `${localSecond(moment)}${fraction}${moment.local.offset}[${moment.zone}]`;
}

function rfc5322(moment: Moment): string | undefined {
  const { local } = moment;
  if (local.year < 1900 || local.year > 9999 || offsetHasSeconds(moment)) return undefined;
  const day = DAY_NAMES[local.dayOfWeek - 1] ?? '';
  const month = MONTH_NAMES[local.month - 1] ?? '';
  const time = `${pad(local.hour, 2)}:${pad(local.minute, 2)}:${pad(local.second, 2)}`;
  return `${day}, ${pad(local.day, 2)} ${month} ${pad(local.year, 4)} ${time} ${local.offset.replace(':', '')}`;
}

function httpDate({ exact, unixNs }: Moment): string {
  const utc = new Temporal.ZonedDateTime(floorDiv(unixNs, NS_PER_SECOND) * NS_PER_SECOND, 'UTC');
  const day = DAY_NAMES[utc.dayOfWeek - 1] ?? '';
  const month = MONTH_NAMES[utc.month - 1] ?? '';
  return `${day}, ${exact.slice(8, 10)} ${month} ${exact.slice(0, 4)} ${exact.slice(11, 19)} GMT`;
}

/**
 * A local date stands for its day's first instant there, so it is written only when that instant is in years
 * 0001–9999 too: on 0001-01-01 east of UTC, the day began in year 0000.
 */
const localDayFits = (moment: Moment): boolean =>
  localYearFits(moment) && isInRange(floorDiv(moment.local.startOfDay().epochNanoseconds, NS_PER_MS));

function isoWeekDate(moment: Moment): string | undefined {
  const { local } = moment;
  if (!localDayFits(moment) || local.yearOfWeek === undefined || local.weekOfYear === undefined) return undefined;
  return `${pad(local.yearOfWeek, 4)}-W${pad(local.weekOfYear, 2)}-${local.dayOfWeek}`;
}

const isoOrdinalDate = (moment: Moment): string | undefined =>
  localDayFits(moment) ? `${pad(moment.local.year, 4)}-${pad(moment.local.dayOfYear, 3)}` : undefined;

/** A snowflake: `(ms − epoch) << shift`, when `ms − epoch` has `bits` bits. */
const snowflake =
  (epochMs: bigint, shift: bigint, bits: bigint): Writer =>
  ({ unixNs }) => {
    const count = floorDiv(unixNs, NS_PER_MS) - epochMs;
    return within(count, 1n << bits) ? String(count << shift) : undefined;
  };

/** A count of `unit` since `epoch`, floored, when the instant is at or after `from` (no bound when absent) and the count below `below`. */
const counted =
  (epoch: bigint, unit: bigint, { from, below }: { from?: bigint; below?: bigint } = {}): Writer =>
  ({ unixNs }) => {
    if (from !== undefined && unixNs < from) return undefined;
    const count = countSince(unixNs, epoch, unit);
    return below === undefined || within(count, below) ? String(count) : undefined;
  };

function filetimeHex({ unixNs }: Moment): string | undefined {
  if (unixNs < EPOCH_1601) return undefined;
  const digits = hex(countSince(unixNs, EPOCH_1601, TICK), 16);
  // Sixteen decimal digits would be read as decimal: identify reads hex only with a letter.
  return /[a-f]/.test(digits) ? digits : undefined;
}

/** GPS seconds: UTC seconds since 1980-01-06, plus the leap seconds inserted up to that instant. */
function gpsSeconds({ unixNs }: Moment): string | undefined {
  const utc = Number(floorDiv(unixNs, NS_PER_SECOND));
  if (utc < EPOCH_GPS_SECONDS) return undefined;
  const inserted = LEAP_SECOND_ENDS_UNIX.filter((end) => end > EPOCH_GPS_SECONDS && end <= utc).length;
  return String(utc - EPOCH_GPS_SECONDS + inserted);
}

/** Days since an epoch, with up to nine fraction digits, floored, no trailing zeros. */
const excel =
  (epoch: bigint, from: bigint): Writer =>
  ({ unixNs }) =>
    unixNs < from ? undefined : nanoDecimal(floorDiv((unixNs - epoch) * NS_PER_SECOND, DAY_NS));

const uuid = (digits: string): string =>
  `${digits.slice(0, 8)}-${digits.slice(8, 12)}-${digits.slice(12, 16)}-${digits.slice(16, 20)}-${digits.slice(20)}`;

/** UUID v1 or v6: the 60-bit count of 100 ns since 1582-10-15 in the version's time fields, clock sequence and node 0. */
const gregorianUuid =
  (version: 1 | 6): Writer =>
  ({ unixNs }) => {
    const count = countSince(unixNs, EPOCH_1582, TICK);
    if (!within(count, 1n << 60n)) return undefined;
    const time =
      version === 1
        ? `${hex(count & 0xffff_ffffn, 8)}${hex((count >> 32n) & 0xffffn, 4)}1${hex(count >> 48n, 3)}`
        : `${hex(count >> 28n, 8)}${hex((count >> 12n) & 0xffffn, 4)}6${hex(count & 0xfffn, 3)}`;
    return uuid(`${time}8000000000000000`);
  };

function uuidV7({ unixNs }: Moment): string | undefined {
  const ms = floorDiv(unixNs, NS_PER_MS);
  return within(ms, 1n << 48n) ? uuid(`${hex(ms, 12)}70008000000000000000`) : undefined;
}

/** `value` in `length` characters of `alphabet`, most significant first. */
function spell(value: bigint, alphabet: string, length: number): string {
  const base = BigInt(alphabet.length);
  let text = '';
  for (let rest = value; text.length < length; rest /= base) text = `${alphabet[Number(rest % base)] ?? ''}${text}`;
  return text;
}

function ulid({ unixNs }: Moment): string | undefined {
  const ms = floorDiv(unixNs, NS_PER_MS);
  return within(ms, 1n << 48n) ? spell(ms << 80n, '0123456789ABCDEFGHJKMNPQRSTVWXYZ', 26) : undefined;
}

function ksuid({ unixNs }: Moment): string | undefined {
  const count = floorDiv(unixNs, NS_PER_SECOND) - EPOCH_KSUID;
  return within(count, TWO_32) ? spell(count << 128n, '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', 27) : undefined;
}

function mongodbObjectId({ unixNs }: Moment): string | undefined {
  const count = floorDiv(unixNs, NS_PER_SECOND);
  return within(count, TWO_32) ? `${hex(count, 8)}0000000000000000` : undefined;
}

function blueskyTid({ unixNs }: Moment): string | undefined {
  const us = floorDiv(unixNs, US);
  return within(us, 1n << 53n) ? spell(us << 10n, '234567abcdefghijklmnopqrstuvwxyz', 13) : undefined;
}

/** Every format's writer, in the contract's order. */
export const FORMAT_WRITERS: Readonly<Record<WrittenFormat, Writer>> = {
  unix_seconds: counted(0n, NS_PER_SECOND),
  unix_milliseconds: counted(0n, NS_PER_MS),
  unix_microseconds: counted(0n, US),
  unix_nanoseconds: counted(0n, 1n),
  rfc3339: ({ exact }) => exact,
  rfc9557,
  rfc5322,
  http_date: httpDate,
  iso_week_date: isoWeekDate,
  iso_ordinal_date: isoOrdinalDate,
  snowflake_twitter: snowflake(EPOCH_TWITTER_MS, 22n, 41n),
  snowflake_discord: snowflake(EPOCH_DISCORD_MS, 22n, 41n),
  snowflake_mastodon: snowflake(0n, 16n, 47n),
  filetime: counted(EPOCH_1601, TICK, { from: EPOCH_1601 }),
  filetime_hex: filetimeHex,
  dotnet_ticks: counted(EPOCH_0001, TICK),
  webkit_microseconds: counted(EPOCH_1601, US, { from: EPOCH_1601 }),
  cocoa_seconds: ({ unixNs }) => nanoDecimal(unixNs - EPOCH_2001),
  hfs_plus_seconds: counted(EPOCH_1904, NS_PER_SECOND, { below: TWO_32 }),
  ntp_seconds: counted(EPOCH_1900, NS_PER_SECOND, { below: TWO_32 }),
  gps_seconds: gpsSeconds,
  postgres_microseconds: counted(EPOCH_2000, US),
  excel_1900: excel(EPOCH_1899_12_30, EXCEL_1900_FROM),
  excel_1904: excel(EPOCH_1904, EPOCH_1904),
  uuid_v1: gregorianUuid(1),
  uuid_v6: gregorianUuid(6),
  uuid_v7: uuidV7,
  ulid,
  ksuid,
  mongodb_objectid: mongodbObjectId,
  bluesky_tid: blueskyTid,
};
