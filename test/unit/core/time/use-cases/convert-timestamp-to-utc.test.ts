import { describe, expect, it } from 'vitest';
import { ConvertTimestampToUtc, detectUnit } from '../../../../../src/core/time/use-cases/convert-timestamp-to-utc.js';
import { expectDomainError } from '../../../../support/domain-error.js';

const convert = new ConvertTimestampToUtc();
const NOT_INTEGER = 'timestamp must be a decimal integer (an optional sign and digits)';
const OUT_OF_RANGE = 'timestamp is out of range: the instant must fall between 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z';

describe('ConvertTimestampToUtc', () => {
  describe('detects the unit from the absolute value, on both sides of each threshold', () => {
    it.each([
      ['0', 'seconds', '1970-01-01T00:00:00Z', 0, 0],
      ['99999999999', 'seconds', '5138-11-16T09:46:39Z', 99_999_999_999, 99_999_999_999_000],
      ['100000000000', 'milliseconds', '1973-03-03T09:46:40Z', 100_000_000, 100_000_000_000],
      ['-100000000000', 'milliseconds', '1966-10-31T14:13:20Z', -100_000_000, -100_000_000_000],
      ['99999999999999', 'milliseconds', '5138-11-16T09:46:39Z', 99_999_999_999, 99_999_999_999_999],
      ['100000000000000', 'microseconds', '1973-03-03T09:46:40Z', 100_000_000, 100_000_000_000],
      ['99999999999999999', 'microseconds', '5138-11-16T09:46:39Z', 99_999_999_999, 99_999_999_999_999],
      ['100000000000000000', 'nanoseconds', '1973-03-03T09:46:40Z', 100_000_000, 100_000_000_000],
      ['1700000000', 'seconds', '2023-11-14T22:13:20Z', 1_700_000_000, 1_700_000_000_000],
      ['1700000000123', 'milliseconds', '2023-11-14T22:13:20Z', 1_700_000_000, 1_700_000_000_123],
      ['1700000000123456', 'microseconds', '2023-11-14T22:13:20Z', 1_700_000_000, 1_700_000_000_123],
      ['1700000000123456789', 'nanoseconds', '2023-11-14T22:13:20Z', 1_700_000_000, 1_700_000_000_123],
    ])('%s is %s', (timestamp, unit, iso, seconds, millis) => {
      expect(convert.execute({ timestamp })).toEqual({
        input: timestamp,
        detected_unit: unit,
        utc: { iso, unix_seconds: seconds, unix_milliseconds: millis },
        source: 'datetime_utc',
      });
    });
  });

  it.each([
    [-99_999_999_999n, 'seconds'],
    [-100_000_000_000n, 'milliseconds'],
    [-99_999_999_999_999n, 'milliseconds'],
    [-100_000_000_000_000n, 'microseconds'],
    [-99_999_999_999_999_999n, 'microseconds'],
    [-100_000_000_000_000_000n, 'nanoseconds'],
  ])('detects %s as %s by its absolute value', (value, unit) => {
    expect(detectUnit(value)).toBe(unit);
  });

  describe('floors towards minus infinity before 1970', () => {
    it.each([
      ['-1500', 'milliseconds', '1969-12-31T23:59:58Z', -2, -1500],
      ['-1', 'milliseconds', '1969-12-31T23:59:59Z', -1, -1],
      ['-1', 'microseconds', '1969-12-31T23:59:59Z', -1, -1],
      ['-1', 'nanoseconds', '1969-12-31T23:59:59Z', -1, -1],
      ['-1000000', 'nanoseconds', '1969-12-31T23:59:59Z', -1, -1],
      ['-1000001', 'nanoseconds', '1969-12-31T23:59:59Z', -1, -2],
      ['1999', 'milliseconds', '1970-01-01T00:00:01Z', 1, 1999],
      ['-1', 'seconds', '1969-12-31T23:59:59Z', -1, -1000],
    ])('%s %s is %s', (timestamp, unit, iso, seconds, millis) => {
      expect(convert.execute({ timestamp, unit }).utc).toEqual({ iso, unix_seconds: seconds, unix_milliseconds: millis });
    });
  });

  it('keeps every digit of a 19-digit nanosecond value', () => {
    const result = convert.execute({ timestamp: '-1234567890987654321' });
    expect(result.detected_unit).toBe('nanoseconds');
    expect(result.utc.unix_milliseconds).toBe(-1_234_567_890_988);
    expect(result.utc.unix_seconds).toBe(-1_234_567_891);
  });

  it('echoes an explicit unit and skips detection', () => {
    expect(convert.execute({ timestamp: '253402300799', unit: 'seconds' })).toMatchObject({
      detected_unit: 'seconds',
      utc: { iso: '9999-12-31T23:59:59Z', unix_seconds: 253_402_300_799 },
    });
    expect(convert.execute({ timestamp: '5', unit: 'nanoseconds' }).detected_unit).toBe('nanoseconds');
  });

  describe('accepts the bounds of years 0001 and 9999 and nothing beyond', () => {
    it.each([
      ['-62135596800', 'seconds', '0001-01-01T00:00:00Z'],
      ['253402300799', 'seconds', '9999-12-31T23:59:59Z'],
      ['-62135596800000', 'milliseconds', '0001-01-01T00:00:00Z'],
      ['253402300799999', 'milliseconds', '9999-12-31T23:59:59Z'],
      ['253402300799999999', 'microseconds', '9999-12-31T23:59:59Z'],
      ['253402300799999999999', 'nanoseconds', '9999-12-31T23:59:59Z'],
    ])('accepts %s %s', (timestamp, unit, iso) => {
      expect(convert.execute({ timestamp, unit }).utc.iso).toBe(iso);
    });

    it.each([
      ['-62135596801', 'seconds'],
      ['253402300800', 'seconds'],
      ['-62135596800001', 'milliseconds'],
      ['253402300800000', 'milliseconds'],
      ['-62135596800000001', 'microseconds'],
      ['253402300800000000000', 'nanoseconds'],
      ['9'.repeat(400), undefined],
      ['-' + '9'.repeat(30), undefined],
    ])('rejects %s %s as out of range', (timestamp, unit) => {
      expectDomainError(() => convert.execute({ timestamp, unit }), 'TIMESTAMP_OUT_OF_RANGE', OUT_OF_RANGE);
    });
  });

  it('ignores surrounding whitespace and a plus sign, but echoes the input as received', () => {
    expect(convert.execute({ timestamp: ' +42\t' })).toMatchObject({ input: ' +42\t', utc: { unix_seconds: 42 } });
    expect(convert.execute({ timestamp: '0000000042' }).utc.unix_seconds).toBe(42);
  });

  it.each(['1.5', '1e9', '1E9', '0x10', 'NaN', 'Infinity', '-Infinity', '12abc', '1 2', '-', '+', '--1', '+-1', '١٢', '1_000', '0b1'])(
    'rejects %j as not a decimal integer',
    (timestamp) => {
      expectDomainError(() => convert.execute({ timestamp }), 'TIMESTAMP_INVALID', NOT_INTEGER);
    },
  );

  it.each(['', '   '])('rejects the empty value %j', (timestamp) => {
    expectDomainError(() => convert.execute({ timestamp }), 'TIMESTAMP_INVALID', 'timestamp must not be empty');
  });

  it.each(['SECONDS', 'days', '', 's', 'ms'])('rejects the unit %j', (unit) => {
    expectDomainError(
      () => convert.execute({ timestamp: '1', unit }),
      'UNIT_INVALID',
      'unit must be one of seconds, milliseconds, microseconds, nanoseconds',
    );
  });
});

describe('ConvertTimestampToUtc, leading zeros', () => {
  it.each([`${'0'.repeat(30)}1`, `+${'0'.repeat(30)}1`, `-${'0'.repeat(30)}1`])('reads %s by its significant digits', (timestamp) => {
    const result = convert.execute({ timestamp });
    expect(result.utc.unix_seconds).toBe(timestamp.startsWith('-') ? -1 : 1);
  });
});
