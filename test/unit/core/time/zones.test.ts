import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConvertDatetimeToUnix } from '../../../../src/core/time/use-cases/convert-datetime-to-unix.js';
import { ConvertTimestampToUtc } from '../../../../src/core/time/use-cases/convert-timestamp-to-utc.js';
import { GetCurrentTime } from '../../../../src/core/time/use-cases/get-current-time.js';
import { expectDomainError } from '../../../support/domain-error.js';
import { FixedClock } from '../../../support/fakes.js';

const toUtc = new ConvertTimestampToUtc();
const toUnix = new ConvertDatetimeToUnix();
const localOf = (iso: string, tz: string) => toUnix.execute({ datetime: iso, tz }).local;

describe('local time in a zone', () => {
  // Expected values from the tz database's rules (checked against zdump below), not from Temporal.
  it.each([
    ['2024-03-31T01:30:00Z', 'Europe/Berlin', '2024-03-31T03:30:00+02:00', true, 7, 91, '2024-W13', '2024-10-27T01:00:00Z'],
    ['2024-01-15T12:00:00Z', 'europe/BERLIN', '2024-01-15T13:00:00+01:00', false, 1, 15, '2024-W03', '2024-03-31T01:00:00Z'],
    ['2024-07-04T16:00:00Z', 'America/New_York', '2024-07-04T12:00:00-04:00', true, 4, 186, '2024-W27', '2024-11-03T06:00:00Z'],
    ['2024-01-01T05:00:00Z', 'America/New_York', '2024-01-01T00:00:00-05:00', false, 1, 1, '2024-W01', '2024-03-10T07:00:00Z'],
    ['2024-01-01T00:00:00Z', 'Australia/Lord_Howe', '2024-01-01T11:00:00+11:00', true, 1, 1, '2024-W01', '2024-04-06T15:00:00Z'],
    ['2024-06-01T00:00:00Z', 'Australia/Lord_Howe', '2024-06-01T10:30:00+10:30', false, 6, 153, '2024-W22', '2024-10-05T15:30:00Z'],
    ['2024-06-01T00:00:00Z', 'Asia/Kolkata', '2024-06-01T05:30:00+05:30', false, 6, 153, '2024-W22', null],
    // tzdb calls Irish winter time negative DST; the contract's Jan/Jul rule calls summer time DST.
    ['2024-07-01T12:00:00Z', 'Europe/Dublin', '2024-07-01T13:00:00+01:00', true, 1, 183, '2024-W27', '2024-10-27T01:00:00Z'],
    ['2024-01-01T12:00:00Z', 'Europe/Dublin', '2024-01-01T12:00:00+00:00', false, 1, 1, '2024-W01', '2024-03-31T01:00:00Z'],
    ['2018-12-01T12:00:00Z', 'America/Sao_Paulo', '2018-12-01T10:00:00-02:00', true, 6, 335, '2018-W48', '2019-02-17T02:00:00Z'],
    ['2024-12-01T12:00:00Z', 'America/Sao_Paulo', '2024-12-01T09:00:00-03:00', false, 7, 336, '2024-W48', null],
    ['2024-07-01T00:00:00Z', 'Pacific/Chatham', '2024-07-01T12:45:00+12:45', false, 1, 183, '2024-W27', '2024-09-28T14:00:00Z'],
    ['2024-01-01T00:00:00Z', 'Pacific/Chatham', '2024-01-01T13:45:00+13:45', true, 1, 1, '2024-W01', '2024-04-06T14:00:00Z'],
    ['2024-02-29T23:59:59Z', 'UTC', '2024-02-29T23:59:59+00:00', false, 4, 60, '2024-W09', null],
    ['2024-02-29T23:59:59Z', '+05:30', '2024-03-01T05:29:59+05:30', false, 5, 61, '2024-W09', null],
    ['2024-02-29T23:59:59Z', 'Etc/GMT+5', '2024-02-29T18:59:59-05:00', false, 4, 60, '2024-W09', null],
    // ISO week-year boundaries.
    ['2020-12-31T12:00:00Z', 'UTC', '2020-12-31T12:00:00+00:00', false, 4, 366, '2020-W53', null],
    ['2021-01-03T12:00:00Z', 'UTC', '2021-01-03T12:00:00+00:00', false, 7, 3, '2020-W53', null],
    ['2021-01-04T12:00:00Z', 'UTC', '2021-01-04T12:00:00+00:00', false, 1, 4, '2021-W01', null],
    ['2019-12-30T12:00:00Z', 'UTC', '2019-12-30T12:00:00+00:00', false, 1, 364, '2020-W01', null],
  ])('shows %s in %s as %s', (instant, tz, iso, dst, dayOfWeek, dayOfYear, week, next) => {
    const local = localOf(instant, tz);
    expect(local).toMatchObject({ iso, dst, day_of_week: dayOfWeek, day_of_year: dayOfYear, iso_week: week, next_transition: next });
    expect(local?.rfc9557).toBe(`${iso}[${local?.time_zone}]`);
    expect(local?.offset).toBe(iso.slice(-6));
    const sign = iso.at(-6) === '-' ? -1 : 1;
    expect(local?.offset_seconds).toBe(sign * (Number(iso.slice(-5, -3)) * 3600 + Number(iso.slice(-2)) * 60));
  });

  it('spells the zone as the runtime does, whatever the case it was given in', () => {
    expect(localOf('2024-01-01T00:00:00Z', 'asia/kolkata')?.time_zone).toBe('Asia/Kolkata');
    expect(localOf('2024-01-01T00:00:00Z', 'utc')?.time_zone).toBe('UTC');
    expect(localOf('2024-01-01T00:00:00Z', '-03:00')?.time_zone).toBe('-03:00');
  });

  it('reads a space before an offset as the + a query string turned into one', () => {
    expect(localOf('2024-01-01T00:00:00Z', ' 05:30')?.time_zone).toBe('+05:30');
  });

  it.each([
    // Local mean time before the zones were standardised: offsets with seconds.
    ['-62135596800', 'America/New_York', '0000-12-31T19:03:58-04:56:02', -17_762, '1883-11-18T17:00:00Z'],
    ['-62135596800', 'Asia/Kolkata', '0001-01-01T05:53:28+05:53:28', 21_208, '1854-06-27T18:06:32Z'],
    ['253402300799', 'Asia/Tokyo', '+010000-01-01T08:59:59+09:00', 32_400, null],
    ['253402300799', 'America/New_York', '9999-12-31T18:59:59-05:00', -18_000, '+010000-03-12T07:00:00Z'],
  ])('renders year-boundary instant %s s in %s', (seconds, tz, iso, offsetSeconds, next) => {
    const { local } = toUtc.execute({ timestamp: seconds, unit: 'seconds', tz });
    expect(local).toMatchObject({ iso, offset_seconds: offsetSeconds, next_transition: next, dst: false });
  });

  it('adds local to now, from the clock', () => {
    const now = new GetCurrentTime(new FixedClock(Date.UTC(2024, 6, 1, 10, 0, 0, 999)));
    expect(now.execute({ tz: 'Europe/Berlin' }).local?.iso).toBe('2024-07-01T12:00:00+02:00');
    expect(now.execute({})).toEqual({
      utc: { iso: '2024-07-01T10:00:00Z', unix_seconds: 1_719_828_000, unix_milliseconds: 1_719_828_000_999 },
      source: 'datetime_utc',
    });
  });

  it('floors a negative sub-second instant before rendering it', () => {
    expect(toUtc.execute({ timestamp: '-1500', unit: 'milliseconds', tz: 'UTC' }).local?.iso).toBe('1969-12-31T23:59:58+00:00');
  });

  it.each([
    ['Mars/Olympus', 'tz must be an IANA time zone such as Europe/Berlin or an offset ±HH:MM; "Mars/Olympus" is neither'],
    [
      '2024-01-01T00:00[Europe/Berlin]',
      'tz must be an IANA time zone such as Europe/Berlin or an offset ±HH:MM; "2024-01-01T00:00[Europe/Berlin]" is neither',
    ],
    ['+0530', 'tz must be an IANA time zone such as Europe/Berlin or an offset ±HH:MM; "+0530" is neither'],
    ['+24:00', 'tz has an impossible offset: +24:00'],
    ['', 'tz must not be empty'],
    ['x'.repeat(100), 'tz must be an IANA time zone such as Europe/Berlin or an offset ±HH:MM'],
  ])('refuses the zone %j', (tz, message) => {
    expectDomainError(() => toUtc.execute({ timestamp: '0', tz }), 'TZ_UNKNOWN', message);
  });
});

