import { FixedClock } from '../../../../support/fakes.js';
import { describe, expect, it } from 'vitest';
import { DiffInstants } from '../../../../../src/core/time/use-cases/diff-instants.js';
import { expectDomainError } from '../../../../support/domain-error.js';

const diff = new DiffInstants(new FixedClock(Date.UTC(2026, 10, 22)));

describe('DiffInstants', () => {
  it("gives contract §3d's example: a fall-back day in Berlin is 25 hours and one day", () => {
    expect(diff.execute({ from: '2024-10-26T12:00:00', to: '2024-10-27T12:00:00', tz: 'Europe/Berlin' })).toMatchObject({
      time_zone: 'Europe/Berlin',
      largest_unit: 'years',
      sign: 1,
      seconds: 90_000,
      nanoseconds: '90000000000000',
      exact: 'PT25H',
      calendar: { years: 0, months: 0, weeks: 0, days: 1, hours: 0, minutes: 0, seconds: 0, nanoseconds: 0, iso: 'P1D' },
      human: '1 day',
      source: 'diff',
    });
  });

  it.each([
    // Contract §3d: month ends, forwards and backwards.
    ['2023-01-31T00:00:00Z', '2023-02-28T00:00:00Z', undefined, 'P28D'],
    ['2023-01-31T00:00:00Z', '2023-03-01T00:00:00Z', undefined, 'P1M1D'],
    ['2024-03-31T00:00:00Z', '2024-02-28T00:00:00Z', undefined, '-P1M1D'],
    // Pacific/Apia skipped 2011-12-30 (tzdata): two calendar days, 24 hours.
    ['2011-12-29T12:00:00', '2011-12-31T12:00:00', 'Pacific/Apia', 'P2D'],
    // A spring-forward day is one day too, of 23 hours.
    ['2024-03-30T12:00:00', '2024-03-31T12:00:00', 'Europe/Berlin', 'P1D'],
  ])('from %s to %s in %s is %s', (from, to, tz, iso) => {
    expect(diff.execute({ from, to, ...(tz === undefined ? {} : { tz }) }).calendar.iso).toBe(iso);
  });

  it('counts elapsed time exactly, and floors seconds towards minus infinity', () => {
    expect(diff.execute({ from: '1700000000', to: '1699999998500' })).toMatchObject({
      sign: -1,
      seconds: -2,
      nanoseconds: '-1500000000',
      exact: 'PT-1.5S'.replace('PT-', '-PT'),
      human: '1.5 seconds',
      calendar: { seconds: -1, nanoseconds: -500_000_000, iso: '-PT1.5S' },
    });
    expect(diff.execute({ from: '1700000000000000001', to: '1700000000000000002' })).toMatchObject({
      nanoseconds: '1',
      exact: 'PT0.000000001S',
    });
  });

  it('says a zero difference as 0 seconds, and one second in the singular', () => {
    expect(diff.execute({ from: '0', to: '0' })).toMatchObject({ sign: 0, exact: 'PT0S', human: '0 seconds', calendar: { iso: 'PT0S' } });
    expect(diff.execute({ from: '0', to: '1' }).human).toBe('1 second');
    expect(diff.execute({ from: '2024-01-01T00:00:00Z', to: '2025-02-02T01:01:01Z' }).human).toBe(
      '1 year, 1 month, 1 day, 1 hour, 1 minute, 1 second',
    );
  });

  it('balances up to largest_unit, and refuses another spelling', () => {
    expect(diff.execute({ from: '0', to: '90000', largest_unit: 'minutes' }).calendar.iso).toBe('PT1500M');
    expect(diff.execute({ from: '2024-01-01T00:00:00Z', to: '2024-02-15T00:00:00Z', largest_unit: 'weeks' }).calendar.iso).toBe('P6W3D');
    expectDomainError(
      () => diff.execute({ from: '0', to: '1', largest_unit: 'Years' }),
      'LARGEST_UNIT_INVALID',
      /^largest_unit must be one of/,
    );
  });

  it('reads the zone from a bracket, reads a local operand there, and refuses two zones naming both', () => {
    expect(diff.execute({ from: '2024-10-26T12:00:00[Europe/Berlin]', to: '2024-10-27T12:00:00' })).toMatchObject({
      time_zone: 'Europe/Berlin',
      exact: 'PT25H',
    });
    expectDomainError(
      () => diff.execute({ from: '2024-01-01T00:00:00[Europe/Berlin]', to: '2024-01-01T00:00:00[Asia/Tokyo]' }),
      'DATETIME_ZONE_MISMATCH',
      'from names the zone Europe/Berlin but to names Asia/Tokyo; give one zone, in tz or in both',
    );
    expectDomainError(
      () => diff.execute({ from: '2024-01-01T00:00:00[Europe/Berlin]', to: '0', tz: 'Asia/Tokyo' }),
      'DATETIME_ZONE_MISMATCH',
      /^from names the zone Europe\/Berlin but tz names Asia\/Tokyo/,
    );
  });

  it('shows each operand as to-utc or to-unix answers for it, with exact', () => {
    const answer = diff.execute({ from: '1700000000123456789', to: '2024-01-01T00:00:00.5Z', tz: 'UTC' });
    expect(answer.from).toMatchObject({
      input: '1700000000123456789',
      detected_unit: 'nanoseconds',
      exact: '2023-11-14T22:13:20.123456789Z',
    });
    expect(answer.from).not.toHaveProperty('source');
    expect(answer.to).toMatchObject({ input: '2024-01-01T00:00:00.5Z', exact: '2024-01-01T00:00:00.5Z', resolution: { kind: 'unique' } });
  });

  it('names the operand a refusal is about', () => {
    expectDomainError(
      () => diff.execute({ from: '0', to: '2023-02-29T00:00:00Z' }),
      'DATETIME_IMPOSSIBLE',
      'to has an impossible date: 2023-02-29',
    );
    expectDomainError(() => diff.execute({ from: '99999999999999999999999', to: '0' }), 'TIMESTAMP_OUT_OF_RANGE', /^from is out of range/);
    expectDomainError(
      () => diff.execute({ from: '2024-01-01T00:00:00', to: '0' }),
      'DATETIME_MISSING_ZONE',
      /^from must end with a time zone/,
    );
    expectDomainError(() => diff.execute({ from: '0', to: '1', unit: 'weeks' }), 'UNIT_INVALID', /^unit must be one of/);
  });
});

