import { describe, expect, it } from 'vitest';
import { FORMAT_TABLE, lex } from '../../../../../src/core/time/identify-formats.js';
import { ConvertDatetimeToUnix } from '../../../../../src/core/time/use-cases/convert-datetime-to-unix.js';
import { IdentifyTimestamp, type Candidate } from '../../../../../src/core/time/use-cases/identify-timestamp.js';
import { expectDomainError } from '../../../../support/domain-error.js';
import { FixedClock } from '../../../../support/fakes.js';
import { IDENTIFY_FORMATS } from '../../../../../src/core/time/vocabulary.js';

// Every plausibility below is judged at this instant.
const NOW = Date.UTC(2026, 10, 22);
const identify = new IdentifyTimestamp(new FixedClock(NOW));
const candidateOf = (value: string, format: string): Candidate | undefined =>
  identify.execute({ value }).candidates.find((candidate) => candidate.format === format);
const formatsOf = (value: string): string[] => identify.execute({ value }).candidates.map((candidate) => candidate.format);

describe('IdentifyTimestamp', () => {
  describe('reads published vectors exactly', () => {
    it.each([
      // RFC 9562 Appendix A.1, A.5 and A.6: the same instant as v1, v6 and v7.
      [
        'C232AB00-9414-11EC-B3C8-9F6BDECED846',
        'uuid_v1',
        '2022-02-22T19:22:22Z',
        { version: 1, clock_sequence: 0x33c8, node: '9f:6b:de:ce:d8:46' },
      ],
      [
        '1EC9414C-232A-6B00-B3C8-9F6BDECED846',
        'uuid_v6',
        '2022-02-22T19:22:22Z',
        { version: 6, clock_sequence: 0x33c8, node: '9f:6b:de:ce:d8:46' },
      ],
      ['017F22E2-79B0-7CC3-98C4-DC0C0C07398F', 'uuid_v7', '2022-02-22T19:22:22Z', { version: 7 }],
      ['urn:uuid:017f22e2-79b0-7cc3-98c4-dc0c0c07398f', 'uuid_v7', '2022-02-22T19:22:22Z', { version: 7 }],
      // The ULID spec (ulid/spec README): 01ARYZ6S41TSV4RRFFQ69G5FAV is 1469918176385 ms.
      ['01ARYZ6S41TSV4RRFFQ69G5FAV', 'ulid', '2016-07-30T22:36:16.385Z', { randomness: 'd6764c61efb99302bd5b' }],
      ['01aryz6s41tsv4rrffq69g5fav', 'ulid', '2016-07-30T22:36:16.385Z', { randomness: 'd6764c61efb99302bd5b' }],
      // Discord's API reference, "Snowflakes": worker 1, process 0, increment 7.
      [
        '175928847299117063',
        'snowflake_discord',
        '2016-04-30T11:18:25.796Z',
        { timestamp_ms: 1_462_015_105_796, worker_id: 1, process_id: 0, increment: 7 },
      ],
      // RyanDFIR/unfurl tests/unit/test_twitter.py: 2019-02-20 14:40:26.837.
      [
        '1098230906194546688',
        'snowflake_twitter',
        '2019-02-20T14:40:26.837Z',
        { timestamp_ms: 1_550_673_626_837, machine_id: 333, sequence: 0 },
      ],
      // unfurl test_timestamps.py, "Windows FileTime (hex)": 2016-01-23 19:32:28.702751 there, a float's
      // rounding of the exact 130980511487027500 × 100 ns.
      ['01d15614cbaee92c', 'filetime', '2016-01-23T19:32:28.70275Z', {}],
      // unfurl parse_timestamp.py, each format's 2015-01-01 reference value.
      ['130645440000000000', 'filetime', '2015-01-01T00:00:00Z', {}],
      ['635556672000000000', 'dotnet_ticks', '2015-01-01T00:00:00Z', {}],
      ['13064544000000000', 'webkit_microseconds', '2015-01-01T00:00:00Z', {}],
      ['441763200', 'cocoa_seconds', '2015-01-01T00:00:00Z', {}],
      // unfurl test_timestamps.py's WebKit value 13317004800000 ms (2023-01-01), in microseconds.
      ['13317004800000000', 'webkit_microseconds', '2023-01-01T00:00:00Z', {}],
      // unfurl test_mongo.py: 2024-01-01 00:00:00, counter 1122867.
      ['65920080aabbccddee112233', 'mongodb_objectid', '2024-01-01T00:00:00Z', { counter: 1_122_867 }],
      // unfurl test_bluesky.py: 1731543333133695 µs and 1732040395098000 µs.
      ['3laulgolrfz2f', 'bluesky_tid', '2024-11-14T00:15:33.133695Z', { clock_id: 11 }],
      ['3lbd2ebt3wk2r', 'bluesky_tid', '2024-11-19T18:19:55.098Z', { clock_id: 23 }],
      // segmentio/ksuid README: timestamp 107608047 (2017-10-09 21:00:47 -0700), payload B5A1…9735.
      ['0ujtsYcgvSTl8PAuAdqWYSMnLOv', 'ksuid', '2017-10-10T04:00:47Z', { payload: 'b5a1cd34b5f99d1154fb6853345c9735' }],
      // PostgreSQL's src/include/datatype/timestamp.h: POSTGRES_EPOCH_JDATE is 2000-01-01; grafana's
      // postgres testdata pairs 2023-12-21T12:21:27.724919 UTC with 1703161287724919000 ns.
      ['756476487724919', 'postgres_microseconds', '2023-12-21T12:21:27.724919Z', {}],
      ['1703161287724919000', 'unix_nanoseconds', '2023-12-21T12:21:27.724919Z', {}],
      ['1703161287724', 'unix_milliseconds', '2023-12-21T12:21:27.724Z', {}],
      // NTP era 0 and HFS+: the Unix epoch is 2208988800 s after 1900 and 2082844800 s after 1904.
      ['2208988800', 'ntp_seconds', '1970-01-01T00:00:00Z', {}],
      ['2082844800', 'hfs_plus_seconds', '1970-01-01T00:00:00Z', {}],
      // Mastodon's lib/mastodon/snowflake.rb: the milliseconds shifted over 16 bits of sequence.
      [
        String((1_669_194_631_791n << 16n) | 56_935n),
        'snowflake_mastodon',
        '2022-11-23T09:10:31.791Z',
        { timestamp_ms: 1_669_194_631_791, sequence: 56_935 },
      ],
      // Excel: serial 45292 is 2024-01-01 in the 1900 system; 1462 days separate the two systems.
      ['45292', 'excel_1900', '2024-01-01T00:00:00Z', {}],
      ['43830', 'excel_1904', '2024-01-01T00:00:00Z', {}],
      ['45292.5', 'excel_1900', '2024-01-01T12:00:00Z', {}],
      // GPS: 2017-01-01T00:00:00Z is GPS second 1167264018, 18 leap seconds after 1980-01-06.
      ['1167264018', 'gps_seconds', '2017-01-01T00:00:00Z', {}],
    ])('%s as %s is %s', (value, format, exact, fields) => {
      const candidate = candidateOf(value, format);
      expect(candidate).toMatchObject({ exact, fields });
    });
  });

  it('answers the whole body, as the contract spells it', () => {
    expect(identify.execute({ value: ' 017F22E2-79B0-7CC3-98C4-DC0C0C07398F ' })).toEqual({
      input: ' 017F22E2-79B0-7CC3-98C4-DC0C0C07398F ',
      candidates: [
        {
          format: 'uuid_v7',
          description: 'UUID version 7 (ms since 1970)',
          utc: { iso: '2022-02-22T19:22:22Z', unix_seconds: 1_645_557_742, unix_milliseconds: 1_645_557_742_000 },
          exact: '2022-02-22T19:22:22Z',
          unix_nanoseconds: '1645557742000000000',
          plausible: true,
          fields: { version: 7 },
        },
      ],
      notes: [],
      source: 'identify',
    });
  });

  it('keeps every non-zero digit down to the nanosecond and floors the utc object', () => {
    expect(candidateOf('-1.000000001', 'unix_seconds')).toMatchObject({
      exact: '1969-12-31T23:59:58.999999999Z',
      unix_nanoseconds: '-1000000001',
      utc: { iso: '1969-12-31T23:59:58Z', unix_seconds: -2, unix_milliseconds: -1001 },
    });
    expect(candidateOf('1.5', 'unix_seconds')?.exact).toBe('1970-01-01T00:00:01.5Z');
    expect(candidateOf('1700000000123456789', 'unix_nanoseconds')?.exact).toBe('2023-11-14T22:13:20.123456789Z');
  });

  describe('ranks plausible readings first, each group in table order', () => {
    it.each([
      // A 10-digit second: Unix seconds first, 1970 readings after.
      [
        '1700000000',
        ['unix_seconds', 'snowflake_twitter', 'snowflake_discord', 'gps_seconds', 'postgres_microseconds', 'unix_milliseconds'],
      ],
      // A 13-digit millisecond.
      ['1700000000123', ['unix_milliseconds', 'snowflake_twitter', 'snowflake_discord', 'postgres_microseconds', 'unix_microseconds']],
      // 19 digits: nanoseconds and a snowflake at once.
      ['1098230906194546688', ['unix_nanoseconds', 'snowflake_twitter', 'snowflake_discord', 'snowflake_mastodon', 'filetime']],
      // An 18-digit tick count: .NET ticks among the plausible ones, FILETIME (3625) among the rest.
      ['638712864000000000', ['unix_nanoseconds', 'snowflake_twitter', 'snowflake_discord', 'dotnet_ticks', 'snowflake_mastodon']],
    ])('%s', (value, first) => {
      expect(formatsOf(value).slice(0, first.length)).toEqual(first);
      const plausible = identify.execute({ value }).candidates.map((candidate) => candidate.plausible);
      expect(plausible).toEqual([...plausible].sort((a, b) => Number(b) - Number(a)));
    });

    it('puts the .NET reading of an 18-digit tick count at 2025-01-01', () => {
      expect(candidateOf('638712864000000000', 'dotnet_ticks')).toMatchObject({ exact: '2025-01-01T00:00:00Z', plausible: true });
      expect(candidateOf('638712864000000000', 'filetime')).toMatchObject({ exact: '3625-01-01T00:00:00Z', plausible: false });
    });
  });

  describe('judges plausibility from the clock, both ends included', () => {
    const at = (nowMs: number) => new IdentifyTimestamp(new FixedClock(nowMs));
    it.each([
      ['315532800', true],
      ['315532799', false],
    ])('%s seconds is plausible: %s', (value, plausible) => {
      expect(at(NOW).execute({ value, format: 'unix_seconds' }).candidates[0]?.plausible).toBe(plausible);
    });

    it('moves its upper end with now: twenty years of 365.25 days', () => {
      const nowSeconds = 1_700_000_000;
      const limit = String(nowSeconds + 631_152_000);
      const later = String(nowSeconds + 631_152_001);
      expect(at(nowSeconds * 1000).execute({ value: limit, format: 'unix_seconds' }).candidates[0]?.plausible).toBe(true);
      expect(at(nowSeconds * 1000).execute({ value: later, format: 'unix_seconds' }).candidates[0]?.plausible).toBe(false);
      expect(at((nowSeconds + 1) * 1000).execute({ value: later, format: 'unix_seconds' }).candidates[0]?.plausible).toBe(true);
    });
  });

  describe('edge values', () => {
    it('reads Excel serial 61 as 1900-03-01 and has no reading of 60, the 1900-02-29 that never was', () => {
      expect(candidateOf('61', 'excel_1900')?.exact).toBe('1900-03-01T00:00:00Z');
      expect(candidateOf('60', 'excel_1900')).toBeUndefined();
      expect(candidateOf('60.999999999', 'excel_1900')).toBeUndefined();
      expect(candidateOf('2958465.999999999', 'excel_1900')?.exact).toBe('9999-12-31T23:59:59.9999136Z');
      expect(candidateOf('2958466', 'excel_1900')).toBeUndefined();
    });

    it('reads Excel 1904 from 0 to below 2957004', () => {
      expect(candidateOf('0', 'excel_1904')?.exact).toBe('1904-01-01T00:00:00Z');
      expect(candidateOf('2957003', 'excel_1904')?.exact).toBe('9999-12-31T00:00:00Z');
      expect(candidateOf('2957004', 'excel_1904')).toBeUndefined();
    });

    it('reads GPS across the 2016-12-31 leap second, the leap second itself as 23:59:59', () => {
      expect(candidateOf('1167264016', 'gps_seconds')?.exact).toBe('2016-12-31T23:59:59Z');
      expect(candidateOf('1167264017', 'gps_seconds')?.exact).toBe('2016-12-31T23:59:59Z');
      expect(candidateOf('1167264018', 'gps_seconds')?.exact).toBe('2017-01-01T00:00:00Z');
      expect(candidateOf('0', 'gps_seconds')?.exact).toBe('1980-01-06T00:00:00Z');
      // 1981-06-30, the first leap second after the GPS epoch.
      expect(candidateOf('46828800', 'gps_seconds')?.exact).toBe('1981-06-30T23:59:59Z');
      expect(candidateOf('46828801', 'gps_seconds')?.exact).toBe('1981-07-01T00:00:00Z');
    });

    it.each([
      ['253402300799.999999999', 'unix_seconds', '9999-12-31T23:59:59.999999999Z'],
      ['-62135596800', 'unix_seconds', '0001-01-01T00:00:00Z'],
      ['0', 'dotnet_ticks', '0001-01-01T00:00:00Z'],
      ['3155378975999999999', 'dotnet_ticks', '9999-12-31T23:59:59.9999999Z'],
      ['0', 'filetime', '1601-01-01T00:00:00Z'],
      ['4294967295', 'ntp_seconds', '2036-02-07T06:28:15Z'],
      ['4294967295', 'hfs_plus_seconds', '2040-02-06T06:28:15Z'],
      ['ffffffffffffffffffffffff', 'mongodb_objectid', '2106-02-07T06:28:15Z'],
      ['aWgEPTl1tmebfsQzFP4bxwgy80V', 'ksuid', '2150-06-19T23:21:35Z'],
      ['000000000000000000000000000', 'ksuid', '2014-05-13T16:53:20Z'],
      ['00000000000000000000000000', 'ulid', '1970-01-01T00:00:00Z'],
      ['bzzzzzzzzzzzz', 'bluesky_tid', '2255-06-05T23:47:34.740991Z'],
      ['2222222222222', 'bluesky_tid', '1970-01-01T00:00:00Z'],
      ['9223372036854775807', 'snowflake_twitter', '2080-07-10T17:30:30.208Z'],
      ['-9223372036854775808', 'unix_nanoseconds', '1677-09-21T00:12:43.145224192Z'],
      ['00000000-0000-1000-8000-000000000000', 'uuid_v1', '1582-10-15T00:00:00Z'],
      ['FFFFFFFF-FFFF-1FFF-BFFF-FFFFFFFFFFFF', 'uuid_v1', '5236-03-31T21:21:00.6846975Z'],
    ])('reads the limit %s as %s: %s', (value, format, exact) => {
      expect(candidateOf(value, format)?.exact).toBe(exact);
    });

    it.each([
      ['7fffffffffffffff', 'filetime'],
      ['7ZZZZZZZZZZZZZZZZZZZZZZZZZ', 'ulid'],
      ['253402300800', 'unix_seconds'],
      ['-62135596801', 'unix_seconds'],
      ['-62135596800.000000001', 'unix_seconds'],
    ])('reads %s as %s past year 9999 or before 0001, so gives no candidate', (value, format) => {
      expect(
        FORMAT_TABLE.find((row) => row.format === format)?.read(lex(value), { zone: undefined, disambiguation: 'compatible', nowMs: 0 }),
      ).toBeDefined();
      expect(candidateOf(value, format)).toBeUndefined();
    });

    it.each([
      ['9223372036854775808', 'snowflake_twitter'],
      ['9223372036854775808', 'snowflake_discord'],
      ['9223372036854775808', 'snowflake_mastodon'],
      ['9223372036854775808', 'filetime'],
      ['4294967296', 'ntp_seconds'],
      ['4294967296', 'hfs_plus_seconds'],
      ['aWgEPTl1tmebfsQzFP4bxwgy80W', 'ksuid'],
      ['8ZZZZZZZZZZZZZZZZZZZZZZZZZ', 'ulid'],
      ['c222222222222', 'bluesky_tid'],
      ['k222222222222', 'bluesky_tid'],
      ['-1', 'dotnet_ticks'],
      ['1.5', 'unix_milliseconds'],
      ['1.1234567891', 'unix_seconds'],
      ['+1', 'unix_seconds'],
      ['1e9', 'unix_seconds'],
      ['017F22E2-79B0-7CC3-18C4-DC0C0C07398F', 'uuid_v7'],
      ['01ARYZ6S41TSV4RRFFQ69G5FAU', 'ulid'],
    ])('%s is not of the syntax of %s', (value, format) => {
      expect(
        FORMAT_TABLE.find((row) => row.format === format)?.read(lex(value), { zone: undefined, disambiguation: 'compatible', nowMs: 0 }),
      ).toBeUndefined();
    });

    it("writes a ULID's randomness in 20 hex digits and a KSUID's payload in 32, leading zeros kept", () => {
      expect(candidateOf('01HF7YAT000000000000000000', 'ulid')?.fields).toEqual({ randomness: '0'.repeat(20) });
      expect(candidateOf('01HF7YAT00000000000000000Z', 'ulid')?.fields).toEqual({ randomness: '0000000000000000001f' });
      expect(candidateOf('2YBXZHqCHEdmhp5sdLmoTEW73NQ', 'ksuid')?.fields).toEqual({ payload: '0'.repeat(32) });
    });

    it('reads sixteen decimal digits as decimal only, and sixteen hex digits with a letter as a FILETIME', () => {
      expect(candidateOf('0123456789012345', 'filetime')?.unix_nanoseconds).toBe(String((123456789012345n - 116444736000000000n) * 100n));
      expect(candidateOf('01D15614CBAEE92C', 'filetime')?.exact).toBe('2016-01-23T19:32:28.70275Z');
    });
  });

  describe('notes', () => {
    it.each([
      ['00000000-0000-0000-0000-000000000000', 'value is the nil UUID, which carries no time'],
      ['FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF', 'value is the max UUID, which carries no time'],
      ['550e8400-e29b-41d4-a716-446655440000', 'value is a version-4 UUID: its bits are random and carry no time'],
      ['6fa459ea-ee8a-3ca4-894e-db77e160355e', 'value is a version-3 UUID: a name-based hash that carries no time'],
      ['886313e1-3b8a-5372-9b90-0c9aee199e5d', 'value is a version-5 UUID: a name-based hash that carries no time'],
      ['017f22e2-79b0-8cc3-98c4-dc0c0c07398f', 'value is a version-8 UUID: its layout is vendor-defined, so no time is read from it'],
      [
        '000003e8-2c2d-21ee-b400-325096b39f47',
        'value is a version-2 (DCE Security) UUID: its low time bits hold a local ID, so no time is read from it',
      ],
      ['017f22e2-79b0-7cc3-c8c4-dc0c0c07398f', 'value is a UUID without the RFC 9562 variant bits, so no time is read from it'],
    ])('%s: %s', (value, note) => {
      expect(identify.execute({ value })).toMatchObject({ candidates: [], notes: [note] });
    });

    it('says a UUID of a version with time, or of one it does not know, is out of range or of no format', () => {
      // A version-7 UUID's 48 bits of milliseconds run past year 9999.
      expect(identify.execute({ value: 'ffffffff-ffff-7fff-bfff-ffffffffffff' })).toMatchObject({
        candidates: [],
        notes: ['value reads as uuid_v7, but not as an instant within years 0001–9999'],
      });
      expect(identify.execute({ value: 'C232AB00-9414-11EC-B3C8-9F6BDECED846', format: 'uuid_v7' }).notes).toEqual([
        'value is not of the syntax of uuid_v7',
      ]);
      expect(identify.execute({ value: '017f22e2-79b0-9cc3-98c4-dc0c0c07398f' }).notes).toEqual([
        expect.stringMatching(/^value matches none of the formats identify reads: /),
      ]);
    });

    it('says when nothing reads the value', () => {
      expect(identify.execute({ value: 'hello world' }).notes[0]).toMatch(/^value matches none of the formats identify reads: /);
      expect(identify.execute({ value: 'hello', format: 'ulid' }).notes).toEqual(['value is not of the syntax of ulid']);
    });

    it('says when the syntax matches but no instant falls in years 0001–9999', () => {
      expect(identify.execute({ value: '9'.repeat(40) })).toMatchObject({
        candidates: [],
        notes: [
          'value reads as unix_seconds, unix_milliseconds, unix_microseconds, unix_nanoseconds, dotnet_ticks, webkit_microseconds, cocoa_seconds, gps_seconds, postgres_microseconds, but not as an instant within years 0001–9999',
        ],
      });
    });

    it('is empty when a reading was found', () => {
      expect(identify.execute({ value: '1700000000' }).notes).toEqual([]);
    });
  });

  it('keeps one reading with format, and refuses a code it does not know', () => {
    expect(identify.execute({ value: '1700000000', format: 'gps_seconds' }).candidates.map((c) => c.format)).toEqual(['gps_seconds']);
    expectDomainError(
      () => identify.execute({ value: '1700000000', format: 'Unix_Seconds' }),
      'FORMAT_UNKNOWN',
      `format must be one of ${IDENTIFY_FORMATS.join(', ')}`,
    );
  });

  it('adds the local time to every candidate with tz', () => {
    const { candidates } = identify.execute({ value: '1700000000', tz: 'asia/kolkata' });
    expect(candidates.length).toBeGreaterThan(3);
    for (const candidate of candidates) expect(candidate.local?.time_zone).toBe('Asia/Kolkata');
    expect(candidates[0]?.local?.iso).toBe('2023-11-15T03:43:20+05:30');
    expectDomainError(() => identify.execute({ value: '1', tz: 'Mars/Olympus' }), 'TZ_UNKNOWN', /^tz must be an IANA time zone/);
  });

  it.each([
    ['', 'VALUE_EMPTY', 'value must not be empty'],
    ['   ', 'VALUE_EMPTY', 'value must not be empty'],
    ['1'.repeat(129), 'VALUE_TOO_LONG', 'value must be at most 128 characters'],
  ] as const)('refuses %j', (value, code, message) => {
    expectDomainError(() => identify.execute({ value }), code, message);
  });

  it('takes 128 characters once trimmed', () => {
    expect(identify.execute({ value: ` ${'1'.repeat(128)} ` }).candidates).toEqual([]);
  });

  it('has one row per format code, in the order of the codes', () => {
    expect(FORMAT_TABLE.map((row) => row.format)).toEqual([...IDENTIFY_FORMATS]);
  });
});

