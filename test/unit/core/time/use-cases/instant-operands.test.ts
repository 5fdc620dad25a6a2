import { describe, expect, it } from 'vitest';
import { readOperand, requestZone } from '../../../../../src/core/time/use-cases/instant-operands.js';
import { expectDomainError } from '../../../../support/domain-error.js';

// Contract §3d, "Reading an instant" and "A date-time operand reads what identify reads".
const options = { nowMs: Date.UTC(2026, 10, 22) };
const RANGE = 'between 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z';
const NOT_RFC3339 = 'must be an RFC 3339 date-time such as 2024-05-01T12:30:00Z or 2024-05-01T14:30:00+02:00';

describe('requestZone', () => {
  it('finds the zone an operand brackets once it is trimmed', () => {
    expect(requestZone(undefined, { from: ' 2024-03-31T12:00:00[Europe/Berlin] ', to: '0' })).toBe('Europe/Berlin');
  });
});

describe('readOperand', () => {
  it('reads a timestamp with surrounding whitespace as a timestamp', () => {
    const { body, unixNs } = readOperand('from', ' 1700000000 ', undefined, options);
    expect(body).toMatchObject({ input: ' 1700000000 ', detected_unit: 'seconds', exact: '2023-11-14T22:13:20Z' });
    expect(unixNs).toBe(1_700_000_000_000_000_000n);
  });

  it('reads an RFC 3339 date-time with surrounding whitespace as /to-unix does, not as a text format', () => {
    const { body } = readOperand('to', ' 2024-01-01T00:00:00Z ', undefined, options);
    expect(body).toMatchObject({ input: ' 2024-01-01T00:00:00Z ', exact: '2024-01-01T00:00:00Z' });
    expect(body).not.toHaveProperty('format');
  });

  it('reads a date written as text once it is trimmed', () => {
    const { body, unixNs } = readOperand('from', ' Tue, 14 Nov 2023 22:13:20 GMT ', 'Europe/Berlin', options);
    expect(body).toMatchObject({ format: 'rfc5322', exact: '2023-11-14T22:13:20Z', local: { iso: '2023-11-14T23:13:20+01:00' } });
    expect(unixNs).toBe(1_700_000_000_000_000_000n);
  });

  it("refuses text that nothing reads with /to-unix's refusal alone, naming the operand", () => {
    expectDomainError(() => readOperand('to', 'next tuesday', undefined, options), 'DATETIME_INVALID', `to ${NOT_RFC3339}`);
  });

  it("refuses what /to-unix refuses in an RFC 3339 shape with its refusal, then identify's near-miss note", () => {
    // A bracket that names no zone: /to-unix refuses it as not RFC 3339, and identify's rfc9557 comes close.
    expectDomainError(
      () => readOperand('from', '2024-01-01T00:00:00Z[u-ca=gregory]', undefined, options),
      'DATETIME_INVALID',
      'from may carry only a time zone in brackets, such as [Europe/Berlin]; from reads as rfc9557, but its zone [u-ca=gregory] is not an IANA time zone',
    );
  });

  it.each([
    ['1 Jan 0001 00:00:00 +0100', '0000-12-31T23:00:00Z'],
    ['31 Dec 9999 23:59:59 -0100', '10000-01-01T00:59:59Z'],
  ])('refuses a date written as text whose instant is outside 0001–9999: %s is %s', (text) => {
    expectDomainError(
      () => readOperand('to', text, undefined, options),
      'DATETIME_OUT_OF_RANGE',
      `to is out of range: the UTC instant must fall ${RANGE}`,
    );
  });
});
