import { describe, expect, it } from 'vitest';
import {
  TEXT_FORMAT_TABLE,
  isFault,
  isoClock,
  isoInstant,
  isoOffset,
  lexIso,
  type IsoParts,
} from '../../../../src/core/time/text-formats.js';
import { ConvertDatetimeToUnix } from '../../../../src/core/time/use-cases/convert-datetime-to-unix.js';
import { IdentifyTimestamp, type Candidate } from '../../../../src/core/time/use-cases/identify-timestamp.js';
import { expectDomainError } from '../../../support/domain-error.js';
import { FixedClock } from '../../../support/fakes.js';

// Every reading below is judged at this instant: 2026-11-22T00:00:00Z.
const identify = new IdentifyTimestamp(new FixedClock(Date.UTC(2026, 10, 22)));
const read = (value: string, format: string, tz?: string): Candidate | undefined =>
  identify.execute({ value, format, ...(tz === undefined ? {} : { tz }) }).candidates[0];

describe('dates written as text', () => {
  it.each([
    // RFC 3339 §5.8's examples.
    ['1985-04-12T23:20:50.52Z', 'rfc3339', '1985-04-12T23:20:50.52Z'],
    ['1996-12-19T16:39:57-08:00', 'rfc3339', '1996-12-20T00:39:57Z'],
    ['1990-12-31T23:59:60Z', 'rfc3339', '1990-12-31T23:59:59Z'],
    ['1990-12-31T15:59:60-08:00', 'rfc3339', '1990-12-31T23:59:59Z'],
    ['1937-01-01T12:00:27.87+00:20', 'rfc3339', '1937-01-01T11:40:27.87Z'],
    // The contract's forms: a space for T, a lowercase t and z, nine fraction digits.
    ['2023-11-14 23:13:20.5+01:00', 'rfc3339', '2023-11-14T22:13:20.5Z'],
    ['2023-11-14t22:13:20.123456789z', 'rfc3339', '2023-11-14T22:13:20.123456789Z'],
    // RFC 9557 §4.1's example, and the contract's.
    ['1996-12-19T16:39:57-08:00[America/Los_Angeles]', 'rfc9557', '1996-12-20T00:39:57Z'],
    ['2023-11-14T23:13:20+01:00[Europe/Paris]', 'rfc9557', '2023-11-14T22:13:20Z'],
    ['2023-11-14T22:13:20Z[Europe/Paris]', 'rfc9557', '2023-11-14T22:13:20Z'],
    // ISO 8601-1 §5.4.2's basic format.
    ['20231114T221320Z', 'iso8601_basic', '2023-11-14T22:13:20Z'],
    ['20231114T231320.25+0100', 'iso8601_basic', '2023-11-14T22:13:20.25Z'],
    // RFC 5322 Appendix A.1.1 and A.1.2, and §4.3's obsolete zones.
    ['Fri, 21 Nov 1997 09:55:06 -0600', 'rfc5322', '1997-11-21T15:55:06Z'],
    ['Tue, 1 Jul 2003 10:52:37 +0200', 'rfc5322', '2003-07-01T08:52:37Z'],
    ['14 Nov 2023 17:13 EST', 'rfc5322', '2023-11-14T22:13:00Z'],
    ['Tue, 14 Nov 2023 22:13:20 GMT', 'rfc5322', '2023-11-14T22:13:20Z'],
    ['tue, 14 nov 2023 15:13:20 pdt', 'rfc5322', '2023-11-14T22:13:20Z'],
    // RFC 9110 §5.6.7's three forms of one instant.
    ['Sun, 06 Nov 1994 08:49:37 GMT', 'http_date', '1994-11-06T08:49:37Z'],
    ['Sunday, 06-Nov-94 08:49:37 GMT', 'http_date', '1994-11-06T08:49:37Z'],
    ['Sun Nov  6 08:49:37 1994', 'http_date', '1994-11-06T08:49:37Z'],
    // Apache's log format documentation: [10/Oct/2000:13:55:36 -0700].
    ['[10/Oct/2000:13:55:36 -0700]', 'clf', '2000-10-10T20:55:36Z'],
    ['14/Nov/2023:22:13:20 +0000', 'clf', '2023-11-14T22:13:20Z'],
    // ECMA-262 Date.prototype.toString, with and without the zone's name.
    ['Tue Nov 14 2023 23:13:20 GMT+0100', 'js_date', '2023-11-14T22:13:20Z'],
    ['Tue Nov 14 2023 23:13:20 GMT+0100 (Central European Standard Time)', 'js_date', '2023-11-14T22:13:20Z'],
    // Go's time.Time.String, with a monotonic reading.
    ['2023-11-14 22:13:20.123456789 +0000 UTC', 'go_time', '2023-11-14T22:13:20.123456789Z'],
    ['2023-11-14 23:13:20 +0100 CET m=+0.000123456', 'go_time', '2023-11-14T22:13:20Z'],
    // Floating forms, read in UTC without tz: SQL's DATETIME, a date, ISO 8601-1 §5.2.3's week date (2009-W53-7
    // is 2010-01-03) and §5.2.2's ordinal date.
    ['2024-01-01 10:00:00', 'iso_local', '2024-01-01T10:00:00Z'],
    ['2024-01-01T10:00', 'iso_local', '2024-01-01T10:00:00Z'],
    ['2023-11-14', 'iso_date', '2023-11-14T00:00:00Z'],
    ['2009-W53-7', 'iso_week_date', '2010-01-03T00:00:00Z'],
    ['2008-W01-1', 'iso_week_date', '2007-12-31T00:00:00Z'],
    ['2023-318', 'iso_ordinal_date', '2023-11-14T00:00:00Z'],
    ['2024-366', 'iso_ordinal_date', '2024-12-31T00:00:00Z'],
  ])('reads %s as %s: %s', (value, format, exact) => {
    expect(read(value, format)?.exact).toBe(exact);
  });

  it.each([
    ['2023-02-29T00:00:00Z', 'rfc3339'],
    ['2023-11-14T24:00:00Z', 'rfc3339'],
    ['2023-11-14T22:13Z', 'rfc3339'],
    ['2023-11-14T22:13:20', 'rfc3339'],
    ['2023-11-14T22:13:20+24:00', 'rfc3339'],
    ['2023-11-14T22:13:20.1234567891Z', 'rfc3339'],
    ['2023-11-14T22:13:60Z', 'rfc3339'],
    ['2023-11-14T23:13:20+01:00[Mars/Olympus]', 'rfc9557'],
    ['2023-11-14T23:13:20+02:00[Europe/Paris]', 'rfc9557'],
    ['2023-11-14T22:13:20[Europe/Paris]', 'rfc9557'],
    ['20231114T221320', 'iso8601_basic'],
    ['Tue, 14 Nov 2023 22:13:20 XST', 'rfc5322'],
    ['Tue, 14 Nov 23 22:13:20 +0000', 'rfc5322'],
    ['Tue, 14 Nov 2023 22:13:20 +0000', 'http_date'],
    ['Tue, 4 Nov 2023 22:13:20 GMT', 'http_date'],
    ['[14/Nov/2023:22:13:20 +0000', 'clf'],
    ['Tue Nov 14 2023 23:13:20 +0100', 'js_date'],
    ['2023-11-14 22:13:20 +0000', 'go_time'],
    ['2023-11-14 22', 'iso_local'],
    ['2023-13-01', 'iso_date'],
    ['2023-W53-1', 'iso_week_date'],
    ['2023-W00-1', 'iso_week_date'],
    ['2023-366', 'iso_ordinal_date'],
    ['2023-000', 'iso_ordinal_date'],
  ])('%s is not a %s', (value, format) => {
    expect(read(value, format)).toBeUndefined();
  });

  it('reads a leap second as section 3 does: 23:59:59 of its day where one was inserted, nothing elsewhere', () => {
    expect(read('2016-12-31T23:59:60.5Z', 'rfc3339')?.exact).toBe('2016-12-31T23:59:59.5Z');
    expect(read('Sat, 31 Dec 2016 23:59:60 GMT', 'http_date')?.exact).toBe('2016-12-31T23:59:59Z');
    expect(read('2016-12-31 23:59:60', 'iso_local')?.exact).toBe('2016-12-31T23:59:59Z');
    expect(read('2017-12-31T23:59:60Z', 'rfc3339')).toBeUndefined();
  });

  it('reads a two-digit RFC 850 year as at most 50 years after the current year, else the most recent past one', () => {
    expect(read('Monday, 01-Jan-76 00:00:00 GMT', 'http_date')?.exact).toBe('2076-01-01T00:00:00Z');
    expect(read('Wednesday, 01-Jan-77 00:00:00 GMT', 'http_date')?.exact).toBe('1977-01-01T00:00:00Z');
  });

  it('reads the floating forms in tz, as /to-unix reads a wall clock, and names the zone it assumed', () => {
    const berlin = identify.execute({ value: '2024-03-31 02:30:00', format: 'iso_local', tz: 'europe/berlin' });
    // A wall clock in the spring-forward gap, read with disambiguation compatible: an hour later.
    expect(berlin.candidates[0]).toMatchObject({ exact: '2024-03-31T01:30:00Z', fields: { zone_assumed: 'Europe/Berlin' } });
    expect(berlin.notes).toEqual(['value carries no zone: it was read as wall-clock time in Europe/Berlin, the zone tz names']);
    const utc = identify.execute({ value: '2024-03-31', format: 'iso_date' });
    expect(utc.candidates[0]?.fields).toEqual({ zone_assumed: 'UTC' });
    expect(utc.notes).toEqual(['value carries no zone: it was read as wall-clock time in UTC; tz names another zone to read it in']);
  });

  it("starts a date at its zone's first instant where midnight falls in a gap", () => {
    // Brazil's DST began at midnight on 2018-11-04 (tzdata): that day began at 01:00 -02:00.
    expect(read('2018-11-04', 'iso_date', 'America/Sao_Paulo')?.exact).toBe('2018-11-04T03:00:00Z');
  });

  it('keeps a reading whose day name is not its date, and says so', () => {
    const answer = identify.execute({ value: 'Mon, 14 Nov 2023 22:13:20 GMT' });
    expect(answer.candidates.map((candidate) => candidate.format)).toEqual(['rfc5322', 'http_date']);
    expect(answer.notes).toEqual(['value names the day Mon, but 2023-11-14 is a Tuesday: the date was read, the day name ignored']);
  });

  it('gives the zone of an RFC 9557 value in fields, and nothing in fields for the other fixed forms', () => {
    expect(read('2023-11-14T23:13:20+01:00[europe/paris]', 'rfc9557')?.fields).toEqual({ time_zone: 'Europe/Paris' });
    expect(read('2023-11-14T22:13:20Z', 'rfc3339')?.fields).toEqual({});
  });

  it('reads the dates people paste most, each best guess first', () => {
    expect(identify.execute({ value: 'Tue, 14 Nov 2023 22:13:20 GMT' }).candidates.map((c) => c.format)).toEqual(['rfc5322', 'http_date']);
    expect(identify.execute({ value: '2024-01-01 10:00:00' }).candidates.map((c) => c.format)).toEqual(['iso_local']);
    expect(identify.execute({ value: '[14/Nov/2023:22:13:20 +0000]' }).candidates.map((c) => c.format)).toEqual(['clf']);
    expect(identify.execute({ value: 'Tue Nov 14 2023 23:13:20 GMT+0100' }).candidates.map((c) => c.format)).toEqual(['js_date']);
    expect(identify.execute({ value: '2023-11-14T22:13:20Z' }).candidates.map((c) => c.format)).toEqual(['rfc3339']);
  });

  it('says a date before year 0001 is out of range', () => {
    expect(identify.execute({ value: '0000-12-31' })).toMatchObject({
      candidates: [],
      notes: ['value reads as iso_date, but not as an instant within years 0001–9999'],
    });
  });
});