describe('wall-clock time in a zone', () => {
  const read = (datetime: string, tz: string, disambiguation?: string) => toUnix.execute({ datetime, tz, disambiguation });

  it.each([
    // Europe/Berlin, 2024-03-31: 02:00–03:00 is skipped.
    ['2024-03-31T02:30:00', 'Europe/Berlin', 'compatible', 'gap', '2024-03-31T01:30:00Z', ['2024-03-31T00:30:00Z', '2024-03-31T01:30:00Z']],
    ['2024-03-31T02:30:00', 'Europe/Berlin', 'earlier', 'gap', '2024-03-31T00:30:00Z', ['2024-03-31T00:30:00Z', '2024-03-31T01:30:00Z']],
    ['2024-03-31T02:30:00', 'Europe/Berlin', 'later', 'gap', '2024-03-31T01:30:00Z', ['2024-03-31T00:30:00Z', '2024-03-31T01:30:00Z']],
    // Europe/Berlin, 2024-10-27: 02:00–03:00 happens twice.
    [
      '2024-10-27T02:30:00',
      'Europe/Berlin',
      'compatible',
      'overlap',
      '2024-10-27T00:30:00Z',
      ['2024-10-27T00:30:00Z', '2024-10-27T01:30:00Z'],
    ],
    [
      '2024-10-27T02:30:00',
      'Europe/Berlin',
      'earlier',
      'overlap',
      '2024-10-27T00:30:00Z',
      ['2024-10-27T00:30:00Z', '2024-10-27T01:30:00Z'],
    ],
    ['2024-10-27T02:30:00', 'Europe/Berlin', 'later', 'overlap', '2024-10-27T01:30:00Z', ['2024-10-27T00:30:00Z', '2024-10-27T01:30:00Z']],
    // America/New_York, 2024-03-10 02:00–03:00 skipped; 2024-11-03 01:00–02:00 repeated.
    [
      '2024-03-10T02:15:00',
      'America/New_York',
      'compatible',
      'gap',
      '2024-03-10T07:15:00Z',
      ['2024-03-10T06:15:00Z', '2024-03-10T07:15:00Z'],
    ],
    [
      '2024-11-03T01:15:00',
      'America/New_York',
      'later',
      'overlap',
      '2024-11-03T06:15:00Z',
      ['2024-11-03T05:15:00Z', '2024-11-03T06:15:00Z'],
    ],
    // Australia/Lord_Howe moves by 30 minutes: 2024-10-06 02:00–02:30 skipped, 2024-04-07 01:30–02:00 repeated.
    [
      '2024-10-06T02:10:00',
      'Australia/Lord_Howe',
      'compatible',
      'gap',
      '2024-10-05T15:40:00Z',
      ['2024-10-05T15:10:00Z', '2024-10-05T15:40:00Z'],
    ],
    [
      '2024-04-07T01:45:00',
      'Australia/Lord_Howe',
      'earlier',
      'overlap',
      '2024-04-06T14:45:00Z',
      ['2024-04-06T14:45:00Z', '2024-04-06T15:15:00Z'],
    ],
    [
      '2024-04-07T01:45:00',
      'Australia/Lord_Howe',
      'later',
      'overlap',
      '2024-04-06T15:15:00Z',
      ['2024-04-06T14:45:00Z', '2024-04-06T15:15:00Z'],
    ],
    // Pacific/Chatham: 2024-09-29 02:45–03:45 skipped.
    ['2024-09-29T03:00:00', 'Pacific/Chatham', 'earlier', 'gap', '2024-09-28T13:15:00Z', ['2024-09-28T13:15:00Z', '2024-09-28T14:15:00Z']],
    // America/Sao_Paulo's last DST start, 2018-11-04 00:00–01:00 skipped.
    [
      '2018-11-04T00:30:00',
      'America/Sao_Paulo',
      'compatible',
      'gap',
      '2018-11-04T03:30:00Z',
      ['2018-11-04T02:30:00Z', '2018-11-04T03:30:00Z'],
    ],
    ['2024-06-15T12:00:00', 'Asia/Kolkata', 'reject', 'unique', '2024-06-15T06:30:00Z', ['2024-06-15T06:30:00Z']],
    ['2024-06-15T12:00:00', '+05:30', 'reject', 'unique', '2024-06-15T06:30:00Z', ['2024-06-15T06:30:00Z']],
  ])('reads %s in %s with %s: %s, %s', (datetime, tz, disambiguation, kind, iso, candidates) => {
    const answer = read(datetime, tz, disambiguation);
    expect(answer.utc.iso).toBe(iso);
    expect(answer.resolution).toEqual({ kind, disambiguation, candidates });
    expect(answer.local?.time_zone).toBe(tz === '+05:30' ? '+05:30' : tz);
  });

  it('defaults to compatible', () => {
    expect(read('2024-03-31T02:30:00', 'Europe/Berlin').resolution?.disambiguation).toBe('compatible');
  });

  it('keeps and floors the fraction of a wall-clock time', () => {
    expect(read('2024-06-15T12:00:00.123456789', 'Asia/Kolkata').utc.unix_milliseconds).toBe(1_718_433_000_123);
  });

  it('refuses a skipped time with reject, naming the gap and both instants', () => {
    expectDomainError(
      () => read('2024-03-31T02:30:00', 'Europe/Berlin', 'reject'),
      'DATETIME_SKIPPED',
      'datetime 2024-03-31T02:30:00 does not exist in Europe/Berlin: it falls in a gap where clocks skip ahead; earlier gives 2024-03-31T00:30:00Z, later gives 2024-03-31T01:30:00Z',
    );
  });

  it('refuses a repeated time with reject, naming the overlap and both instants', () => {
    expectDomainError(
      () => read('2024-10-27T02:30:00', 'Europe/Berlin', 'reject'),
      'DATETIME_REPEATED',
      'datetime 2024-10-27T02:30:00 is ambiguous in Europe/Berlin: it falls in an overlap where clocks repeat; earlier gives 2024-10-27T00:30:00Z, later gives 2024-10-27T01:30:00Z',
    );
  });

  it.each(['Compatible', 'first', ''])('refuses disambiguation %j', (disambiguation) => {
    expectDomainError(
      () => read('2024-03-31T02:30:00', 'Europe/Berlin', disambiguation),
      'DISAMBIGUATION_INVALID',
      'disambiguation must be one of compatible, earlier, later, reject',
    );
  });

  it('converts a datetime with an offset by that offset and shows it in tz, as unique', () => {
    const answer = read('2024-10-27T02:30:00+01:00', 'Europe/Berlin', 'reject');
    expect(answer.utc.iso).toBe('2024-10-27T01:30:00Z');
    expect(answer.local?.iso).toBe('2024-10-27T02:30:00+01:00');
    expect(answer.resolution).toEqual({ kind: 'unique', disambiguation: 'reject', candidates: ['2024-10-27T01:30:00Z'] });
  });
});

