import { describe, expect, it } from 'vitest';
import { ConvertDatetimeToUnix } from '../../../../../src/core/time/use-cases/convert-datetime-to-unix.js';
import { expectDomainError } from '../../../../support/domain-error.js';

const convert = new ConvertDatetimeToUnix();
const FORMAT = 'datetime must be an RFC 3339 date-time such as 2024-05-01T12:30:00Z or 2024-05-01T14:30:00+02:00';
const spaced = `${FORMAT}, with a T between date and time, where this one has a space; /unix-timestamp/identify and /unix-timestamp/format read it as written`;
const OUT_OF_RANGE = 'datetime is out of range: the UTC instant must fall between 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z';

describe('ConvertDatetimeToUnix', () => {
  it.each([
    ['1970-01-01T00:00:00Z', '1970-01-01T00:00:00Z', 0, 0],
    ['2023-11-14T22:13:20Z', '2023-11-14T22:13:20Z', 1_700_000_000, 1_700_000_000_000],
    ['2024-02-29T12:00:00Z', '2024-02-29T12:00:00Z', 1_709_208_000, 1_709_208_000_000],
    ['2000-02-29T00:00:00Z', '2000-02-29T00:00:00Z', 951_782_400, 951_782_400_000],
    ['2024-01-01t00:00:00z', '2024-01-01T00:00:00Z', 1_704_067_200, 1_704_067_200_000],
    ['2024-01-01T00:00:00+05:00', '2023-12-31T19:00:00Z', 1_704_049_200, 1_704_049_200_000],
    ['2024-01-01T00:00:00 05:00', '2023-12-31T19:00:00Z', 1_704_049_200, 1_704_049_200_000],
    ['2024-01-01T00:00:00-05:30', '2024-01-01T05:30:00Z', 1_704_087_000, 1_704_087_000_000],
    ['2024-01-01T00:00:00+00:00', '2024-01-01T00:00:00Z', 1_704_067_200, 1_704_067_200_000],
    ['2024-01-01T00:00:00-00:00', '2024-01-01T00:00:00Z', 1_704_067_200, 1_704_067_200_000],
    ['2024-01-01T00:00:00.123456789Z', '2024-01-01T00:00:00Z', 1_704_067_200, 1_704_067_200_123],
    ['2024-01-01T00:00:00.5Z', '2024-01-01T00:00:00Z', 1_704_067_200, 1_704_067_200_500],
    ['1969-12-31T23:59:59.9999Z', '1969-12-31T23:59:59Z', -1, -1],
    ['1969-12-31T23:59:58.5Z', '1969-12-31T23:59:58Z', -2, -1500],
    ['0001-01-01T00:00:00Z', '0001-01-01T00:00:00Z', -62_135_596_800, -62_135_596_800_000],
    ['9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59Z', 253_402_300_799, 253_402_300_799_999],
    ['0001-01-01T00:59:59+00:59', '0001-01-01T00:00:59Z', -62_135_596_741, -62_135_596_741_000],
    ['9999-12-31T23:00:00-00:59', '9999-12-31T23:59:00Z', 253_402_300_740, 253_402_300_740_000],
  ])('converts %s', (datetime, iso, seconds, millis) => {
    expect(convert.execute({ datetime })).toEqual({
      input: datetime,
      utc: { iso, unix_seconds: seconds, unix_milliseconds: millis },
      source: 'datetime_utc',
    });
  });

  it.each(['2024-01-01T00:00:00', '2024-01-01T00:00:00.250', '2024-01-01t12:00:00'])('rejects %s for its missing zone', (datetime) => {
    expectDomainError(
      () => convert.execute({ datetime }),
      'DATETIME_MISSING_ZONE',
      'datetime must end with a time zone, Z or ±HH:MM, or tz must name one (such as Europe/Berlin): local time is ambiguous',
    );
  });

  it.each([
    ['2023-02-29T00:00:00Z', 'datetime has an impossible date: 2023-02-29'],
    ['1900-02-29T00:00:00Z', 'datetime has an impossible date: 1900-02-29'],
    ['2024-13-01T00:00:00Z', 'datetime has an impossible date: 2024-13-01'],
    ['2024-00-10T00:00:00Z', 'datetime has an impossible date: 2024-00-10'],
    ['2024-04-31T00:00:00Z', 'datetime has an impossible date: 2024-04-31'],
    ['2024-01-00T00:00:00Z', 'datetime has an impossible date: 2024-01-00'],
    ['2024-01-01T24:00:00Z', 'datetime has an impossible time: 24:00:00'],
    ['2024-01-01T23:60:00Z', 'datetime has an impossible time: 23:60:00'],
    ['2016-12-31T23:59:61Z', 'datetime has an impossible time: 23:59:61'],
    ['2024-01-01T00:00:00+24:00', 'datetime has an impossible offset: 24:00'],
    ['2024-01-01T00:00:00+05:60', 'datetime has an impossible offset: 05:60'],
  ])('rejects %s without rolling it over', (datetime, message) => {
    expectDomainError(() => convert.execute({ datetime }), 'DATETIME_IMPOSSIBLE', message);
  });

  it.each([
    '',
    '2024-01-01',
    '2024-01-01T00:00:00Zjunk',
    '2024-1-01T00:00:00Z',
    '2024-01-01T00:00Z',
    '2024-01-01T00:00:00.Z',
    '+2024-01-01T00:00:00Z',
    '1700000000',
  ])('rejects %j as not RFC 3339', (datetime) => {
    expectDomainError(() => convert.execute({ datetime }), 'DATETIME_INVALID', FORMAT);
  });

  // Contract §3: a date written another way that identify reads with its own offset is named, and so is where it is read.
  it.each([
    ['2024-01-01T00:00:00+0500', 'iso_offset_variant'],
    ['2024-01-01T00:00:00+05', 'iso_offset_variant'],
    ['2024-01-01 10:00:00 UTC', 'iso_offset_variant'],
    ['Tue, 14 Nov 2023 22:13:20 GMT', 'rfc5322'],
    ['Tuesday, 14-Nov-23 22:13:20 GMT', 'http_date'],
    ['[10/Oct/2000:13:55:36 -0700]', 'clf'],
    ['Fri Nov 27 12:54:46 UTC 2026', 'date_command'],
    ['2024-01-01T10:00+01:00[Europe/Paris]', 'java_zoned'],
  ])('refuses %j, naming it as %s and pointing to identify and format', (datetime, format) => {
    expectDomainError(
      () => convert.execute({ datetime }),
      'DATETIME_INVALID',
      `${FORMAT}; this one is written as ${format}, which /unix-timestamp/identify and /unix-timestamp/format read`,
    );
  });

  it('names a floating format when tz gives the zone, and none without: a zone is then what it lacks too', () => {
    const named = (format: string) =>
      `${FORMAT}; this one is written as ${format}, which /unix-timestamp/identify and /unix-timestamp/format read`;
    expectDomainError(() => convert.execute({ datetime: '2024-03-31 02:30', tz: 'Europe/Berlin' }), 'DATETIME_INVALID', named('iso_local'));
    expectDomainError(() => convert.execute({ datetime: '2024-03-31', tz: 'Europe/Berlin' }), 'DATETIME_INVALID', named('iso_date'));
    expectDomainError(() => convert.execute({ datetime: '2024-03-31 02:30:00' }), 'DATETIME_INVALID', FORMAT);
    // Read in tz, as identify reads it: 23:59:60 in Berlin is 22:59:60Z, no leap second, so no format reads it there.
    expectDomainError(() => convert.execute({ datetime: '2016-12-31 23:59:60', tz: 'Europe/Berlin' }), 'DATETIME_INVALID', FORMAT);
    expectDomainError(() => convert.execute({ datetime: '2016-12-31 23:59:60', tz: 'UTC' }), 'DATETIME_INVALID', spaced);
  });

  // RFC 3339 §5.6 lets a space stand for the T, and identify's rfc3339 reads it so, as its iso_local reads SQL's
  // DATETIME; /to-unix takes the T alone (§3).
  it.each([
    ['2024-01-01 00:00:00Z', undefined],
    ['2024-03-31 02:30:00', 'Europe/Berlin'],
    [' 2024-03-31 02:30:00.123456789\n', 'Europe/Berlin'],
  ])('says what to change in %j written with a space (tz %s), rather than that it is not RFC 3339', (datetime, tz) => {
    expectDomainError(() => convert.execute({ datetime, tz }), 'DATETIME_INVALID', spaced);
    expect(convert.execute({ datetime: datetime.replace(/(\d) (\d)/, '$1T$2'), tz })).toHaveProperty('utc');
  });

  it('ignores surrounding whitespace, like the timestamp parameter, and echoes the input', () => {
    expect(convert.execute({ datetime: ' 2024-01-01T00:00:00Z\n' })).toMatchObject({
      input: ' 2024-01-01T00:00:00Z\n',
      utc: { unix_seconds: 1_704_067_200 },
    });
  });

  it.each(['0001-01-01T00:00:00+00:01', '0000-12-31T23:59:59Z', '9999-12-31T23:59:59-00:01'])(
    'rejects %s whose UTC instant leaves years 0001–9999',
    (datetime) => {
      expectDomainError(() => convert.execute({ datetime }), 'DATETIME_OUT_OF_RANGE', OUT_OF_RANGE);
    },
  );
});

