import { describe, expect, it } from 'vitest';
import { credentialsIn, recognise } from '../../../web/src/recognise.js';

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

describe('recognise and the formats of contract §12', () => {
  // therootcompany/base62-token.js, test.js, commit 17dfd0700742c6b352844bd6ba568cf22269e6b1: a checksum that holds.
  const githubToken = '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';
  // Paradoxis/Flask-Unsign, README.md, commit 9d8db6b14f4a77994f6c400a513c5f8c2ace31cc: three base64url parts, its first `{"logged_in":false}`.
  const flaskCookie = 'eyJsb2dnZWRfaW4iOmZhbHNlfQ.XDuWxQ.E2Pyb6x3w-NODuflHoGnZOEpbH8';
  // django/django, django/core/signing.py (module docstring), commit 01dfcf77c5c41cb46203049493e194f54a631133.
  const djangoValue = 'ImhlbGxvIg:1QaUZC:YIye-ze3TTx7gtSv422nZA4sgmk';
  // paseto-standard/test-vectors, v4.json (4-S-1), commit 32d7406591eb022f9eff88abb84106dd9d42c0f2.
  const paseto =
    'v4.public.eyJkYXRhIjoidGhpcyBpcyBhIHNpZ25lZCBtZXNzYWdlIiwiZXhwIjoiMjAyMi0wMS0wMVQwMDowMDowMCswMDowMCJ9bg_XBBzds8lTZShVlwwKSgeKpLT3yukTw6JUz3W4h_ExsQV-P0V54zemZDcAxFaSeef1QlXEFtkqxT1ciiQEDA';
  // jwt.io's example token (https://jwt.io, as of 2025): a 43-character signature, as a SHA-256 itsdangerous value has.
  const jwtIo =
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiYWRtaW4iOnRydWUsImlhdCI6MTUxNjIzOTAyMn0.KMUFsIDTnFmyG3nMiGM6H9FNFUROf3wh7SmqJp-QV30';

  it('flags a GitHub token as a credential from its shape alone, trimmed', () => {
    expect(recognise(` ${githubToken}\n`)).toEqual({
      kind: 'format',
      value: githubToken,
      formats: ['github_token'],
      credentials: ['github_token'],
    });
    expect(credentialsIn(`\t${githubToken} `)).toEqual(['github_token']);
  });

  it('reads a Flask cookie as a format, not as a JWT, though it starts with eyJ and has three parts', () => {
    expect(recognise(flaskCookie)).toEqual({
      kind: 'format',
      value: flaskCookie,
      formats: ['itsdangerous', 'flask_session'],
      credentials: [],
    });
  });

  it.each([
    ['a Django signed value', djangoValue, ['django_signed']],
    ['a v4.public PASETO', paseto, ['paseto']],
  ])('reads %s as a format with no credential', (_name, value, formats) => {
    expect(recognise(value)).toEqual({ kind: 'format', value, formats, credentials: [] });
  });

  it('keeps a compact value whose header is a JOSE header a token, and flags nothing in it', () => {
    expect(recognise(jwtIo).kind).toBe('token');
    expect(recognise(`Bearer ${jwtIo}`).kind).toBe('token');
    expect(credentialsIn(jwtIo)).toEqual([]);
  });

  it('flags nothing in a timestamp, a date or an empty text', () => {
    for (const text of ['1700000000', '2024-03-31T12:00:00Z', '', '  ']) expect(credentialsIn(text)).toEqual([]);
  });
});
