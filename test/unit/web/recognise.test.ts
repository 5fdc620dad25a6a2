import { describe, expect, it } from 'vitest';
import { recognise } from '../../../web/src/recognise.js';

const JWS = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln';
const JWE = 'eyJhbGciOiJkaXIiLCJlbmMiOiJBMTI4R0NNIn0..aXY.Y3Q.dGFn';

describe('recognise', () => {
  it.each([
    ['', 'empty'],
    ['   \n', 'empty'],
    [JWS, 'token'],
    [`Bearer ${JWS}`, 'token'],
    [`  ${JWS}\n`, 'token'],
    [`${JWS.slice(0, -5)}.`, 'token'],
    [JWE, 'token'],
    [`${JWS}~WyJzYWx0IiwibmFtZSIsInZhbHVlIl0~`, 'token'],
    ['{"payload":"e30","signatures":[]}', 'token'],
    ['1700000000', 'value'],
    ['1700000000.5', 'value'],
    ['-1500', 'value'],
    ['017F22E2-79B0-7CC3-98C4-DC0C0C07398F', 'value'],
    ['01ARYZ6S41TSV4RRFFQ69G5FAV', 'value'],
    ['a.b.c', 'value'],
    ['eyJ.eyJ', 'value'],
    ['eyJ.e+J.x', 'value'],
    // Every date, however written, is a value: identify, the service's one reader, says what it is (issue 45).
    ['2024-03-31T12:00:00Z', 'value'],
    ['2024-03-31T12:00:00[Europe/Berlin]', 'value'],
    ['2024-01-01 10:00:00', 'value'],
    ['Tue, 14 Nov 2023 22:13:20 GMT', 'value'],
    ['[14/Nov/2023:22:13:20 +0000]', 'value'],
    ['2024-03-31T12:00', 'value'],
    ['2023-02-29T10:00:00Z', 'value'],
  ])('reads %j as %s', (input, kind) => {
    expect(recognise(input).kind).toBe(kind);
  });

  it('keeps a date as typed, trimmed, for the service to read', () => {
    expect(recognise('  2024-03-31T02:30:00\n')).toEqual({ kind: 'value', value: '2024-03-31T02:30:00' });
    expect(recognise(' Tue, 14 Nov 2023 22:13:20 GMT ')).toEqual({ kind: 'value', value: 'Tue, 14 Nov 2023 22:13:20 GMT' });
  });

  it('keeps the text as typed, trimmed, Bearer included (the service strips it)', () => {
    expect(recognise(` Bearer ${JWS} `)).toEqual({ kind: 'token', value: `Bearer ${JWS}` });
  });
});
