import { FixedClock } from '../../../../support/fakes.js';
import { describe, expect, it } from 'vitest';
import { AddDuration, DURATION_LIMITS } from '../../../../../src/core/time/use-cases/add-duration.js';
import { expectDomainError } from '../../../../support/domain-error.js';

const add = new AddDuration(new FixedClock(Date.UTC(2026, 10, 22)));
const BERLIN_SATURDAY = '2024-03-30T12:00:00+01:00[Europe/Berlin]';

describe('AddDuration', () => {
  it("gives contract §3d's example: P1D across spring-forward is 23 hours, PT24H is 24", () => {
    expect(add.execute({ from: BERLIN_SATURDAY, duration: 'P1D' })).toMatchObject({
      duration: 'P1D',
      time_zone: 'Europe/Berlin',
      result: {
        exact: '2024-03-31T10:00:00Z',
        local: { iso: '2024-03-31T12:00:00+02:00' },
        resolution: { kind: 'unique', disambiguation: 'compatible', candidates: ['2024-03-31T10:00:00Z'] },
      },
      source: 'add',
    });
    const exact = add.execute({ from: BERLIN_SATURDAY, duration: 'PT24H' });
    expect(exact.result).toMatchObject({ exact: '2024-03-31T11:00:00Z', local: { iso: '2024-03-31T13:00:00+02:00' } });
    expect(exact.result).not.toHaveProperty('resolution');
  });

  it.each([
    // Contract §3d: month-end overflow, constrained.
    ['2024-01-31T00:00:00Z', 'P1M', '2024-02-29T00:00:00Z'],
    ['2023-01-31T00:00:00Z', 'P1M', '2023-02-28T00:00:00Z'],
    ['2024-02-29T00:00:00Z', 'P1Y', '2025-02-28T00:00:00Z'],
    ['2024-01-01T00:00:00Z', '-P1DT2H', '2023-12-30T22:00:00Z'],
    ['1700000000', 'PT1.5S', '2023-11-14T22:13:21.5Z'],
    ['1700000000', 'pt1,25s', '2023-11-14T22:13:21.25Z'],
    ['1700000000', 'P1W', '2023-11-21T22:13:20Z'],
  ])('%s plus %s is %s', (from, duration, exact) => {
    expect(add.execute({ from, duration }).result.exact).toBe(exact);
  });

  it('rewrites the duration as Temporal writes it, never rebalanced', () => {
    for (const [given, written] of [
      ['p1w', 'P1W'],
      ['+P1D', 'P1D'],
      ['P0D', 'PT0S'],
      ['-PT1.50S', '-PT1.5S'],
      ['PT36H', 'PT36H'],
    ]) {
      expect(add.execute({ from: '0', duration: given ?? '' }).duration).toBe(written);
    }
  });

  it('refuses a missing day with overflow=reject, naming it', () => {
    expectDomainError(
      () => add.execute({ from: '2023-01-31T00:00:00Z', duration: 'P1M', overflow: 'reject' }),
      'DATE_MISSING',
      "the sum's date 2023-02-31 does not exist, and overflow is reject; constrain gives the month's last day",
    );
    expectDomainError(
      () => add.execute({ from: '0', duration: 'P1D', overflow: 'wrap' }),
      'OVERFLOW_INVALID',
      'overflow must be one of constrain, reject',
    );
  });

  it("takes the month's last day with overflow=reject, and names a missing date before year 0001 as it is", () => {
    expect(add.execute({ from: '2024-01-29T00:00:00Z', duration: 'P1M', overflow: 'reject' }).result.exact).toBe('2024-02-29T00:00:00Z');
    // The date of step 2 is named before the range of the result is checked: year 0000 has a 29 February, not a 31st.
    expectDomainError(
      () => add.execute({ from: '0001-03-31T00:00:00Z', duration: '-P1Y1M', overflow: 'reject' }),
      'DATE_MISSING',
      "the sum's date 0000-02-31 does not exist, and overflow is reject; constrain gives the month's last day",
    );
    // Without its sign, year -1 would read as year 1.
    expectDomainError(
      () => add.execute({ from: '0001-01-31T00:00:00Z', duration: '-P1Y2M', overflow: 'reject' }),
      'DATE_MISSING',
      "the sum's date -0001-11-31 does not exist, and overflow is reject; constrain gives the month's last day",
    );
  });

  it('refuses an unknown unit even when from is a date-time', () => {
    expectDomainError(
      () => add.execute({ from: '2024-01-01T00:00:00Z', duration: 'P1D', unit: 'weeks' }),
      'UNIT_INVALID',
      'unit must be one of seconds, milliseconds, microseconds, nanoseconds',
    );
  });

  it('reads the wall clock of the sum with disambiguation, and refuses a gap with reject, naming both instants', () => {
    // 2024-03-30T02:30 in Berlin plus a day is 02:30 on the spring-forward night: a gap.
    const from = '2024-03-30T02:30:00+01:00[Europe/Berlin]';
    expect(add.execute({ from, duration: 'P1D' }).result).toMatchObject({
      exact: '2024-03-31T01:30:00Z',
      resolution: { kind: 'gap', candidates: ['2024-03-31T00:30:00Z', '2024-03-31T01:30:00Z'] },
    });
    expect(add.execute({ from, duration: 'P1D', disambiguation: 'earlier' }).result.exact).toBe('2024-03-31T00:30:00Z');
    expectDomainError(
      () => add.execute({ from, duration: 'P1D', disambiguation: 'reject' }),
      'DATETIME_SKIPPED',
      /^the sum's wall-clock time 2024-03-31T02:30:00 does not exist in Europe\/Berlin: .*earlier gives 2024-03-31T00:30:00Z, later gives 2024-03-31T01:30:00Z$/,
    );
    // The wall-clock time is named to the second, as the candidates are.
    expectDomainError(
      () => add.execute({ from: '2024-03-30T02:30:00.5+01:00[Europe/Berlin]', duration: 'P1D', disambiguation: 'reject' }),
      'DATETIME_SKIPPED',
      "the sum's wall-clock time 2024-03-31T02:30:00 does not exist in Europe/Berlin: it falls in a gap where clocks skip ahead; earlier gives 2024-03-31T00:30:00Z, later gives 2024-03-31T01:30:00Z",
    );
  });

  it('reads a sum with reject where its wall-clock time is unique', () => {
    expect(add.execute({ from: BERLIN_SATURDAY, duration: 'P1D', disambiguation: 'reject' }).result).toMatchObject({
      exact: '2024-03-31T10:00:00Z',
      resolution: { kind: 'unique', disambiguation: 'reject', candidates: ['2024-03-31T10:00:00Z'] },
    });
  });

  it.each([
    ['', /it is empty$/],
    ['P', /it names no unit$/],
    ['PT', /it names no unit$/],
    ['P1DT', /T must be followed by hours, minutes or seconds$/],
    ['P1H', /units come in the order/],
    ['P1.5D', /units come in the order/],
    ['PT1.1234567891S', /units come in the order/],
    ['1D', /units come in the order/],
    ['P-1D', /units come in the order/],
  ])('refuses the duration %j', (duration, detail) => {
    expectDomainError(() => add.execute({ from: '0', duration }), 'DURATION_INVALID', detail);
  });

  it('bounds every unit by its count in 10,000 years, and refuses a result outside 0001–9999', () => {
    // At its limit a count is read, and its sum is then too far; one more is refused as too long.
    expectDomainError(() => add.execute({ from: '0', duration: `P${DURATION_LIMITS.days}D` }), 'RESULT_OUT_OF_RANGE', /out of range/);
    expectDomainError(
      () => add.execute({ from: '0', duration: `P${DURATION_LIMITS.days + 1n}D` }),
      'DURATION_TOO_LONG',
      /at most 3,660,000 days/,
    );
    expect(add.execute({ from: '0001-01-01T00:00:00Z', duration: 'P9998Y' }).result.exact).toBe('9999-01-01T00:00:00Z');
    expectDomainError(
      () => add.execute({ from: '0', duration: `PT${DURATION_LIMITS.seconds + 1n}S` }),
      'DURATION_TOO_LONG',
      /^duration is too long/,
    );
    expectDomainError(() => add.execute({ from: '0', duration: 'P10000Y' }), 'RESULT_OUT_OF_RANGE', /^the result is out of range/);
  });
});

