// The names the time context answers with and takes (timestamp units, formats read and written, disambiguations,
// overflows, largest units): lists alone, so that the API's schemas name them without loading the readers and
// writers behind them, and a command of the CLI that decodes a token loads none of this context
// (docs/architecture.md).

export const TEXT_FORMATS = [
  'rfc3339',
  'rfc9557',
  'iso8601_basic',
  'rfc5322',
  'http_date',
  'clf',
  'js_date',
  'go_time',
  'iso_local',
  'iso_date',
  'iso_week_date',
  'iso_ordinal_date',
  'date_command',
  'iso_offset_variant',
  'java_zoned',
] as const;

export type TextFormat = (typeof TEXT_FORMATS)[number];

export const NUMERIC_FORMATS = [
  'unix_seconds',
  'unix_milliseconds',
  'unix_microseconds',
  'unix_nanoseconds',
  'snowflake_twitter',
  'snowflake_discord',
  'snowflake_mastodon',
  'filetime',
  'dotnet_ticks',
  'webkit_microseconds',
  'cocoa_seconds',
  'hfs_plus_seconds',
  'ntp_seconds',
  'gps_seconds',
  'postgres_microseconds',
  'excel_1900',
  'excel_1904',
  'uuid_v1',
  'uuid_v6',
  'uuid_v7',
  'ulid',
  'ksuid',
  'mongodb_objectid',
  'bluesky_tid',
] as const;

export const IDENTIFY_FORMATS = [...NUMERIC_FORMATS, ...TEXT_FORMATS] as const;

export type IdentifyFormat = (typeof IDENTIFY_FORMATS)[number];

export type NumericFormat = (typeof NUMERIC_FORMATS)[number];

export const WRITTEN_FORMATS = [
  'unix_seconds',
  'unix_milliseconds',
  'unix_microseconds',
  'unix_nanoseconds',
  'rfc3339',
  'rfc9557',
  'rfc5322',
  'http_date',
  'iso_week_date',
  'iso_ordinal_date',
  'snowflake_twitter',
  'snowflake_discord',
  'snowflake_mastodon',
  'filetime',
  'filetime_hex',
  'dotnet_ticks',
  'webkit_microseconds',
  'cocoa_seconds',
  'hfs_plus_seconds',
  'ntp_seconds',
  'gps_seconds',
  'postgres_microseconds',
  'excel_1900',
  'excel_1904',
  'uuid_v1',
  'uuid_v6',
  'uuid_v7',
  'ulid',
  'ksuid',
  'mongodb_objectid',
  'bluesky_tid',
] as const;

export type WrittenFormat = (typeof WRITTEN_FORMATS)[number];

export const DISAMBIGUATIONS = ['compatible', 'earlier', 'later', 'reject'] as const;

export type Disambiguation = (typeof DISAMBIGUATIONS)[number];

export const TIMESTAMP_UNITS = ['seconds', 'milliseconds', 'microseconds', 'nanoseconds'] as const;

export type TimestampUnit = (typeof TIMESTAMP_UNITS)[number];

export const OVERFLOWS = ['constrain', 'reject'] as const;

export type Overflow = (typeof OVERFLOWS)[number];

export const LARGEST_UNITS = ['years', 'months', 'weeks', 'days', 'hours', 'minutes', 'seconds'] as const;

export type LargestUnit = (typeof LARGEST_UNITS)[number];
