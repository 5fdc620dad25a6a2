import { describe, expect, it } from 'vitest';
import { FormatInstant } from '../../../../src/core/use-cases/format-instant.js';
import { expectDomainError } from '../../../support/domain-error.js';

const format = new FormatInstant();
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