describe('dates that do not exist, in every text format', () => {
  it.each([
    // Each field of a wall clock out of its range, one at a time.
    ['2023-00-14T22:13:20Z', 'rfc3339'],
    ['2023-11-00T22:13:20Z', 'rfc3339'],
    ['2023-11-31T22:13:20Z', 'rfc3339'],
    ['2023-11-14T22:60:20Z', 'rfc3339'],
    ['2023-11-14T22:13:61Z', 'rfc3339'],
    ['2023-11-14T22:13:20+01:60', 'rfc3339'],
    // A date or an offset that cannot be, in each of the other forms.
    ['2023-02-31T23:13:20+01:00[Europe/Paris]', 'rfc9557'],
    ['2023-11-14T23:13:20+24:00[Europe/Paris]', 'rfc9557'],
    ['20231314T221320Z', 'iso8601_basic'],
    ['20231114T221320+2400', 'iso8601_basic'],
    ['31 Feb 2023 10:00:00 +0000', 'rfc5322'],
    ['14 Nov 2023 10:00:00 +0160', 'rfc5322'],
    ['Tue, 31 Feb 2023 22:13:20 GMT', 'http_date'],
    ['Tuesday, 31-Feb-23 22:13:20 GMT', 'http_date'],
    ['Tue Feb 31 22:13:20 2023', 'http_date'],
    ['[31/Feb/2023:22:13:20 +0000]', 'clf'],
    ['[14/Nov/2023:22:13:20 +2400]', 'clf'],
    ['Tue Feb 31 2023 23:13:20 GMT+0100', 'js_date'],
    ['Tue Nov 14 2023 23:13:20 GMT+2400', 'js_date'],
    ['2023-02-31 22:13:20 +0000 UTC', 'go_time'],
    ['2023-11-14 22:13:20 +2400 UTC', 'go_time'],
    ['2023-02-31 10:00', 'iso_local'],
    ['2023-02-31', 'iso_date'],
  ])('%s is not a %s', (value, format) => {
    expect(read(value, format)).toBeUndefined();
  });

  it('reads a leap second with a zone: 00:59:60 in Paris was the leap second of 2016', () => {
    expect(read('2017-01-01T00:59:60+01:00[Europe/Paris]', 'rfc9557')?.exact).toBe('2016-12-31T23:59:59Z');
  });

  it("starts a week date and an ordinal date at the zone's first instant of the day too", () => {
    // 2018-11-04, a Sunday and day 308, began at 01:00 -02:00 in São Paulo (tzdata).
    expect(read('2018-W44-7', 'iso_week_date', 'America/Sao_Paulo')?.exact).toBe('2018-11-04T03:00:00Z');
    expect(read('2018-308', 'iso_ordinal_date', 'America/Sao_Paulo')?.exact).toBe('2018-11-04T03:00:00Z');
  });
});

