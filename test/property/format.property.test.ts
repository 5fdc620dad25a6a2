import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FormatInstant } from '../../src/core/time/use-cases/format-instant.js';
import { IdentifyTimestamp } from '../../src/core/time/use-cases/identify-timestamp.js';
import { FixedClock } from '../support/fakes.js';
import { IDENTIFY_FORMATS, type IdentifyFormat } from '../../src/core/time/vocabulary.js';

// Contract §3d, "Round trip": every format that format writes and identify knows is read back by identify
// as the instant floored to the format's resolution (filetime_hex read with format=filetime).
const S = 1_000_000_000n;
const MIN_NS = -62_135_596_800n * S; // 0001-01-01T00:00:00Z
const MAX_NS = 253_402_300_800n * S - 1n; // 9999-12-31T23:59:59.999999999Z
const floorTo = (ns: bigint, step: bigint, origin = 0n): bigint => {
  const offset = ns - origin;
  return origin + (offset - (((offset % step) + step) % step));
};

/** The instant each format holds of `ns`: its resolution, from the contract's table. */
function heldInstant(format: string, ns: bigint, zone: string): bigint {
  switch (format) {
    case 'unix_seconds':
    case 'hfs_plus_seconds':
    case 'ntp_seconds':
    case 'gps_seconds':
    case 'ksuid':
    case 'mongodb_objectid':
    case 'rfc5322':
    case 'http_date':
      return floorTo(ns, S);
    case 'unix_milliseconds':
    case 'snowflake_twitter':
    case 'snowflake_discord':
    case 'snowflake_mastodon':
    case 'uuid_v7':
    case 'ulid':
      return floorTo(ns, 1_000_000n);
    case 'unix_microseconds':
    case 'webkit_microseconds':
    case 'postgres_microseconds':
    case 'bluesky_tid':
      return floorTo(ns, 1000n);
    case 'filetime':
    case 'filetime_hex':
    case 'dotnet_ticks':
    case 'uuid_v1':
    case 'uuid_v6':
      return floorTo(ns, 100n);
    // A billionth of a day, counted from each system's epoch.
    case 'excel_1900':
      return floorTo(ns, 86_400n, -2_209_161_600n * S);
    case 'excel_1904':
      return floorTo(ns, 86_400n, -2_082_844_800n * S);
    case 'iso_week_date':
    case 'iso_ordinal_date':
      return new Temporal.ZonedDateTime(ns, zone).startOfDay().epochNanoseconds;
    default:
      return ns;
  }
}

const clock = new FixedClock(Date.UTC(2026, 10, 22));
const format = new FormatInstant(new FixedClock(Date.UTC(2026, 10, 22)));
const identify = new IdentifyTimestamp(clock);
const ZONES = [undefined, 'UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Apia', '+05:45'];

describe('format, then identify', () => {
  it('reads every written format back as the instant floored to its resolution, from 0001 to 9999', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: MIN_NS, max: MAX_NS }), fc.constantFrom(...ZONES), (ns, tz) => {
        const written = format.execute({ timestamp: String(ns), unit: 'nanoseconds', ...(tz === undefined ? {} : { tz }) });
        expect(written.formats[0]).toEqual({ format: 'unix_seconds', value: String(floorTo(ns, S) / S) });
        for (const { format: code, value } of written.formats) {
          const readAs = (code === 'filetime_hex' ? 'filetime' : code) as IdentifyFormat;
          if (!IDENTIFY_FORMATS.includes(readAs)) continue;
          const candidates = identify.execute({ value, format: readAs, ...(tz === undefined ? {} : { tz }) }).candidates;
          expect(candidates, `${code} ${value}`).toHaveLength(1);
          expect(candidates[0]?.unix_nanoseconds, `${code} ${value}`).toBe(String(heldInstant(code, ns, tz ?? 'UTC')));
        }
      }),
      { numRuns: 400 },
    );
  });
});