// Contract §3c, "Readings that say what they assumed": a floating reading carries what /to-unix says of that wall time.
describe('IdentifyTimestamp, floating readings in a DST change', () => {
  const toUnix = new ConvertDatetimeToUnix();
  // Europe/Berlin (tzdata): 2024-03-31 02:00 CET springs to 03:00 CEST at 01:00Z; 2024-10-27 03:00 CEST falls
  // back to 02:00 CET at 01:00Z. So 02:30 is skipped in March and happens twice in October.
  const GAP = ['2024-03-31T00:30:00Z', '2024-03-31T01:30:00Z'];
  const OVERLAP = ['2024-10-27T00:30:00Z', '2024-10-27T01:30:00Z'];

  it.each([
    ['2024-03-31 02:30:00', 'gap', GAP, { compatible: GAP[1], earlier: GAP[0], later: GAP[1] }],
    ['2024-03-31T02:30:00', 'gap', GAP, { compatible: GAP[1], earlier: GAP[0], later: GAP[1] }],
    ['2024-03-31 02:30', 'gap', GAP, { compatible: GAP[1], earlier: GAP[0], later: GAP[1] }],
    ['2024-10-27 02:30', 'overlap', OVERLAP, { compatible: OVERLAP[0], earlier: OVERLAP[0], later: OVERLAP[1] }],
    ['2024-10-27T02:30', 'overlap', OVERLAP, { compatible: OVERLAP[0], earlier: OVERLAP[0], later: OVERLAP[1] }],
    ['2024-10-27 02:30:00', 'overlap', OVERLAP, { compatible: OVERLAP[0], earlier: OVERLAP[0], later: OVERLAP[1] }],
  ] as const)('%s in Europe/Berlin is a %s, read per disambiguation', (value, kind, candidates, chosen) => {
    for (const [disambiguation, exact] of Object.entries(chosen)) {
      const answer = identify.execute({ value, tz: 'Europe/Berlin', disambiguation });
      expect(
        answer.candidates.map((candidate) => candidate.format),
        disambiguation,
      ).toEqual(['iso_local']);
      expect(answer.candidates[0], disambiguation).toMatchObject({
        exact,
        fields: { zone_assumed: 'Europe/Berlin' },
        resolution: { kind, disambiguation, candidates },
      });
    }
    // compatible is the default.
    expect(identify.execute({ value, tz: 'Europe/Berlin' }).candidates[0]?.resolution?.disambiguation).toBe('compatible');
  });

  it('writes resolution exactly as /to-unix does for the same wall time, with T or a space', () => {
    for (const [wall, disambiguation] of [
      ['2024-03-31T02:30:00', 'earlier'],
      ['2024-10-27T02:30:00', 'later'],
      ['2024-10-27T02:30:00', 'compatible'],
      ['2024-07-01T12:00:00', 'compatible'],
    ] as const) {
      const expected = toUnix.execute({ datetime: wall, tz: 'Europe/Berlin', disambiguation }).resolution;
      for (const value of [wall, wall.replace('T', ' ')]) {
        const candidate = identify.execute({ value, tz: 'Europe/Berlin', disambiguation }).candidates[0];
        expect(candidate?.resolution, value).toEqual(expected);
      }
    }
  });

  it('gives every floating format a resolution, unique where the wall time occurs once, in UTC without tz', () => {
    const unique = (instant: string) => ({ kind: 'unique', disambiguation: 'compatible', candidates: [instant] });
    expect(identify.execute({ value: '2024-01-01 10:00:00' }).candidates[0]?.resolution).toEqual(unique('2024-01-01T10:00:00Z'));
    // 2024-03-31, 2024-W13-7 and 2024-091 are one day, whose midnight in Berlin is 2024-03-30T23:00:00Z (still CET).
    for (const value of ['2024-03-31', '2024-W13-7', '2024-091']) {
      expect(identify.execute({ value, tz: 'Europe/Berlin' }).candidates[0]?.resolution, value).toEqual(unique('2024-03-30T23:00:00Z'));
    }
    // A value with its own offset is not floating: no resolution.
    expect(identify.execute({ value: '2024-03-31T02:30:00+01:00', tz: 'Europe/Berlin' }).candidates[0]).not.toHaveProperty('resolution');
  });

  it('leaves a floating reading out with reject, and names the gap or overlap and both instants', () => {
    const gap = identify.execute({ value: '2024-03-31 02:30:00', tz: 'Europe/Berlin', disambiguation: 'reject' });
    expect(gap.candidates).toEqual([]);
    expect(gap.notes[0]).toBe(
      'value was left out with disambiguation=reject: 2024-03-31T02:30:00 does not exist in Europe/Berlin: it falls in a gap where clocks skip ahead; earlier gives 2024-03-31T00:30:00Z, later gives 2024-03-31T01:30:00Z',
    );
    expect(gap.notes[0]).toMatch(/reject/);
    expect(gap.notes[0]).toMatch(/gap/);
    for (const instant of GAP) expect(gap.notes[0]).toContain(instant);
    const overlap = identify.execute({ value: '2024-10-27T02:30', tz: 'Europe/Berlin', disambiguation: 'reject' });
    expect(overlap.candidates).toEqual([]);
    expect(overlap.notes[0]).toMatch(/overlap/);
    for (const instant of OVERLAP) expect(overlap.notes[0]).toContain(instant);
    // A wall time that occurs once is kept with reject.
    expect(
      identify.execute({ value: '2024-07-01 12:00', tz: 'Europe/Berlin', disambiguation: 'reject' }).candidates[0]?.resolution,
    ).toEqual({ kind: 'unique', disambiguation: 'reject', candidates: ['2024-07-01T10:00:00Z'] });
  });

  it('refuses another disambiguation, naming it', () => {
    expectDomainError(
      () => identify.execute({ value: '2024-10-27 02:30', tz: 'Europe/Berlin', disambiguation: 'Later' }),
      'DISAMBIGUATION_INVALID',
      /^disambiguation must be one of compatible, earlier, later, reject/,
    );
    expectDomainError(() => identify.execute({ value: '1700000000', disambiguation: '' }), 'DISAMBIGUATION_INVALID', /^disambiguation /);
  });
});