// Contract §3c, orders 37–39 and asctime with one space: the dates of issue 45, each instant computed here with Date.UTC.
describe('the formats people paste from the date command, databases and Java', () => {
  const utcNs = (...fields: [number, number, number, number, number, number]): string => String(BigInt(Date.UTC(...fields)) * 1_000_000n);

  it.each([
    // coreutils date in the C locale (%a %b %e %H:%M:%S %Z %Y): the day padded with a space, or not.
    ['Fri Nov 27 12:54:46 UTC 2026', 'date_command', utcNs(2026, 10, 27, 12, 54, 46), {}],
    ['Fri Nov  6 12:54:46 GMT 2026', 'date_command', utcNs(2026, 10, 6, 12, 54, 46), {}],
    ['Fri Nov 6 12:54:46 UT 2026', 'date_command', utcNs(2026, 10, 6, 12, 54, 46), {}],
    // RFC 5322 §4.3's obsolete zones: EST is -05:00, PDT -07:00.
    ['Fri Nov 27 12:54:46 EST 2026', 'date_command', utcNs(2026, 10, 27, 17, 54, 46), {}],
    ['fri nov 27 05:54:46 pdt 2026', 'date_command', utcNs(2026, 10, 27, 12, 54, 46), {}],
    // Ruby on Rails' Time#to_s in UTC, and GMT the same way.
    ['2024-01-01 10:00:00 UTC', 'iso_offset_variant', utcNs(2024, 0, 1, 10, 0, 0), {}],
    ['2024-01-01T10:00:00 GMT', 'iso_offset_variant', utcNs(2024, 0, 1, 10, 0, 0), {}],
    // PostgreSQL's timestamptz output: ±HH.
    ['2024-01-01 10:00:00+00', 'iso_offset_variant', utcNs(2024, 0, 1, 10, 0, 0), {}],
    ['2024-01-01 10:00:00-05', 'iso_offset_variant', utcNs(2024, 0, 1, 15, 0, 0), {}],
    // Jackson and SimpleDateFormat: ±HHMM.
    ['2024-01-01T10:00:00.000+0000', 'iso_offset_variant', utcNs(2024, 0, 1, 10, 0, 0), {}],
    ['2024-01-01T10:00:00.500-0330', 'iso_offset_variant', String(BigInt(Date.UTC(2024, 0, 1, 13, 30, 0, 500)) * 1_000_000n), {}],
    // java.time.ZonedDateTime.toString() with zero seconds left out.
    ['2024-01-01T10:00+01:00[Europe/Paris]', 'java_zoned', utcNs(2024, 0, 1, 9, 0, 0), { time_zone: 'Europe/Paris' }],
    ['2024-01-01T10:00Z[UTC]', 'java_zoned', utcNs(2024, 0, 1, 10, 0, 0), { time_zone: 'UTC' }],
    // RFC 9110 §5.6.7's asctime example, its padding space collapsed as logs do.
    ['Sun Nov 6 08:49:37 1994', 'http_date', utcNs(1994, 10, 6, 8, 49, 37), {}],
  ])('reads %s as %s', (value, format, unixNs, fields) => {
    const { candidates, notes } = identify.execute({ value });
    expect(candidates[0]).toMatchObject({ format, unix_nanoseconds: unixNs, fields });
    expect(notes).toEqual([]);
    expect(read(value, format)?.unix_nanoseconds).toBe(unixNs);
  });

  it('reads a java_zoned value as the instant its offset gives, whatever tz shows it in', () => {
    expect(read('2024-07-01T10:00+02:00[Europe/Paris]', 'java_zoned', 'Asia/Tokyo')).toMatchObject({
      exact: '2024-07-01T08:00:00Z',
      fields: { time_zone: 'Europe/Paris' },
      local: { time_zone: 'Asia/Tokyo', iso: '2024-07-01T17:00:00+09:00' },
    });
  });

  it.each([
    // A zone abbreviation that names no single offset, in the date command's output.
    ['Fri Nov 27 12:54:46 CET 2026', 'date_command'],
    ['Fri Nov 27 12:54:46 IST 2026', 'date_command'],
    // Seconds are required before a ±HH, ±HHMM or " UTC" zone.
    ['2024-01-01 10:00+00', 'iso_offset_variant'],
    ['2024-01-01 10:00:00 CET', 'iso_offset_variant'],
    ['2024-01-01 10:00:00+0', 'iso_offset_variant'],
    // java_zoned is the form without seconds, bracket required.
    ['2024-01-01T10:00+01:00', 'java_zoned'],
    ['2024-01-01T10:00:00+01:00[Europe/Paris]', 'java_zoned'],
  ])('%s is not a %s', (value, format) => {
    expect(read(value, format)).toBeUndefined();
  });
});

