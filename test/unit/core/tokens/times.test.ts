import { describe, expect, it } from 'vitest';
import { tokenTime } from '../../../../src/core/tokens/times.js';

const NS = 1_000_000_000n;

describe('tokenTime', () => {
  it('gives utc, exact and unix_nanoseconds, unauthenticated', () => {
    expect(tokenTime('issued_at', 499_162_800n * NS, false, undefined)).toEqual({
      name: 'issued_at',
      utc: { iso: '1985-10-26T08:20:00Z', unix_seconds: 499_162_800, unix_milliseconds: 499_162_800_000 },
      exact: '1985-10-26T08:20:00Z',
      unix_nanoseconds: '499162800000000000',
      authenticated: false,
    });
  });

  it('keeps the fraction in exact', () => {
    expect(tokenTime('exp', 1_500_000_000n * NS + 120_000_000n, true, undefined)).toMatchObject({
      exact: '2017-07-14T02:40:00.12Z',
      authenticated: true,
    });
  });

  it('adds the local time in a zone', () => {
    expect(tokenTime('signed_at', 499_162_800n * NS, false, 'America/Los_Angeles')?.local).toMatchObject({
      iso: '1985-10-26T01:20:00-07:00',
      time_zone: 'America/Los_Angeles',
    });
  });

  it.each([
    ['after year 9999', 253_402_300_800n * NS],
    ['before year 0001', -62_135_596_801n * NS],
  ])('is undefined %s', (_, unixNs) => {
    expect(tokenTime('signed_at', unixNs, false, undefined)).toBeUndefined();
  });

  it('keeps the first and last seconds of the range', () => {
    expect(tokenTime('a', -62_135_596_800n * NS, false, undefined)?.exact).toBe('0001-01-01T00:00:00Z');
    expect(tokenTime('a', 253_402_300_799n * NS, false, undefined)?.exact).toBe('9999-12-31T23:59:59Z');
  });
});
