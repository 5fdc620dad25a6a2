import { FixedClock } from '../../../../support/fakes.js';
import { describe, expect, it } from 'vitest';
import { FormatInstant } from '../../../../../src/core/time/use-cases/format-instant.js';
import { expectDomainError } from '../../../../support/domain-error.js';

const format = new FormatInstant(new FixedClock(Date.UTC(2026, 10, 22)));
const valuesOf = (input: Parameters<FormatInstant['execute']>[0]): Record<string, string> =>
  Object.fromEntries(format.execute(input).formats.map(({ format: code, value }) => [code, value]));

describe('FormatInstant', () => {
  it("writes contract §3d's example, 1700000000 in Berlin", () => {
    expect(valuesOf({ timestamp: '1700000000', tz: 'Europe/Berlin' })).toMatchObject({
      rfc9557: '2023-11-14T23:13:20+01:00[Europe/Berlin]',
      rfc5322: 'Tue, 14 Nov 2023 23:13:20 +0100',
      http_date: 'Tue, 14 Nov 2023 22:13:20 GMT',
      iso_week_date: '2023-W46-2',
      iso_ordinal_date: '2023-318',
      excel_1900: '45244.925925925',
      uuid_v7: '018bcfe5-6800-7000-8000-000000000000',
    });
  });

  it('answers the operand with exact, the formats in the contract order, and source', () => {
    const answer = format.execute({ datetime: '2024-03-31T03:30:00.5+02:00[Europe/Berlin]' });
    expect(answer).toMatchObject({
      input: '2024-03-31T03:30:00.5+02:00[Europe/Berlin]',
      exact: '2024-03-31T01:30:00.5Z',
      source: 'format',
    });
    expect(answer.formats.slice(0, 6).map((entry) => entry.format)).toEqual([
      'unix_seconds',
      'unix_milliseconds',
      'unix_microseconds',
      'unix_nanoseconds',
      'rfc3339',
      'rfc9557',
    ]);
    // The zone a datetime names in brackets is the request's zone.
    expect(answer.formats.find((entry) => entry.format === 'rfc9557')?.value).toBe('2024-03-31T03:30:00.5+02:00[Europe/Berlin]');
  });

  it('floors every count, and writes Cocoa time with its fraction and sign', () => {
    expect(valuesOf({ timestamp: '-1500', unit: 'milliseconds' })).toMatchObject({
      unix_seconds: '-2',
      unix_milliseconds: '-1500',
      unix_microseconds: '-1500000',
      cocoa_seconds: '-978307201.5',
    });
    expect(valuesOf({ timestamp: '978307200' }).cocoa_seconds).toBe('0');
  });

  it('writes the RFC 9562 examples: A.1 as v1 and A.5 as v6, with clock sequence and node zero', () => {
    // RFC 9562 A.1 and A.5: 2022-02-22T19:22:22Z is the 60-bit count 0x1EC9414C232AB00.
    const values = valuesOf({ datetime: '2022-02-22T19:22:22Z' });
    expect(values.uuid_v1).toBe('c232ab00-9414-11ec-8000-000000000000');
    expect(values.uuid_v6).toBe('1ec9414c-232a-6b00-8000-000000000000');
  });

  it('leaves out what a format cannot hold', () => {
    const before1970 = valuesOf({ datetime: '1969-12-31T23:59:59Z' });
    for (const code of ['uuid_v7', 'ulid', 'snowflake_mastodon', 'mongodb_objectid', 'bluesky_tid', 'rfc9557'])
      expect(before1970).not.toHaveProperty(code);
    const before1601 = valuesOf({ datetime: '1600-12-31T00:00:00Z' });
    for (const code of ['filetime', 'filetime_hex', 'webkit_microseconds', 'rfc5322', 'excel_1900', 'gps_seconds'])
      expect(before1601).not.toHaveProperty(code);
    expect(before1601).toHaveProperty('dotnet_ticks');
    // Liberia kept -00:44:30 until 1972 (tzdata): an offset with seconds fits neither RFC.
    const meanTime = valuesOf({ datetime: '1950-06-01T12:00:00Z', tz: 'Africa/Monrovia' });
    expect(meanTime).not.toHaveProperty('rfc9557');
    expect(meanTime).not.toHaveProperty('rfc5322');
  });

  it('leaves out a FILETIME in hex that has only decimal digits, since identify reads those as decimal', () => {
    // The FILETIME count 0x1234567890123456 (116444736000000000 ticks is 1970-01-01) has no hex letter.
    const values = valuesOf({ timestamp: String((0x1234567890123456n - 116_444_736_000_000_000n) * 100n), unit: 'nanoseconds' });
    expect(values.filetime_hex).toBeUndefined();
    expect(valuesOf({ timestamp: '1700000000' }).filetime_hex).toBe('01da1747c66d0000');
  });

  it('takes exactly one of timestamp and datetime, naming both', () => {
    const detail = 'give exactly one of timestamp and datetime: the instant to write';
    expectDomainError(() => format.execute({}), 'INSTANT_AMBIGUOUS', detail);
    expectDomainError(() => format.execute({ timestamp: '1', datetime: '' }), 'INSTANT_AMBIGUOUS', detail);
    expectDomainError(
      () => format.execute({ timestamp: '2023-11-14T22:13:20Z' }),
      'TIMESTAMP_INVALID',
      /^timestamp must be a decimal integer/,
    );
    expectDomainError(() => format.execute({ datetime: '1700000000' }), 'DATETIME_INVALID', /^datetime must be an RFC 3339 date-time/);
  });
});