describe('a second 60 and a space for +, as section 3 reads them', () => {
  it('flags a reading from a real leap second, in every text format that has seconds', () => {
    // IERS Bulletin C 52: a positive leap second at the end of 2016-12-31.
    for (const [value, format] of [
      ['2016-12-31T23:59:60Z', 'rfc3339'],
      ['Sat, 31 Dec 2016 23:59:60 GMT', 'rfc5322'],
      ['Sat, 31 Dec 2016 23:59:60 GMT', 'http_date'],
      ['[31/Dec/2016:23:59:60 +0000]', 'clf'],
      ['Sat Dec 31 23:59:60 UTC 2016', 'date_command'],
      ['2016-12-31 23:59:60+00', 'iso_offset_variant'],
    ]) {
      expect(read(value ?? '', format ?? ''), `${value} as ${format}`).toMatchObject({ exact: '2016-12-31T23:59:59Z', leap_second: true });
    }
    expect(read('2016-12-31T23:59:59Z', 'rfc3339')).not.toHaveProperty('leap_second');
  });

  it.each([
    // A bare + sent in a query string arrives as a space (contract §3c): the same instant, in every numeric-offset format.
    ['2024-01-01T10:00:00 05:00', 'rfc3339', '2024-01-01T05:00:00Z'],
    ['2023-11-14T23:13:20 01:00[Europe/Paris]', 'rfc9557', '2023-11-14T22:13:20Z'],
    ['20231114T231320 0100', 'iso8601_basic', '2023-11-14T22:13:20Z'],
    ['Tue, 14 Nov 2023 22:13:20  0100', 'rfc5322', '2023-11-14T21:13:20Z'],
    ['[14/Nov/2023:23:13:20  0100]', 'clf', '2023-11-14T22:13:20Z'],
    ['Tue Nov 14 2023 23:13:20 GMT 0100', 'js_date', '2023-11-14T22:13:20Z'],
    ['2023-11-14 23:13:20  0100 CET', 'go_time', '2023-11-14T22:13:20Z'],
    ['2024-01-01 10:00:00 05', 'iso_offset_variant', '2024-01-01T05:00:00Z'],
    ['2024-01-01T10:00:00.000 0500', 'iso_offset_variant', '2024-01-01T05:00:00Z'],
    ['2024-01-01T10:00 01:00[Europe/Paris]', 'java_zoned', '2024-01-01T09:00:00Z'],
  ])('reads %s as %s, a space for the +: %s', (value, format, exact) => {
    expect(read(value, format)?.exact).toBe(exact);
  });
});