describe('RFC 9557 date-times', () => {
  it.each([
    ['2024-03-31T12:00:00+02:00[Europe/Berlin]', '2024-03-31T10:00:00Z'],
    ['2024-03-31T12:00:00[Europe/Berlin]', '2024-03-31T10:00:00Z'],
    ['2024-03-31T12:00:00[!Europe/Berlin]', '2024-03-31T10:00:00Z'],
    ['2024-10-27T02:30:00+01:00[Europe/Berlin]', '2024-10-27T01:30:00Z'],
    ['2024-10-27T02:30:00+02:00[Europe/Berlin]', '2024-10-27T00:30:00Z'],
    ['2024-03-31T12:00:00Z[Europe/Berlin]', '2024-03-31T12:00:00Z'],
  ])('reads %s as %s', (datetime, iso) => {
    const answer = toUnix.execute({ datetime });
    expect(answer.utc.iso).toBe(iso);
    expect(answer.local?.time_zone).toBe('Europe/Berlin');
  });

  it('accepts a tz that names the same zone, or a link to it', () => {
    expect(toUnix.execute({ datetime: '2024-06-01T12:00:00[Asia/Kolkata]', tz: 'asia/calcutta' }).utc.iso).toBe('2024-06-01T06:30:00Z');
  });

  it('refuses a bracketed zone that tz contradicts', () => {
    expectDomainError(
      () => toUnix.execute({ datetime: '2024-03-31T12:00:00[Europe/Berlin]', tz: 'Asia/Kolkata' }),
      'DATETIME_ZONE_MISMATCH',
      'datetime names the zone Europe/Berlin but tz names Asia/Kolkata; give one zone or the same one',
    );
  });

  it.each([
    ['2024-03-31T12:00:00+05:00[Europe/Berlin]', '+05:00', '2024-03-31T12:00:00'],
    ['2024-03-31T02:30:00+01:00[Europe/Berlin]', '+01:00', '2024-03-31T02:30:00'],
    ['2024-07-01T12:00:00+01:00[Europe/Berlin]', '+01:00', '2024-07-01T12:00:00'],
  ])('refuses %s, an offset the zone never had then', (datetime, offset, wall) => {
    expectDomainError(
      () => toUnix.execute({ datetime }),
      'DATETIME_OFFSET_MISMATCH',
      `datetime has the offset ${offset}, which Europe/Berlin never had at ${wall}`,
    );
  });

  it.each(['2024-03-31T12:00:00[u-ca=hebrew]', '2024-03-31T12:00:00[]'])('refuses the annotation in %s', (datetime) => {
    expectDomainError(
      () => toUnix.execute({ datetime }),
      'DATETIME_INVALID',
      'datetime may carry only a time zone in brackets, such as [Europe/Berlin]',
    );
  });

  it('refuses an unknown bracketed zone as tz would be refused', () => {
    expectDomainError(() => toUnix.execute({ datetime: '2024-03-31T12:00:00[Mars/Olympus]' }), 'TZ_UNKNOWN', /"Mars\/Olympus" is neither/);
  });
});