describe('FormatInstant at the edges of each format', () => {
  const has = (input: Parameters<FormatInstant['execute']>[0], code: string) => valuesOf(input)[code];

  it('writes a count of zero at its epoch, and leaves out one unit before it', () => {
    expect(has({ timestamp: '1288834974657', unit: 'milliseconds' }, 'snowflake_twitter')).toBe('0');
    expect(has({ timestamp: '1288834974656', unit: 'milliseconds' }, 'snowflake_twitter')).toBeUndefined();
    expect(has({ timestamp: '0' }, 'snowflake_mastodon')).toBe('0');
    expect(has({ datetime: '1601-01-01T00:00:00Z' }, 'filetime')).toBe('0');
    expect(has({ datetime: '1601-01-01T00:00:00Z' }, 'webkit_microseconds')).toBe('0');
    expect(has({ datetime: '1600-12-31T23:59:59.999999999Z' }, 'filetime')).toBeUndefined();
    expect(has({ datetime: '1980-01-06T00:00:00Z' }, 'gps_seconds')).toBe('0');
    expect(has({ datetime: '1980-01-05T23:59:59Z' }, 'gps_seconds')).toBeUndefined();
    expect(has({ datetime: '1900-03-01T00:00:00Z' }, 'excel_1900')).toBe('61');
    expect(has({ datetime: '1900-02-28T23:59:59Z' }, 'excel_1900')).toBeUndefined();
    expect(has({ datetime: '1904-01-01T00:00:00Z' }, 'excel_1904')).toBe('0');
  });

  it('counts the leap second inserted at the very instant GPS time is asked for', () => {
    // 2017-01-01T00:00:00Z is the first second after the 18th leap second since 1980 (IERS Bulletin C).
    expect(has({ datetime: '2017-01-01T00:00:00Z' }, 'gps_seconds')).toBe(String(1_483_228_800 - 315_964_800 + 18));
    expect(has({ datetime: '2016-12-31T23:59:59Z' }, 'gps_seconds')).toBe(String(1_483_228_799 - 315_964_800 + 17));
  });

  it('keeps the 32-bit counts below 2^32', () => {
    const last = -2_082_844_800 + 2 ** 32 - 1;
    expect(has({ timestamp: String(last) }, 'hfs_plus_seconds')).toBe(String(2 ** 32 - 1));
    expect(has({ timestamp: String(last + 1) }, 'hfs_plus_seconds')).toBeUndefined();
  });

  it('writes RFC 5322 from 1900 on, and the local forms only for local years 0001 to 9999', () => {
    expect(has({ datetime: '1900-01-01T00:00:00Z' }, 'rfc5322')).toBe('Mon, 01 Jan 1900 00:00:00 +0000');
    expect(has({ datetime: '1899-12-31T23:59:59Z' }, 'rfc5322')).toBeUndefined();
    // Kiribati's +14:00 puts the last UTC day of 9999 in local year 10000.
    const late = valuesOf({ datetime: '9999-12-31T12:00:00Z', tz: 'Pacific/Kiritimati' });
    for (const code of ['rfc9557', 'rfc5322', 'iso_week_date', 'iso_ordinal_date']) expect(late).not.toHaveProperty(code);
    expect(valuesOf({ datetime: '9999-12-31T09:59:59Z', tz: 'Pacific/Kiritimati' }).rfc9557).toBe(
      '9999-12-31T23:59:59+14:00[Pacific/Kiritimati]',
    );
    // And -12:00 puts the first UTC hours of 0001 in local year 0000.
    const early = valuesOf({ datetime: '0001-01-01T06:00:00Z', tz: 'Etc/GMT+12' });
    for (const code of ['rfc9557', 'iso_week_date', 'iso_ordinal_date']) expect(early).not.toHaveProperty(code);
  });
});

describe('FormatInstant refusals', () => {
  it('refuses an unknown unit or disambiguation, whichever form the instant takes', () => {
    expectDomainError(() => format.execute({ datetime: '2024-01-01T00:00:00Z', unit: 'weeks' }), 'UNIT_INVALID', /^unit must be one of/);
    expectDomainError(
      () => format.execute({ timestamp: '0', disambiguation: 'sometimes' }),
      'DISAMBIGUATION_INVALID',
      /^disambiguation must be one of/,
    );
  });
});

describe('FormatInstant, the first and last local years', () => {
  it('writes the local forms in year 0001 and RFC 5322 in year 9999', () => {
    expect(valuesOf({ datetime: '0001-01-01T12:00:00Z', tz: 'UTC' }).rfc9557).toBe('0001-01-01T12:00:00+00:00[UTC]');
    expect(valuesOf({ datetime: '9999-12-31T12:00:00Z' }).rfc5322).toBe('Fri, 31 Dec 9999 12:00:00 +0000');
  });
});