// Contract §3c, "Near misses": a value of a text format's shape with one field out of range says which, first.
describe('near misses', () => {
  const GENERAL = /^value matches none of the formats identify reads: /;

  it.each([
    // An impossible date, quoted as written.
    ['2023-02-29', 'iso_date', ['2023-02-29']],
    ['2024-13-01T00:00:00Z', 'rfc3339', ['2024-13-01']],
    ['2024-01-32T00:00:00Z', 'rfc3339', ['2024-01-32']],
    ['2023-02-29 10:00:00', 'iso_local', ['2023-02-29']],
    ['2023-02-30 22:13:20 +0000 UTC', 'go_time', ['2023-02-30']],
    // With a month name, in the value's own order.
    ['Fri Nov 32 12:54:46 UTC 2026', 'date_command', ['its date Nov 32 2026 does not exist']],
    ['Thu, 30 Feb 2024 10:00:00 GMT', 'rfc5322', ['its date 30 Feb 2024 does not exist']],
    ['[31/Apr/2000:13:55:36 -0700]', 'clf', ['its date 31 Apr 2000 does not exist']],
    // Hour 24 and minute 60.
    ['2024-01-01T24:00:00Z', 'rfc3339', ['24:00:00']],
    ['2024-01-01T10:60:00Z', 'rfc3339', ['10:60:00']],
    ['Tue, 14 Nov 2023 24:13:20 GMT', 'rfc5322', ['24:13:20']],
    // A second 60 when no leap second was inserted (IERS Bulletin C: none at the end of 2015).
    ['2015-12-31T23:59:60Z', 'rfc3339', ['60', 'no leap second']],
    ['Thu, 31 Dec 2015 23:59:60 GMT', 'rfc5322', ['60', 'no leap second']],
    // 2024 has 52 ISO weeks (it began on a Monday and is no long year); 2023 has 365 days.
    ['2024-W53-1', 'iso_week_date', ['2024-W53']],
    ['2023-366', 'iso_ordinal_date', ['2023-366']],
    // An unknown bracketed zone, and an offset the zone never had at that wall time.
    ['2024-01-01T10:00:00+01:00[Mars/Olympus]', 'rfc9557', ['its zone [Mars/Olympus], given with the offset +01:00, is not']],
    ['2024-01-01T10:00:00Z[Mars/Olympus]', 'rfc9557', ['its zone [Mars/Olympus] is not an IANA time zone']],
    ['2024-01-01T10:00:00+05:00[Europe/Paris]', 'rfc9557', ['Europe/Paris', '+05:00']],
    // No offset before a known zone: /to-unix's wall-clock form (contract §3b), which the note points to.
    ['2024-03-31T12:00:00[Europe/Berlin]', 'rfc9557', ['no offset before [Europe/Berlin]', '/unix-timestamp/to-unix']],
    ['2024-01-01T10:00+01:00[Mars/Olympus]', 'java_zoned', ['Mars/Olympus']],
    ['2024-01-01T10:00+05:00[Europe/Paris]', 'java_zoned', ['Europe/Paris', '+05:00']],
    // The date command's abbreviation that names no single offset.
    ['Fri Nov 27 12:54:46 CET 2026', 'date_command', ['CET', 'no single offset']],
    // An offset out of range in the database forms.
    ['2023-11-14 22:13:20+24', 'iso_offset_variant', ['+24']],
  ])('%s: the first note names %s and the field', (value, format, quoted) => {
    const { candidates, notes } = identify.execute({ value });
    expect(candidates).toEqual([]);
    expect(notes).toHaveLength(2);
    expect(notes[0]).toContain(format);
    for (const text of quoted) expect(notes[0]).toContain(text);
    expect(notes[0]).not.toMatch(GENERAL);
    expect(notes[1]).toMatch(GENERAL);
  });

  it('gives the general note alone when nothing came close', () => {
    expect(identify.execute({ value: 'the day after tomorrow' }).notes).toEqual([expect.stringMatching(GENERAL)]);
    // /to-unix reads neither a space before the time nor an unknown zone, so no note points there.
    for (const value of ['2024-03-31 12:00:00[Europe/Berlin]', '2024-03-31T12:00:00[Mars/Olympus]'])
      expect(identify.execute({ value }).notes, value).toEqual([expect.stringMatching(GENERAL)]);
  });

  it('says nothing of a near miss when another format reads the value', () => {
    // 2024-01-01 10:00:00 UTC is read by iso_offset_variant; no note about a bad field.
    expect(identify.execute({ value: '2024-01-01 10:00:00 UTC' }).notes).toEqual([]);
  });
});