describe('DiffInstants, unit by unit', () => {
  it('says every unit in the plural but one, and carries milli-, micro- and nanoseconds in calendar.nanoseconds', () => {
    expect(diff.execute({ from: '2024-01-01T00:00:00Z', to: '2026-03-03T02:02:02.002003004Z' })).toMatchObject({
      human: '2 years, 2 months, 2 days, 2 hours, 2 minutes, 2.002003004 seconds',
      calendar: { years: 2, months: 2, days: 2, hours: 2, minutes: 2, seconds: 2, nanoseconds: 2_003_004 },
    });
    expect(diff.execute({ from: '0', to: String(14 * 86_400) }).human).toBe('14 days');
    expect(diff.execute({ from: '0', to: String(14 * 86_400), largest_unit: 'weeks' }).human).toBe('2 weeks');
    expect(diff.execute({ from: '1970-01-01T00:00:00Z', to: '1970-01-02T00:00:00.5Z' }).human).toBe('1 day, 0.5 seconds');
  });

  it('refuses an unknown unit even when both operands are date-times', () => {
    expectDomainError(
      () => diff.execute({ from: '2024-01-01T00:00:00Z', to: '2024-01-02T00:00:00Z', unit: 'weeks' }),
      'UNIT_INVALID',
      'unit must be one of seconds, milliseconds, microseconds, nanoseconds',
    );
  });

  it('refuses an unknown disambiguation even when no operand is a wall-clock time, and reads the same zone twice as one', () => {
    expectDomainError(
      () => diff.execute({ from: '0', to: '1', disambiguation: 'sometimes' }),
      'DISAMBIGUATION_INVALID',
      /^disambiguation must be one of/,
    );
    expect(diff.execute({ from: '2024-01-01T00:00:00[Europe/Berlin]', to: '2024-01-02T00:00:00[europe/berlin]' }).time_zone).toBe(
      'Europe/Berlin',
    );
  });

  it('names the operand whose bracketed zone is unknown', () => {
    expectDomainError(
      () => diff.execute({ from: '0', to: '2024-01-01T00:00:00[Mars/Olympus]' }),
      'TZ_UNKNOWN',
      /^to must be an IANA time zone/,
    );
  });
});