describe('leap seconds', () => {
  const LEAP_DAYS = [
    '1972-06-30',
    '1972-12-31',
    '1973-12-31',
    '1974-12-31',
    '1975-12-31',
    '1976-12-31',
    '1977-12-31',
    '1978-12-31',
    '1979-12-31',
    '1981-06-30',
    '1982-06-30',
    '1983-06-30',
    '1985-06-30',
    '1987-12-31',
    '1989-12-31',
    '1990-12-31',
    '1992-06-30',
    '1993-06-30',
    '1994-06-30',
    '1995-12-31',
    '1997-06-30',
    '1998-12-31',
    '2005-12-31',
    '2008-12-31',
    '2012-06-30',
    '2015-06-30',
    '2016-12-31',
  ];

  it('knows the 27 positive leap seconds of IERS Bulletin C', () => {
    expect(LEAP_DAYS).toHaveLength(27);
  });

  it.each(LEAP_DAYS)('accepts 23:59:60 UTC at the end of %s, as 23:59:59 with its fraction, and no second either side of it', (day) => {
    const answer = toUnix.execute({ datetime: `${day}T23:59:60.750Z` });
    expect(answer.utc.iso).toBe(`${day}T23:59:59Z`);
    expect(answer.utc.unix_milliseconds % 1000).toBe(750);
    expect(answer.leap_second).toBe(true);
    const before = toUnix.execute({ datetime: `${day}T23:59:59Z` });
    const after = toUnix.execute({ datetime: `${day}T23:59:60Z` }).utc.unix_seconds + 1;
    expect('leap_second' in before).toBe(false);
    expect(after).toBe(before.utc.unix_seconds + 1);
    expect(toUtc.execute({ timestamp: String(after) }).utc.iso.slice(11)).toBe('00:00:00Z');
    // The same leap second one minute either side is fake.
    expectDomainError(() => toUnix.execute({ datetime: `${day}T23:58:60Z` }), 'DATETIME_NOT_LEAP_SECOND', /no leap second occurred then/);
  });

  it.each([
    ['2016-12-31T23:59:59Z', false],
    ['2017-01-01T00:00:00Z', false],
    ['2017-01-01T00:59:60+01:00', true],
    ['2016-12-31T18:59:60-05:00', true],
  ])('treats both sides of the 2016 leap second right: %s', (datetime, leap) => {
    const answer = toUnix.execute({ datetime });
    expect(answer.leap_second).toBe(leap ? true : undefined);
    expect('leap_second' in answer).toBe(leap);
  });

  it('accepts a leap second given as wall-clock time in a zone', () => {
    const answer = toUnix.execute({ datetime: '2017-01-01T00:59:60', tz: 'Europe/Paris' });
    expect(answer).toMatchObject({ utc: { iso: '2016-12-31T23:59:59Z' }, leap_second: true, local: { iso: '2017-01-01T00:59:59+01:00' } });
  });

  it.each([
    ['2024-06-30T23:59:60Z', '2024-06-30T23:59:60'],
    ['2016-12-31T22:59:60Z', '2016-12-31T22:59:60'],
    ['2017-01-01T00:59:60Z', '2017-01-01T00:59:60'],
    ['2016-12-31T23:59:60+01:00', '2016-12-31T22:59:60'],
    ['1971-12-31T23:59:60Z', '1971-12-31T23:59:60'],
    ['2016-06-30T23:59:60Z', '2016-06-30T23:59:60'],
  ])('refuses the fake leap second %s', (datetime, utc) => {
    expectDomainError(
      () => toUnix.execute({ datetime }),
      'DATETIME_NOT_LEAP_SECOND',
      `datetime has second 60, but no leap second occurred then: in UTC it is ${utc}, and only 27 days from 1972-06-30 to 2016-12-31 ended with one`,
    );
  });
});