// Contract §3c, "Near misses": each field at fault, in the exact words identify uses.
describe('what a near miss says, word for word', () => {
  const GENERAL = /^value matches none of the formats identify reads: /;
  const firstNote = (value: string, tz?: string): string | undefined =>
    identify.execute({ value, ...(tz === undefined ? {} : { tz }) }).notes[0];

  it.each([
    ['2024-01-01T24:00:00Z', 'value reads as rfc3339, but its time 24:00:00 does not exist: hours run 00–23 and minutes 00–59'],
    // The offset as written, its sign kept, and a space read as the + it stands for.
    ['2023-11-14T22:13:20-24:00', 'value reads as rfc3339, but its offset -24:00 does not exist'],
    ['2023-11-14T22:13:20 24:00', 'value reads as rfc3339, but its offset +24:00 does not exist'],
    ['2023-11-14 22:13:20-24', 'value reads as iso_offset_variant, but its offset -24 does not exist'],
    ['2024-W53-1', 'value reads as iso_week_date, but its week 2024-W53 does not exist: 2024 has 52 ISO weeks'],
    ['2023-366', 'value reads as iso_ordinal_date, but its day 2023-366 does not exist: 2023 has 365 days'],
    [
      '2024-01-01T10:00:00 05:00[Europe/Paris]',
      'value reads as rfc9557, but its offset +05:00 is not one Europe/Paris ever had at 2024-01-01T10:00:00',
    ],
    [
      '2024-01-01T10:00:00 01:00[Mars/Olympus]',
      'value reads as rfc9557, but its zone [Mars/Olympus], given with the offset +01:00, is not an IANA time zone',
    ],
    // asctime pads a one-digit day with a space: the date is quoted without it.
    ['Sun Nov  0 08:49:37 1994', 'value reads as http_date, but its date Nov 0 1994 does not exist'],
  ])('%s: %s', (value, note) => {
    expect(firstNote(value)).toBe(note);
  });

  it('says a floating second 60 falls where no leap second occurred, in UTC, in whatever zone it was read', () => {
    const note = (utc: string): string =>
      `value reads as iso_local, but its second 60 falls at ${utc} in UTC, when no leap second occurred: only 27 days from 1972-06-30 to 2016-12-31 ended with one`;
    // IERS Bulletin C: no leap second at the end of 2015.
    expect(identify.execute({ value: '2015-12-31 23:59:60' })).toMatchObject({
      candidates: [],
      notes: [note('2015-12-31T23:59:60Z'), expect.stringMatching(GENERAL)],
    });
    expect(firstNote('2016-01-01 00:59:60', 'Europe/Paris')).toBe(note('2015-12-31T23:59:60Z'));
  });

  it('refuses the same second in /to-unix with tz, saying where it falls in UTC', () => {
    expectDomainError(
      () => new ConvertDatetimeToUnix().execute({ datetime: '2016-01-01T00:59:60', tz: 'Europe/Paris' }),
      'DATETIME_NOT_LEAP_SECOND',
      'datetime has second 60, but no leap second occurred then: in UTC it is 2015-12-31T23:59:60, and only 27 days from 1972-06-30 to 2016-12-31 ended with one',
    );
  });

  it.each([
    // ±HH before a bracket is neither RFC 9557 (which needs ±HH:MM) nor a database form (which has no bracket).
    '2024-01-01T10:00:00+01[Europe/Paris]',
    // java_zoned is written with a T, as Java writes it.
    '2024-01-01 10:00+01:00[Europe/Paris]',
  ])('%s is read by no format, and nothing came close', (value) => {
    expect(identify.execute({ value })).toMatchObject({ candidates: [], notes: [expect.stringMatching(GENERAL)] });
    expect(identify.execute({ value }).notes).toHaveLength(1);
  });
});