describe('ConvertDatetimeToUnix, offsets and zones together', () => {
  it('reads only the first nine fraction digits, and floors them to the millisecond', () => {
    expect(convert.execute({ datetime: '2024-07-01T12:00:00.1239999999Z' }).utc.unix_milliseconds).toBe(1_719_835_200_123);
  });

  it('names a negative offset the bracketed zone never had, from the trimmed input', () => {
    expectDomainError(
      () => convert.execute({ datetime: ' 2024-07-01T12:00:00-05:00[Europe/Berlin]' }),
      'DATETIME_OFFSET_MISMATCH',
      'datetime has the offset -05:00, which Europe/Berlin never had at 2024-07-01T12:00:00',
    );
  });

  it('shows an instant with an explicit offset in the tz zone, which need not ever have had that offset', () => {
    const result = convert.execute({ datetime: '2024-07-01T12:00:00-05:00', tz: 'Europe/Berlin' });
    expect(result.utc.iso).toBe('2024-07-01T17:00:00Z');
    expect(result.local?.iso).toBe('2024-07-01T19:00:00+02:00');
  });

  it('refuses an instant past year 9999 as out of range, with a zone too', () => {
    expectDomainError(() => convert.execute({ datetime: '9999-12-31T23:59:59-01:00', tz: 'UTC' }), 'DATETIME_OUT_OF_RANGE', OUT_OF_RANGE);
  });
});

describe('ConvertDatetimeToUnix, the 30-day months', () => {
  it.each(['04', '06', '09', '11'])('refuses day 31 of month %s, and takes day 30', (month) => {
    expectDomainError(
      () => convert.execute({ datetime: `2024-${month}-31T00:00:00Z` }),
      'DATETIME_IMPOSSIBLE',
      `datetime has an impossible date: 2024-${month}-31`,
    );
    expect(convert.execute({ datetime: `2024-${month}-30T00:00:00Z` }).utc.iso).toBe(`2024-${month}-30T00:00:00Z`);
  });
});