// An oracle outside the runtime: glibc's zdump reads the system's own tz database.
const zdump = spawnSync('zdump', ['--version'], { encoding: 'utf8' });
const ORACLE_ZONES = ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Europe/Dublin', 'Pacific/Chatham', 'America/Sao_Paulo'];
if (zdump.error) console.warn('#### zdump is missing (Debian libc-bin): the tz oracle test is skipped ####');

describe.skipIf(Boolean(zdump.error))('against zdump and the system tz database', () => {
  const MONTHS: Record<string, number> = {
    Jan: 1,
    Feb: 2,
    Mar: 3,
    Apr: 4,
    May: 5,
    Jun: 6,
    Jul: 7,
    Aug: 8,
    Sep: 9,
    Oct: 10,
    Nov: 11,
    Dec: 12,
  };
  const isoOf = (line: string): { utc: string; gmtoff: number } | undefined => {
    const match = /^\S+\s+\w{3} (\w{3})\s+(\d+) (\d\d:\d\d:\d\d) (\d{4}) UT = .* gmtoff=(-?\d+)$/.exec(line);
    if (!match) return undefined;
    const [, month = '', day = '', time = '', year = '', gmtoff = ''] = match;
    return { utc: `${year}-${String(MONTHS[month]).padStart(2, '0')}-${day.padStart(2, '0')}T${time}Z`, gmtoff: Number(gmtoff) };
  };

  it.each(ORACLE_ZONES)('agrees on every offset and transition of %s from 2016 to 2029', (zone) => {
    const out = spawnSync('zdump', ['-v', '-c', '2016,2030', zone], { encoding: 'utf8' }).stdout;
    // zdump prints each transition as a pair: the last second before and the first second after.
    const points = out
      .split('\n')
      .map(isoOf)
      .filter((point) => point !== undefined);
    expect(points.length).toBeGreaterThanOrEqual(2);
    for (let i = 0; i + 1 < points.length; i += 2) {
      const [before, after] = [points[i]!, points[i + 1]!];
      expect(localOf(before.utc, zone)?.offset_seconds).toBe(before.gmtoff);
      expect(localOf(before.utc, zone)?.next_transition).toBe(after.utc);
      expect(localOf(after.utc, zone)?.offset_seconds).toBe(after.gmtoff);
    }
  });
});