describe('day names and leap seconds in every form that has them', () => {
  it("reads an RFC 850 date's full day name as the date's own, and says so when it is not", () => {
    expect(identify.execute({ value: 'Sunday, 06-Nov-94 08:49:37 GMT' }).notes).toEqual([]);
    expect(identify.execute({ value: 'Monday, 06-Nov-94 08:49:37 GMT' }).notes).toEqual([
      'value names the day Monday, but 1994-11-06 is a Sunday: the date was read, the day name ignored',
    ]);
  });

  it('flags a floating reading from a real leap second', () => {
    expect(read('2016-12-31 23:59:60', 'iso_local')).toMatchObject({ exact: '2016-12-31T23:59:59Z', leap_second: true });
  });
});

describe("a date's first instant, whichever way a gap is settled", () => {
  // 2018-11-04 began at 01:00 -02:00 in São Paulo (tzdata): earlier gives 02:00Z for its midnight, later 03:00Z.
  const at = (value: string, format: string): Candidate | undefined =>
    identify.execute({ value, format, tz: 'America/Sao_Paulo', disambiguation: 'earlier' }).candidates[0];

  it.each([
    ['2018-11-04', 'iso_date'],
    ['2018-W44-7', 'iso_week_date'],
    ['2018-308', 'iso_ordinal_date'],
  ])('%s as %s is 2018-11-04T03:00:00Z with disambiguation=earlier', (value, format) => {
    expect(at(value, format)).toMatchObject({
      exact: '2018-11-04T03:00:00Z',
      resolution: { kind: 'gap', disambiguation: 'earlier', candidates: ['2018-11-04T02:00:00Z', '2018-11-04T03:00:00Z'] },
    });
  });

  it('reads a wall time in that gap as disambiguation says, a date-time not being a date', () => {
    expect(at('2018-11-04 00:00', 'iso_local')?.exact).toBe('2018-11-04T02:00:00Z');
  });
});

