import { describe, expect, it } from 'vitest';
import { IdentifyTimestamp } from '../../../../src/core/time/use-cases/identify-timestamp.js';
import { AWS_KEY_ID, FLASK_UNSIGN, GITHUB_TOKEN, GITHUB_TOKEN_MASKED, PASERK_K4_LID, PASETO_4_S_1 } from '../../../vectors/tokens/index.js';

const identify = new IdentifyTimestamp({ nowMs: () => 1_700_000_000_000 });

describe('IdentifyTimestamp: values that /token/identify reads', () => {
  it('names the format and the path for a Flask session cookie', () => {
    const answer = identify.execute({ value: FLASK_UNSIGN.value });
    expect(answer.candidates).toEqual([]);
    expect(answer.notes.at(-1)).toBe(
      'value reads as an itsdangerous signed value (itsdangerous) or a Flask session cookie (flask_session): see /token/identify',
    );
  });

  it.each([
    [AWS_KEY_ID.value, 'value reads as an AWS access key ID (aws_access_key_id): see /token/identify'],
    [`npm_${'A'.repeat(36)}`, 'value reads as an npm access token (npm_token): see /token/identify'],
    [PASERK_K4_LID, 'value reads as a PASERK key or key identifier (paserk): see /token/identify'],
  ])('notes %s', (value, note) => {
    expect(identify.execute({ value }).notes).toContain(note);
  });

  it('masks a credential it echoes, as /token/identify does, and nothing else', () => {
    const answer = identify.execute({ value: ` ${GITHUB_TOKEN} ` });
    expect(answer.input).toBe(GITHUB_TOKEN_MASKED);
    expect(JSON.stringify(answer)).not.toContain(GITHUB_TOKEN.slice(4));
    expect(identify.execute({ value: ' 1700000000' }).input).toBe(' 1700000000');
  });

  it('names the format in its refusal of a value too long to be a timestamp', () => {
    // 194 characters.
    const paseto = PASETO_4_S_1.token;
    expect(() => identify.execute({ value: paseto })).toThrow(
      'value must be at most 128 characters; it reads as a PASETO (paseto): see /token/identify',
    );
    expect(() => identify.execute({ value: 'x'.repeat(129) })).toThrow(/^value must be at most 128 characters$/);
  });

  it('adds no note to a timestamp', () => {
    expect(identify.execute({ value: '1700000000' }).notes).toEqual([]);
  });
});