describe('AddDuration, unit by unit', () => {
  it.each(Object.entries(DURATION_LIMITS))('takes at most %s %s', (unit, limit) => {
    const letter = { years: 'Y', months: 'M', weeks: 'W', days: 'D', hours: 'H', minutes: 'M', seconds: 'S' }[unit] ?? '';
    const time = ['hours', 'minutes', 'seconds'].includes(unit) ? 'T' : '';
    const at = (count: bigint) => () => add.execute({ from: '0', duration: `P${time}${count}${letter}` });
    // At its limit a count is read (and its sum is out of range); one more is too long.
    expectDomainError(at(limit), 'RESULT_OUT_OF_RANGE', /out of range/);
    expectDomainError(at(limit + 1n), 'DURATION_TOO_LONG', /^duration is too long/);
  });

  it('splits a fraction of a second into its milli-, micro- and nanoseconds', () => {
    expect(add.execute({ from: '0', duration: 'PT0.123456789S' })).toMatchObject({
      duration: 'PT0.123456789S',
      result: { exact: '1970-01-01T00:00:00.123456789Z' },
    });
  });

  it('moves months across years and backwards, and shows local time only with a zone', () => {
    expect(add.execute({ from: '2024-03-31T00:00:00Z', duration: '-P1M' }).result.exact).toBe('2024-02-29T00:00:00Z');
    expect(add.execute({ from: '2023-12-31T00:00:00Z', duration: 'P13M' }).result.exact).toBe('2025-01-31T00:00:00Z');
    expect(add.execute({ from: '2024-01-15T00:00:00Z', duration: '-P1Y1M' }).result.exact).toBe('2022-12-15T00:00:00Z');
    const utc = add.execute({ from: '1700000000', duration: 'P1D' });
    expect(utc.time_zone).toBe('UTC');
    expect(utc.result).not.toHaveProperty('local');
    expect(utc.result.resolution).toEqual({ kind: 'unique', disambiguation: 'compatible', candidates: ['2023-11-15T22:13:20Z'] });
  });

  it('reads a sum that falls in an overlap with disambiguation, and refuses it with reject, naming both', () => {
    // 02:30 on 2024-10-27 happened twice in Berlin.
    const from = '2024-10-26T02:30:00+02:00[Europe/Berlin]';
    expect(add.execute({ from, duration: 'P1D' }).result).toMatchObject({
      exact: '2024-10-27T00:30:00Z',
      resolution: { kind: 'overlap', candidates: ['2024-10-27T00:30:00Z', '2024-10-27T01:30:00Z'] },
    });
    expect(add.execute({ from, duration: 'P1D', disambiguation: 'later' }).result.exact).toBe('2024-10-27T01:30:00Z');
    expectDomainError(
      () => add.execute({ from, duration: 'P1DT1H', disambiguation: 'reject' }),
      'DATETIME_REPEATED',
      /^the sum's wall-clock time 2024-10-27T02:30:00 is ambiguous in Europe\/Berlin: .*earlier gives 2024-10-27T01:30:00Z, later gives 2024-10-27T02:30:00Z$/,
    );
  });
});