// Contract §3d, "A date-time operand reads what identify reads".
describe('DiffInstants, operands written as text', () => {
  /** Nanoseconds since 1970 of a `YYYY-MM-DDTHH:MM:SS[.f]Z`: Date for the seconds, the fraction's digits as written. */
  const nsOf = (exact: string): bigint => {
    const fraction = /\.(\d+)Z$/.exec(exact)?.[1] ?? '';
    return BigInt(Date.parse(`${exact.slice(0, 19)}Z`)) * 1_000_000n + BigInt(fraction.padEnd(9, '0'));
  };

  it("gives the contract's example: an HTTP-date to a wall clock in Berlin is PT1H", () => {
    const answer = diff.execute({ from: 'Tue, 14 Nov 2023 22:13:20 GMT', to: '2023-11-15 00:13:20', tz: 'Europe/Berlin' });
    expect(answer).toMatchObject({ exact: 'PT1H', seconds: 3600, time_zone: 'Europe/Berlin' });
    expect(answer.from).toMatchObject({ input: 'Tue, 14 Nov 2023 22:13:20 GMT', format: 'rfc5322', exact: '2023-11-14T22:13:20Z' });
    expect(answer.from).not.toHaveProperty('resolution');
    expect(answer.to).toMatchObject({
      input: '2023-11-15 00:13:20',
      format: 'iso_local',
      exact: '2023-11-14T23:13:20Z',
      resolution: { kind: 'unique', disambiguation: 'compatible', candidates: ['2023-11-14T23:13:20Z'] },
    });
  });

  it.each([
    ['Tue, 14 Nov 2023 22:13:20 GMT', '2024-01-01 10:00:00.123456+00:00', '2023-11-14T22:13:20Z', '2024-01-01T10:00:00.123456Z'],
    // A CLF time in brackets is an instant, never a zone, in either place.
    ['[10/Oct/2000:13:55:36 -0700]', '[10/Oct/2000:14:55:36 -0700]', '2000-10-10T20:55:36Z', '2000-10-10T21:55:36Z'],
    ['0', '[10/Oct/2000:13:55:36 -0700]', '1970-01-01T00:00:00Z', '2000-10-10T20:55:36Z'],
  ])('from %s to %s', (from, to, fromExact, toExact) => {
    const answer = diff.execute({ from, to });
    expect(answer.from.exact).toBe(fromExact);
    expect(answer.to.exact).toBe(toExact);
    expect(BigInt(answer.nanoseconds)).toBe(nsOf(toExact) - nsOf(fromExact));
    expect(answer.time_zone).toBe('UTC');
  });

  it('reads a floating text operand in the zone another operand brackets, and carries its resolution', () => {
    const answer = diff.execute({ from: '2024-10-26T12:00:00[Europe/Berlin]', to: '2024-10-27 02:30', disambiguation: 'later' });
    expect(answer.to).toMatchObject({
      format: 'iso_local',
      exact: '2024-10-27T01:30:00Z',
      resolution: { kind: 'overlap', disambiguation: 'later', candidates: ['2024-10-27T00:30:00Z', '2024-10-27T01:30:00Z'] },
    });
  });

  it('refuses a floating text operand with no zone, naming it', () => {
    expectDomainError(
      () => diff.execute({ from: 'Tue, 14 Nov 2023 22:13:20 GMT', to: '2023-11-15 00:13:20' }),
      'DATETIME_MISSING_ZONE',
      /^to .*\btz\b/,
    );
  });

  it('refuses a floating text operand in a gap with reject, naming it and both instants', () => {
    expectDomainError(
      () => diff.execute({ from: '0', to: '2024-03-31 02:30:00', tz: 'Europe/Berlin', disambiguation: 'reject' }),
      'DATETIME_SKIPPED',
      /^to .*gap.*2024-03-31T00:30:00Z.*2024-03-31T01:30:00Z/,
    );
  });

  it("refuses what nothing reads with /to-unix's refusal naming the operand, then the near-miss note", () => {
    expectDomainError(
      () => diff.execute({ from: '2023-02-29 10:00:00', to: '0' }),
      'DATETIME_INVALID',
      /^from must be an RFC 3339 date-time.*; .*iso_local.*2023-02-29/,
    );
    expectDomainError(
      () => diff.execute({ from: '0', to: '2024-W53-1' }),
      'DATETIME_INVALID',
      /^to must be an RFC 3339 date-time.*; .*iso_week_date.*2024-W53/,
    );
    expectDomainError(() => diff.execute({ from: '0', to: 'next tuesday' }), 'DATETIME_INVALID', /^to must be an RFC 3339 date-time/);
  });
});