describe('IdentifyTimestamp, what section 3 reads as well', () => {
  it('flags the leap second of 2016 instead of dropping it', () => {
    // IERS Bulletin C 52: a positive leap second at the end of 2016-12-31.
    const { candidates } = identify.execute({ value: '2016-12-31T23:59:60Z' });
    expect(candidates).toHaveLength(1);
    expect(candidates[0]).toMatchObject({ format: 'rfc3339', exact: '2016-12-31T23:59:59Z', leap_second: true });
  });

  it('reads a space where a bare + was sent, and echoes the value as received', () => {
    // A query string value=2024-01-01T10:00:00+05:00 with a bare + arrives as this.
    const offset = identify.execute({ value: '2024-01-01T10:00:00 05:00' });
    expect(offset.input).toBe('2024-01-01T10:00:00 05:00');
    expect(offset.candidates[0]).toMatchObject({ format: 'rfc3339', exact: '2024-01-01T05:00:00Z' });
    const mail = identify.execute({ value: ' Tue, 14 Nov 2023 22:13:20  0100 ' });
    expect(mail.input).toBe(' Tue, 14 Nov 2023 22:13:20  0100 ');
    expect(mail.candidates[0]).toMatchObject({ format: 'rfc5322', exact: '2023-11-14T21:13:20Z' });
  });
});