describe('what tz accepts, to the character', () => {
  const zoneOf = (tz: string) => toUnix.execute({ datetime: '2024-07-01T12:00:00Z', tz }).local?.time_zone;

  it.each([
    [' 05:30 ', '+05:30'],
    ['+23:00', '+23:00'],
    ['+05:59', '+05:59'],
    ['Europe/Berlin ', 'Europe/Berlin'],
  ])('reads %j as %s', (tz, zone) => {
    expect(zoneOf(tz)).toBe(zone);
  });

  it.each([
    ['+24:00', 'tz has an impossible offset: +24:00'],
    ['+05:60', 'tz has an impossible offset: +05:60'],
    [' 05:30x', 'tz must be an IANA time zone such as Europe/Berlin or an offset ±HH:MM; "05:30x" is neither'],
    ['Europe/Berlin 05:30', 'tz must be an IANA time zone such as Europe/Berlin or an offset ±HH:MM; "Europe/Berlin 05:30" is neither'],
    // Quoted up to 64 characters, the longest an IANA name may be; a longer value is not echoed.
    [`A${'b'.repeat(63)}`, `tz must be an IANA time zone such as Europe/Berlin or an offset ±HH:MM; "A${'b'.repeat(63)}" is neither`],
    [`A${'b'.repeat(64)}`, 'tz must be an IANA time zone such as Europe/Berlin or an offset ±HH:MM'],
  ])('refuses %j', (tz, message) => {
    expectDomainError(() => zoneOf(tz), 'TZ_UNKNOWN', message);
  });

  it('names a wall-clock time to the second in a refusal, whatever fraction it carries', () => {
    expectDomainError(
      () => toUnix.execute({ datetime: '2024-03-31T02:30:00.5', tz: 'Europe/Berlin', disambiguation: 'reject' }),
      'DATETIME_SKIPPED',
      /^datetime 2024-03-31T02:30:00 does not exist in Europe\/Berlin/,
    );
  });
});