// Contract §3d, "A date-time operand reads what identify reads".
describe('FormatInstant, a datetime written as text', () => {
  const bodyOf = (input: Parameters<FormatInstant['execute']>[0]) => {
    const { formats, ...body } = format.execute(input);
    void formats;
    return body;
  };

  it.each([
    ['Tue, 14 Nov 2023 22:13:20 GMT', 'rfc5322', '2023-11-14T22:13:20Z'],
    ['2024-01-01 10:00:00.123456+00:00', 'rfc3339', '2024-01-01T10:00:00.123456Z'],
    // Apache's log format documentation: [10/Oct/2000:13:55:36 -0700], a bracket that is no zone.
    ['[10/Oct/2000:13:55:36 -0700]', 'clf', '2000-10-10T20:55:36Z'],
    ['Fri Nov 27 12:54:46 UTC 2026', 'date_command', '2026-11-27T12:54:46Z'],
    ['2024-01-01T10:00:00.000+0000', 'iso_offset_variant', '2024-01-01T10:00:00Z'],
  ])('reads %s as identify does, naming the format %s', (datetime, code, exact) => {
    expect(bodyOf({ datetime })).toEqual({
      input: datetime,
      format: code,
      utc: {
        iso: `${exact.slice(0, 19)}Z`,
        unix_seconds: Math.floor(Date.parse(exact) / 1000),
        unix_milliseconds: Date.parse(exact),
      },
      exact,
      source: 'format',
    });
  });

  it('writes the formats of the instant the text names', () => {
    expect(valuesOf({ datetime: '[10/Oct/2000:13:55:36 -0700]' })).toMatchObject({
      unix_seconds: String(Date.UTC(2000, 9, 10, 20, 55, 36) / 1000),
      http_date: 'Tue, 10 Oct 2000 20:55:36 GMT',
    });
    expect(valuesOf({ datetime: '[10/Oct/2000:13:55:36 -0700]', tz: 'Europe/Berlin' }).rfc9557).toBe(
      '2000-10-10T22:55:36+02:00[Europe/Berlin]',
    );
  });

  it('reads a floating text datetime in tz and carries its resolution', () => {
    expect(bodyOf({ datetime: '2024-10-27 02:30', tz: 'Europe/Berlin', disambiguation: 'later' })).toMatchObject({
      format: 'iso_local',
      exact: '2024-10-27T01:30:00Z',
      resolution: { kind: 'overlap', disambiguation: 'later', candidates: ['2024-10-27T00:30:00Z', '2024-10-27T01:30:00Z'] },
      local: { time_zone: 'Europe/Berlin', iso: '2024-10-27T02:30:00+01:00' },
    });
  });

  it('carries leap_second from a text datetime at a real leap second', () => {
    expect(bodyOf({ datetime: 'Sat, 31 Dec 2016 23:59:60 GMT' })).toMatchObject({
      format: 'rfc5322',
      exact: '2016-12-31T23:59:59Z',
      leap_second: true,
    });
  });

  it('refuses a floating text datetime with no zone, naming datetime', () => {
    expectDomainError(() => format.execute({ datetime: '2024-01-01 10:00' }), 'DATETIME_MISSING_ZONE', /^datetime .*\btz\b/);
    expectDomainError(() => format.execute({ datetime: '2024-W01-1' }), 'DATETIME_MISSING_ZONE', /^datetime /);
  });

  it("refuses what nothing reads with /to-unix's refusal and identify's near-miss note", () => {
    expectDomainError(
      () => format.execute({ datetime: '2023-02-29 10:00:00' }),
      'DATETIME_INVALID',
      /^datetime must be an RFC 3339 date-time.*; .*iso_local.*2023-02-29/,
    );
    expectDomainError(
      () => format.execute({ datetime: 'Fri Nov 27 12:54:46 CET 2026' }),
      'DATETIME_INVALID',
      /^datetime must be an RFC 3339 date-time.*; .*date_command.*CET/,
    );
  });

  // Contract §3d: "a bracket that differs from tz (as in section 3b)" is two zones; java_zoned reads "as rfc9557".
  it('refuses an RFC 9557 bracket that differs from tz, naming both', () => {
    expectDomainError(
      () => format.execute({ datetime: '2024-01-01T10:00:00+01:00[Europe/Paris]', tz: 'Asia/Tokyo' }),
      'DATETIME_ZONE_MISMATCH',
      /Europe\/Paris.*Asia\/Tokyo/,
    );
  });

  // Known bug: a java_zoned operand's bracket is ignored when tz names another zone (adda97b).
  it('refuses a java_zoned bracket that differs from tz, as it refuses an RFC 9557 one', () => {
    expectDomainError(
      () => format.execute({ datetime: '2024-01-01T10:00+01:00[Europe/Paris]', tz: 'Asia/Tokyo' }),
      'DATETIME_ZONE_MISMATCH',
      /Europe\/Paris.*Asia\/Tokyo/,
    );
  });
});
