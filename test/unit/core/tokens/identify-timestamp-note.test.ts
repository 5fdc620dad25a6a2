import { describe, expect, it } from 'vitest';
import { IdentifyTimestamp } from '../../../../src/core/time/use-cases/identify-timestamp.js';

const PASETO_4_S_1 =
  'v4.public.eyJkYXRhIjoidGhpcyBpcyBhIHNpZ25lZCBtZXNzYWdlIiwiZXhwIjoiMjAyMi0wMS0wMVQwMDowMDowMCswMDowMCJ9bg_XBBzds8lTZShVlwwKSgeKpLT3yukTw6JUz3W4h_ExsQV-P0V54zemZDcAxFaSeef1QlXEFtkqxT1ciiQEDA';
const identify = new IdentifyTimestamp({ nowMs: () => 1_700_000_000_000 });

describe('IdentifyTimestamp: values that /token/identify reads', () => {
  it('names the format and the path for a Flask session cookie', () => {
    // Paradoxis/Flask-Unsign README.md @ 6e6e91d63fd2327fcfa139ffef6194e5643c52ff
    const answer = identify.execute({ value: 'eyJsb2dnZWRfaW4iOmZhbHNlfQ.XDuWxQ.E2Pyb6x3w-NODuflHoGnZOEpbH8' });
    expect(answer.candidates).toEqual([]);
    expect(answer.notes.at(-1)).toBe(
      'value reads as an itsdangerous signed value (itsdangerous) or a Flask session cookie (flask_session): see /token/identify',
    );
  });

  it.each([
    // praetorian-inc/nebula test/access_key_id_to_account_id_test.go @ 77c7119f27758eca485f28d2ddca20ef2fb7b5f2
    ['ASIAY34FZKBOKMUTVV7A', 'value reads as an AWS access key ID (aws_access_key_id): see /token/identify'],
    [`npm_${'A'.repeat(36)}`, 'value reads as an npm access token (npm_token): see /token/identify'],
    // paseto-standard/test-vectors PASERK/k4.lid.json @ 32d7406591eb022f9eff88abb84106dd9d42c0f2
    ['k4.lid.iVtYQDjr5gEijCSjJC3fQaJm7nCeQSeaty0Jixy8dbsk', 'value reads as a PASERK key or key identifier (paserk): see /token/identify'],
  ])('notes %s', (value, note) => {
    expect(identify.execute({ value }).notes).toContain(note);
  });

  it('masks a credential it echoes, as /token/identify does, and nothing else', () => {
    // therootcompany/base62-token.js README: a GitHub token whose checksum is valid.
    const answer = identify.execute({ value: ' 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 ' });
    expect(answer.input).toBe('ghp_zQWB…Lq17');
    expect(JSON.stringify(answer)).not.toContain('zQWBuTSOoRi4A9spHcVY5ncnsDkxkJ0mLq17');
    expect(identify.execute({ value: ' 1700000000' }).input).toBe(' 1700000000');
  });

  it('names the format in its refusal of a value too long to be a timestamp', () => {
    // paseto-standard/test-vectors v4.json: 4-S-1, 194 characters.
    const paseto = PASETO_4_S_1;
    expect(() => identify.execute({ value: paseto })).toThrow(
      'value must be at most 128 characters; it reads as a PASETO (paseto): see /token/identify',
    );
    expect(() => identify.execute({ value: 'x'.repeat(129) })).toThrow(/^value must be at most 128 characters$/);
  });

  it('adds no note to a timestamp', () => {
    expect(identify.execute({ value: '1700000000' }).notes).toEqual([]);
  });
});