describe("the module's exports", () => {
  const partsOf = (text: string): IsoParts => {
    const parts = lexIso(text);
    if (parts === undefined) throw new Error(`${text} is not ISO-like`);
    return parts;
  };
  const instantOf = (text: string, zone: string | undefined): ReturnType<typeof isoInstant> => {
    const parts = partsOf(text);
    const clock = isoClock(parts);
    if (isFault(clock)) throw new Error(`${text} has no clock`);
    return isoInstant(parts, clock, zone, 'compatible');
  };

  it('lexIso gives the separator as written, T or a space', () => {
    expect(partsOf('2024-01-01 10:00').separator).toBe(' ');
    expect(partsOf('2024-01-01t10:00').separator).toBe('T');
  });

  it('isoInstant reads a value by its own offset without a zone, bracket or not, and gives no resolution', () => {
    expect(instantOf('2024-01-01T10:00:00+01:00[Europe/Paris]', undefined)).toStrictEqual({ unixNs: 1_704_099_600_000_000_000n });
    expect(instantOf('2024-01-01T10:00:00+01:00', undefined)).toStrictEqual({ unixNs: 1_704_099_600_000_000_000n });
  });

  it('isoInstant gives a second 60 where no leap second occurred as the leap fault alone', () => {
    expect(instantOf('2015-12-31T23:59:60Z', 'UTC')).toStrictEqual({
      fault: 'leap',
      text: '2015-12-31T23:59:60Z',
      unixNs: 1_451_606_399_000_000_000n,
    });
  });

  it('isoInstant needs a zone for a value without an offset', () => {
    expect(() => instantOf('2024-01-01T10:00:00', undefined)).toThrow('isoInstant: a value without an offset needs a zone');
  });

  it.each(['+01:00x', 'x+01:00', 'abc', '+1:00'])('isoOffset gives an offset that is not ±HH[[:]MM], %s, as a fault', (text) => {
    expect(isoOffset({ style: 'HH:MM', text })).toMatchObject({ fault: 'offset' });
  });

  it('a text row reads a value with no notes as its instant and fields alone', () => {
    const row = TEXT_FORMAT_TABLE.find(({ format }) => format === 'iso8601_basic');
    const reading = row?.read(
      { text: '20231114T221320Z', decimal: undefined },
      { zone: undefined, disambiguation: 'compatible', nowMs: 0 },
    );
    expect(reading).toStrictEqual({ unixNs: 1_700_000_000_000_000_000n, fields: {} });
  });
});