describe('AddDuration, the duration as given', () => {
  it('reads a duration with surrounding whitespace', () => {
    expect(add.execute({ from: '0', duration: '  P1D\n' }).duration).toBe('P1D');
  });
});

// Contract §3d, "A date-time operand reads what identify reads".
describe('AddDuration, from written as text', () => {
  it.each([
    ['Tue, 14 Nov 2023 22:13:20 GMT', 'rfc5322', '2023-11-15T22:13:20Z'],
    ['2024-01-01 10:00:00.123456+00:00', 'rfc3339', '2024-01-02T10:00:00.123456Z'],
    ['[10/Oct/2000:13:55:36 -0700]', 'clf', '2000-10-11T20:55:36Z'],
  ])('adds P1D to %s, read as %s', (from, code, exact) => {
    const answer = add.execute({ from, duration: 'P1D' });
    expect(answer.from).toMatchObject({ input: from, format: code });
    expect(answer.result.exact).toBe(exact);
  });

  it('reads a floating text from in tz and carries its resolution', () => {
    const answer = add.execute({ from: '2024-03-31 02:30:00', duration: 'PT0S', tz: 'Europe/Berlin', disambiguation: 'earlier' });
    expect(answer.from).toMatchObject({
      format: 'iso_local',
      exact: '2024-03-31T00:30:00Z',
      resolution: { kind: 'gap', disambiguation: 'earlier', candidates: ['2024-03-31T00:30:00Z', '2024-03-31T01:30:00Z'] },
    });
    expect(answer.result.exact).toBe('2024-03-31T00:30:00Z');
  });

  it('refuses a floating text from with no zone, and one nothing reads, naming from', () => {
    expectDomainError(() => add.execute({ from: '2024-01-01 10:00', duration: 'P1D' }), 'DATETIME_MISSING_ZONE', /^from .*\btz\b/);
    expectDomainError(
      () => add.execute({ from: '2023-02-29 10:00:00', duration: 'P1D' }),
      'DATETIME_INVALID',
      /^from must be an RFC 3339 date-time.*; .*iso_local.*2023-02-29/,
    );
  });
});
